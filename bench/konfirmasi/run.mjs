// Benchmarks the Non-ASN reads (issue #5; see README.md): the confirmation dashboard and the first
// page of Data Non ASN, for a national monitor and for an instansi, at benchmark size (≈300 k
// Non-ASN rows). Prints figures with the target beside them; asserts nothing. Needs PostgreSQL
// (BENCH_DATABASE_URL, default the local `bench_nonasn` database, created if missing) and a built
// server (npm run build).
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminUrl, percentile, root, session, startServer, stop } from '../lib.mjs';

const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_nonasn';
const PORT = Number(process.env.BENCH_PORT ?? 3311);
const base = `http://127.0.0.1:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const concurrencies = (process.env.BENCH_CLIENTS ?? '1,16').split(',').map(Number);
const NONASN = Number(process.env.BENCH_NONASN ?? 300_000);
// Only the Non-ASN rows matter here: a small applicant load keeps the seeding short.
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 100_000);
const BOGOR = 4; // the instansi planNonAsn gives 30 % of the rows (admin.pppk)
const filesDir = path.join(tmpdir(), 'bench-nonasn-files');
const SERVER_ENV = {
  DATABASE_URL: dbUrl,
  DB_POOL_SIZE: '20',
  DATA_DIR: filesDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SEED_DEMO: 'false',
};

/** Creates the database if missing and loads the Non-ASN rows unless it holds them already. */
async function ensureNonAsn() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dbName = new URL(dbUrl).pathname.slice(1);
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const have = await db
    .query('SELECT count(*)::int AS n FROM nonasn')
    .then((r) => r.rows[0].n)
    .catch(() => 0);
  if (have !== NONASN || process.env.BENCH_RESEED) {
    const started = performance.now();
    execFileSync(
      'npm',
      [
        'run',
        'seed',
        '--',
        '--applicants',
        String(APPLICANTS),
        '--nonasn',
        String(NONASN),
        '--no-documents',
        '--reset',
      ],
      { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: filesDir }, stdio: 'inherit' },
    );
    console.info(`Dimuat dalam ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await db.query('VACUUM ANALYZE');
  const sizes = await db.query(
    `SELECT (SELECT count(*)::int FROM nonasn) AS total,
            (SELECT count(*)::int FROM nonasn WHERE instansi_id = $1) AS bogor,
            (SELECT count(*)::int FROM nonasn_count) AS counters`,
    [BOGOR],
  );
  await db.end();
  return sizes.rows[0];
}

async function drive(url, headers, payload, connections, duration = seconds) {
  const latencies = [];
  const result = await autocannon({
    url: `${base}${url}`,
    method: 'POST',
    headers,
    body: JSON.stringify(payload),
    connections,
    duration,
    setupClient: (client) => client.on('response', (_status, _bytes, time) => latencies.push(time)),
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(result.requests.average),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.non2xx + result.errors,
  };
}

const table = (filter = {}, extra = {}) => ({
  filter,
  paginator: { page: 1, pageSize: 10 },
  sorting: { column: 'id', direction: 'asc' },
  searchTerm: '',
  ...extra,
});
const dashboardBody = (filter = {}, sorting = { column: 'instansi', direction: 'asc' }) => ({
  filter,
  paginator: { page: 1, pageSize: 10 },
  sorting,
});

const CASES = [
  ['dashboard, nasional (nonasn.bkn)', 'bkn', '/api/pppk/dashboard-konfirmasi/filter', dashboardBody()],
  [
    'dashboard, nasional, urut kemajuan',
    'bkn',
    '/api/pppk/dashboard-konfirmasi/filter',
    dashboardBody({}, { column: 'persen', direction: 'desc' }),
  ],
  [
    'dashboard, satu instansi (Bogor)',
    'bkn',
    '/api/pppk/dashboard-konfirmasi/filter',
    dashboardBody({ instansiId: BOGOR }),
  ],
  ['Data Non ASN hal. 1, admin instansi (admin.pppk)', 'admin', '/api/pppk/nonasn/filter', table()],
  [
    'Data Non ASN hal. 1, status BELUM, admin',
    'admin',
    '/api/pppk/nonasn/filter',
    table({ statusKonfirmasi: 'BELUM' }),
  ],
  [
    'Data Non ASN hal. 1, urut nama, admin',
    'admin',
    '/api/pppk/nonasn/filter',
    table({}, { sorting: { column: 'nama', direction: 'asc' } }),
  ],
  ['Data Non ASN hal. 1, nasional (nonasn.bkn)', 'bkn', '/api/pppk/nonasn/filter', table()],
  ['Data Non ASN cari nama "siti", admin', 'admin', '/api/pppk/nonasn/filter', table({}, { searchTerm: 'siti' })],
];

const only = process.env.BENCH_CASES?.split(',');
const cases = only ? CASES.filter(([name]) => only.some((part) => name.includes(part))) : CASES;
const sizes = await ensureNonAsn();
console.info(
  `Data Non ASN: ${sizes.total.toLocaleString('id-ID')} baris, ${sizes.bogor.toLocaleString('id-ID')} di Bogor; ${sizes.counters} baris penghitung.`,
);
const { child } = await startServer(PORT, SERVER_ENV);
try {
  const headers = { bkn: await session(base, 'nonasn.bkn'), admin: await session(base, 'admin.pppk') };
  const rows = [];
  for (const [name, who, url, payload] of cases) {
    // Warm up the plan cache and the pool.
    await drive(url, headers[who], payload, 4, 2);
    for (const connections of concurrencies) {
      const figures = await drive(url, headers[who], payload, connections);
      rows.push({ kasus: name, klien: connections, ...figures });
      console.info(
        `${name.padEnd(50)} ${String(connections).padStart(3)} klien  ${String(figures.rps).padStart(6)} req/s  ` +
          `p50 ${figures.p50} ms  p95 ${figures.p95} ms  p99 ${figures.p99} ms  galat ${figures.errors}`,
      );
    }
  }
  console.info('\nTarget: dashboard p95 ≤ 50 ms pada 16 klien.');
  console.table(rows);
} finally {
  await stop(child);
}
