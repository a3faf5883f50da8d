// Issue #22: two instances behind deploy/nginx.conf, in CI. A fresh database of its own on the
// machine's PostgreSQL (created here, dropped at the end), instance A seeds the demo data – its
// documents go into PostgreSQL, the default store – and instance B, with a data folder of its own
// and no seed, serves them too. nginx (Debian's package) runs this repository's configuration with
// the ports filled in, as the current user under a temporary prefix; the smoke of e2e/smoke-nginx
// runs through it (e2e/playwright.nginx.config.ts). Round robin, no sticky sessions: nginx's access
// log must show both instances answering. Finally both instances get SIGTERM and must exit 0.
//
//   node scripts/smoke-nginx.mjs   (builds when there is no build; nginx on NGINX_SMOKE_PORT, default
//                                   3720, instances on SMOKE_PORT_A/B, default 3711/3712; the database
//                                   server of SMOKE_DATABASE_URL or CI_DATABASE_URL)

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const PROXY_PORT = Number(process.env.NGINX_SMOKE_PORT ?? 3720);
const PORTS = [Number(process.env.SMOKE_PORT_A ?? 3711), Number(process.env.SMOKE_PORT_B ?? 3712)];
const PG_URL = process.env.SMOKE_DATABASE_URL ?? process.env.CI_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const JWT_SECRET = `rahasia-smoke-${randomBytes(24).toString('hex')}`;

const log = (line) => console.log(`[smoke-nginx] ${line}`);
const work = mkdtempSync(path.join(tmpdir(), 'portal-smoke-nginx-'));
const database = `portal_smoke_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
})();
const children = [];

async function admin(statement) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Polls a URL until it answers 200 (or the process exits, or the time is up). */
async function waitFor(url, child, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {}
    await sleep(500);
  }
  throw new Error(`${url} did not answer 200 within ${seconds} s`);
}

function startInstance(name, port, extra) {
  const dataDir = path.join(work, `data-${name}`);
  mkdirSync(dataDir);
  const logFile = path.join(work, `instance-${name}.log`);
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET,
      TRUST_PROXY: 'true',
      PUBLIC_URL: `http://127.0.0.1:${PROXY_PORT}`,
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
      // Issue #35: only Raja Ampat's demo documents (read in the background, not what this checks).
      DEMO_DOKUMEN: '0',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  child.on('exit', () => writeFileSync(logFile, output));
  child.output = () => output;
  child.label = `instance ${name} (:${port})`;
  children.push(child);
  return child;
}

/** deploy/nginx.conf with this run's ports, inside a minimal main configuration of its own. */
function nginxConfig() {
  const site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const upstream = PORTS.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`).join('\n');
  const filled = site
    .replace(/(upstream portal \{[\s\S]*?)(?:\n\s*server 127\.0\.0\.1:\d+[^\n]*)+/, `$1\n${upstream}`)
    .replace(/^ {4}listen \[::\]:80;\n/m, '')
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${PROXY_PORT};`);
  if (filled === site || !filled.includes(`127.0.0.1:${PORTS[1]}`) || !filled.includes(`:${PROXY_PORT};`)) {
    throw new Error('deploy/nginx.conf: the upstream servers or the listen line were not found');
  }
  writeFileSync(path.join(work, 'portal.conf'), filled);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(work, `${name}_temp`)};`)
    .join('\n');
  // As root, nginx's workers would switch to `nobody`, who cannot use this run's folders.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(
    path.join(work, 'nginx.conf'),
    `${user}worker_processes 1;
pid ${path.join(work, 'nginx.pid')};
error_log ${path.join(work, 'nginx-error.log')} warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  log_format smoke '$status $request_method $uri $upstream_addr';
  access_log ${path.join(work, 'access.log')} smoke;
${temp}
  include ${path.join(work, 'portal.conf')};
}
`,
  );
  return path.join(work, 'nginx.conf');
}

/** What is still running: nginx by SIGTERM (its master then ends its workers), the instances by SIGKILL. */
async function stopAll() {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill(child.label === 'nginx' ? 'SIGTERM' : 'SIGKILL');
  }
}

let failed = false;
try {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found (apt-get install nginx)`);
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!existsSync(path.join(root, built))) {
      log('building (npm run build)…');
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
      break;
    }
  }

  await admin(`CREATE DATABASE ${database}`);
  log(`database ${database} created`);

  // A migrates and seeds the demo data (documents into PostgreSQL); then B, on the same database.
  // Issue #33: A makes no export jobs (EKSPOR_PEKERJA=0), so a large export asked of A is written
  // by B's worker into the shared store and served by A.
  const a = startInstance('A', PORTS[0], { SEED_DEMO: 'true', EKSPOR_PEKERJA: '0', EKSPOR_LANGSUNG_MAKS: '100' });
  await waitFor(`http://127.0.0.1:${PORTS[0]}/api/health/ready`, a, 600);
  log(`instance A ready on :${PORTS[0]} (migrated, demo data seeded)`);
  const b = startInstance('B', PORTS[1], { SEED_DEMO: 'false', EKSPOR_LANGSUNG_MAKS: '100' });
  await waitFor(`http://127.0.0.1:${PORTS[1]}/api/health/ready`, b, 120);
  log(`instance B ready on :${PORTS[1]} (own data folder, nothing seeded)`);

  const config = nginxConfig();
  const test = spawnSync(NGINX, ['-t', '-p', work, '-c', config], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  const nginx = spawn(NGINX, ['-p', work, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  nginx.label = 'nginx';
  children.push(nginx);
  await waitFor(`http://127.0.0.1:${PROXY_PORT}/api/health/ready`, nginx, 30);
  const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim();
  log(`${version} on :${PROXY_PORT}, upstream :${PORTS.join(', :')}`);

  const playwright = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.nginx.config.ts'], {
    cwd: path.join(root, 'e2e'),
    stdio: 'inherit',
    env: {
      ...process.env,
      SMOKE_BASE_URL: `http://127.0.0.1:${PROXY_PORT}`,
      SMOKE_INSTANCE_A: `http://127.0.0.1:${PORTS[0]}`,
      SMOKE_INSTANCE_B: `http://127.0.0.1:${PORTS[1]}`,
    },
  });
  if (playwright.status !== 0) throw new Error(`the smoke through nginx failed (${playwright.status})`);

  // No stickiness: both instances answered requests that came through nginx.
  const served = { [PORTS[0]]: 0, [PORTS[1]]: 0 };
  for (const line of readFileSync(path.join(work, 'access.log'), 'utf8').split('\n')) {
    const port = line.match(/127\.0\.0\.1:(\d+)\s*$/)?.[1];
    if (port && port in served) served[port] += 1;
  }
  log(`requests through nginx: instance A ${served[PORTS[0]]}, instance B ${served[PORTS[1]]}`);
  if (served[PORTS[0]] === 0 || served[PORTS[1]] === 0) throw new Error('one instance got no request: not round robin');

  // Both drain and exit 0 on SIGTERM (a rolling restart).
  for (const child of [a, b]) {
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`${child.label} exited ${code} after SIGTERM`);
  }
  log('both instances drained and exited 0 on SIGTERM');
  const nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
  nginx.kill('SIGQUIT');
  await nginxExited;
  log('passed');
} catch (error) {
  failed = true;
  console.error(`[smoke-nginx] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  for (const child of children) {
    if (child.output) console.error(`--- ${child.label}, last output:\n${child.output().slice(-4000)}`);
  }
  const errors = path.join(work, 'nginx-error.log');
  if (existsSync(errors)) console.error(`--- nginx error log:\n${readFileSync(errors, 'utf8').slice(-4000)}`);
} finally {
  await stopAll();
  await sleep(500);
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error) =>
    console.error(`[smoke-nginx] could not drop ${database}: ${error.message}`),
  );
  if (!failed) rmSync(work, { recursive: true, force: true });
  else console.error(`[smoke-nginx] logs kept in ${work}`);
}
process.exit(failed ? 1 : 0);
