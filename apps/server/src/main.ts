// Process entry: configuration, database (migrated, seeded when asked), HTTP server.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seedDemo } from './db/seed/index.js';
import { LocalBerkasStore } from './storage/berkas-store.js';

const started = performance.now();
const config = loadConfig();
// The built SPA sits beside the server: apps/web/dist, whether we run from src/ or dist/.
const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const webDist = config.webDist ?? (config.production ? defaultWebDist : null);

const database = await openDatabase(config.database);
const applied = await migrate(database.db);
const files = new LocalBerkasStore(config.filesDir);
const seeded = config.seedDemo ? await seedDemo(database.db, files) : undefined;
const app = await buildApp({ config: { ...config, webDist }, db: database.db, files });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'menghentikan server');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    database: database.kind,
    migrations: applied,
    demoSeeded: seeded?.accounts ?? false,
    demoApplicants: seeded?.applicants,
    readyMs: Math.round(performance.now() - started),
  },
  `Portal Verifikasi ASN siap di http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
);
