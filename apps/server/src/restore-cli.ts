// `npm run restore -- <dir>` (issue #22): a backup of `npm run backup` into an empty database
// (DATABASE_URL, or DATA_DIR for the embedded one) and the configured document store; checksums
// first, then row counts and documents compared with the manifest. Exit code 1 when anything differs.

import { restore } from './backup/restore.js';
import { loadConfig } from './config.js';

const dir = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!dir) {
  console.error('Pemakaian: npm run restore -- <folder-cadangan>');
  process.exit(2);
}
try {
  await restore(loadConfig(), dir, (line) => console.info(line));
} catch (error) {
  console.error(`Pemulihan gagal: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
