// Benchmarks the verification loop at national scale (issue #4; see README.md): simulated
// verifiers claim, load and decide applicants for a while, then the database is checked for lost
// or double decisions. Prints figures and the targets beside them; asserts nothing. Needs
// PostgreSQL (BENCH_DATABASE_URL, default the local `bench_verify` database, created if missing)
// and a built server (npm run build).
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminSummaries, ensureData, session, startServer, stop } from '../lib.mjs';
import { prepareVerifiers, STEPS, verifikasiLoad } from './loop.mjs';

const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_verify';
const PORT = Number(process.env.BENCH_PORT ?? 3311);
const base = `http://127.0.0.1:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 120);
const verifiers = Number(process.env.BENCH_VERIFIERS ?? 64);
const INSTANSI = 3; // the instansi planBlocks gives a quarter of all applicants (CPNS)
const TARGET_P95 = 100; // ms, per step
// Pause between loading an applicant and saving the decision (a person reading): 0 = flat out.
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 0);
const filesDir = path.join(tmpdir(), 'bench-verify-files');

/** The admin list's BELUM count (counters plus the deltas not yet rolled up). */
async function belumCount(headers) {
  const summaries = await adminSummaries(base, headers);
  return summaries.find((s) => s.statusVerifikasi === 'BELUM')?.jumlah ?? 0;
}

const verdict = (ok) => (ok ? 'OK' : 'FAILED');

async function main() {
  const { seededMs } = await ensureData(dbUrl, filesDir);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const { child: server } = await startServer(PORT, {
    DATABASE_URL: dbUrl,
    DB_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '20',
    DATA_DIR: filesDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_DEMO: 'false',
  });
  const bench = await prepareVerifiers(db, { instansiId: INSTANSI, count: verifiers });
  const { stats, run, table } = verifikasiLoad({ base, verifiers, thinkMs });
  const heldBefore = Number(
    (await db.query('SELECT count(*) AS n FROM pelamar WHERE klaim_oleh = ANY($1::int[])', [bench.ids])).rows[0].n,
  );

  const adminHeaders = await session(base, 'admin.cpns');
  const sessions = [];
  for (let i = 0; i < bench.usernames.length; i += 8) {
    sessions.push(...(await Promise.all(bench.usernames.slice(i, i + 8).map((username) => session(base, username)))));
  }

  const belumBefore = await belumCount(adminHeaders);
  const start = (await db.query('SELECT now() AS at')).rows[0].at;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let last = { at: started, decided: 0 };
  const progress = setInterval(() => {
    const now = performance.now();
    const errors = STEPS.reduce((sum, step) => sum + stats.errors[step], 0);
    const rate = ((stats.decided.length - last.decided) * 1000) / (now - last.at);
    console.log(
      `${Math.round((now - started) / 1000)} s: ${stats.decided.length} decisions (${rate.toFixed(1)}/s in the last interval), ${errors} errors`,
    );
    last = { at: now, decided: stats.decided.length };
  }, 15_000);
  await run(sessions, () => performance.now() >= deadline);
  clearInterval(progress);
  const elapsed = (performance.now() - started) / 1000;
  const belumAfter = await belumCount(adminHeaders);

  const made = stats.decided.length;
  console.log(
    `\n${verifiers} verifiers, ${elapsed.toFixed(1)} s: ${made} decisions (${stats.ms} MS, ${stats.tms} TMS), ` +
      `${(made / elapsed).toFixed(1)} decisions/s` +
      (stats.queueEmpty ? `; ${stats.queueEmpty} verifiers stopped on an empty queue` : ''),
  );
  console.table(table(TARGET_P95));
  if (stats.errorSamples.length) console.log(`First errors:\n  ${stats.errorSamples.join('\n  ')}`);

  // Consistency: what the database holds against what the verifiers were told.
  const counted = (
    await db.query(
      `SELECT count(*) FILTER (WHERE status_verifikasi = 'MS')::int AS ms,
              count(*) FILTER (WHERE status_verifikasi = 'TMS')::int AS tms, count(*)::int AS n
       FROM pelamar WHERE verifikator_id = ANY($1::int[]) AND tgl_verifikasi >= $2`,
      [bench.ids, start],
    )
  ).rows[0];
  const distinct = new Set(stats.decided).size;
  const auditDoubles = (
    await db.query(
      `SELECT entity_id, count(*)::int AS n FROM audit_event
       WHERE action = 'VERIFIKASI' AND at >= $1 AND actor_username LIKE 'bench.verifikator.%'
       GROUP BY 1 HAVING count(*) > 1`,
      [start],
    )
  ).rows;
  const auditEvents = (
    await db.query(
      `SELECT count(*)::int AS n FROM audit_event
       WHERE action = 'VERIFIKASI' AND at >= $1 AND actor_username LIKE 'bench.verifikator.%'`,
      [start],
    )
  ).rows[0].n;
  const held = (
    await db.query(
      `SELECT count(*)::int AS n, coalesce(max(per), 0)::int AS most
       FROM (SELECT klaim_oleh, count(*) AS per FROM pelamar WHERE klaim_oleh = ANY($1::int[]) GROUP BY 1) h`,
      [bench.ids],
    )
  ).rows[0];
  await db.end();
  const checks = [
    {
      check: '(a) decisions counted = decisions made',
      result: verdict(counted.n === made && counted.ms === stats.ms && counted.tms === stats.tms),
      figures: `database ${counted.n} (${counted.ms} MS, ${counted.tms} TMS), verifiers ${made} (${stats.ms} MS, ${stats.tms} TMS)`,
    },
    {
      check: '(b) no applicant decided twice (client)',
      result: verdict(distinct === made),
      figures: `${distinct} distinct ids of ${made} decisions`,
    },
    {
      check: '(b) no applicant decided twice (audit)',
      result: verdict(auditDoubles.length === 0 && auditEvents === made),
      figures: `${auditDoubles.length} ids with > 1 VERIFIKASI event; ${auditEvents} events for ${made} decisions`,
    },
    {
      check: `(c) claims held ≤ ${verifiers}, ≤ 1 per verifier`,
      result: verdict(held.n <= verifiers && held.most <= 1),
      figures: `${held.n} held at the end (${heldBefore} before), at most ${held.most} by one verifier`,
    },
    {
      check: '(d) admin list BELUM fell by decisions made',
      result: verdict(belumBefore - belumAfter === made),
      figures: `${belumBefore} → ${belumAfter} (−${belumBefore - belumAfter}), ${made} decisions`,
    },
  ];
  console.table(checks);
  if (auditDoubles.length) console.log('Decided twice (audit):', auditDoubles.slice(0, 10));
  console.log(
    seededMs === null
      ? 'Seeding: reused the existing 1 M applicants (BENCH_RESEED=1 for a fresh load).'
      : `Seeding 1 M applicants (+ documents, scores): ${(seededMs / 1000).toFixed(1)} s.`,
  );
  await stop(server);
}

await main();
