// `npm run berkas:pindah [-- --hapus-sumber]`: moves the documents kept in DATA_DIR/berkas into the
// configured store (BERKAS_STORE, by default PostgreSQL when DATABASE_URL is set), checking each
// by its hash; the folder's files are removed only with --hapus-sumber (issue #22).

import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { openBerkasStore } from './storage/open-berkas-store.js';
import { pindahkanBerkas } from './storage/pindah-berkas.js';

const { values } = parseArgs({ options: { 'hapus-sumber': { type: 'boolean', default: false } } });
const config = loadConfig();
if (config.berkas.kind === 'folder') {
  console.error(
    'Penyimpanan berkas yang dikonfigurasi adalah folder itu sendiri: set DATABASE_URL (PostgreSQL) atau BERKAS_STORE=s3 lebih dulu.',
  );
  process.exit(2);
}
const database = await openDatabase(config.database);
try {
  await migrate(database.db);
  const target = openBerkasStore(config, database.db);
  console.info(`Memindahkan berkas dari ${config.filesDir} ke penyimpanan ${config.berkas.kind}…`);
  const hasil = await pindahkanBerkas(config.filesDir, target, {
    hapusSumber: values['hapus-sumber'],
    onProgress: (n) => {
      if (n % 1000 === 0) console.info(`  ${n.toLocaleString('id-ID')} berkas diperiksa`);
    },
  });
  console.info(
    `Selesai: ${hasil.dipindah} dipindah (${(hasil.bytes / 1e6).toFixed(1)} MB), ${hasil.sudahAda} sudah ada, ${hasil.gagal.length} gagal.`,
  );
  for (const g of hasil.gagal.slice(0, 20)) console.error(`  gagal ${g.sha256}: ${g.alasan}`);
  process.exitCode = hasil.gagal.length ? 1 : 0;
} finally {
  await database.close();
}
