// Issue #35: `npm run worker` – a process that only runs batch work: it takes jobs from the same
// PostgreSQL queue as the instances (any number of such processes may run; no job runs twice):
// reading documents, BACA_PEKERJA at once (default 1), and (issue #33) applying imports,
// IMPOR_PEKERJA at once (default 1; instances may then run with IMPOR_PEKERJA=0), and making
// announcements, DOKUMEN_PEKERJA at once (default 1), and writing large list exports,
// EKSPOR_PEKERJA at once (default 1). It stops cleanly
// on SIGTERM after the document in hand. It needs DATABASE_URL: the embedded database belongs to
// the one server process that opened it, whose own workers do this work.

import os from 'node:os';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { PEMBUAT_EKSPOR } from './ekspor-jenis.js';
import { createLogger } from './logger.js';
import { bukaAntrean } from './modules/baca/antrean.js';
import { metrikBaca } from './modules/baca/metrik.js';
import { Pembaca } from './modules/baca/pekerja.js';
import { PekerjaDokumen, pembuatDokumen } from './modules/dokumen-resmi/pekerja.js';
import { PekerjaEkspor } from './modules/export/job.js';
import { PekerjaImpor } from './modules/impor/pekerja.js';
import { PortalMetrics } from './modules/metrics/metrics.js';
import { startMetricsServer } from './modules/metrics/server.js';
import { openBerkasStore } from './storage/open-berkas-store.js';

const config = loadConfig();
const log = createLogger(config.logLevel);
if (config.database.kind !== 'postgres') {
  log.fatal(
    'npm run worker memerlukan DATABASE_URL (PostgreSQL). Pada basis data bawaan, server sendiri membaca dokumen (BACA_PEKERJA).',
  );
  process.exit(1);
}
// Reading takes what the instances leave: this thread (pdf.js renders pages here) and the OCR
// threads it starts run at the lower priority BACA_NICE.
try {
  os.setPriority(config.baca.nice);
} catch (error) {
  log.warn({ err: error }, 'prioritas CPU pekerja tidak dapat diturunkan');
}
const database = await openDatabase(config.database, {
  onConnectionError: (err) => log.warn({ err }, 'sambungan basis data terputus; diganti dengan sambungan baru'),
});
const files = openBerkasStore(config, database.db);
const antrean = await bukaAntrean({ kind: 'postgres', url: config.database.url, schema: config.baca.antreanSchema });
const metrics = new PortalMetrics({ pool: database.pool });
const pembaca = new Pembaca(antrean, database.db, files, {
  jumlah: Math.max(1, config.baca.pekerja),
  nice: config.baca.nice,
  log,
  onSelesai: metrikBaca(metrics.registry, antrean),
});
await pembaca.mulai();
// Its own pool (DB_POOL_SIZE): batches of APPLY_BATCH rows, one transaction each.
const pekerjaImpor =
  config.impor.pekerja > 0 ? new PekerjaImpor(antrean, database.db, { jumlah: config.impor.pekerja, log }) : null;
await pekerjaImpor?.mulai();
// Issue #33: announcements, DOKUMEN_PEKERJA at once (the documents are kept in the shared store).
const pekerjaDokumen =
  config.dokumen.pekerja > 0
    ? new PekerjaDokumen(antrean, pembuatDokumen(database.db, files, config), { jumlah: config.dokumen.pekerja, log })
    : null;
await pekerjaDokumen?.mulai();
// Issue #33: large list exports, EKSPOR_PEKERJA at once (the files are kept in the shared store).
const pekerjaEkspor =
  config.ekspor.pekerja > 0
    ? new PekerjaEkspor(
        antrean,
        { db: database.db, files, pembuat: PEMBUAT_EKSPOR },
        { jumlah: config.ekspor.pekerja, log },
      )
    : null;
await pekerjaEkspor?.mulai();
const metricsServer = config.metrics.port
  ? await startMetricsServer(metrics, config.metrics.host, config.metrics.port)
  : null;
log.info(
  {
    pekerja: Math.max(1, config.baca.pekerja),
    pekerjaImpor: config.impor.pekerja,
    pekerjaDokumen: config.dokumen.pekerja,
    pekerjaEkspor: config.ekspor.pekerja,
  },
  'pekerja baca dokumen, impor, dokumen resmi dan unduhan berjalan',
);

const stop = async (signal: string) => {
  log.info({ signal }, 'pekerja berhenti setelah dokumen yang sedang dibaca');
  await pembaca.berhenti();
  await pekerjaImpor?.berhenti();
  await pekerjaDokumen?.berhenti();
  await pekerjaEkspor?.berhenti();
  await antrean.tutup();
  metricsServer?.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
