import { describe, expect, it } from 'vitest';
import { findPage, stripDetail, TRACK_SCREENS, trackPath } from './routes.js';
import { TRACK_IDS } from './tracks.js';

// spec §2, the route table, written out as the spec lists it.
const SPEC_ROUTES = {
  cpns: '/cpns/verifikasi, /cpns/rekap-verifikasi, /cpns/supervisi, /cpns/rekap-supervisi, /cpns/rekap-pelamar, /cpns/sanggah, /cpns/sanggah-nilai',
  pppk: '/pppk/verifikasi, /pppk/rekap-verifikasi, /pppk/supervisi, /pppk/rekap-supervisi, /pppk/rekap-pelamar, /pppk/sanggah, /pppk/sanggah-afirmasi, /pppk/afirmasi-admin, /pppk/rekap-nonasn, /pppk/dashboard-konfirmasi',
  'pppk-guru':
    '/pppk-guru/verifikasi, /pppk-guru/rekap-verifikasi, /pppk-guru/supervisi, /pppk-guru/rekap-supervisi, /pppk-guru/rekap-pelamar, /pppk-guru/sanggah, /pppk-guru/sanggah-nilai',
  nakes:
    '/nakes/verifikasi, /nakes/rekap-verifikasi, /nakes/supervisi, /nakes/rekap-supervisi, /nakes/rekap-pelamar, /nakes/sanggah, /nakes/sanggah-afirmasi, /nakes/sanggah-nilai, /nakes/admin-reset-jawab-sanggah, /nakes/afirmasi-admin',
};

describe('route table (spec §2)', () => {
  it.each(TRACK_IDS)('%s has exactly the routes of spec §2, in order, then Mutu Verifikasi (issue #34)', (track) => {
    expect(TRACK_SCREENS[track].map((s) => trackPath(track, s))).toEqual([
      ...SPEC_ROUTES[track].split(', '),
      `/${track}/mutu-verifikasi`,
    ]);
  });

  it('finds pages, their titles and tracks; detail pages resolve to their list page', () => {
    expect(findPage('/nakes/sanggah-nilai')).toEqual({
      path: '/nakes/sanggah-nilai',
      title: 'Jawab Sanggah Nilai',
      track: 'nakes',
      screen: 'sanggah-nilai',
    });
    expect(findPage('/cpns/verifikasi/detail')?.path).toBe('/cpns/verifikasi');
    expect(findPage('/pppk-guru')).toEqual({ path: '/pppk-guru', title: 'PPPK Guru', track: 'pppk-guru' });
    expect(findPage('/dashboard')?.title).toBe('Dashboard');
    expect(findPage('/cpns/afirmasi-admin')).toBeUndefined();
    expect(findPage('/pppk-guru/sanggah-afirmasi')).toBeUndefined();
    expect(findPage('/lain')).toBeUndefined();
    expect(findPage('/cpns/verifikasi/lain')).toBeUndefined();
  });

  it('strips one trailing /detail segment only', () => {
    expect(stripDetail('/cpns/verifikasi/detail')).toBe('/cpns/verifikasi');
    expect(stripDetail('/cpns/verifikasi/detail/')).toBe('/cpns/verifikasi');
    expect(stripDetail('/cpns/verifikasi')).toBe('/cpns/verifikasi');
    expect(stripDetail('/cpns/verifikasi-detail')).toBe('/cpns/verifikasi-detail');
  });
});
