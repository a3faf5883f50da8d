// The four recruitment tracks (spec §1, §2): route prefix, Indonesian titles and the
// principal flag that opens the track's menu section (spec §6).

export const TRACK_IDS = ['cpns', 'pppk', 'pppk-guru', 'nakes'] as const;
export type TrackId = (typeof TRACK_IDS)[number];

export type TrackFlag = 'isCpns' | 'isPppk' | 'isPppkGuru' | 'isPppkNakes';

export interface Track {
  id: TrackId;
  /** Short title used in page titles and cards. */
  title: string;
  /** The menu section title of spec §2 ("Verifikasi CPNS", …). */
  sectionTitle: string;
  flag: TrackFlag;
}

export const TRACKS: Record<TrackId, Track> = {
  cpns: { id: 'cpns', title: 'CPNS', sectionTitle: 'Verifikasi CPNS', flag: 'isCpns' },
  pppk: {
    id: 'pppk',
    title: 'PPPK Teknis',
    sectionTitle: 'Verifikasi PPPK Teknis',
    flag: 'isPppk',
  },
  'pppk-guru': {
    id: 'pppk-guru',
    title: 'PPPK Guru',
    sectionTitle: 'Verifikasi PPPK Guru',
    flag: 'isPppkGuru',
  },
  nakes: {
    id: 'nakes',
    title: 'PPPK Tenaga Kesehatan',
    sectionTitle: 'Verifikasi PPPK Tenaga Kesehatan',
    flag: 'isPppkNakes',
  },
};

export function isTrackId(value: string): value is TrackId {
  return (TRACK_IDS as readonly string[]).includes(value);
}

/** The suffix of a track's roles (ROLE_VERIFIKATOR_PPPK_GURU, …) in spec §6. */
export const TRACK_ROLE_SUFFIX: Record<TrackId, string> = {
  cpns: 'CPNS',
  pppk: 'PPPK',
  'pppk-guru': 'PPPK_GURU',
  nakes: 'PPPK_NAKES',
};

/** A track's role of one kind: trackRole('ADMIN', 'nakes') = 'ROLE_ADMIN_PPPK_NAKES'. */
export const trackRole = (kind: 'ADMIN' | 'VERIFIKATOR' | 'SUPERVISOR', track: TrackId) =>
  `ROLE_${kind}_${TRACK_ROLE_SUFFIX[track]}`;

/** Whether the authorities hold one of the track's roles of these kinds. */
export const hasTrackRole = (
  authorities: readonly { authority: string }[],
  track: TrackId,
  ...kinds: ('ADMIN' | 'VERIFIKATOR' | 'SUPERVISOR')[]
) => authorities.some((a) => kinds.some((kind) => a.authority === trackRole(kind, track)));
