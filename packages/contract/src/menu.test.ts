import { describe, expect, it } from 'vitest';
import { allowedPages, canOpen, type MenuPrincipal } from './menu.js';
import { ROLES, type Role } from './roles.js';

const NO_FLAGS = { isCpns: false, isPppk: false, isPppkGuru: false, isPppkNakes: false };
const ALL_FLAGS = { isCpns: true, isPppk: true, isPppkGuru: true, isPppkNakes: true };

function principal(roles: Role[], flags: Partial<typeof ALL_FLAGS> = {}): MenuPrincipal {
  return { authorities: roles.map((authority) => ({ authority })), ...NO_FLAGS, ...flags };
}
const pages = (p: MenuPrincipal) => allowedPages(p).map((e) => e.page);

// Written out from spec §6, line by line: what each role opens when its track flag is set.
const WITH_TRACK_FLAG: Record<Role, string[]> = {
  ROLE_CEK_SANGGAH_WASDAL: [
    '/cpns/sanggah',
    '/pppk/sanggah',
    '/pppk-guru/sanggah',
    '/nakes/sanggah',
    '/cpns/sanggah-nilai',
    '/pppk-guru/sanggah-nilai',
    '/nakes/sanggah-nilai',
    // Issue #34: the quality of verification, nationally.
    '/cpns/mutu-verifikasi',
    '/pppk/mutu-verifikasi',
    '/pppk-guru/mutu-verifikasi',
    '/nakes/mutu-verifikasi',
  ],
  ROLE_MONITORING_MENPAN: [
    '/pppk/rekap-pelamar',
    '/pppk-guru/rekap-pelamar',
    '/nakes/rekap-pelamar',
    '/pppk/rekap-nonasn',
    '/pppk/dashboard-konfirmasi',
    '/cpns/mutu-verifikasi',
    '/pppk/mutu-verifikasi',
    '/pppk-guru/mutu-verifikasi',
    '/nakes/mutu-verifikasi',
  ],
  ROLE_MONITORING_NONASN_BKN: ['/pppk/rekap-nonasn', '/pppk/dashboard-konfirmasi'],
  ROLE_VERIFIKATOR_CPNS: ['/cpns/verifikasi', '/cpns/rekap-verifikasi'],
  ROLE_SUPERVISOR_CPNS: [
    '/cpns/supervisi',
    '/cpns/rekap-supervisi',
    '/cpns/sanggah',
    '/cpns/sanggah-nilai',
    '/cpns/mutu-verifikasi',
  ],
  ROLE_ADMIN_CPNS: ['/cpns/rekap-pelamar', '/cpns/mutu-verifikasi', '/admin/pengguna'],
  ROLE_MONITORING_CPNS_INSTANSI: ['/cpns/rekap-pelamar', '/cpns/mutu-verifikasi'],
  ROLE_JAWAB_SANGGAH_NILAI_SKD: ['/cpns/sanggah-nilai'],
  ROLE_VERIFIKATOR_PPPK: ['/pppk/verifikasi', '/pppk/rekap-verifikasi'],
  ROLE_SUPERVISOR_PPPK: [
    '/pppk/supervisi',
    '/pppk/rekap-supervisi',
    '/pppk/sanggah',
    '/pppk/sanggah-afirmasi',
    '/pppk/mutu-verifikasi',
  ],
  ROLE_ADMIN_PPPK: ['/pppk/rekap-pelamar', '/pppk/mutu-verifikasi', '/pppk/rekap-nonasn', '/admin/pengguna'],
  ROLE_MONITORING_PPPK_GURU_INSTANSI: ['/pppk/rekap-pelamar', '/pppk-guru/rekap-pelamar', '/pppk-guru/mutu-verifikasi'],
  ROLE_CHECKER_TAMBAH_NILAI_PPPK_TEKNIS: ['/pppk/afirmasi-admin'],
  ROLE_VERIFIKATOR_PPPK_GURU: ['/pppk-guru/verifikasi', '/pppk-guru/rekap-verifikasi'],
  ROLE_SUPERVISOR_PPPK_GURU: [
    '/pppk-guru/supervisi',
    '/pppk-guru/rekap-supervisi',
    '/pppk-guru/sanggah',
    '/pppk-guru/mutu-verifikasi',
  ],
  ROLE_ADMIN_PPPK_GURU: [
    '/pppk-guru/rekap-pelamar',
    '/pppk-guru/mutu-verifikasi',
    '/pppk/rekap-nonasn',
    '/admin/pengguna',
  ],
  ROLE_SUPERVISOR_KEMENRISTEK_PPPK_GURU: [],
  ROLE_VERIFIKATOR_PPPK_NAKES: ['/nakes/verifikasi', '/nakes/rekap-verifikasi'],
  ROLE_SUPERVISOR_PPPK_NAKES: [
    '/nakes/supervisi',
    '/nakes/rekap-supervisi',
    '/nakes/sanggah',
    '/nakes/sanggah-afirmasi',
    '/nakes/sanggah-nilai',
    '/nakes/mutu-verifikasi',
  ],
  ROLE_ADMIN_PPPK_NAKES: [
    '/nakes/rekap-pelamar',
    '/nakes/admin-reset-jawab-sanggah',
    '/nakes/mutu-verifikasi',
    '/pppk/rekap-nonasn',
    '/admin/pengguna',
  ],
  ROLE_MONITORING_PPPK_NAKES_INSTANSI: ['/nakes/rekap-pelamar', '/nakes/mutu-verifikasi'],
  ROLE_CHECKER_TAMBAH_NILAI_PPPK_NAKES: ['/nakes/afirmasi-admin'],
  ROLE_SUPERADMIN: ['/admin/impor', '/admin/jadwal', '/admin/pengguna'],
};

// What each role opens with no track flag at all: only the cross-track lines of spec §6, and
// the CPNS section, which ROLE_JAWAB_SANGGAH_NILAI_SKD opens by itself.
const WITHOUT_FLAGS: Record<Role, string[]> = {
  ...(Object.fromEntries(ROLES.map((r) => [r, []])) as unknown as Record<Role, string[]>),
  ROLE_CEK_SANGGAH_WASDAL: WITH_TRACK_FLAG.ROLE_CEK_SANGGAH_WASDAL,
  ROLE_MONITORING_MENPAN: WITH_TRACK_FLAG.ROLE_MONITORING_MENPAN,
  ROLE_MONITORING_NONASN_BKN: WITH_TRACK_FLAG.ROLE_MONITORING_NONASN_BKN,
  ROLE_JAWAB_SANGGAH_NILAI_SKD: ['/cpns/sanggah-nilai'],
  ROLE_ADMIN_CPNS: ['/admin/pengguna'],
  ROLE_ADMIN_PPPK: ['/pppk/rekap-nonasn', '/admin/pengguna'],
  ROLE_ADMIN_PPPK_GURU: ['/pppk/rekap-nonasn', '/admin/pengguna'],
  ROLE_ADMIN_PPPK_NAKES: ['/pppk/rekap-nonasn', '/admin/pengguna'],
  ROLE_SUPERADMIN: ['/admin/impor', '/admin/jadwal', '/admin/pengguna'],
};

describe('allowedPages (spec §6)', () => {
  it('gives the national operator the Data Seleksi section before Administrasi, nobody else (issue #18)', () => {
    const superadmin = allowedPages(principal(['ROLE_SUPERADMIN']));
    expect(superadmin.filter((e) => e.section === 'Data Seleksi')).toEqual([
      { page: '/admin/impor', title: 'Impor Data', section: 'Data Seleksi' },
      { page: '/admin/jadwal', title: 'Jadwal Tahapan', section: 'Data Seleksi' },
    ]);
    const others = ROLES.filter((r) => r !== 'ROLE_SUPERADMIN');
    expect(pages(principal(others, ALL_FLAGS))).not.toContain('/admin/impor');
    expect(pages(principal(others, ALL_FLAGS))).not.toContain('/admin/jadwal');
  });

  it('puts user administration last, for instansi admins and the super-admin only (issue #6)', () => {
    expect(allowedPages(principal(['ROLE_SUPERADMIN'])).at(-1)).toEqual({
      page: '/admin/pengguna',
      title: 'Manajemen Pengguna',
      section: 'Administrasi',
    });
    expect(pages(principal(['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_PPPK_NAKES'], ALL_FLAGS))).not.toContain(
      '/admin/pengguna',
    );
  });

  it.each(ROLES)('%s alone, with every track flag', (role) => {
    expect(pages(principal([role], ALL_FLAGS))).toEqual(WITH_TRACK_FLAG[role]);
  });

  it.each(ROLES)('%s alone, with no track flag', (role) => {
    expect(pages(principal([role]))).toEqual(WITHOUT_FLAGS[role]);
  });

  it('a track flag without a role opens nothing', () => {
    expect(pages(principal([], ALL_FLAGS))).toEqual([]);
  });

  it('a flag of another track does not open a track section', () => {
    expect(pages(principal(['ROLE_VERIFIKATOR_CPNS'], { isPppk: true, isPppkGuru: true, isPppkNakes: true }))).toEqual(
      [],
    );
    expect(pages(principal(['ROLE_VERIFIKATOR_PPPK_GURU'], { isPppk: true }))).toEqual([]);
  });

  it('ROLE_JAWAB_SANGGAH_NILAI_SKD opens the whole CPNS section without isCpns', () => {
    expect(pages(principal(['ROLE_JAWAB_SANGGAH_NILAI_SKD', 'ROLE_VERIFIKATOR_CPNS', 'ROLE_ADMIN_CPNS']))).toEqual([
      '/cpns/verifikasi',
      '/cpns/rekap-verifikasi',
      '/cpns/rekap-pelamar',
      '/cpns/sanggah-nilai',
      '/cpns/mutu-verifikasi',
      '/admin/pengguna',
    ]);
  });

  it('ROLE_MONITORING_PPPK_GURU_INSTANSI needs isPppk for the PPPK Teknis recap', () => {
    expect(pages(principal(['ROLE_MONITORING_PPPK_GURU_INSTANSI'], { isPppkGuru: true }))).toEqual([
      '/pppk-guru/rekap-pelamar',
      '/pppk-guru/mutu-verifikasi',
    ]);
    expect(pages(principal(['ROLE_MONITORING_PPPK_GURU_INSTANSI'], { isPppk: true, isPppkGuru: true }))).toEqual([
      '/pppk/rekap-pelamar',
      '/pppk-guru/rekap-pelamar',
      '/pppk-guru/mutu-verifikasi',
    ]);
  });

  it('operator.multi: several tracks, the Guru role without isPppkGuru', () => {
    const multi = principal(
      ['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_PPPK', 'ROLE_ADMIN_PPPK_NAKES', 'ROLE_VERIFIKATOR_PPPK_GURU'],
      { isCpns: true, isPppk: true, isPppkNakes: true },
    );
    expect(allowedPages(multi)).toEqual([
      { page: '/cpns/verifikasi', title: 'Verifikasi', section: 'Verifikasi CPNS' },
      { page: '/cpns/rekap-verifikasi', title: 'Rekap Verifikasi', section: 'Verifikasi CPNS' },
      { page: '/pppk/supervisi', title: 'Supervisi PPPK Teknis', section: 'Verifikasi PPPK Teknis' },
      { page: '/pppk/rekap-supervisi', title: 'Rekap Supervisi PPPK Teknis', section: 'Verifikasi PPPK Teknis' },
      { page: '/pppk/sanggah', title: 'Jawab Sanggah PPPK Teknis', section: 'Verifikasi PPPK Teknis' },
      {
        page: '/pppk/sanggah-afirmasi',
        title: 'Jawab Sanggah Afirmasi PPPK Teknis',
        section: 'Verifikasi PPPK Teknis',
      },
      { page: '/pppk/mutu-verifikasi', title: 'Mutu Verifikasi PPPK Teknis', section: 'Verifikasi PPPK Teknis' },
      {
        page: '/nakes/rekap-pelamar',
        title: 'Rekap Seluruh Pelamar PPPK Tenaga Kesehatan',
        section: 'Verifikasi PPPK Tenaga Kesehatan',
      },
      {
        page: '/nakes/admin-reset-jawab-sanggah',
        title: 'Admin Reset Jawab Sanggah PPPK Tenaga Kesehatan',
        section: 'Verifikasi PPPK Tenaga Kesehatan',
      },
      {
        page: '/nakes/mutu-verifikasi',
        title: 'Mutu Verifikasi PPPK Tenaga Kesehatan',
        section: 'Verifikasi PPPK Tenaga Kesehatan',
      },
      { page: '/pppk/rekap-nonasn', title: 'Data Non ASN', section: 'Rekap Non ASN' },
      { page: '/admin/pengguna', title: 'Manajemen Pengguna', section: 'Administrasi' },
    ]);
  });

  it('lists a page once when several roles grant it (first section keeps it)', () => {
    const result = allowedPages(
      principal(['ROLE_SUPERVISOR_CPNS', 'ROLE_CEK_SANGGAH_WASDAL', 'ROLE_MONITORING_MENPAN', 'ROLE_ADMIN_PPPK'], {
        isCpns: true,
        isPppk: true,
      }),
    );
    const all = result.map((e) => e.page);
    expect(new Set(all).size).toBe(all.length);
    expect(result.find((e) => e.page === '/cpns/sanggah')?.section).toBe('Verifikasi CPNS');
    expect(result.find((e) => e.page === '/pppk/sanggah')?.section).toBe('Jawab Sanggah');
    expect(result.find((e) => e.page === '/pppk/rekap-pelamar')?.section).toBe('Verifikasi PPPK Teknis');
    expect(result.find((e) => e.page === '/pppk/rekap-nonasn')?.section).toBe('Rekap Non ASN');
  });

  it('national sections carry the spec §2 section titles and track titles', () => {
    expect(allowedPages(principal(['ROLE_CEK_SANGGAH_WASDAL'])).slice(0, 4)).toEqual([
      { page: '/cpns/sanggah', title: 'Jawab Sanggah CPNS', section: 'Jawab Sanggah' },
      { page: '/pppk/sanggah', title: 'Jawab Sanggah PPPK Teknis', section: 'Jawab Sanggah' },
      { page: '/pppk-guru/sanggah', title: 'Jawab Sanggah PPPK Guru', section: 'Jawab Sanggah' },
      { page: '/nakes/sanggah', title: 'Jawab Sanggah PPPK Tenaga Kesehatan', section: 'Jawab Sanggah' },
    ]);
  });

  it('no two links of a menu read the same: a section with a clash names its pages with their track (issue #32)', () => {
    // admin.rajaampat: CPNS and Nakes each have Rekap Seluruh Pelamar.
    const admin = allowedPages(
      principal(['ROLE_ADMIN_CPNS', 'ROLE_ADMIN_PPPK_NAKES'], { isCpns: true, isPppkNakes: true }),
    );
    expect(admin.map((entry) => entry.title)).toEqual([
      'Rekap Seluruh Pelamar CPNS',
      'Mutu Verifikasi CPNS',
      'Rekap Seluruh Pelamar PPPK Tenaga Kesehatan',
      'Admin Reset Jawab Sanggah PPPK Tenaga Kesehatan',
      'Mutu Verifikasi PPPK Tenaga Kesehatan',
      'Data Non ASN',
      'Manajemen Pengguna',
    ]);
    // The wasdal's two sections both list CPNS: each says which objections it answers.
    const wasdal = allowedPages(principal(['ROLE_CEK_SANGGAH_WASDAL'])).map((entry) => entry.title);
    expect(wasdal).toContain('Jawab Sanggah CPNS');
    expect(wasdal).toContain('Jawab Sanggah Nilai CPNS');
    for (const roles of [['ROLE_CEK_SANGGAH_WASDAL'], ROLES]) {
      const titles = allowedPages(principal(roles as Role[], ALL_FLAGS)).map((entry) => entry.title);
      expect(new Set(titles).size).toBe(titles.length);
    }
    // One track: the short titles stay.
    expect(allowedPages(principal(['ROLE_VERIFIKATOR_CPNS'], ALL_FLAGS)).map((entry) => entry.title)).toEqual([
      'Verifikasi',
      'Rekap Verifikasi',
    ]);
  });

  it("KemenPAN-RB's applicant recaps are under Rekap Pelamar, its Non-ASN pages under Rekap Non ASN (issue #32)", () => {
    expect(allowedPages(principal(['ROLE_MONITORING_MENPAN']))).toEqual([
      { page: '/pppk/rekap-pelamar', title: 'Rekap Pelamar PPPK Teknis', section: 'Rekap Pelamar' },
      { page: '/pppk-guru/rekap-pelamar', title: 'Rekap Pelamar PPPK Guru', section: 'Rekap Pelamar' },
      { page: '/nakes/rekap-pelamar', title: 'Rekap Pelamar PPPK Tenaga Kesehatan', section: 'Rekap Pelamar' },
      { page: '/pppk/rekap-nonasn', title: 'Data Non ASN', section: 'Rekap Non ASN' },
      { page: '/pppk/dashboard-konfirmasi', title: 'Dashboard Konfirmasi Non ASN', section: 'Rekap Non ASN' },
      { page: '/cpns/mutu-verifikasi', title: 'CPNS', section: 'Mutu Verifikasi' },
      { page: '/pppk/mutu-verifikasi', title: 'PPPK Teknis', section: 'Mutu Verifikasi' },
      { page: '/pppk-guru/mutu-verifikasi', title: 'PPPK Guru', section: 'Mutu Verifikasi' },
      { page: '/nakes/mutu-verifikasi', title: 'PPPK Tenaga Kesehatan', section: 'Mutu Verifikasi' },
    ]);
  });

  it('ignores unknown authorities', () => {
    expect(pages(principal(['ROLE_TIDAK_ADA' as Role], ALL_FLAGS))).toEqual([]);
  });
});

describe('canOpen (spec §2 route guard)', () => {
  const menu = [{ page: '/cpns/verifikasi' }, { page: '/pppk-guru/rekap-pelamar' }];
  it.each([
    ['/cpns/verifikasi', true],
    ['/cpns/verifikasi/detail', true],
    ['/cpns/verifikasi/detail/', true],
    ['/cpns', true],
    ['/dashboard', true],
    ['/builder', true],
    ['/cpns/supervisi', false],
    ['/cpns/supervisi/detail', false],
    ['/pppk', false],
    ['/pppk-guru', true],
    ['/cpns/verif', false],
    ['/', false],
  ] as const)('%s → %s', (path, expected) => {
    expect(canOpen(path, menu)).toBe(expected);
  });
});
