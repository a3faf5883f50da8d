import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ERROR_CODES } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from './db/seed/accounts.js';
import { createTestApp, createUser, TestClient, type TestContext } from './test/test-app.js';

describe('GET /api/health', () => {
  it('reports a reachable database, then a lost one with 503', async () => {
    const ctx = await createTestApp();
    const ok = await ctx.app.inject({ url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', version: '20240820-0001', database: { reachable: true } });
    await ctx.db.destroy();
    const lost = await ctx.app.inject({ url: '/api/health' });
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
    await ctx.close();
  });
});

describe('the app', () => {
  let ctx: TestContext;
  let client: TestClient;
  beforeAll(async () => {
    ctx = await createTestApp({ loginRateLimitPerMinute: 3 });
    // A data route bound to a page, as every later feature route is (ARCHITECTURE.md).
    ctx.app.get('/api/cpns/uji/filter', { config: { access: { page: () => '/cpns/verifikasi' } } }, async () => ({
      ok: true,
    }));
    client = new TestClient(ctx.app);
  });
  afterAll(() => ctx.close());

  it('rate-limits sign-in attempts per IP with 429 and an Indonesian message', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await client.login('siapa.saja', 'salah')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await client.login('siapa.saja', 'salah');
    expect(limited.json()).toMatchObject({
      error: ERROR_CODES.rateLimited,
      message: expect.stringMatching(/Coba lagi/),
    });
  });

  it('binds API routes to pages: 403 when the page is not in the caller’s menu, 200 when it is', async () => {
    const fresh = await createTestApp();
    fresh.app.get('/api/cpns/uji/filter', { config: { access: { page: () => '/cpns/verifikasi' } } }, async () => ({
      ok: true,
    }));
    // A route that forgets to declare its access cannot even be registered.
    expect(() => fresh.app.get('/api/lupa-akses', async () => ({}))).toThrow(/config.access/);
    const c = new TestClient(fresh.app);
    const verifier = await createUser(fresh.db, { roles: ['ROLE_VERIFIKATOR_CPNS'], flags: { isCpns: true } });
    const supervisor = await createUser(fresh.db, { roles: ['ROLE_SUPERVISOR_CPNS'], flags: { isCpns: true } });
    const noFlag = await createUser(fresh.db, { roles: ['ROLE_VERIFIKATOR_CPNS'] });
    const call = async (u: { username: string; password: string }) =>
      c.request({ url: '/api/cpns/uji/filter', token: await c.loginToken(u.username, u.password) });
    expect((await call(verifier)).statusCode).toBe(200);
    const refused = await call(supervisor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: ERROR_CODES.forbidden,
      message: expect.stringContaining('/cpns/verifikasi'),
    });
    expect((await call(noFlag)).statusCode).toBe(403);
    expect((await c.request({ url: '/api/cpns/uji/filter' })).statusCode).toBe(401);
    await fresh.close();
  });

  it('sends security headers and a strict Content-Security-Policy', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ url: '/api/tidak-ada' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ERROR_CODES.notFound);
  });

  it('publishes an OpenAPI document generated from the validating schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '401', '423']));
    expect(doc.paths['/api/auth/check-token'].get).toBeDefined();
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('keeps the audit trail append-only', async () => {
    await client.login('jejak.audit', 'salah');
    await expect(sql`UPDATE audit_event SET action = 'diubah'`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_event`.execute(ctx.db)).rejects.toThrow(/append-only/);
  });
});

describe('serving the SPA (production)', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    ctx = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('falls back to index.html for client routes, never cached', async () => {
    for (const url of ['/', '/dashboard', '/cpns/verifikasi/detail?id=5', '/error/404', '/apa/saja']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and misses as 404', async () => {
    const asset = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject({ url: '/assets/tidak-ada.js' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/tidak-ada' })).json().error).toBe(ERROR_CODES.notFound);
  });

  it('does not serve files outside the build folder', async () => {
    const res = await ctx.app.inject({ url: '/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});

describe('demo seed', () => {
  it('creates every demo account once, each able to sign in', async () => {
    const ctx = await createTestApp();
    expect(await seedAccounts(ctx.db)).toBe(true);
    expect(await seedAccounts(ctx.db)).toBe(false);
    const count = await ctx.db
      .selectFrom('app_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(DEMO_ACCOUNTS.length);
    const client = new TestClient(ctx.app);
    const multi = await client.loginToken('operator.multi', DEMO_PASSWORD);
    const principal = (await client.request({ url: '/api/auth/check-token', token: multi })).json().mapData.data;
    expect(principal).toMatchObject({ isCpns: true, isPppk: true, isPppkGuru: false, isPppkNakes: true });
    expect(principal.instansi.nama).toBe('Pemerintah Kota Bandung');
    expect((await client.login('verifikator.2fa', DEMO_PASSWORD)).json().error).toBe(ERROR_CODES.otpRequired);
    await ctx.close();
  });
});
