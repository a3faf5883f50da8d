// Benchmarks the verification loop at national scale (issue #4; see README.md): simulated
// verifiers claim, load and decide applicants for a while, then the database is checked for lost
// or double decisions. Prints figures and the targets beside them; asserts nothing. Needs
// PostgreSQL (BENCH_DATABASE_URL, default the local `bench_verify` database, created if missing)
// and a built server (npm run build).
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminSummaries, ensureData, percentile, session, startServer, stop } from '../lib.mjs';

const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_verify';
const PORT = Number(process.env.BENCH_PORT ?? 3311);
const base = `http://127.0.0.1:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 120);
const verifiers = Number(process.env.BENCH_VERIFIERS ?? 64);
const INSTANSI = 3; // the instansi planBlocks gives a quarter of all applicants (CPNS)
const TARGET_P95 = 100; // ms, per step
const TMS_SHARE = 0.1;
// Pause between loading an applicant and saving the decision (a person reading): 0 = flat out.
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 0);
const filesDir = path.join(tmpdir(), 'bench-verify-files');

/** The verification window open, no final lock, and the bench's verifier accounts. */
async function prepare(db) {
  await db.query(
    `INSERT INTO jadwal_tahap (track, tahap, mulai, selesai)
     VALUES ('cpns', 'VERIFIKASI', now() - interval '1 day', now() + interval '30 days')
     ON CONFLICT (track, tahap) DO UPDATE SET mulai = excluded.mulai, selesai = excluded.selesai`,
  );
  await db.query(`DELETE FROM final_verifikasi WHERE instansi_id = $1 AND track = 'cpns'`, [INSTANSI]);
  const demo = await db.query(`SELECT password_hash FROM app_user WHERE username = 'verifikator.cpns'`);
  if (!demo.rowCount) throw new Error('the seeded account verifikator.cpns is missing');
  // Accounts are reused across runs (applicants and audit events refer to them); missing ones are
  // added, existing ones reset to the bench's password and role. Usernames are unique (lower()).
  const usernames = Array.from({ length: verifiers }, (_, i) => `bench.verifikator.${i + 1}`);
  await db.query(
    `INSERT INTO app_user (username, fullname, email, password_hash, instansi_id, authorities, is_cpns)
     SELECT u, 'Bench Verifikator ' || n, u || '@bench.invalid', $2, $3, '{ROLE_VERIFIKATOR_CPNS}', true
     FROM unnest($1::text[]) WITH ORDINALITY AS t(u, n)
     ON CONFLICT DO NOTHING`,
    [usernames, demo.rows[0].password_hash, INSTANSI],
  );
  const { rows } = await db.query(
    `UPDATE app_user SET password_hash = $2, instansi_id = $3, authorities = '{ROLE_VERIFIKATOR_CPNS}',
       is_cpns = true, active = true
     WHERE username = ANY($1::text[]) RETURNING id, username`,
    [usernames, demo.rows[0].password_hash, INSTANSI],
  );
  if (rows.length !== verifiers) throw new Error(`expected ${verifiers} bench accounts, found ${rows.length}`);
  await db.query('DELETE FROM login_lockout WHERE username = ANY($1::text[])', [usernames]);
  return { usernames, ids: rows.map((r) => r.id) };
}

const ms = (value) => Number(value.toFixed(1));

/** The admin list's BELUM count (counters plus the deltas not yet rolled up). */
async function belumCount(headers) {
  const summaries = await adminSummaries(base, headers);
  return summaries.find((s) => s.statusVerifikasi === 'BELUM')?.jumlah ?? 0;
}

const STEPS = ['claim', 'detail', 'save'];
const stats = {
  latencies: Object.fromEntries(STEPS.map((step) => [step, []])),
  errors: Object.fromEntries(STEPS.map((step) => [step, 0])),
  errorSamples: [],
  decided: [],
  ms: 0,
  tms: 0,
  queueEmpty: 0,
};

// The verifiers' connections: node:http with keep-alive, which costs the shared two cores about
// half of what fetch does for the same requests (the load generator runs beside the server).
const agent = new http.Agent({ keepAlive: true, maxSockets: verifiers });

/** One HTTP request; resolves with the status and the whole body. */
function send(url, { method = 'GET', headers, body }) {
  return new Promise((resolve, reject) => {
    const options = {
      method,
      agent,
      headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
    };
    const req = http.request(url, options, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One request, timed until its body is read; non-2xx answers count as the step's errors. */
async function timed(step, url, init) {
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    ({ status, text } = await send(url, init));
  } catch (error) {
    text = String(error);
  }
  stats.latencies[step].push(performance.now() - started);
  const ok = status >= 200 && status < 300;
  if (!ok && !(step === 'claim' && status === 404 && text.includes('ANTRIAN_KOSONG'))) {
    stats.errors[step] += 1;
    if (stats.errorSamples.length < 8) stats.errorSamples.push(`${step} ${status}: ${text.slice(0, 300)}`);
  }
  return { ok, status, text };
}

const pause = (millis) => new Promise((r) => setTimeout(r, millis));

async function verifier(headers, deadline) {
  const api = `${base}/api/cpns/verifikator`;
  while (performance.now() < deadline) {
    const claim = await timed('claim', `${api}/ambil`, { method: 'POST', headers, body: '{"kecuali":[]}' });
    if (claim.status === 404 && claim.text.includes('ANTRIAN_KOSONG')) {
      stats.queueEmpty += 1;
      return;
    }
    if (!claim.ok) {
      await pause(100);
      continue;
    }
    const { id } = JSON.parse(claim.text);
    const detail = await timed('detail', `${api}/${id}`, { headers });
    if (!detail.ok) {
      await pause(100);
      continue;
    }
    const { dokumen, verifikasi } = JSON.parse(detail.text);
    const tms = Math.random() < TMS_SHARE;
    const cekDokumen = dokumen.map((d, i) =>
      tms && i === 0
        ? { dokumenId: d.id, sesuai: false, alasan: 'Tidak terbaca' }
        : { dokumenId: d.id, sesuai: true, alasan: null },
    );
    const body = {
      version: verifikasi.version,
      statusVerifikasi: tms ? 'TMS' : 'MS',
      cekDokumen,
      alasanTms: tms ? ['DOKUMEN_TIDAK_TERBACA'] : [],
      catatan: null,
    };
    if (thinkMs > 0) await pause(thinkMs * (0.5 + Math.random()));
    const save = await timed('save', `${api}/${id}`, { method: 'PUT', headers, body: JSON.stringify(body) });
    if (!save.ok) {
      await pause(100);
      continue;
    }
    stats.decided.push(id);
    stats[tms ? 'tms' : 'ms'] += 1;
  }
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
  const bench = await prepare(db);
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
  await Promise.all(sessions.map((headers) => verifier(headers, deadline)));
  clearInterval(progress);
  const elapsed = (performance.now() - started) / 1000;
  const belumAfter = await belumCount(adminHeaders);

  const made = stats.decided.length;
  console.log(
    `\n${verifiers} verifiers, ${elapsed.toFixed(1)} s: ${made} decisions (${stats.ms} MS, ${stats.tms} TMS), ` +
      `${(made / elapsed).toFixed(1)} decisions/s` +
      (stats.queueEmpty ? `; ${stats.queueEmpty} verifiers stopped on an empty queue` : ''),
  );
  console.table(
    STEPS.map((step) => {
      const sorted = stats.latencies[step].sort((a, b) => a - b);
      return {
        step,
        requests: sorted.length,
        errors: stats.errors[step],
        'p50 ms': ms(percentile(sorted, 50)),
        'p95 ms': ms(percentile(sorted, 95)),
        'p99 ms': ms(percentile(sorted, 99)),
        'max ms': ms(sorted.at(-1) ?? 0),
        'p95 target': `≤ ${TARGET_P95}`,
      };
    }),
  );
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
