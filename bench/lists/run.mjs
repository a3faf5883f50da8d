// Benchmarks the applicant lists at national scale (issue #3; see README.md). Prints figures and
// the targets beside them; asserts nothing. Needs PostgreSQL (BENCH_DATABASE_URL, default the
// local `bench_lists` database, created if missing) and a built server (npm run build).
import { execFileSync, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureData, session, startServer, stop, wrk } from '../lib.mjs';
import { counters as countersSql, firstPageIds, pageRows } from './statements.mjs';

const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_lists';
const PORT = Number(process.env.BENCH_PORT ?? 3310);
const base = `http://127.0.0.1:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const concurrencies = (process.env.BENCH_CLIENTS ?? '1,16,64').split(',').map(Number);
const INSTANSI = 3; // the instansi planBlocks gives a quarter of all applicants (CPNS)
const filesDir = path.join(tmpdir(), 'bench-lists-files');
const SERVER_ENV = {
  DATABASE_URL: dbUrl,
  DB_POOL_SIZE: '20',
  DATA_DIR: filesDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SEED_DEMO: 'false',
};

const drive = (headers, payload, connections) =>
  wrk(`${base}/api/cpns/admin/filter`, {
    method: 'POST',
    headers,
    body: JSON.stringify(payload),
    connections,
    seconds,
  });

function pgbench(sqlText, clients) {
  const file = path.join(tmpdir(), `bench-lists-${process.pid}.sql`);
  writeFileSync(file, sqlText);
  const out = execFileSync(
    'pgbench',
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, 2)),
      '-T',
      String(seconds),
      '-f',
      file,
      dbUrl,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? 0);
  return { tps: Math.round(tps), latency };
}

const state = (overrides) => ({
  filter: {},
  paginator: { page: 1, pageSize: 10, total: 0, pageSizes: [] },
  sorting: { column: 'id', direction: 'asc' },
  searchTerm: '',
  grouping: { selectedRowIds: [], itemIds: [] },
  ...overrides,
});

// The SQL the API runs per request (modules/pelamar/queries.ts): the page of ids, the counts
// (counters for a whole view, one GROUP BY otherwise) and the page's details.
const scope = `track = 'cpns' AND instansi_id = ${INSTANSI}`;
const counters = `${countersSql(scope)};`;
const details = `${pageRows(firstPageIds(scope))};`;
// Name tokens carry instansi and track (migration 0004), so the query needs no other scope.
const nameWhere = `nama_kata @@ 'i${INSTANSI}t1_siti:*'::tsquery`;

async function main() {
  const { seededMs } = await ensureData(dbUrl, filesDir);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const nik = (await db.query(`SELECT nik FROM pelamar WHERE ${scope} ORDER BY id OFFSET 123456 LIMIT 1`)).rows[0].nik;
  await db.end();

  const cases = [
    {
      name: 'first page',
      target: 50,
      body: state({}),
      sql: `${firstPageIds(scope)};\n${counters}\n${details}`,
    },
    {
      name: 'status TMS',
      target: 50,
      body: state({ filter: { statusVerifikasi: 'TMS' } }),
      sql: `SELECT id FROM pelamar WHERE ${scope} AND status_verifikasi = 'TMS' ORDER BY id LIMIT 10;\n${counters}\n${details}`,
    },
    {
      name: 'sorted by name',
      target: 50,
      body: state({ sorting: { column: 'nama', direction: 'asc' } }),
      sql: `SELECT id FROM pelamar WHERE ${scope} ORDER BY nama_cari, id LIMIT 10;\n${counters}\n${details}`,
    },
    {
      name: 'NIK search',
      target: 50,
      body: state({ searchTerm: nik }),
      sql: `SELECT id FROM pelamar WHERE ${scope} AND (nik = '${nik}' OR no_peserta = '${nik}') ORDER BY id LIMIT 10;\nSELECT status_verifikasi, count(*) FROM pelamar WHERE ${scope} AND (nik = '${nik}' OR no_peserta = '${nik}') GROUP BY 1;\n${details}`,
    },
    {
      name: 'name prefix "siti"',
      target: 150,
      body: state({ searchTerm: 'siti' }),
      sql: `SELECT id FROM pelamar WHERE ${nameWhere} ORDER BY id LIMIT 10;\nSELECT status_verifikasi, count(*) FROM pelamar WHERE ${nameWhere} GROUP BY 1;\n${details}`,
    },
    {
      name: 'deep page 10 000',
      target: 150,
      body: state({ paginator: { page: 10_000, pageSize: 10 } }),
      sql: `SELECT id FROM pelamar WHERE ${scope} ORDER BY id LIMIT 10 OFFSET 99990;\n${counters}\n${details}`,
    },
  ];

  const only = process.env.BENCH_CASES?.split(',');
  if (only) cases.splice(0, cases.length, ...cases.filter((c) => only.some((part) => c.name.includes(part))));
  const { child: server } = await startServer(PORT, SERVER_ENV);
  const headers = await session(base, 'admin.cpns');
  // Single requests between the runs on a fresh connection: an idle one may be closed under them.
  const fresh = { ...headers, connection: 'close' };
  const rows = [];
  for (const benchCase of cases) {
    const check = await fetch(`${base}/api/cpns/admin/filter`, {
      method: 'POST',
      headers: fresh,
      body: JSON.stringify(benchCase.body),
    });
    const answer = await check.json();
    if (!check.ok) throw new Error(`${benchCase.name}: ${check.status} ${JSON.stringify(answer)}`);
    for (const clients of concurrencies) {
      const api = await drive(headers, benchCase.body, clients);
      const sqlRun = pgbench(benchCase.sql, clients);
      rows.push({
        case: benchCase.name,
        clients,
        'api req/s': api.rps,
        'p50 ms': api.p50,
        'p95 ms': api.p95,
        'p99 ms': api.p99,
        'p95 target': clients === 16 ? `≤ ${benchCase.target}` : '',
        'sql tps': sqlRun.tps,
        'api/sql': sqlRun.tps ? `${Math.round((100 * api.rps) / sqlRun.tps)} %` : '',
        errors: api.errors,
        rows: answer.recordsTotal,
      });
    }
  }
  console.table(rows);

  // For scale: the same first-page statements through node:http and pg alone (floor.mjs).
  const floorPort = PORT + 1;
  const floor = fork(path.join(import.meta.dirname, 'floor.mjs'), {
    env: { ...process.env, FLOOR_DATABASE_URL: dbUrl, FLOOR_PORT: String(floorPort), FLOOR_INSTANSI: String(INSTANSI) },
  });
  await new Promise((resolve) => floor.once('message', resolve));
  const firstPage = rows.filter((row) => row.case === 'first page');
  console.table(
    firstPage.map((row) => {
      const bare = wrk(`http://127.0.0.1:${floorPort}/`, {
        method: 'POST',
        body: '{}',
        connections: row.clients,
        seconds,
      });
      return {
        'first page': 'node:http + pg only',
        clients: row.clients,
        'req/s': bare.rps,
        'p95 ms': bare.p95,
        'sql tps': row['sql tps'],
        'floor/sql': `${Math.round((100 * bare.rps) / row['sql tps'])} %`,
        'api/floor': `${Math.round((100 * row['api req/s']) / bare.rps)} %`,
        errors: bare.errors,
      };
    }),
  );
  await stop(floor);

  // Export of the large instansi's 250 000 rows: time and the server's peak memory growth.
  const pid = server.pid;
  if (process.env.BENCH_SKIP_EXPORT) {
    await stop(server);
    return;
  }
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const exports = [];
  for (const format of ['csv', 'xlsx']) {
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
    const started = performance.now();
    const res = await fetch(`${base}/api/cpns/admin/export`, {
      method: 'POST',
      headers: fresh,
      body: JSON.stringify({ format, filter: {}, sorting: { column: 'nama', direction: 'asc' }, searchTerm: '' }),
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    clearInterval(sampler);
    exports.push({
      format,
      status: res.status,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      MB: Number((bytes / 1_048_576).toFixed(1)),
      'rss before MB': Math.round(before),
      'peak growth MB': Math.round(peak - before),
      target: '≤ 30 s, ≤ 150 MB',
    });
  }
  console.table(exports);
  console.log(
    seededMs === null
      ? 'Seeding: reused the existing 1 M applicants (BENCH_RESEED=1 to time a fresh load).'
      : `Seeding 1 M applicants (+ documents, scores): ${(seededMs / 1000).toFixed(1)} s (target ≤ 300 s).`,
  );
  await stop(server);
}

await main();
