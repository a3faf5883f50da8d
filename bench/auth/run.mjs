// Benchmarks the sign-in path (see README.md). Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer as startBuiltServer, stop } from '../lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://127.0.0.1:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-auth-'));

const startServer = () => startBuiltServer(PORT, { DATA_DIR: dataDir, SEED_DEMO: 'true' });

async function run(title, connections, { path: urlPath, ...options }) {
  // autocannon takes the path from `url` (its own `path` option is not applied here).
  const result = await autocannon({ url: `${base}${urlPath}`, connections, duration: seconds, ...options });
  const l = result.latency;
  const errors = result.non2xx + result.errors;
  return {
    case: title,
    clients: connections,
    'req/s': Math.round(result.requests.average),
    'p50 ms': l.p50,
    'p97.5 ms': l.p97_5,
    'p99 ms': l.p99,
    errors,
  };
}

const cold = await startServer();
await stop(cold.child);
const server = await startServer();

const health = await fetch(`${base}/api/health`);
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
const loginBody = JSON.stringify({ username: 'verifikator.cpns', password: 'Demo#2024', token: null });
const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers, body: loginBody });
const { accessToken } = await login.json();

const rows = [];
for (const c of [1, 16])
  rows.push(
    await run('POST /api/auth/login', c, { path: '/api/auth/login', method: 'POST', headers, body: loginBody }),
  );
for (const c of [1, 16, 64]) {
  rows.push(
    await run('GET /api/auth/check-token', c, {
      path: '/api/auth/check-token',
      headers: { authorization: `Bearer ${accessToken}` },
    }),
  );
}
await stop(server.child);
rmSync(dataDir, { recursive: true, force: true });

console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}; ${seconds} s per case`);
console.log(
  `cold start to healthy (migrate + seed): ${Math.round(cold.readyMs)} ms; warm restart: ${Math.round(server.readyMs)} ms`,
);
console.table(rows);
