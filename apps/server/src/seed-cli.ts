// `npm run seed -- --applicants 1000000 [--seed N] [--no-documents] [--reset]`: loads generated
// applicants into the configured database (DATABASE_URL, else the embedded one in DATA_DIR), in
// bulk, after the demo accounts. --reset empties the applicant tables first.

import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seedAccounts } from './db/seed/accounts.js';
import { seedApplicants } from './db/seed/applicants.js';
import { DEMO_SEED, planBlocks } from './db/seed/index.js';
import { seedSanggah } from './db/seed/sanggah.js';
import { LocalBerkasStore } from './storage/berkas-store.js';

const { values } = parseArgs({
  options: {
    applicants: { type: 'string', default: '10000' },
    seed: { type: 'string', default: String(DEMO_SEED) },
    'no-documents': { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
  },
});
const applicants = Number(values.applicants);
const seed = Number(values.seed);
if (!Number.isInteger(applicants) || applicants < 1 || !Number.isInteger(seed)) {
  console.error('Pemakaian: npm run seed -- --applicants <jumlah> [--seed <angka>] [--no-documents] [--reset]');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrate(database.db);
  await seedAccounts(database.db);
  if (values.reset) {
    await sql`TRUNCATE sanggah, nilai, dokumen, pelamar, formasi, pelamar_status_count, pelamar_status_delta`.execute(
      database.db,
    );
  }
  console.info(`Memuat ${applicants.toLocaleString('id-ID')} pelamar ke ${database.kind}…`);
  const result = await seedApplicants(database.db, new LocalBerkasStore(config.filesDir), {
    seed,
    blocks: planBlocks(applicants),
    withDocuments: !values['no-documents'],
  });
  console.info(
    `Selesai dalam ${(result.ms / 1000).toFixed(1)} s: ${result.applicants} pelamar, ${result.formasi} formasi, ` +
      `${result.documents} dokumen, ${result.scores} nilai.`,
  );
  const sanggah = await seedSanggah(database.db);
  console.info(`${sanggah.toLocaleString('id-ID')} sanggah.`);
} finally {
  await database.close();
}
