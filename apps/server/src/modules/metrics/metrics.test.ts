// Issue #22: GET /metrics against a real database and the real app – its protection, request
// durations by route pattern, the business counters fed by the audit trail (a claim, a decision,
// sign-ins and a lockout), the event loop, the pool (on PostgreSQL) and the separate METRICS_PORT.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@portal/contract';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';
import { PortalMetrics } from './metrics.js';
import { startMetricsServer } from './server.js';

const TOKEN = 'token-metrik-uji-0123456789abcdef';
const RAJA_AMPAT = 8;

let ctx: TestContext;
let client: TestClient;
let filesDir: string;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-metrik-'));
  ctx = await createTestApp({
    metrics: { token: TOKEN, port: null, host: '127.0.0.1' },
    loginRateLimitPerMinute: 10_000,
    filesDir,
  });
  client = new TestClient(ctx.app);
  await seedAccounts(ctx.db);
  await seedApplicants(ctx.db, new FolderBerkasStore(filesDir), {
    seed: 7,
    withDocuments: true,
    blocks: [{ instansiId: RAJA_AMPAT, track: 'cpns', applicants: 3, undecided: true }],
  });
  await ctx.db
    .updateTable('jadwal_tahap')
    .set({ mulai: sql`now() - interval '1 day'`, selesai: sql`now() + interval '30 days'` })
    .where('tahap', '=', 'VERIFIKASI')
    .execute();
}, 60_000);

afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const scrape = async () => {
  const res = await client.request({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** The value of one sample (`name{labels} value`), or undefined when it is not exposed. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([^{\s]+)(?:\{([^}]*)\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics protection', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('portal_http_request_duration_seconds');
    } finally {
      await plain.close();
    }
  });

  it('asks for the token, and answers Prometheus text with it', async () => {
    expect((await client.request({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await client.request({
      url: '/metrics',
      headers: { authorization: 'Bearer salah-salah-salah-salah' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('portal_');
    const res = await client.request({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# TYPE portal_http_request_duration_seconds histogram');
  });
});

describe('what it reports', () => {
  it('request durations by route pattern and status, never the raw URL', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    for (let i = 0; i < 3; i++) await client.request({ url: '/api/auth/check-token', token });
    await client.request({ url: '/api/cpns/verifikator/987654', token });
    const text = await scrape();
    const checks = sample(text, 'portal_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/auth/check-token',
      status: '200',
    });
    expect(checks).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(
      /portal_http_request_duration_seconds_bucket\{[^}]*le="0.1"[^}]*route="\/api\/auth\/check-token"/,
    );
    // The applicant's id stays out of the labels: the pattern stands for every id.
    expect(text).not.toContain('987654');
    expect(text).toMatch(/route="\/api\/:track\/verifikator\/:id"|route="\/api\/cpns\/verifikator\/:id"/);
  });

  it('the event loop and the process', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts sign-ins, failures and a lockout from the audit trail', async () => {
    const before = await scrape();
    const user = await createUser(ctx.db);
    await client.loginToken(user.username, user.password);
    for (let i = 0; i < 5; i++) await client.login(user.username, 'salah-sekali');
    const locked = await client.login(user.username, user.password);
    expect(locked.statusCode).toBe(423);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('portal_sign_ins_total', { hasil: 'berhasil' })).toBe(1);
    expect(delta('portal_sign_ins_total', { hasil: 'gagal' })).toBe(5);
    expect(delta('portal_sign_ins_total', { hasil: 'terkunci' })).toBe(1);
    // The fifth failure locked the account (423) and the next attempt was refused (423).
    expect(delta('portal_lockouts_total')).toBe(2);
    expect(delta('portal_audit_events_total', { action: 'login.failure' })).toBe(5);
  });

  it('counts a claim and a verification decision, once each', async () => {
    const before = await scrape();
    const token = await client.loginToken('verifikator.rajaampat', DEMO_PASSWORD);
    const claim = await client.request({
      method: 'POST',
      url: '/api/cpns/verifikator/ambil',
      token,
      payload: { kecuali: [] },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const id = claim.json().id as number;
    const detail = (await client.request({ url: `/api/cpns/verifikator/${id}`, token })).json();
    const decided = await client.request({
      method: 'PUT',
      url: `/api/cpns/verifikator/${id}`,
      token,
      payload: {
        version: detail.verifikasi.version,
        statusVerifikasi: 'MS',
        cekDokumen: (detail.dokumen as { id: number }[]).map((d) => ({ dokumenId: d.id, sesuai: true, alasan: null })),
      },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('portal_claims_total')).toBe(1);
    expect(delta('portal_decisions_total', { jenis: 'verifikasi' })).toBe(1);
    expect(delta('portal_audit_events_total', { action: 'VERIFIKASI' })).toBe(1);
    // As many as the audit trail holds: the counters follow what was written.
    const written = await ctx.db
      .selectFrom('audit_event')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'VERIFIKASI')
      .executeTakeFirstOrThrow();
    expect(sample(after, 'portal_audit_events_total', { action: 'VERIFIKASI' })).toBe(Number(written.n));
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on a port of its own without a token, and nothing else', async () => {
    const server = await startMetricsServer(ctx.app.metrics, '127.0.0.1', 0);
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('portal_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  it('reports connections in use and idle, the pool size, and how long statements waited for one', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    const metrics = new PortalMetrics({ pool });
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    try {
      // Four statements on two connections: two of them wait for a connection.
      await Promise.all([1, 2, 3, 4].map(() => sql`SELECT pg_sleep(0.1)`.execute(db)));
      const held = await pool.connect();
      const text = await metrics.registry.metrics();
      held.release();
      expect(sample(text, 'portal_db_pool_max')).toBe(2);
      expect(sample(text, 'portal_db_pool_connections', { state: 'in_use' })).toBe(1);
      expect(sample(text, 'portal_db_pool_connections', { state: 'idle' })).toBe(1);
      expect(sample(text, 'portal_db_pool_waiting')).toBe(0);
      // Every statement asked the pool once, and so did the connection held above.
      expect(sample(text, 'portal_db_pool_wait_seconds_count')).toBe(5);
    } finally {
      await db.destroy();
    }
  });
});
