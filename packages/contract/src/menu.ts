// spec §6 as data plus one pure function: which pages a principal may open, grouped by the
// menu sections of spec §2. The server returns this list with the user and authorises every
// API route against it; the SPA draws the aside and runs its route guard from it.

import type { Role } from './roles.js';
import {
  ALWAYS_ALLOWED_PAGES,
  IMPOR_PATH,
  JADWAL_ADMIN_PATH,
  SCREEN_TITLES,
  stripDetail,
  TRACK_SCREENS,
  type TrackScreen,
  trackPath,
  USER_ADMIN_PATH,
} from './routes.js';
import { TRACKS, type TrackFlag, type TrackId } from './tracks.js';

export const SECTION_JAWAB_SANGGAH = 'Jawab Sanggah';
export const SECTION_JAWAB_SANGGAH_NILAI = 'Jawab Sanggah Nilai';
export const SECTION_REKAP_NON_ASN = 'Rekap Non ASN';
/** Issue #34: the national monitors' quality of verification, one page per track. */
export const SECTION_MUTU_VERIFIKASI = 'Mutu Verifikasi';
/**
 * Issue #32, not in spec §2's titles: KemenPAN-RB's recaps of the PPPK applicants (spec §6 lists
 * them with Rekap Non ASN), under a heading of their own, not under one that says Non ASN.
 */
export const SECTION_REKAP_PELAMAR = 'Rekap Pelamar';
/** Issue #6, not in spec §2: the user administration section, last in the aside. */
export const SECTION_ADMINISTRASI = 'Administrasi';
/** Issue #18, not in spec §2: the national operator's data loading, before Administrasi. */
export const SECTION_DATA_SELEKSI = 'Data Seleksi';
/** Roles that load selection data and edit the stage windows (issue #18). */
export const DATA_SELEKSI_ROLES: readonly Role[] = ['ROLE_SUPERADMIN'];

/** Roles that open user administration (issue #6; who may grant what is akun.ts). */
export const USER_ADMIN_ROLES: readonly Role[] = [
  'ROLE_ADMIN_CPNS',
  'ROLE_ADMIN_PPPK',
  'ROLE_ADMIN_PPPK_GURU',
  'ROLE_ADMIN_PPPK_NAKES',
  'ROLE_SUPERADMIN',
];

export interface MenuEntry {
  page: string;
  title: string;
  section: string;
}

/** The part of the principal that spec §6 reads. */
export interface MenuPrincipal {
  authorities: readonly { authority: string }[];
  isCpns: boolean;
  isPppk: boolean;
  isPppkGuru: boolean;
  isPppkNakes: boolean;
}

/** A grant: any of `roles` opens `screens` of the track (spec §6, one line each). */
interface Grant {
  roles: readonly Role[];
  screens: readonly TrackScreen[];
}

interface TrackSection {
  track: TrackId;
  /** Roles that open the section even without the track flag (spec §6: the CPNS oddity). */
  alsoOpenedBy: readonly Role[];
  grants: readonly Grant[];
}

// ROLE_SUPERVISOR_KEMENRISTEK_PPPK_GURU is checked by the original menu but grants nothing,
// so it does not appear here (spec §6).
const TRACK_SECTIONS: readonly TrackSection[] = [
  {
    track: 'cpns',
    alsoOpenedBy: ['ROLE_JAWAB_SANGGAH_NILAI_SKD'],
    grants: [
      { roles: ['ROLE_VERIFIKATOR_CPNS'], screens: ['verifikasi', 'rekap-verifikasi'] },
      {
        roles: ['ROLE_SUPERVISOR_CPNS'],
        screens: ['supervisi', 'rekap-supervisi', 'sanggah', 'sanggah-nilai', 'mutu-verifikasi'],
      },
      { roles: ['ROLE_ADMIN_CPNS', 'ROLE_MONITORING_CPNS_INSTANSI'], screens: ['rekap-pelamar', 'mutu-verifikasi'] },
      { roles: ['ROLE_JAWAB_SANGGAH_NILAI_SKD'], screens: ['sanggah-nilai'] },
    ],
  },
  {
    track: 'pppk',
    alsoOpenedBy: [],
    grants: [
      { roles: ['ROLE_VERIFIKATOR_PPPK'], screens: ['verifikasi', 'rekap-verifikasi'] },
      {
        roles: ['ROLE_SUPERVISOR_PPPK'],
        screens: ['supervisi', 'rekap-supervisi', 'sanggah', 'sanggah-afirmasi', 'mutu-verifikasi'],
      },
      // spec §6 oddity: the Guru monitoring role opens the PPPK Teknis recap.
      { roles: ['ROLE_ADMIN_PPPK', 'ROLE_MONITORING_PPPK_GURU_INSTANSI'], screens: ['rekap-pelamar'] },
      { roles: ['ROLE_ADMIN_PPPK'], screens: ['mutu-verifikasi'] },
      { roles: ['ROLE_CHECKER_TAMBAH_NILAI_PPPK_TEKNIS'], screens: ['afirmasi-admin'] },
    ],
  },
  {
    track: 'pppk-guru',
    alsoOpenedBy: [],
    grants: [
      { roles: ['ROLE_VERIFIKATOR_PPPK_GURU'], screens: ['verifikasi', 'rekap-verifikasi'] },
      { roles: ['ROLE_SUPERVISOR_PPPK_GURU'], screens: ['supervisi', 'rekap-supervisi', 'sanggah', 'mutu-verifikasi'] },
      {
        roles: ['ROLE_ADMIN_PPPK_GURU', 'ROLE_MONITORING_PPPK_GURU_INSTANSI'],
        screens: ['rekap-pelamar', 'mutu-verifikasi'],
      },
    ],
  },
  {
    track: 'nakes',
    alsoOpenedBy: [],
    grants: [
      { roles: ['ROLE_VERIFIKATOR_PPPK_NAKES'], screens: ['verifikasi', 'rekap-verifikasi'] },
      {
        roles: ['ROLE_SUPERVISOR_PPPK_NAKES'],
        screens: ['supervisi', 'rekap-supervisi', 'sanggah', 'sanggah-afirmasi', 'sanggah-nilai', 'mutu-verifikasi'],
      },
      {
        roles: ['ROLE_ADMIN_PPPK_NAKES', 'ROLE_MONITORING_PPPK_NAKES_INSTANSI'],
        screens: ['rekap-pelamar', 'mutu-verifikasi'],
      },
      { roles: ['ROLE_ADMIN_PPPK_NAKES'], screens: ['admin-reset-jawab-sanggah'] },
      { roles: ['ROLE_CHECKER_TAMBAH_NILAI_PPPK_NAKES'], screens: ['afirmasi-admin'] },
    ],
  },
];

/** A cross-track section: any of `roles` opens `pages`, no track flag needed. */
interface NationalSection {
  section: string;
  grants: readonly { roles: readonly Role[]; pages: readonly [TrackId, TrackScreen][] }[];
}

const ALL_SANGGAH: [TrackId, TrackScreen][] = [
  ['cpns', 'sanggah'],
  ['pppk', 'sanggah'],
  ['pppk-guru', 'sanggah'],
  ['nakes', 'sanggah'],
];
// Wasdal's "Jawab Sanggah Nilai" covers the tracks that have a sanggah-nilai route.
const ALL_SANGGAH_NILAI: [TrackId, TrackScreen][] = [
  ['cpns', 'sanggah-nilai'],
  ['pppk-guru', 'sanggah-nilai'],
  ['nakes', 'sanggah-nilai'],
];
const NON_ASN: [TrackId, TrackScreen][] = [
  ['pppk', 'rekap-nonasn'],
  ['pppk', 'dashboard-konfirmasi'],
];

// Issue #34: the quality of verification, every track, for BKN's wasdal and the national monitor.
const ALL_MUTU: [TrackId, TrackScreen][] = [
  ['cpns', 'mutu-verifikasi'],
  ['pppk', 'mutu-verifikasi'],
  ['pppk-guru', 'mutu-verifikasi'],
  ['nakes', 'mutu-verifikasi'],
];

const NATIONAL_SECTIONS: readonly NationalSection[] = [
  {
    section: SECTION_JAWAB_SANGGAH,
    grants: [{ roles: ['ROLE_CEK_SANGGAH_WASDAL'], pages: ALL_SANGGAH }],
  },
  {
    section: SECTION_JAWAB_SANGGAH_NILAI,
    grants: [{ roles: ['ROLE_CEK_SANGGAH_WASDAL'], pages: ALL_SANGGAH_NILAI }],
  },
  {
    section: SECTION_REKAP_PELAMAR,
    grants: [
      {
        roles: ['ROLE_MONITORING_MENPAN'],
        pages: [
          ['pppk', 'rekap-pelamar'],
          ['pppk-guru', 'rekap-pelamar'],
          ['nakes', 'rekap-pelamar'],
        ],
      },
    ],
  },
  {
    section: SECTION_REKAP_NON_ASN,
    grants: [
      { roles: ['ROLE_MONITORING_MENPAN'], pages: NON_ASN },
      { roles: ['ROLE_MONITORING_NONASN_BKN'], pages: NON_ASN },
      {
        roles: ['ROLE_ADMIN_PPPK', 'ROLE_ADMIN_PPPK_GURU', 'ROLE_ADMIN_PPPK_NAKES'],
        pages: [['pppk', 'rekap-nonasn']],
      },
    ],
  },
  {
    section: SECTION_MUTU_VERIFIKASI,
    grants: [{ roles: ['ROLE_CEK_SANGGAH_WASDAL', 'ROLE_MONITORING_MENPAN'], pages: ALL_MUTU }],
  },
];

function nationalTitle(track: TrackId, screen: TrackScreen): string {
  if (screen === 'sanggah' || screen === 'sanggah-nilai' || screen === 'mutu-verifikasi') return TRACKS[track].title;
  if (screen === 'rekap-pelamar') return `Rekap Pelamar ${TRACKS[track].title}`;
  return SCREEN_TITLES[screen];
}

/**
 * spec §6: the menu pages a principal may open, in menu order, each page once (the first
 * section that grants it keeps it). `/dashboard` is always allowed and not part of the list.
 */
export function allowedPages(principal: MenuPrincipal): MenuEntry[] {
  const held = new Set(principal.authorities.map((a) => a.authority));
  const has = (roles: readonly Role[]) => roles.some((r) => held.has(r));
  const entries: MenuEntry[] = [];
  const seen = new Set<string>();
  /** A track page's full name, screen and track: what tells two same-titled links apart. */
  const fullTitles = new Map<string, string>();
  const add = (page: string, title: string, section: string) => {
    if (seen.has(page)) return;
    seen.add(page);
    entries.push({ page, title, section });
  };
  const addTrackPage = (track: TrackId, screen: TrackScreen, title: string, section: string) => {
    const page = trackPath(track, screen);
    fullTitles.set(page, `${SCREEN_TITLES[screen]} ${TRACKS[track].title}`);
    add(page, title, section);
  };

  for (const section of TRACK_SECTIONS) {
    const track = TRACKS[section.track];
    const flag: TrackFlag = track.flag;
    if (!principal[flag] && !has(section.alsoOpenedBy)) continue;
    const granted = new Set(section.grants.filter((g) => has(g.roles)).flatMap((g) => g.screens));
    // Keep the route-table order of spec §2 within a section.
    for (const screen of TRACK_SCREENS[track.id]) {
      if (granted.has(screen)) addTrackPage(track.id, screen, SCREEN_TITLES[screen], track.sectionTitle);
    }
  }
  for (const section of NATIONAL_SECTIONS) {
    for (const grant of section.grants) {
      if (!has(grant.roles)) continue;
      for (const [track, screen] of grant.pages) {
        addTrackPage(track, screen, nationalTitle(track, screen), section.section);
      }
    }
  }
  if (has(DATA_SELEKSI_ROLES)) {
    add(IMPOR_PATH, 'Impor Data', SECTION_DATA_SELEKSI);
    add(JADWAL_ADMIN_PATH, 'Jadwal Tahapan', SECTION_DATA_SELEKSI);
  }
  if (has(USER_ADMIN_ROLES)) add(USER_ADMIN_PATH, 'Manajemen Pengguna', SECTION_ADMINISTRASI);
  return distinct(entries, fullTitles);
}

/**
 * Issue #32: no two links of one menu read the same (an admin of CPNS and Nakes saw two "Rekap
 * Seluruh Pelamar", the wasdal two "CPNS"): a section holding a title found twice names each of
 * its track pages in full ("Rekap Seluruh Pelamar CPNS", "Jawab Sanggah Nilai CPNS").
 */
function distinct(entries: MenuEntry[], fullTitles: ReadonlyMap<string, string>): MenuEntry[] {
  const count = new Map<string, number>();
  for (const entry of entries) count.set(entry.title, (count.get(entry.title) ?? 0) + 1);
  const clashing = new Set(entries.filter((entry) => (count.get(entry.title) ?? 0) > 1).map((entry) => entry.section));
  return entries.map((entry) =>
    clashing.has(entry.section) ? { ...entry, title: fullTitles.get(entry.page) ?? entry.title } : entry,
  );
}

/**
 * spec §2/§4 route guard: remove a trailing `/detail`, then the path is allowed when it is an
 * always-allowed page or some allowed page "contains" it. We read "contains" per path segment
 * (the page itself or a page below it, so `/cpns` opens for anyone with a CPNS page) rather
 * than as a raw substring, which would let `/pppk` match `/pppk-guru/…` (docs/decisions.md).
 */
export function canOpen(path: string, pages: readonly { page: string }[]): boolean {
  const target = stripDetail(path);
  if (ALWAYS_ALLOWED_PAGES.includes(target)) return true;
  return pages.some((p) => p.page === target || p.page.startsWith(`${target}/`));
}
