// `npm run seed -- --applicants 1000000 [--nonasn N] [--seed N] [--no-documents] [--reset]`: loads
// generated applicants and Non-ASN records (by default 30 % of the applicants' number) into the
// configured database (DATABASE_URL, else the embedded one in DATA_DIR), in bulk, after the demo
// accounts. --reset empties the applicant and Non-ASN tables first.

import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { catatKeputusanLama } from './db/keputusan-lama.js';
import { migrate } from './db/migrate.js';
import { seedAccounts } from './db/seed/accounts.js';
import { seedAfirmasi } from './db/seed/afirmasi.js';
import { seedApplicants } from './db/seed/applicants.js';
import { DEMO_SEED, planBlocks } from './db/seed/index.js';
import { planNonAsn, seedNonAsn } from './db/seed/nonasn.js';
import { seedSanggah } from './db/seed/sanggah.js';
import { seedSanggahNilai } from './db/seed/sanggah-nilai.js';
import { openBerkasStore } from './storage/open-berkas-store.js';

const { values } = parseArgs({
  options: {
    applicants: { type: 'string', default: '10000' },
    seed: { type: 'string', default: String(DEMO_SEED) },
    'no-documents': { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
    nonasn: { type: 'string' },
  },
});
const applicants = Number(values.applicants);
const seed = Number(values.seed);
const nonAsn = values.nonasn === undefined ? Math.round(applicants * 0.3) : Number(values.nonasn);
if (
  !Number.isInteger(applicants) ||
  applicants < 1 ||
  !Number.isInteger(seed) ||
  !Number.isInteger(nonAsn) ||
  nonAsn < 0
) {
  console.error(
    'Pemakaian: npm run seed -- --applicants <jumlah> [--nonasn <jumlah>] [--seed <angka>] [--no-documents] [--reset]',
  );
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrate(database.db);
  await seedAccounts(database.db);
  if (values.reset) {
    await sql`TRUNCATE verifikasi_kedua, keputusan_verifikasi, temuan_dokumen, dokumen_bacaan, demo_cacat, afirmasi, sanggah_nilai, sanggah, nilai, dokumen, pelamar, formasi, pelamar_status_count, pelamar_status_delta`.execute(
      database.db,
    );
    await sql`TRUNCATE nonasn, nonasn_count, nonasn_count_delta`.execute(database.db);
  }
  console.info(`Memuat ${applicants.toLocaleString('id-ID')} pelamar ke ${database.kind}…`);
  const store = openBerkasStore(config, database.db);
  const result = await seedApplicants(database.db, store, {
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
  // Issue #34: the generated decisions, recorded for the quality measures.
  const keputusan = await catatKeputusanLama(database.db, { durasiContoh: true });
  console.info(`${keputusan.toLocaleString('id-ID')} keputusan verifikasi tercatat.`);
  const afirmasi = await seedAfirmasi(database.db, store);
  console.info(
    `${afirmasi.klaim.toLocaleString('id-ID')} klaim afirmasi, ${afirmasi.sanggah.toLocaleString('id-ID')} sanggah afirmasi.`,
  );
  const sanggahNilai = await seedSanggahNilai(database.db);
  console.info(`${sanggahNilai.toLocaleString('id-ID')} sanggah nilai.`);
  if (nonAsn > 0) {
    console.info(`Memuat ${nonAsn.toLocaleString('id-ID')} data Non ASN…`);
    const loaded = await seedNonAsn(database.db, planNonAsn(nonAsn), seed);
    console.info(`Selesai dalam ${(loaded.ms / 1000).toFixed(1)} s: ${loaded.records} data Non ASN.`);
  }
} finally {
  await database.close();
}
