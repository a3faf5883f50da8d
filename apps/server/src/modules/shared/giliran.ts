// Background work gives way to people (issue #18). An import's check parses a file on the same
// event loop and, with PostgreSQL beside it, on the same two cores that answer the verifiers. It
// runs in slices of a few milliseconds; between slices it yields at once when nobody is waiting,
// and pauses for a while when people's requests are in flight or have just been answered, so a
// large import slows down under the verifiers' load rather than slowing them down.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** How long one slice of background work may hold the event loop (ms). */
export const SLICE_MS = 4;
/** How long background work pauses between slices while people are at work (ms). */
export const JEDA_SIBUK_MS = 12;
/** Requests answered this recently still count as people at work (ms). */
const SIBUK_SETELAH_MS = 50;

let berjalan = 0;
let terakhir = Number.NEGATIVE_INFINITY;

/** True while people's requests are in flight in this process, or were answered just now. */
export function orangSedangBekerja(): boolean {
  return berjalan > 0 || performance.now() - terakhir < SIBUK_SETELAH_MS;
}

/** People's requests in flight in this process. */
export function permintaanBerjalan(): number {
  return berjalan;
}

/** Between two slices of background work: yields to the requests waiting, longer when there are. */
export function beriGiliran(): Promise<void> {
  return new Promise((resolve) => {
    if (orangSedangBekerja()) setTimeout(resolve, JEDA_SIBUK_MS);
    else setImmediate(resolve);
  });
}

/**
 * Issue #33: in a process that serves nobody (`npm run worker`), whether people are at work is
 * asked of the database the instances share (orangBekerjaDiPostgres); none here by default.
 */
let orangLainBekerja: (() => Promise<boolean>) | null = null;

/** How `npm run worker` names its sessions in pg_stat_activity: they are not people at work. */
export const PEKERJA_APLIKASI = 'portal-verifikasi-asn:pekerja';

/**
 * Whether a session other than the workers' and the queue's (pg-boss names its own `pgboss`) is
 * running a statement in this database now: the instances answering people. One sample per
 * batch; a few people at work are caught now and then, sixteen flat out nearly always.
 */
export function orangBekerjaDiPostgres(db: Kysely<DB>): () => Promise<boolean> {
  return async () => {
    const { rows } = await sql<{ ada: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_stat_activity
      WHERE datname = current_database() AND state = 'active' AND backend_type = 'client backend'
        AND pid <> pg_backend_pid() AND application_name <> 'pgboss'
        AND application_name NOT LIKE ${`${PEKERJA_APLIKASI}%`}) AS ada`.execute(db);
    return rows[0]?.ada ?? false;
  };
}

/** Sets (or, with null, clears) how this process learns that people are at work elsewhere. */
export function pantauOrangLain(tanya: (() => Promise<boolean>) | null): void {
  orangLainBekerja = tanya;
}

/**
 * After a piece of background work that took `ms` in the database (a batch staged or applied):
 * while people are at work – here, or elsewhere as pantauOrangLain tells – waits half as long, so
 * PostgreSQL's cores answer their requests in between; otherwise goes on at once.
 */
export async function mengalahSebanding(ms: number): Promise<void> {
  const sibuk = orangSedangBekerja() || ((await orangLainBekerja?.().catch(() => false)) ?? false);
  if (sibuk) await new Promise((resolve) => setTimeout(resolve, ms / 2));
}

/** Yields one turn of the event loop (requests waiting are read), without pausing. */
export const giliranBerikut = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A loop of background work that yields every SLICE_MS: `await giliran.mungkinBeri()` between
 * units of work costs a clock read when the slice is not over. `beri`: how it yields (by default
 * giving way to people; giliranBerikut for work that must not be held back, only broken up).
 */
export function pembagiGiliran(beri: () => Promise<void> = beriGiliran) {
  let mulai = performance.now();
  return {
    async mungkinBeri(): Promise<void> {
      if (performance.now() - mulai < SLICE_MS) return;
      await beri();
      mulai = performance.now();
    },
  };
}

/**
 * Counts the requests that are people's work. The routes of background work itself (the import
 * screen's polling of its own job) and the probes of health and metrics do not count.
 */
export const giliranPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const url = request.url;
      if (url.startsWith('/api/admin/impor') || url.startsWith('/api/health') || url.startsWith('/metrics')) return;
      berjalan += 1;
      // The answer's 'close' comes once however it ends (sent, failed or cut off by the client).
      reply.raw.once('close', () => {
        berjalan -= 1;
        terakhir = performance.now();
      });
    });
  },
  { name: 'portal-giliran' },
);
