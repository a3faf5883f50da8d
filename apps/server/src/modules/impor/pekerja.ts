// Issue #33: an import's apply job runs on the job queue, taken by whichever process has import
// workers (IMPOR_PEKERJA on an instance, `npm run worker`), not by the process that answered the
// click. The job's row in impor_job is written by the request (terapkan.ts); the relay hands rows
// not yet queued to the queue and marks them in the same transaction, so none is lost or queued
// twice, and a worker claims its row before the first batch (jalankanJob), so none runs twice.

import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema.js';
import { ANTREAN_IMPOR, type Antrean, Relai } from '../baca/antrean.js';
import { jalankanJob } from './terapkan.js';

interface JobImpor {
  jobId: string;
}

/** Hands apply jobs not yet queued to the queue, in one transaction. Returns how many. */
export async function relaiImpor(antrean: Antrean): Promise<number> {
  return antrean.transaksi(async (db) => {
    const { rows } = await db.executeSql(
      `UPDATE impor_job SET diantre = true
       WHERE id IN (SELECT id FROM impor_job WHERE status = 'BERJALAN' AND NOT diantre
                    ORDER BY mulai FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [],
    );
    if (rows.length === 0) return 0;
    await antrean.boss.insert(
      (rows as { id: string }[]).map((row) => ({ id: row.id, name: ANTREAN_IMPOR, data: { jobId: row.id } })),
      { db },
    );
    return rows.length;
  });
}

export interface OpsiPekerjaImpor {
  /** Apply jobs run at once by this process. */
  jumlah: number;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How often the relay looks for new jobs (ms), and an idle worker asks the queue (s). */
  relaiMs?: number;
  pollingIntervalSeconds?: number;
}

/** The import workers of one process and the relay. */
export class PekerjaImpor {
  readonly #relai: Relai;

  constructor(
    private readonly antrean: Antrean,
    private readonly db: Kysely<DB>,
    private readonly opsi: OpsiPekerjaImpor,
  ) {
    this.#relai = new Relai(() => relaiImpor(antrean), {
      ms: opsi.relaiMs ?? 1_000,
      log: opsi.log,
      pesanGagal: 'relai antrean impor gagal; dicoba lagi',
    });
  }

  async mulai(): Promise<void> {
    for (let i = 0; i < this.opsi.jumlah; i++) {
      await this.antrean.boss.work<JobImpor>(
        ANTREAN_IMPOR,
        { batchSize: 1, pollingIntervalSeconds: this.opsi.pollingIntervalSeconds ?? 1 },
        async (jobs: PgBoss.Job<JobImpor>[]) => {
          for (const job of jobs) {
            const ended = await jalankanJob(this.db, job.data.jobId).catch((error: unknown) => {
              this.opsi.log.error({ err: error, job: job.data.jobId }, 'impor gagal');
              throw error;
            });
            this.opsi.log.info({ job: ended.id, jenis: ended.jenis, status: ended.status }, 'impor berakhir');
          }
        },
      );
    }
    this.#relai.mulai();
  }

  /**
   * Stops taking jobs. A job in hand stops beating when the process exits; after STALE_SECONDS it
   * is ended as failed (terapkan.ts), whole batches in, and applying the same check again goes on.
   */
  async berhenti(): Promise<void> {
    await Promise.race([
      Promise.all([this.#relai.berhenti(), this.antrean.boss.offWork(ANTREAN_IMPOR)]),
      new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
    ]).catch(() => undefined);
  }
}
