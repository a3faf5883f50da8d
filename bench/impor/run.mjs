// Loading a million applicants (issue #18, see README.md): a generated SSCASN-like CSV of
// BENCH_APPLICANTS (1,000,000) rows checked and applied through the server's API as the operator
// does, then the same file again; then BENCH_DOKUMEN (100,000) documents as one ZIP; then
// BENCH_VERIFIERS (16) verifiers at work alone and while a second file of as many new applicants
// is imported. Prints times, rows per second, the server's memory growth and the verifiers'
// latencies beside the targets; asserts nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminUrl, session, startServer, stop } from '../lib.mjs';
import { prepareVerifiers, verifikasiLoad } from '../verify/loop.mjs';
import { INSTANSI, imporBerkas, writeFormasi, writePelamar } from './berkas.mjs';

const N = Number(process.env.BENCH_APPLICANTS ?? 1_000_000);
const DOKUMEN = Number(process.env.BENCH_DOKUMEN ?? 100_000);
const VERIFIERS = Number(process.env.BENCH_VERIFIERS ?? 16);
const VERIFY_ALONE_SECONDS = Number(process.env.BENCH_VERIFY_SECONDS ?? 30);
const VERIFY_DURING_SECONDS = Number(process.env.BENCH_VERIFY_DURING_SECONDS ?? 120);
/** Keep the database of an earlier run (its first N applicants) and go straight to documents. */
const REUSE = process.env.BENCH_REUSE === '1' || process.env.BENCH_AGAIN_ONLY === '1';
/**
 * Only the re-import of the kept file (BENCH_KEEP) into a database that an earlier run of the same
 * BENCH_APPLICANTS loaded: to compare two builds' re-imports in turn without loading a million
 * applicants before each.
 */
const AGAIN_ONLY = process.env.BENCH_AGAIN_ONLY === '1';
/**
 * The server to start: the build in apps/server/dist, or another one (e.g. a copy of the build
 * before a change, with a `node_modules` link to the repository's beside it).
 */
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_impor';
const PORT = Number(process.env.BENCH_PORT ?? 3316);
const base = `http://127.0.0.1:${PORT}`;
const dir = path.join(tmpdir(), 'bench-impor');

/** The server's resident memory in MB (0 once it has ended). */
function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function generate() {
  await mkdir(dir, { recursive: true });
  if (AGAIN_ONLY && existsSync(path.join(dir, 'pelamar.csv'))) return;
  await writeFormasi(path.join(dir, 'formasi.csv'));
  await writePelamar(path.join(dir, 'pelamar.csv'), N, 0);
}

/**
 * A ZIP of `count` scanned documents (PDFs of about 12 KB, each different) with its manifest, as
 * SSCASN's export would hold them: Python's zipfile streams it to disk (stored, PDFs do not
 * compress), the same tool the e2e test uses.
 */
function writeDokumenZip(file, count) {
  const script = String.raw`
import os, sys, zipfile
n, applicants, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
kinds = ['KTP', 'IJAZAH', 'TRANSKRIP', 'PAS_FOTO', 'SWAFOTO', 'SURAT_LAMARAN', 'SURAT_PERNYATAAN']
with zipfile.ZipFile(out, 'w', zipfile.ZIP_STORED, allowZip64=True) as z:
    rows = ['nomor_peserta;jenis;nama_file']
    for i in range(n):
        nomor = '88%015d' % (i % applicants)
        kind = kinds[(i // applicants) % len(kinds)]
        name = '%s/%s.pdf' % (kind.lower(), nomor)
        z.writestr(name, b'%PDF-1.4\n%' + os.urandom(12 * 1024) + b'\n%%EOF\n')
        rows.append('%s;%s;%s' % (nomor, kind, name))
    z.writestr('manifest.csv', '\n'.join(rows) + '\n')
`;
  execFileSync('python3', ['-c', script, String(count), String(N), file], { stdio: 'inherit' });
}

/** imporFile (berkas.mjs) with the server's peak resident memory meanwhile. */
async function imporFile(headers, jenis, file, pid) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 200);
  try {
    const r = await imporBerkas(base, headers, jenis, file);
    return { ...r, peak };
  } finally {
    clearInterval(sampler);
  }
}

const seconds = (r) => Number(r.toFixed(1));

/**
 * The verifiers alone for a while, then while `during()` runs (for at most
 * BENCH_VERIFY_DURING_SECONDS: flat-out verifiers on two cores slow a million-row import to tens
 * of minutes); each phase's step latencies, and `during()`'s promise.
 */
async function verifiersDuring(db, headersOf, during) {
  const { rows } = await db.query(`SELECT id FROM instansi WHERE kode = $1`, [INSTANSI[0]]);
  const bench = await prepareVerifiers(db, { instansiId: rows[0].id, count: VERIFIERS });
  const sessions = [];
  for (const username of bench.usernames) sessions.push(await headersOf(username));
  const alone = verifikasiLoad({ base, verifiers: VERIFIERS });
  const until = performance.now() + VERIFY_ALONE_SECONDS * 1000;
  await alone.run(sessions, () => performance.now() >= until);
  const busy = verifikasiLoad({ base, verifiers: VERIFIERS });
  let done = false;
  const started = performance.now();
  const result = during().finally(() => {
    done = true;
  });
  result.catch(() => undefined);
  await busy.run(sessions, () => done || performance.now() - started >= VERIFY_DURING_SECONDS * 1000);
  return { alone, busy, result, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const t = performance.now();
  await generate();
  const mb = (statSync(path.join(dir, 'pelamar.csv')).size / 1e6).toFixed(0);
  console.log(
    `generated ${N.toLocaleString('en')} applicants (${mb} MB CSV) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = new URL(dbUrl).pathname.slice(1);
  if (!REUSE) {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const env = {
    DATABASE_URL: dbUrl,
    // Nothing to read or draw here (bench/baca measures that): the demo's documents would be drawn
    // in threads of this process meanwhile, their memory counted in the import's and their CPU
    // taken from it.
    DEMO_DOKUMEN: '0',
    BACA_PEKERJA: '0',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: path.join(dir, 'data'),
  };
  // The demo accounts and instansi (and its few thousand demo applicants) to import beside, loaded
  // by a first start that is stopped at once: a server with SEED_DEMO draws the documents of the
  // demo's fixed applicants after it starts (DEMO_DOKUMEN=0 or not), which leaves its process some
  // 300 MB larger a few seconds later (bench/impor/README.md, 2026-12-03) – counted as the import's
  // growth until then. The server that imports starts on the loaded database without it.
  if (!REUSE) await stop((await startServer(PORT, { ...env, SEED_DEMO: 'true' })).child);
  const { child } = await startServer(PORT, { ...env, SEED_DEMO: 'false' });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const headers = await session(base, 'superadmin');
    const before = rssMb(child.pid);
    const row = (label, r, target) => ({
      run: label,
      'check (s)': seconds(r.checkS),
      'apply (s)': seconds(r.applyS),
      'total (s)': seconds(r.checkS + r.applyS),
      target,
      new: r.job.baru,
      changed: r.job.berubah,
      unchanged: r.report.sama,
      rejected: r.report.ditolak,
      'rows/s (apply)': r.job.barisPerDetik,
      'RSS growth (MB)': Math.round(r.peak - before),
    });
    const runs = [];
    if (AGAIN_ONLY) {
      // Earlier checks' staged rows go first, so each build's check finds the same tables.
      await db.query('TRUNCATE impor_baris, impor_tolak');
      const again = await imporFile(headers, 'pelamar', path.join(dir, 'pelamar.csv'), child.pid);
      runs.push(row('same file again', again, '≤ 120 s, 0 changes'));
      console.table(runs);
    } else if (REUSE)
      console.log('BENCH_REUSE: the applicants of an earlier run are kept; their imports are not repeated');
    else {
      await imporFile(headers, 'formasi', path.join(dir, 'formasi.csv'), child.pid);
      const first = await imporFile(headers, 'pelamar', path.join(dir, 'pelamar.csv'), child.pid);
      const again = await imporFile(headers, 'pelamar', path.join(dir, 'pelamar.csv'), child.pid);
      runs.push(row('first import', first, '≤ 300 s'), row('same file again', again, '≤ 120 s, 0 changes'));
      console.table(runs);
    }

    if (DOKUMEN > 0) {
      const zip = path.join(dir, 'dokumen.zip');
      const tz = performance.now();
      writeDokumenZip(zip, DOKUMEN);
      const gb = (statSync(zip).size / 1e9).toFixed(2);
      console.log(
        `generated ${DOKUMEN.toLocaleString('en')} documents (${gb} GB ZIP) in ${seconds((performance.now() - tz) / 1000)} s`,
      );
      const docs = await imporFile(headers, 'dokumen', zip, child.pid);
      runs.push(row(`${DOKUMEN.toLocaleString('en')} documents (${gb} GB ZIP)`, docs, '≤ 600 s'));
      console.table(runs);
    }

    if (VERIFIERS > 0) {
      const second = path.join(dir, 'pelamar-2.csv');
      // New applicants: after the first file's, or after every earlier run's (BENCH_REUSE).
      await writePelamar(second, N, Number(process.env.BENCH_SECOND_FROM ?? N));
      const {
        alone,
        busy,
        result,
        seconds: during,
      } = await verifiersDuring(
        db,
        (username) => session(base, username),
        () => imporFile(headers, 'pelamar', second, child.pid),
      );
      console.log(`${VERIFIERS} verifiers alone (${VERIFY_ALONE_SECONDS} s): ${alone.stats.decided.length} decisions`);
      console.table(alone.table(150));
      console.log(
        `${VERIFIERS} verifiers during the first ${seconds(during)} s of importing ${N.toLocaleString('en')} new applicants: ${busy.stats.decided.length} decisions`,
      );
      console.table(busy.table(150));
      // How far the import got meanwhile: what the people's speed cost it.
      const cek = (await db.query('SELECT status, dibaca FROM impor_cek ORDER BY dibuat_at DESC LIMIT 1')).rows[0];
      console.log(`the check had read ${cek?.dibaca?.toLocaleString('en')} rows by then (${cek?.status})`);
      for (const sample of busy.stats.errorSamples) console.log(`  ${sample}`);
      if (process.env.BENCH_WAIT_IMPORT === '1') {
        runs.push(row(`${N.toLocaleString('en')} new applicants, verifiers at work at first`, await result, '–'));
        console.table(runs);
      }
    }
    console.log(`server RSS before ${Math.round(before)} MB; target growth ≤ 300 MB`);
  } finally {
    await db.end();
    await stop(child);
    if (!process.env.BENCH_KEEP) await rm(dir, { recursive: true, force: true });
  }
}

await main();
