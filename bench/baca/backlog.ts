// Issue #35 (see README.md): a backlog of documents being read beside verifiers at work. On the
// 1 M load of bench/verify (PostgreSQL), BENCH_BACKLOG documents (default 10,000) of applicants
// outside the verifiers' instansi are put up for reading – BENCH_ASLI applicants get generated
// documents (drawn discrepancies included) and the backlog's other document rows point at those
// scans, so every job is a real OCR of a KTP photo or a scanned PDF. bench/verify's verifiers
// (BENCH_VERIFIERS, default 16) then work for BENCH_SECONDS per phase:
// alone (no reader anywhere), while `npm run worker` reads (BENCH_PEKERJA readers, default 1) at
// full priority (BACA_NICE=0), alone, while it reads at BACA_NICE (default 10), alone, while the
// server's own readers read (BACA_PEKERJA on the instance serving the verifiers), alone. Prints per
// phase the verifiers' p50/p95 per step, each reading phase's p95 against the mean of the alone
// phases on either side (the issue's bound: ≤ 1.5×), the documents read per minute and the time
// the backlog would take at that rate. Asserts nothing.
//
// Run (PostgreSQL on 127.0.0.1:5432, a built server): npm run build && npx tsx bench/baca/backlog.ts

import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../../apps/server/src/db/schema.js';
import { seedDokumenContoh } from '../../apps/server/src/db/seed/dokumen-contoh.js';
import { antreBaca } from '../../apps/server/src/modules/baca/antrean.js';
import { PostgresBerkasStore } from '../../apps/server/src/storage/postgres-berkas-store.js';
import { ensureData, percentile, root, session, startServer, stop } from '../lib.mjs';
import { prepareVerifiers, STEPS, verifikasiLoad } from '../verify/loop.mjs';

const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_verify';
const PORT = Number(process.env.BENCH_PORT ?? 3312);
const base = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const VERIFIERS = Number(process.env.BENCH_VERIFIERS ?? 16);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 10_000);
const ASLI = Number(process.env.BENCH_ASLI ?? 80);
const PEKERJA = process.env.BENCH_PEKERJA ?? '1';
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
const INSTANSI_VERIFIKATOR = 3;
const SCHEMA = 'pgboss_bench_baca';
const filesDir = path.join(tmpdir(), 'bench-verify-files');
const JENIS = ['KTP', 'IJAZAH', 'TRANSKRIP', 'STR'];

const env = {
  DATABASE_URL: dbUrl,
  DATA_DIR: filesDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SEED_DEMO: 'false',
  DEMO_DOKUMEN: '0',
  ANTREAN_SCHEMA: SCHEMA,
  LOG_LEVEL: 'warn',
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Generated documents for ASLI applicants, and BACKLOG document rows pointing at them, all put up for reading. */
async function siapkanBacklog(db: Kysely<DB>): Promise<number> {
  await sql`DROP SCHEMA IF EXISTS ${sql.id(SCHEMA)} CASCADE`.execute(db);
  await sql`TRUNCATE temuan_dokumen, dokumen_bacaan, demo_cacat`.execute(db);
  await sql`UPDATE pelamar SET temuan_otomatis = 0 WHERE temuan_otomatis <> 0`.execute(db);
  // Undecided applicants of every track outside the verifiers' instansi, a quarter each.
  const asli = (
    await sql<{ id: number }>`
      SELECT id FROM (
        SELECT id, row_number() OVER (PARTITION BY track ORDER BY id) AS n FROM pelamar
        WHERE instansi_id <> ${INSTANSI_VERIFIKATOR} AND status_verifikasi = 'BELUM'
          AND id IN (SELECT pelamar_id FROM dokumen WHERE jenis = 'KTP')) p
      WHERE n <= ${Math.ceil(ASLI / 4)} ORDER BY id`.execute(db)
  ).rows.map((row) => Number(row.id));
  const store = new PostgresBerkasStore(db);
  const started = performance.now();
  const made = await seedDokumenContoh(db, store, asli, { seed: 3500 });
  console.log(
    `${asli.length} applicants got generated documents: ${made.dokumen} files (${made.cacat} discrepancies) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const scans = await db
    .selectFrom('dokumen')
    .where('pelamar_id', 'in', asli)
    .where('jenis', 'in', JENIS)
    .select(['id', 'jenis', 'berkas_sha256', 'nama_file'])
    .execute();
  const perJenis = new Map<string, typeof scans>();
  for (const scan of scans) perJenis.set(scan.jenis, [...(perJenis.get(scan.jenis) ?? []), scan]);
  const sasaran = await db
    .selectFrom('dokumen')
    .where('instansi_id', '<>', INSTANSI_VERIFIKATOR)
    .where('jenis', 'in', JENIS)
    .where('pelamar_id', 'not in', asli)
    .select(['id', 'jenis'])
    .orderBy('id')
    .limit(BACKLOG - scans.length)
    .execute();
  const dipakai = sasaran.map((doc, i) => {
    const pilihan = perJenis.get(doc.jenis) ?? [];
    return { id: Number(doc.id), scan: pilihan[i % pilihan.length] };
  });
  await sql`
    UPDATE dokumen d SET berkas_sha256 = v.sha, nama_file = v.nama
    FROM unnest(${dipakai.map((d) => d.id)}::bigint[], ${dipakai.map((d) => d.scan.berkas_sha256)}::text[],
                ${dipakai.map((d) => d.scan.nama_file)}::text[]) AS v (id, sha, nama)
    WHERE d.id = v.id`.execute(db);
  const semua = [...scans.map((scan) => Number(scan.id)), ...dipakai.map((d) => d.id)];
  await antreBaca(db, semua);
  return semua.length;
}

interface Fase {
  nama: string;
  latencies: Record<string, number[]>;
  errors: number;
  decisions: number;
  dibaca: number | null;
  detik: number;
}

async function dibaca(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('dokumen_bacaan')
    .where('status', 'in', ['SELESAI', 'GAGAL'])
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits until a reader has finished its first document (its engine loaded). */
async function pembacaSiap(db: Kysely<DB>, sebelum: number) {
  const until = performance.now() + 180_000;
  while ((await dibaca(db)) <= sebelum) {
    if (performance.now() > until) throw new Error('no document read within 3 minutes');
    await pause(500);
  }
}

async function fase(db: Kysely<DB>, nama: string, sessions: unknown[], membaca: boolean): Promise<Fase> {
  const load = verifikasiLoad({ base, verifiers: VERIFIERS, thinkMs: THINK_MS });
  const before = await dibaca(db);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await load.run(sessions, () => performance.now() >= deadline);
  const detik = (performance.now() - started) / 1000;
  const after = await dibaca(db);
  const result = {
    nama,
    latencies: load.stats.latencies,
    errors: STEPS.reduce((sum: number, step: string) => sum + load.stats.errors[step], 0),
    decisions: load.stats.decided.length,
    dibaca: membaca ? after - before : null,
    detik,
  };
  console.log(
    `${nama}: ${result.decisions} decisions, ${result.errors} errors${membaca ? `, ${result.dibaca} documents read` : ''} in ${detik.toFixed(0)} s`,
  );
  return result;
}

async function main() {
  await ensureData(dbUrl, filesDir);
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const backlog = await siapkanBacklog(db);
  console.log(`${backlog} documents put up for reading`);

  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const verifiers = await prepareVerifiers(client, { instansiId: INSTANSI_VERIFIKATOR, count: VERIFIERS });
  await client.end();

  const NICE = process.env.BACA_NICE ?? '10';
  let server = (await startServer(PORT, { ...env, BACA_PEKERJA: '0' })).child;
  const login = async () => Promise.all(verifiers.usernames.map((username: string) => session(base, username)));
  let sessions = await login();
  const phases: Fase[] = [];
  const alone = async () => phases.push(await fase(db, `${phases.length + 1}. alone`, sessions, false));
  await alone();
  // `npm run worker` as one process (tsx, in this process's session as a service manager would
  // start it beside the instance): its BACA_NICE counts against the instance's threads.
  for (const nice of ['0', NICE]) {
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker-cli.ts'], {
      cwd: path.join(root, 'apps/server'),
      env: { ...process.env, ...env, BACA_PEKERJA: PEKERJA, BACA_NICE: nice },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await pembacaSiap(db, await dibaca(db));
    const nama = `${phases.length + 1}. npm run worker reading (${PEKERJA} reader, BACA_NICE=${nice})`;
    phases.push(await fase(db, nama, sessions, true));
    await new Promise((resolve) => {
      worker.once('exit', resolve);
      worker.kill('SIGTERM');
    });
    await alone();
  }
  await stop(server);
  server = (await startServer(PORT, { ...env, BACA_PEKERJA: PEKERJA, BACA_NICE: NICE })).child;
  sessions = await login();
  await pembacaSiap(db, await dibaca(db));
  const nama = `${phases.length + 1}. the server's own readers reading (${PEKERJA}, BACA_NICE=${NICE})`;
  phases.push(await fase(db, nama, sessions, true));
  await stop(server);
  server = (await startServer(PORT, { ...env, BACA_PEKERJA: '0' })).child;
  sessions = await login();
  await alone();
  await stop(server);

  const left = await db
    .selectFrom('dokumen_bacaan')
    .where('status', 'in', ['ANTRE', 'DIBACA'])
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const p95 = (f: Fase, step: string) =>
    percentile(
      [...f.latencies[step]].sort((a, b) => a - b),
      95,
    );
  const p50 = (f: Fase, step: string) =>
    percentile(
      [...f.latencies[step]].sort((a, b) => a - b),
      50,
    );
  // Each reading phase against the alone phases on either side of it (the machine drifts, and the
  // applicants decided make later phases a little slower).
  const besides = (f: Fase, step: string) => {
    const i = phases.indexOf(f);
    return ((p95(phases[i - 1] as Fase, step) + p95(phases[i + 1] as Fase, step)) / 2) as number;
  };
  console.log(
    `\n${VERIFIERS} verifiers${THINK_MS ? ` (pausing ~${THINK_MS} ms before each save)` : ' flat out'}, ${SECONDS} s per phase, ${backlog} documents in the backlog\n`,
  );
  console.log(
    `| phase | decisions/s | documents/min | ${STEPS.map((s) => `${s} p50 / p95 ms (× alone)`).join(' | ')} |`,
  );
  console.log(`|---|---|---|${STEPS.map(() => '---').join('|')}|`);
  for (const f of phases) {
    const cells = STEPS.map((step) => {
      const ratio = f.dibaca === null ? '' : ` (${(p95(f, step) / besides(f, step)).toFixed(2)}×)`;
      return `${p50(f, step).toFixed(0)} / ${p95(f, step).toFixed(0)}${ratio}`;
    });
    console.log(
      `| ${f.nama} | ${(f.decisions / f.detik).toFixed(1)} | ${f.dibaca === null ? '–' : ((f.dibaca * 60) / f.detik).toFixed(1)} | ${cells.join(' | ')} |`,
    );
  }
  const rates = phases.filter((f) => f.dibaca !== null).map((f) => (f.dibaca as number) / f.detik);
  const rate = Math.max(...rates);
  console.log(
    `\n${left.n} documents still waiting; at ${(rate * 60).toFixed(1)} per minute the backlog of ${backlog} drains in ${(backlog / rate / 3600).toFixed(1)} h (the rest in ${(Number(left.n) / rate / 3600).toFixed(1)} h).`,
  );
  await db.destroy();
}

await main();
