// Process entry: configuration, database (waited for, migrated, seeded when asked), HTTP server,
// and the process's side of faults (issue #17): a database that is not up yet is waited for,
// connections that break are logged and replaced, SIGTERM drains before exiting.

import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { isConnectionError } from './db/connection-errors.js';
import { type Database, openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { lengkapiDokumenDemo } from './db/seed/dokumen-demo.js';
import { seedDemo } from './db/seed/index.js';
import { createLogger } from './logger.js';
import { type Antrean, bukaAntrean, type SumberAntrean } from './modules/baca/antrean.js';
import { BuatUtas } from './modules/baca/contoh-utas.js';
import { metrikBaca } from './modules/baca/metrik.js';
import { Pembaca } from './modules/baca/pekerja.js';
import { ATUR_PUBLIC_URL, peringatanAlamat } from './modules/dokumen-resmi/alamat-cek.js';
import { bacaP12, caDemo } from './modules/dokumen-resmi/tte.js';
import type { Lifecycle } from './modules/health/routes.js';
import { startMetricsServer } from './modules/metrics/server.js';
import { mulaiPekerjaBaris } from './pekerja-baris.js';
import { openBerkasStore } from './storage/open-berkas-store.js';

const started = performance.now();
const config = loadConfig();
const log = createLogger(config.logLevel);
// The built SPA sits beside the server: apps/web/dist, whether we run from src/ or dist/.
const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const webDist = config.webDist ?? (config.production ? defaultWebDist : null);

/** Pause between two attempts to reach a database that is not up yet. */
const STARTUP_RETRY_MS = 2_000;

/**
 * Containers often start before PostgreSQL: wait for it (DB_STARTUP_WAIT_SECONDS, logging each
 * attempt) instead of exiting at once; then migrate. Any other error ends the start at once.
 */
async function openAndMigrate(): Promise<{ database: Database; applied: string[] }> {
  const deadline = Date.now() + config.dbStartupWaitSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    const database = await openDatabase(config.database, {
      onConnectionError: (err) => log.warn({ err }, 'sambungan basis data terputus; diganti dengan sambungan baru'),
    });
    try {
      return { database, applied: await migrate(database.db) };
    } catch (error) {
      await database.close().catch(() => undefined);
      if (!isConnectionError(error)) throw error;
      const left = Math.ceil((deadline - Date.now()) / 1000);
      if (left <= 0) {
        log.fatal(
          { err: error, waitedSeconds: config.dbStartupWaitSeconds },
          'basis data tidak dapat dijangkau; server berhenti (DB_STARTUP_WAIT_SECONDS)',
        );
        process.exit(1);
      }
      log.warn(
        { attempt, reason: error instanceof Error ? error.message : String(error), secondsLeft: left },
        `menunggu basis data… percobaan ${attempt}, dicoba lagi dalam ${STARTUP_RETRY_MS / 1000} detik`,
      );
      await sleep(STARTUP_RETRY_MS);
    }
  }
}

const { database, applied } = await openAndMigrate();
const files = openBerkasStore(config, database.db);
const seeded = config.seedDemo ? await seedDemo(database.db, files) : undefined;
if (seeded?.accounts && config.demoSampelPersen !== undefined) {
  await database.db.updateTable('sampel_verifikasi').set({ persen: config.demoSampelPersen }).execute();
}
const lifecycle: Lifecycle = { draining: false };
const app = await buildApp({
  config: { ...config, webDist },
  db: database.db,
  files,
  logger: log,
  lifecycle,
  pool: database.pool,
});
// Issue #22: /metrics on a port of its own, when asked for.
const metricsServer = config.metrics.port
  ? await startMetricsServer(app.metrics, config.metrics.host, config.metrics.port)
  : null;

// SIGTERM (a supervisor, a rolling update): report not-ready – still taking requests for
// SHUTDOWN_DELAY_SECONDS, so a load balancer that polls readiness moves away first – then stop
// listening, finish the requests in flight (bounded by SHUTDOWN_TIMEOUT_SECONDS) and exit 0.
// Issue #35: set once the server listens (below).
let antrean: Antrean | null = null;
let pembaca: Pembaca | null = null;
let pekerjaBaris: Awaited<ReturnType<typeof mulaiPekerjaBaris>> | null = null;

const shutdown = async (signal: string) => {
  lifecycle.draining = true;
  log.info(
    { signal, delaySeconds: config.shutdownDelaySeconds, timeoutSeconds: config.shutdownTimeoutSeconds },
    'menghentikan server: tidak siap lagi, menyelesaikan permintaan yang sedang berjalan',
  );
  if (config.shutdownDelaySeconds > 0) await sleep(config.shutdownDelaySeconds * 1000);
  const force = setTimeout(() => {
    log.warn({ timeoutSeconds: config.shutdownTimeoutSeconds }, 'batas waktu berhenti tercapai; keluar paksa');
    process.exit(1);
  }, config.shutdownTimeoutSeconds * 1000);
  force.unref();
  await app.close();
  metricsServer?.close();
  await pembaca?.berhenti().catch(() => undefined);
  await pekerjaBaris?.berhenti();
  await antrean?.tutup().catch(() => undefined);
  await database.close();
  log.info({ signal }, 'server berhenti');
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

// Issue #35: the job queue, and this instance's share of reading documents (BACA_PEKERJA).
const sumberAntrean: SumberAntrean =
  config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url, schema: config.baca.antreanSchema }
    : { kind: 'pglite', pglite: database.pglite as NonNullable<typeof database.pglite> };
antrean = await bukaAntrean(sumberAntrean);
pembaca =
  config.baca.pekerja > 0
    ? new Pembaca(antrean, database.db, files, {
        jumlah: config.baca.pekerja,
        nice: config.baca.nice,
        log,
        onSelesai: metrikBaca(app.metrics.registry, antrean),
      })
    : null;
await pembaca?.mulai();
// Issue #33: this instance's share of applying imports, making announcements and writing large
// exports (IMPOR_PEKERJA, DOKUMEN_PEKERJA, EKSPOR_PEKERJA).
pekerjaBaris = await mulaiPekerjaBaris(antrean, database.db, files, config, log);
// The demo's own documents are made after listening: the portal is usable while they are.
if (config.seedDemo) {
  // Drawn in a thread of their own (a scanned page is about a second of CPU), ended when done.
  const pembuat = new BuatUtas({ nice: config.baca.nice });
  lengkapiDokumenDemo(database.db, files, log, config.baca.demoDokumen, pembuat)
    .then((made) => {
      if (made.pelamar > 0) log.info(made, 'dokumen demo dibuat dan diantrekan untuk dibaca');
    })
    .catch((error) => log.warn({ err: error }, 'membuat dokumen demo gagal'))
    .finally(() => void pembuat.tutup());
}
log.info(
  {
    database: database.kind,
    migrations: applied,
    demoSeeded: seeded?.accounts ?? false,
    demoApplicants: seeded?.applicants,
    readyMs: Math.round(performance.now() - started),
    ...(metricsServer ? { metrics: `http://${config.metrics.host}:${config.metrics.port}/metrics` } : {}),
  },
  `Portal Verifikasi ASN siap di http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
);
// Issue #31: QR codes on official documents point to PUBLIC_URL. The demo issues them with a
// warning; elsewhere issuing is refused until it is set (modules/dokumen-resmi/alamat-cek.ts).
const alamatLokal = peringatanAlamat(config.publicUrl);
if (alamatLokal) {
  log.warn(
    { publicUrl: config.publicUrl, demo: config.seedDemo },
    config.seedDemo ? alamatLokal : `Penerbitan dokumen resmi ditolak: ${ATUR_PUBLIC_URL}`,
  );
}
// Issue #31: official PDFs are signed (modules/dokumen-resmi/tte.ts). The demo makes its CA at
// first start, after listening (a key pair takes a moment); a configured certificate is read now so
// a wrong file or password is reported at start rather than at the first issue.
if (config.tte.p12) {
  bacaP12(config.tte.p12, config.tte.password).then(
    (penanda) => log.info({ penandaTangan: penanda.pemilik }, 'sertifikat tanda tangan elektronik terbaca'),
    (error: unknown) => log.error({ err: error }, 'sertifikat tanda tangan elektronik (TTE_P12) tidak dapat dibaca'),
  );
} else if (config.seedDemo && !config.tte.p12Dir) {
  caDemo(database.db).then(
    () => log.info('dokumen resmi ditandatangani dengan sertifikat DEMO (bukan tanda tangan elektronik resmi)'),
    (error: unknown) => log.error({ err: error }, 'CA demo tanda tangan elektronik tidak dapat dibuat'),
  );
} else if (!config.tte.p12Dir) {
  log.warn('Penerbitan dokumen resmi ditolak: sertifikat elektronik belum diatur (TTE_P12 atau TTE_P12_DIR).');
}
