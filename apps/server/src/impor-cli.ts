// `npm run impor -- <jenis> <file> [--dry-run]` (issue #18): the same check and apply as the Impor
// Data screen, for scripts and cron, against DATABASE_URL or the embedded database. Prints the
// check's report; without --dry-run applies it and prints the progress and the job's report.

import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { IMPOR_JENIS, type ImporCek, type ImporJenis, type ImporJob } from '@portal/contract';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { AppError } from './errors.js';
import { cekBerkas } from './modules/impor/cek.js';
import { JENIS_TERSEDIA } from './modules/impor/kinds.js';
import { jalankanJob, mulaiTerapkan } from './modules/impor/terapkan.js';
import { openBerkasStore } from './storage/open-berkas-store.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean', default: false } },
});
const [jenis, file] = positionals;
if (
  !jenis ||
  !file ||
  !(IMPOR_JENIS as readonly string[]).includes(jenis) ||
  !JENIS_TERSEDIA.includes(jenis as ImporJenis)
) {
  console.error(
    `Pemakaian: npm run impor -- <${JENIS_TERSEDIA.join('|')}> <berkas.csv|.xlsx|.jsonl|.zip|folder> [--dry-run]`,
  );
  process.exit(2);
}

const angka = (n: number) => n.toLocaleString('id-ID');
const ringkas = (r: ImporCek | ImporJob) =>
  `dibaca ${angka(r.dibaca)} · baru ${angka(r.baru)} · berubah ${angka(r.berubah)} · sama ${angka(r.sama)} · ditolak ${angka(r.ditolak)} · konflik ${angka(r.konflik)}`;

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrate(database.db);
  const oleh = { id: null, nama: `cli:${os.userInfo().username}` };
  const started = performance.now();
  const files = openBerkasStore(config, database.db);
  const cek = await cekBerkas(
    database.db,
    {
      jenis: jenis as ImporJenis,
      file,
      namaFile: path.basename(file),
      oleh,
      files,
    },
    // The table is read and checked in a thread at the priority the server's would have.
    { nice: config.baca.nice },
  );
  console.info(
    `Pemeriksaan ${cek.namaFile} (${jenis}, sha256 ${cek.sha256.slice(0, 12)}…) dalam ${((performance.now() - started) / 1000).toFixed(1)} dtk`,
  );
  console.info(`  ${ringkas(cek)}`);
  for (const t of cek.penolakan.slice(0, 20))
    console.info(`  ditolak baris ${t.baris}${t.kolom ? ` (${t.kolom})` : ''}: ${t.pesan}`);
  for (const k of cek.konflikList.slice(0, 20)) console.info(`  konflik baris ${k.baris} [${k.kunci}]: ${k.alasan}`);
  if (values['dry-run']) {
    console.info('--dry-run: tidak ada yang diubah.');
  } else {
    const job = await mulaiTerapkan(database.db, cek.id, oleh, { langsung: true });
    let last = 0;
    const done = await jalankanJob(database.db, job.id, (p) => {
      if (performance.now() - last < 2000) return;
      last = performance.now();
      console.info(
        `  ${angka(p.selesai)} / ${angka(p.total)} baris · ${angka(p.barisPerDetik)} baris/dtk · sisa ${p.sisaDetik ?? '–'} dtk`,
      );
    });
    console.info(
      `Impor ${done.status.toLowerCase()} dalam ${((performance.now() - started) / 1000).toFixed(1)} dtk: ${ringkas(done)}`,
    );
    if (done.pesan) console.info(`  ${done.pesan}`);
    process.exitCode = done.status === 'SELESAI' ? 0 : 1;
  }
} catch (error) {
  console.error(error instanceof AppError ? `Impor ditolak: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
