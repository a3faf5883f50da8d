// Issue #33: an import's apply job runs on the job queue, taken by whichever process has import
// workers (IMPOR_PEKERJA on an instance, `npm run worker`), not by the process that answered the
// click. The job's row in impor_job is written by the request (terapkan.ts); the relay hands rows
// not yet queued to the queue and marks them in the same transaction, so none is lost or queued
// twice, and a worker claims its row before the first batch (jalankanJob), so none runs twice.
// The check of a large upload goes the same way (PekerjaCek): its row in impor_cek is the outbox,
// its upload waits in the document store, and a worker claims the row before it reads the file.

import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import {
  ANTREAN_CEK,
  ANTREAN_IMPOR,
  type Antrean,
  type OpsiPekerja,
  PekerjaAntrean,
  relaiBaris,
} from '../baca/antrean.js';
import { jalankanCek } from './cek.js';
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

/** Hands queued checks not yet handed over to the queue, in one transaction. Returns how many. */
export const relaiCek = (antrean: Antrean): Promise<number> =>
  relaiBaris(antrean, {
    table: 'impor_cek',
    waiting: "status = 'MEMERIKSA' AND unggahan IS NOT NULL",
    order: 'dibuat_at',
    queue: ANTREAN_CEK,
  });

/**
 * The checks of large uploads in one process, as many at once as its import workers (IMPOR_PEKERJA).
 * A check in hand stops beating when the process exits; after STALE_SECONDS it is ended as failed
 * and its upload leaves the store at the next check's end.
 */
export class PekerjaCek extends PekerjaAntrean {
  constructor(antrean: Antrean, kerja: { db: Kysely<DB>; files: BerkasStore; nice: number }, opsi: OpsiPekerja) {
    super(
      antrean,
      ANTREAN_CEK,
      () => relaiCek(antrean),
      async (id) => {
        const ended = await jalankanCek(kerja.db, kerja.files, id, { nice: kerja.nice }).catch((error: unknown) => {
          opsi.log.error({ err: error, cek: id }, 'pemeriksaan impor gagal');
          throw error;
        });
        if (ended)
          opsi.log.info(
            { cek: id, jenis: ended.jenis, status: ended.status, dibaca: ended.dibaca },
            'pemeriksaan impor berakhir',
          );
      },
      opsi,
    );
  }
}
