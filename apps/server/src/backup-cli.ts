// `npm run backup -- <dir>` (issue #22): the database and the documents into a new folder, with a
// manifest (time, versions, migration level, rows per table, files with SHA-256). See
// docs/operations.md for the schedule and the restore drill.

import { backup } from './backup/backup.js';
import { loadConfig } from './config.js';

// Issue #30: whatever this process or pg_dump writes is the operator's alone (backup.ts sets the
// modes explicitly too).
process.umask(0o077);

const dir = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!dir) {
  console.error('Pemakaian: npm run backup -- <folder-cadangan-baru>');
  process.exit(2);
}
try {
  const manifest = await backup(loadConfig(), dir, (line) => console.info(line));
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.info(
    `Cadangan selesai di ${dir}: ${Object.keys(manifest.tables).length} tabel (${rows.toLocaleString('id-ID')} baris), ` +
      `${manifest.berkas.count.toLocaleString('id-ID')} dokumen (${(manifest.berkas.bytes / 1e6).toFixed(1)} MB, ${manifest.berkas.store}), ` +
      `migrasi ${manifest.migrations.latest ?? '-'}.`,
  );
} catch (error) {
  console.error(`Cadangan gagal: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
