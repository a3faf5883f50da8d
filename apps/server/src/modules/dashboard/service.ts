// The role-aware dashboard (GET /api/dashboard): for each track the user works in, the figures of
// the roles they hold there (figures.ts). The figures' queries of one view go to the database as
// one statement (`readBatch`; bench/dashboard: per-statement overhead, not the queries, was the
// cost at 16 clients), and the reads that are the same for every user of a scope are shared
// between requests (`SharedReads`).

import {
  canOpen,
  type DashboardResponse,
  type DashboardSection,
  hasTrackRole,
  isAfirmasiTrack,
  NATIONAL_ROLES,
  PERAN_DASHBOARD,
  type PeranDashboard,
  type Principal,
  TRACK_IDS,
  type TrackId,
  type TrackScreen,
  trackPath,
} from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { SharedReads } from '../shared/shared-reads.js';
import { FIGURES, type FigureContext } from './figures.js';

/**
 * Collects the reads made in one turn of the event loop and sends them as one statement, each as
 * a column holding its rows as JSON (DataLoader-style): a view costs one round trip and one plan.
 */
export function readBatch(db: Kysely<DB>) {
  let queue: { query: RawBuilder<unknown>; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void }[] =
    [];
  const flush = async () => {
    const batch = queue;
    queue = [];
    try {
      const columns = batch.map(
        ({ query }, index) =>
          sql`(SELECT coalesce(json_agg(t), '[]'::json) FROM (${query}) t) AS ${sql.ref(`r${index}`)}`,
      );
      const { rows } = await sql<Record<string, unknown[]>>`SELECT ${sql.join(columns)}`.execute(db);
      for (const [index, { resolve }] of batch.entries()) resolve(rows[0]?.[`r${index}`] ?? []);
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  };
  return <T>(query: RawBuilder<T>): Promise<T[]> =>
    new Promise<T[]>((resolve, reject) => {
      queue.push({ query, resolve: resolve as (rows: unknown[]) => void, reject });
      if (queue.length === 1) setImmediate(() => void flush());
    });
}

/** Keys of reads that are the same for every user of the scope (see SharedReads). */
const SHARED_KEY = /^(status|supervisi|sanggah|nonasn)(:|$)/;

const NATIONAL_PERAN: ReadonlySet<PeranDashboard> = new Set(['wasdal', 'nasional', 'nonasn']);

/** The roles the principal works in on a track: a role held whose screen is in their menu (spec §6). */
export function peranDi(principal: Principal, track: TrackId): PeranDashboard[] {
  const { authorities } = principal;
  const held = (role: string) => authorities.some((a) => a.authority === role);
  const can = (screen: TrackScreen) => canOpen(trackPath(track, screen), principal.menus);
  const national = authorities.some((a) => (NATIONAL_ROLES as readonly string[]).includes(a.authority));
  const admin = hasTrackRole(authorities, track, 'ADMIN') && can('rekap-pelamar');
  const peran: Record<PeranDashboard, boolean> = {
    verifikator: hasTrackRole(authorities, track, 'VERIFIKATOR') && can('verifikasi'),
    supervisor: hasTrackRole(authorities, track, 'SUPERVISOR') && can('supervisi'),
    admin,
    // The recap without the admin role is the instansi's monitoring (spec §6).
    monitoring: !admin && !national && can('rekap-pelamar'),
    wasdal: held('ROLE_CEK_SANGGAH_WASDAL') && can('sanggah'),
    nasional: held('ROLE_MONITORING_MENPAN') && can('rekap-pelamar'),
    nonasn:
      track === 'pppk' &&
      (held('ROLE_MONITORING_MENPAN') || held('ROLE_MONITORING_NONASN_BKN')) &&
      can('dashboard-konfirmasi'),
    checker: isAfirmasiTrack(track) && can('afirmasi-admin'),
  };
  return PERAN_DASHBOARD.filter((p) => peran[p]);
}

/** A day in Jakarta as `YYYY-MM-DD`. Made once: a formatter per call cost a fifth of a view's CPU. */
const JAKARTA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' });

/** The last `n` days in Jakarta, oldest first, as `YYYY-MM-DD`. */
export function hariTerakhir(now: Date, n = 7): string[] {
  return Array.from({ length: n }, (_, index) =>
    JAKARTA_DAY.format(new Date(now.getTime() - (n - 1 - index) * 86_400_000)),
  );
}

export async function dashboard(
  db: Kysely<DB>,
  principal: Principal,
  options: { now?: Date; shared?: SharedReads } = {},
): Promise<DashboardResponse> {
  const hari = hariTerakhir(options.now ?? new Date());
  const reads = new Map<string, Promise<unknown>>();
  const rows = readBatch(db);
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let pending = reads.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = options.shared && SHARED_KEY.test(key) ? options.shared.get(key, read) : read();
      reads.set(key, pending);
    }
    return pending;
  };
  const user = { id: principal.id, username: principal.username, instansiId: principal.instansi.id };
  const sections = await Promise.all(
    TRACK_IDS.map(async (track): Promise<DashboardSection | null> => {
      const peran = peranDi(principal, track);
      if (peran.length === 0) return null;
      // Every figure of every role of the section at once; each is one small query.
      const results = await Promise.all(
        peran.flatMap((p) => {
          const ctx: FigureContext = {
            track,
            peran: p,
            user,
            scope: { track, instansiId: NATIONAL_PERAN.has(p) ? null : user.instansiId },
            hari,
            rows,
            once,
          };
          return FIGURES[p].map((figure) => figure(ctx));
        }),
      );
      // A figure two roles share (admin and monitoring) shows once.
      const fresh = () => {
        const seen = new Set<string>();
        return (item: { key: string; peran: PeranDashboard }) => {
          const key = `${NATIONAL_PERAN.has(item.peran) ? 'n' : 'i'}:${item.key}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        };
      };
      return {
        track,
        cakupan: peran.every((p) => NATIONAL_PERAN.has(p)) ? 'nasional' : 'instansi',
        peran,
        cards: results.flatMap((r) => r.cards ?? []).filter(fresh()),
        charts: results.flatMap((r) => r.charts ?? []).filter(fresh()),
      };
    }),
  );
  return { tanggal: hari[hari.length - 1] ?? '', sections: sections.filter((s) => s !== null) };
}
