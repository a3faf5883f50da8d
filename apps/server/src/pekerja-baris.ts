// Issue #33: the row jobs a process takes from the queue – checking large imports' uploads and
// applying imports, making announcements, writing large exports – each as many at once as its
// setting says (0: none here; the import's setting counts checks and applies apart). One place
// for the server (main.ts) and `npm run worker` (worker-cli.ts), which run the same ones.

import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { DB } from './db/schema.js';
import { PEMBUAT_EKSPOR } from './ekspor-jenis.js';
import type { Antrean } from './modules/baca/antrean.js';
import { PekerjaDokumen, pembuatDokumen } from './modules/dokumen-resmi/pekerja.js';
import { PekerjaEkspor } from './modules/export/job.js';
import { PekerjaCek, PekerjaImpor } from './modules/impor/pekerja.js';
import type { BerkasStore } from './storage/berkas-store.js';

/** Starts the process's row-job workers; `berhenti` stops them (a job in hand is failed by its heartbeat). */
export async function mulaiPekerjaBaris(
  antrean: Antrean,
  db: Kysely<DB>,
  files: BerkasStore,
  config: Config,
  log: Logger,
): Promise<{ berhenti(): Promise<void> }> {
  const pekerja = [
    config.impor.pekerja > 0 ? new PekerjaImpor(antrean, db, { jumlah: config.impor.pekerja, log }) : null,
    config.impor.pekerja > 0
      ? new PekerjaCek(antrean, { db, files, nice: config.baca.nice }, { jumlah: config.impor.pekerja, log })
      : null,
    config.dokumen.pekerja > 0
      ? new PekerjaDokumen(antrean, pembuatDokumen(db, files, config), { jumlah: config.dokumen.pekerja, log })
      : null,
    config.ekspor.pekerja > 0
      ? new PekerjaEkspor(
          antrean,
          { db, files, pembuat: PEMBUAT_EKSPOR, nice: config.baca.nice },
          { jumlah: config.ekspor.pekerja, log },
        )
      : null,
  ].filter((p) => p !== null);
  for (const p of pekerja) await p.mulai();
  return {
    async berhenti() {
      for (const p of pekerja) await p.berhenti().catch(() => undefined);
    },
  };
}
