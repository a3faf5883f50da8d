// What the benchmarks share: the 1 M load in a PostgreSQL database of their own, the built server
// started against it, a signed-in session as the SPA holds it, and percentiles.
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import forge from 'node-forge';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
export const APPLICANTS = 1_000_000;
export const DEMO_PASSWORD = 'Demo#2024';

/** Creates the database if missing and loads 1 M applicants unless it holds them already. */
export async function ensureData(dbUrl, filesDir) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dbName = new URL(dbUrl).pathname.slice(1);
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const have = await db
    .query(`SELECT count(*)::int AS n FROM pelamar`)
    .then((r) => r.rows[0].n)
    .catch(() => 0);
  await db.end();
  if (have === APPLICANTS && !process.env.BENCH_RESEED) return { seededMs: null };
  const started = performance.now();
  execFileSync('npm', ['run', 'seed', '--', '--applicants', String(APPLICANTS), '--reset'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: filesDir },
    stdio: 'inherit',
  });
  const db2 = new pg.Client({ connectionString: dbUrl });
  await db2.connect();
  await db2.query('VACUUM ANALYZE');
  await db2.end();
  return { seededMs: performance.now() - started };
}

/**
 * The built server (production mode) on `port`; `env` adds or overrides settings. BENCH_NODE_ARGS
 * adds Node's own flags, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (not allowed in NODE_OPTIONS).
 * BENCH_SERVER names another build's main.js (a build copied aside, to time it beside this one).
 */
export async function startServer(port, env) {
  const started = performance.now();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const main = process.env.BENCH_SERVER ?? path.join(root, 'apps/server/dist/main.js');
  const child = spawn('node', [...nodeArgs, main], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      // A build copied aside serves this checkout's SPA.
      ...(process.env.BENCH_SERVER ? { WEB_DIST: path.join(root, 'apps/web/dist') } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, readyMs: performance.now() - started };
}

export const stop = (child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'));

/** Signs in as the SPA does and returns the headers of its data calls (bearer, XSRF pair). */
export async function session(base, username, password = DEMO_PASSWORD) {
  const health = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password }),
  });
  const answer = await login.json();
  if (!login.ok || !answer.accessToken) throw new Error(`login ${username}: ${login.status} ${JSON.stringify(answer)}`);
  return { ...headers, authorization: `Bearer ${answer.accessToken}` };
}

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Drives one request with wrk (Debian's `wrk`: C, so the load generator takes little of the two
 * cores the server and PostgreSQL share) and returns req/s, p50/p95/p99 in ms and the errors
 * (non-2xx answers included).
 */
export function wrk(url, { method = 'GET', headers = {}, body, connections, seconds }) {
  const out = execFileSync(
    'wrk',
    [
      `-t${Math.min(connections, 2)}`,
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '-s',
      path.join(root, 'bench/wrk.lua'),
      url,
    ],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        WRK_METHOD: method,
        WRK_BODY: body ?? '',
        WRK_HEADERS: Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n'),
      },
    },
  );
  const figures = JSON.parse(out.trim().split('\n').at(-1));
  return {
    rps: Math.round(figures.requests / figures.seconds),
    p50: Number(figures.p50.toFixed(1)),
    p95: Number(figures.p95.toFixed(1)),
    p99: Number(figures.p99.toFixed(1)),
    errors: figures.errors,
  };
}

/** The CPNS admin list's status counts as admin.cpns sees them (counters plus deltas not rolled up). */
export async function adminSummaries(base, headers) {
  const res = await fetch(`${base}/api/cpns/admin/filter`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      filter: {},
      paginator: { page: 1, pageSize: 10 },
      sorting: { column: 'id', direction: 'asc' },
      searchTerm: '',
    }),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`admin filter: ${res.status} ${JSON.stringify(answer)}`);
  return answer.summaries;
}

/**
 * Issue #31: outside the demo an official PDF is signed with the agency's certificate: a throwaway
 * self-signed one (RSA 2048, as agencies' are) as a PKCS#12 file for TTE_P12 (password "bench").
 */
export function benchP12(name = 'bench') {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const attrs = [{ shortName: 'CN', value: 'Bench Kementerian Hukum' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const file = path.join(tmpdir(), `${name}.p12`);
  const asn = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], 'bench', { algorithm: '3des' });
  writeFileSync(file, Buffer.from(forge.asn1.toDer(asn).getBytes(), 'binary'));
  return file;
}

/** admin.cpns's letterhead address and city (`headers`: their session), which an announcement needs. */
export async function pasangKop(base, headers) {
  const kop = await fetch(`${base}/api/cpns/admin/dokumen-resmi/kop`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ alamat: 'Jalan H.R. Rasuna Said Kav. 6-7, Jakarta Selatan', kota: 'Jakarta' }),
  });
  if (!kop.ok) throw new Error(`kop: ${kop.status} ${await kop.text()}`);
}

/** The form of a benches' announcement (a number of its own each time). */
export const isianPengumuman = () => ({
  nomor: `800/${Date.now() % 100000}/BENCH/2026`,
  tanggal: '2026-12-02',
  dasarHukum: 'Berdasarkan ketentuan seleksi, dengan ini diumumkan hasil seleksi administrasi sebagai berikut.',
  penandatangan: { jabatan: 'Ketua Panitia Seleksi', nama: 'Bench', nip: '197501012000032001' },
});

/**
 * An instansi's CPNS applicants all decided and reviewed (a fifth TMS) and the track locked by
 * admin.cpns: what an announcement needs. Returns how many were newly decided.
 */
export async function putuskanDanKunci(db, instansiId) {
  const decided = await db.query(
    `UPDATE pelamar SET status_verifikasi = CASE WHEN id % 5 = 0 THEN 'TMS' ELSE 'MS' END,
       alasan_tms = CASE WHEN id % 5 = 0 THEN ARRAY['IPK'] END, status_supervisi = 'DISETUJUI'
     WHERE instansi_id = $1 AND track = 'cpns' AND (status_verifikasi = 'BELUM' OR status_supervisi IS DISTINCT FROM 'DISETUJUI')`,
    [instansiId],
  );
  await db.query(
    `INSERT INTO final_verifikasi (instansi_id, track, dikunci_oleh)
     SELECT $1, 'cpns', id FROM app_user WHERE username = 'admin.cpns' ON CONFLICT DO NOTHING`,
    [instansiId],
  );
  return decided.rowCount;
}
