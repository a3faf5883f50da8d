// Issue #35: the job queue on PostgreSQL (pg-boss 10) that batch work runs on (reading documents;
// applying imports and making announcements, issue #33), and the way a document is put up for reading.
//
// On PostgreSQL pg-boss keeps its own small pool and its own schema. On the embedded default it
// speaks to the same PGlite through pg-boss's `db` option (one statement with parameters via
// query(), a script without them via exec()); PGlite runs one statement at a time and holds other
// callers during a transaction, so the queue and the requests take turns – the reading itself
// (decoding, OCR) runs outside the database.
//
// A document is put up for reading by its row in dokumen_bacaan (status ANTRE), written with the
// change of its file; the relay hands such rows to the queue and records the job's id in the same
// transaction, so nothing is lost between the two and nothing is queued twice.

import type { PGliteInterface, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema.js';

/** Where the queue lives: the embedded database itself, or a PostgreSQL URL and a schema. */
export type SumberAntrean =
  | { kind: 'pglite'; pglite: PGliteInterface }
  /** `schema`: the queue's; `searchPath`: the application's tables, when not the default. */
  | { kind: 'postgres'; url: string; schema: string; searchPath?: string };

export const ANTREAN_BACA = 'baca-dokumen';
/** Jobs that failed every attempt, with the reason (pg-boss's dead-letter queue). */
export const ANTREAN_BACA_GAGAL = 'baca-dokumen-gagal';

/**
 * Issue #33: an import's apply job (modules/impor/pekerja.ts). Never retried by the queue: a job
 * cut short is ended as failed by its heartbeat (impor/terapkan.ts), and applying the same check
 * again goes on where it stopped.
 */
export const ANTREAN_IMPOR = 'impor-terapkan';
/** The queue's own expiry of an apply job (a million rows takes minutes; the heartbeat decides). */
const KEDALUWARSA_IMPOR_DETIK = 6 * 60 * 60;
/**
 * Issue #33: the check of a large upload (modules/impor/pekerja.ts). Never retried by the queue: a
 * check whose worker died is ended as failed by its heartbeat, and the operator uploads it again.
 */
export const ANTREAN_CEK = 'impor-cek';

/**
 * Issue #33: an announcement to make (modules/dokumen-resmi/pekerja.ts). Never retried by the
 * queue: a job whose worker died is ended as failed by its heartbeat, and the admin makes it again.
 */
export const ANTREAN_DOKUMEN = 'dokumen-resmi';
/** The queue's own expiry of an announcement (a quarter of a million rows takes a minute or two). */
const KEDALUWARSA_DOKUMEN_DETIK = 60 * 60;

/**
 * Issue #33: a list export to write (modules/export/job.ts). Never retried by the queue: a job
 * whose worker died is ended as failed by its heartbeat, and the user asks again.
 */
export const ANTREAN_EKSPOR = 'ekspor-daftar';
/** The queue's own expiry of an export (a million rows take a few minutes). */
const KEDALUWARSA_EKSPOR_DETIK = 60 * 60;

/** Attempts after the first, and the first pause (doubled each time: retryBackoff). */
export const ULANG_BACA = { retryLimit: 3, retryDelay: 20, retryBackoff: true } as const;
/** A job not finished in this many seconds is failed by the queue and retried. */
const KEDALUWARSA_DETIK = 5 * 60;

type Executor = Pick<PGliteInterface, 'query' | 'exec'>;

/** pg-boss's `db` on PGlite: parameters go through query(), a migration script through exec(). */
function pgliteDb(pglite: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await pglite.query(text, values as unknown[]);
        return { rows: result.rows as unknown[] as never[], rowCount: result.affectedRows ?? 0 };
      }
      const results = await pglite.exec(text);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as never[], rowCount: last?.affectedRows ?? 0 };
    },
  };
}

export interface Antrean {
  boss: PgBoss;
  sumber: SumberAntrean;
  /** Runs `work` inside one transaction that pg-boss's own statements can join (its `db`). */
  transaksi<T>(work: (db: PgBoss.Db) => Promise<T>): Promise<T>;
  tutup(): Promise<void>;
}

export interface OpsiAntrean {
  /** pg-boss's housekeeping (expiry, retries, archive); one instance is enough but any may. */
  supervise?: boolean;
  /** How often an idle worker asks for a job. */
  pollingIntervalSeconds?: number;
  /** Attempts and pauses (tests shorten them). */
  ulang?: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
}

/** Opens the queue (creating its schema and queues on first use). */
export async function bukaAntrean(sumber: SumberAntrean, opsi: OpsiAntrean = {}): Promise<Antrean> {
  const common = {
    schedule: false,
    supervise: opsi.supervise ?? true,
    migrate: true,
    pollingIntervalSeconds: opsi.pollingIntervalSeconds ?? 2,
  };
  let pool: pg.Pool | null = null;
  const boss =
    sumber.kind === 'pglite'
      ? new PgBoss({ ...common, db: pgliteDb(sumber.pglite), schema: 'pgboss' })
      : new PgBoss({ ...common, connectionString: sumber.url, schema: sumber.schema, max: 2 });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue(ANTREAN_BACA_GAGAL, { name: ANTREAN_BACA_GAGAL, policy: 'standard' });
  await boss.createQueue(ANTREAN_BACA, {
    name: ANTREAN_BACA,
    policy: 'standard',
    deadLetter: ANTREAN_BACA_GAGAL,
    expireInSeconds: KEDALUWARSA_DETIK,
    ...(opsi.ulang ?? ULANG_BACA),
  });
  await boss.createQueue(ANTREAN_IMPOR, {
    name: ANTREAN_IMPOR,
    policy: 'standard',
    retryLimit: 0,
    expireInSeconds: KEDALUWARSA_IMPOR_DETIK,
  });
  await boss.createQueue(ANTREAN_CEK, {
    name: ANTREAN_CEK,
    policy: 'standard',
    retryLimit: 0,
    expireInSeconds: KEDALUWARSA_IMPOR_DETIK,
  });
  await boss.createQueue(ANTREAN_DOKUMEN, {
    name: ANTREAN_DOKUMEN,
    policy: 'standard',
    retryLimit: 0,
    expireInSeconds: KEDALUWARSA_DOKUMEN_DETIK,
  });
  await boss.createQueue(ANTREAN_EKSPOR, {
    name: ANTREAN_EKSPOR,
    policy: 'standard',
    retryLimit: 0,
    expireInSeconds: KEDALUWARSA_EKSPOR_DETIK,
  });
  const transaksi = async <T>(work: (db: PgBoss.Db) => Promise<T>): Promise<T> => {
    if (sumber.kind === 'pglite') {
      return sumber.pglite.transaction((tx: PGliteTransaction) => work(pgliteDb(tx)));
    }
    if (!pool) {
      pool = new pg.Pool({
        connectionString: sumber.url,
        max: 1,
        ...(sumber.searchPath ? { options: `-c search_path=${sumber.searchPath}` } : {}),
      });
      // An idle connection cut by a restart reports on the pool (which replaces it), one in use
      // on itself (its statement fails, and the pool discards it on release); without a listener
      // pg's 'error' event would end the process (issue #17).
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => undefined));
    }
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work({ executeSql: (text, values) => client.query(text, values) });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return {
    boss,
    sumber,
    transaksi,
    async tutup() {
      // Within a few seconds: a job still running is left active; the queue expires and retries it.
      await Promise.race([
        boss.stop({ graceful: true, wait: true, timeout: 3_000 }).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 4_000).unref()),
      ]);
      await pool?.end().catch(() => undefined);
    },
  };
}

/**
 * Puts documents up for reading (their file as it is now): a new reading row, or the old one made
 * ANTRE again when the file changed or when asked to read again. Callable in any transaction.
 */
export async function antreBaca(
  db: Kysely<DB>,
  dokumenIds: readonly number[],
  opsi: { prioritas?: number; ulang?: boolean } = {},
): Promise<number> {
  if (dokumenIds.length === 0) return 0;
  const result = await sql`
    INSERT INTO dokumen_bacaan (dokumen_id, pelamar_id, berkas_sha256, status, prioritas)
    SELECT d.id, d.pelamar_id, d.berkas_sha256, 'ANTRE', ${opsi.prioritas ?? 0}
    FROM dokumen d WHERE d.id = ANY(${dokumenIds.map(Number)}::bigint[])
    ON CONFLICT (dokumen_id) DO UPDATE SET
      berkas_sha256 = EXCLUDED.berkas_sha256, status = 'ANTRE', prioritas = EXCLUDED.prioritas,
      job_id = NULL, pesan = NULL, diantre_at = now(),
      tampilan_sha256 = CASE WHEN dokumen_bacaan.berkas_sha256 = EXCLUDED.berkas_sha256
                             THEN dokumen_bacaan.tampilan_sha256 END
    WHERE dokumen_bacaan.berkas_sha256 <> EXCLUDED.berkas_sha256 OR ${opsi.ulang ?? false}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** How many rows the relay hands over per transaction. */
const RELAI_BATCH = 200;

/**
 * Hands waiting readings to the queue: takes up to a batch of rows without a job (skipping rows
 * another relay holds), inserts their jobs and records the jobs' ids, in one transaction.
 * Returns how many were handed over.
 */
export async function relaiBaca(antrean: Antrean): Promise<number> {
  return antrean.transaksi(async (db) => {
    const { rows } = await db.executeSql(
      `UPDATE dokumen_bacaan SET job_id = gen_random_uuid()
       WHERE dokumen_id IN (
         SELECT dokumen_id FROM dokumen_bacaan
         WHERE status = 'ANTRE' AND job_id IS NULL
         ORDER BY prioritas DESC, dokumen_id
         LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING dokumen_id, job_id, prioritas, berkas_sha256`,
      [RELAI_BATCH],
    );
    if (rows.length === 0) return 0;
    await antrean.boss.insert(
      (rows as { dokumen_id: string | number; job_id: string; prioritas: number; berkas_sha256: string }[]).map(
        (row) => ({
          id: row.job_id,
          name: ANTREAN_BACA,
          data: { dokumenId: Number(row.dokumen_id), sha256: row.berkas_sha256 },
          priority: row.prioritas,
        }),
      ),
      { db },
    );
    return rows.length;
  });
}

/**
 * A relay's periodic round (outbox → queue): `langkah` hands over one batch and returns how many;
 * each round repeats it until nothing waits, rounds never overlap, and a failed round is logged and
 * tried again at the next tick. Used by the reading and the import workers alike.
 */
export class Relai {
  #jam: NodeJS.Timeout | null = null;
  #berjalan: Promise<unknown> = Promise.resolve();
  #berhenti = false;

  constructor(
    private readonly langkah: () => Promise<number>,
    private readonly opsi: { ms: number; log: { warn: (obj: object, msg: string) => void }; pesanGagal: string },
  ) {}

  mulai(): void {
    const putaran = async () => {
      if (this.#berhenti) return;
      try {
        while ((await this.langkah()) > 0 && !this.#berhenti) {
          // Everything waiting, a batch per transaction.
        }
      } catch (error) {
        this.opsi.log.warn({ err: error }, this.opsi.pesanGagal);
      }
    };
    this.#berjalan = putaran();
    this.#jam = setInterval(() => {
      this.#berjalan = this.#berjalan.then(putaran);
    }, this.opsi.ms);
    this.#jam.unref();
  }

  /** No round starts after this; resolves when the round in hand has ended. */
  berhenti(): Promise<void> {
    this.#berhenti = true;
    if (this.#jam) clearInterval(this.#jam);
    return this.#berjalan.then(
      () => undefined,
      () => undefined,
    );
  }
}

/**
 * Hands a table's job rows not yet queued to `queue` (the row's id is the job's id and its data),
 * marking them in the same transaction, so none is lost or queued twice: the outbox of the
 * imports', the announcements' and the exports' jobs. `waiting` and `order` are the table's own
 * SQL (constants of its module, never input). Returns how many.
 */
export async function relaiBaris(
  antrean: Antrean,
  job: { table: string; waiting: string; order: string; queue: string },
): Promise<number> {
  return antrean.transaksi(async (db) => {
    const { rows } = await db.executeSql(
      `UPDATE ${job.table} SET diantre = true
       WHERE id IN (SELECT id FROM ${job.table} WHERE NOT diantre AND ${job.waiting}
                    ORDER BY ${job.order} FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [],
    );
    if (rows.length === 0) return 0;
    await antrean.boss.insert(
      (rows as { id: string }[]).map((row) => ({ id: row.id, name: job.queue, data: { id: row.id } })),
      { db },
    );
    return rows.length;
  });
}

export interface OpsiPekerja {
  /** Jobs run at once by this process. */
  jumlah: number;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How often the relay looks for new jobs (ms), and an idle worker asks the queue (s). */
  relaiMs?: number;
  pollingIntervalSeconds?: number;
}

/**
 * The workers of one process on a queue of row jobs (imports, announcements, exports) and their
 * relay: `kerjakan` runs a job by its row's id (claiming the row first, so none runs twice).
 */
export class PekerjaAntrean {
  readonly #relai: Relai;

  constructor(
    private readonly antrean: Antrean,
    private readonly queue: string,
    relai: () => Promise<number>,
    private readonly kerjakan: (id: string) => Promise<void>,
    private readonly opsi: OpsiPekerja,
  ) {
    this.#relai = new Relai(relai, {
      ms: opsi.relaiMs ?? 1_000,
      log: opsi.log,
      pesanGagal: `relai antrean ${queue} gagal; dicoba lagi`,
    });
  }

  async mulai(): Promise<void> {
    for (let i = 0; i < this.opsi.jumlah; i++) {
      await this.antrean.boss.work<{ id?: string; jobId?: string }>(
        this.queue,
        { batchSize: 1, pollingIntervalSeconds: this.opsi.pollingIntervalSeconds ?? 1 },
        async (jobs) => {
          // `jobId`: an import's job queued before the relays became one.
          for (const job of jobs) await this.kerjakan(String(job.data.id ?? job.data.jobId));
        },
      );
    }
    this.#relai.mulai();
  }

  /** Stops taking jobs; a job in hand stops beating when the process exits and is ended as failed. */
  async berhenti(): Promise<void> {
    await Promise.race([
      Promise.all([this.#relai.berhenti(), this.antrean.boss.offWork(this.queue)]),
      new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
    ]).catch(() => undefined);
  }
}
