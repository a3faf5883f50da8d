// Issue #35: `npm run worker` – a process that only runs batch work: it takes jobs from the same
// PostgreSQL queue as the instances (any number of such processes may run; no job runs twice):
// reading documents, BACA_PEKERJA at once (default 1), and (issue #33) checking large uploads and applying imports,
// IMPOR_PEKERJA at once (default 1; instances may then run with IMPOR_PEKERJA=0), and making
// announcements, DOKUMEN_PEKERJA at once (default 1), and writing large list exports,
// EKSPOR_PEKERJA at once (default 1). It stops cleanly
// on SIGTERM after the document in hand. It needs DATABASE_URL: the embedded database belongs to
// the one server process that opened it, whose own workers do this work.

import os from 'node:os';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { createLogger } from './logger.js';
import { bukaAntrean } from './modules/baca/antrean.js';
import { metrikBaca } from './modules/baca/metrik.js';
import { Pembaca } from './modules/baca/pekerja.js';
import { PortalMetrics } from './modules/metrics/metrics.js';
import { startMetricsServer } from './modules/metrics/server.js';
import { orangBekerjaDiPostgres, PEKERJA_APLIKASI, pantauOrangLain } from './modules/shared/giliran.js';
import { mulaiPekerjaBaris } from './pekerja-baris.js';
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
  applicationName: PEKERJA_APLIKASI,
});
// Nobody's requests come here: the batches of imports give way while the instances' sessions are
// at work in PostgreSQL (issue #33), as they do to people's requests inside an instance.
pantauOrangLain(orangBekerjaDiPostgres(database.db));
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
// Imports (its own pool, DB_POOL_SIZE: batches of APPLY_BATCH rows, one transaction each),
// announcements and large exports (their files kept in the shared store), each at its setting.
const pekerjaBaris = await mulaiPekerjaBaris(antrean, database.db, files, config, log);
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
  await pekerjaBaris.berhenti();
  await antrean.tutup();
  metricsServer?.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
