// Issue #33: an import's apply job runs on the job queue, taken by whichever process has import
// workers (IMPOR_PEKERJA on an instance, `npm run worker`), not by the process that answered the
// click. The job's row in impor_job is written by the request (terapkan.ts); the relay hands rows
// not yet queued to the queue and marks them in the same transaction, so none is lost or queued
// twice, and a worker claims its row before the first batch (jalankanJob), so none runs twice.

import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ANTREAN_IMPOR, type Antrean, type OpsiPekerja, PekerjaAntrean, relaiBaris } from '../baca/antrean.js';
import { jalankanJob } from './terapkan.js';

/** Hands apply jobs not yet queued to the queue, in one transaction. Returns how many. */
export const relaiImpor = (antrean: Antrean): Promise<number> =>
  relaiBaris(antrean, { table: 'impor_job', waiting: "status = 'BERJALAN'", order: 'mulai', queue: ANTREAN_IMPOR });

/**
 * The import workers of one process and the relay. A job in hand stops beating when the process
 * exits; after STALE_SECONDS it is ended as failed (terapkan.ts), whole batches in, and applying
 * the same check again goes on.
 */
export class PekerjaImpor extends PekerjaAntrean {
  constructor(antrean: Antrean, db: Kysely<DB>, opsi: OpsiPekerja) {
    super(
      antrean,
      ANTREAN_IMPOR,
      () => relaiImpor(antrean),
      async (id) => {
        const ended = await jalankanJob(db, id).catch((error: unknown) => {
          opsi.log.error({ err: error, job: id }, 'impor gagal');
          throw error;
        });
        opsi.log.info({ job: ended.id, jenis: ended.jenis, status: ended.status }, 'impor berakhir');
      },
      opsi,
    );
  }
}
