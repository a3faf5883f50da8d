// The route table of spec §2: every page of the main area, with its Indonesian title.
// Which roles may open which page is menu.ts (spec §6); this file only names the pages.

import { TRACKS, type TrackId } from './tracks.js';

export type TrackScreen =
  | 'verifikasi'
  | 'rekap-verifikasi'
  | 'supervisi'
  | 'rekap-supervisi'
  | 'rekap-pelamar'
  | 'sanggah'
  | 'sanggah-nilai'
  | 'sanggah-afirmasi'
  | 'afirmasi-admin'
  | 'rekap-nonasn'
  | 'dashboard-konfirmasi'
  | 'admin-reset-jawab-sanggah'
  | 'mutu-verifikasi';

export const SCREEN_TITLES: Record<TrackScreen, string> = {
  verifikasi: 'Verifikasi',
  'rekap-verifikasi': 'Rekap Verifikasi',
  supervisi: 'Supervisi',
  'rekap-supervisi': 'Rekap Supervisi',
  'rekap-pelamar': 'Rekap Seluruh Pelamar',
  sanggah: 'Jawab Sanggah',
  'sanggah-nilai': 'Jawab Sanggah Nilai',
  'sanggah-afirmasi': 'Jawab Sanggah Afirmasi',
  'afirmasi-admin': 'Afirmasi Admin',
  'rekap-nonasn': 'Data Non ASN',
  'dashboard-konfirmasi': 'Dashboard Konfirmasi Non ASN',
  'admin-reset-jawab-sanggah': 'Admin Reset Jawab Sanggah',
  'mutu-verifikasi': 'Mutu Verifikasi',
};

/** The screens every track has, first in each track's list (spec §2). */
const COMMON_SCREENS = [
  'verifikasi',
  'rekap-verifikasi',
  'supervisi',
  'rekap-supervisi',
  'rekap-pelamar',
  'sanggah',
] as const satisfies readonly TrackScreen[];

/** Screens each track has, in the order of spec §2; issue #34 adds Mutu Verifikasi to every track. */
export const TRACK_SCREENS: Record<TrackId, readonly TrackScreen[]> = {
  cpns: [...COMMON_SCREENS, 'sanggah-nilai', 'mutu-verifikasi'],
  pppk: [
    ...COMMON_SCREENS,
    'sanggah-afirmasi',
    'afirmasi-admin',
    'rekap-nonasn',
    'dashboard-konfirmasi',
    'mutu-verifikasi',
  ],
  'pppk-guru': [...COMMON_SCREENS, 'sanggah-nilai', 'mutu-verifikasi'],
  nakes: [
    ...COMMON_SCREENS,
    'sanggah-afirmasi',
    'sanggah-nilai',
    'admin-reset-jawab-sanggah',
    'afirmasi-admin',
    'mutu-verifikasi',
  ],
};

export const DASHBOARD_PATH = '/dashboard';
export const BUILDER_PATH = '/builder';
export const LOGIN_PATH = '/auth/login';
export const NOT_FOUND_PATH = '/error/404';
export const DETAIL_SEGMENT = '/detail';
/** Issue #6: the signed-in user's own account (password, second factor, access keys). */
export const PROFILE_PATH = '/profil';
/** Issue #6: user administration, for instansi admins and the super-admin (menu.ts). */
export const USER_ADMIN_PATH = '/admin/pengguna';
/** Issue #18, section Data Seleksi of the national operator: loading the selection data. */
export const IMPOR_PATH = '/admin/impor';
/** Issue #18: the stage windows of every track, edited by the national operator. */
export const JADWAL_ADMIN_PATH = '/admin/jadwal';
/** Issue #20: the public check of an official document (no sign-in), printed as a QR code on it. */
export const CEK_DOKUMEN_PATH = '/cek-dokumen';

/** The check page of one document: `/cek-dokumen/{kode}`. */
export function cekDokumenPath(kode: string): string {
  return `${CEK_DOKUMEN_PATH}/${kode}`;
}

/** Pages every signed-in user may open, whatever their roles (spec §2: "Always shown"). */
export const ALWAYS_ALLOWED_PAGES: readonly string[] = [DASHBOARD_PATH, BUILDER_PATH, PROFILE_PATH];

export function trackPath(track: TrackId, screen?: TrackScreen): string {
  return screen ? `/${track}/${screen}` : `/${track}`;
}

export interface PageInfo {
  path: string;
  title: string;
  track?: TrackId;
  screen?: TrackScreen;
}

/** Looks a main-area path up in the route table; `/detail` pages resolve to their list page. */
export function findPage(path: string): PageInfo | undefined {
  const clean = stripDetail(path);
  if (clean === DASHBOARD_PATH) return { path: clean, title: 'Dashboard' };
  if (clean === BUILDER_PATH) return { path: clean, title: 'Pengaturan Tampilan' };
  if (clean === PROFILE_PATH) return { path: clean, title: 'Profil Saya' };
  if (clean === USER_ADMIN_PATH) return { path: clean, title: 'Manajemen Pengguna' };
  if (clean === IMPOR_PATH) return { path: clean, title: 'Impor Data' };
  if (clean === JADWAL_ADMIN_PATH) return { path: clean, title: 'Jadwal Tahapan' };
  const [, first, second, ...rest] = clean.split('/');
  if (!first || rest.length > 0) return undefined;
  const track = Object.values(TRACKS).find((t) => t.id === first);
  if (!track) return undefined;
  if (second === undefined) return { path: clean, title: track.title, track: track.id };
  const screen = TRACK_SCREENS[track.id].find((s) => s === second);
  if (!screen) return undefined;
  return { path: clean, title: SCREEN_TITLES[screen], track: track.id, screen };
}

/** spec §2: the guard removes a trailing `/detail` segment before checking the path. */
export function stripDetail(path: string): string {
  const noSlash = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return noSlash.endsWith(DETAIL_SEGMENT) ? noSlash.slice(0, -DETAIL_SEGMENT.length) || '/' : noSlash;
}
