// Issue #6: pointed at an external realm (OIDC_ISSUER), the server runs no provider of its own and
// takes that realm's tokens: keys from its discovery document's jwks_uri (a real HTTP server here,
// standing in for Keycloak), issuer and audience checked, the user found by the configured claim.

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@portal/contract';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, createUser, TEST_JWT_SECRET, TestClient, type TestContext } from '../test/test-app.js';
import { listWith } from './sso-client.test-helper.js';

let keycloak: Server;
let issuer: string;
let signingKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
const published: JWK[] = [];

async function newKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  published.push({ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' });
  return privateKey;
}

beforeAll(async () => {
  keycloak = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/realms/instansi/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }));
    } else if (req.url === '/realms/instansi/protocol/openid-connect/certs') {
      res.end(JSON.stringify({ keys: published }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => keycloak.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(keycloak.address() as AddressInfo).port}/realms/instansi`;
  signingKey = await newKey('kunci-1');
});
afterAll(() => new Promise<void>((resolve) => keycloak.close(() => resolve())));

/** A token shaped like Keycloak's: header typ JWT, the kind in the claim `typ` (an access token: Bearer). */
const token = (claims: Record<string, unknown>, options: { iss?: string; aud?: string; typ?: string } = {}) =>
  new SignJWT({ typ: 'Bearer', jti: randomUUID(), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'kunci-1', typ: options.typ ?? 'JWT' })
    .setIssuer(options.iss ?? issuer)
    .setAudience(options.aud ?? 'portal-verifikasi')
    .setSubject('f2b7c7e0-0000-4000-8000-000000000001')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(signingKey);

async function appFor(env: Record<string, string>): Promise<TestContext> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, ...env });
  return createTestApp(config);
}

describe('external identity service (OIDC_ISSUER)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await appFor({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'verifikasi', OIDC_AUDIENCE: 'portal-verifikasi' });
  });
  afterAll(() => ctx.close());

  it('runs no embedded provider and names the external realm to the SPA', async () => {
    expect(ctx.config.oidc.mode).toBe('external');
    const discovery = await ctx.app.inject({ method: 'GET', url: '/realms/public/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(404);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/auth/sso-config' });
    expect(config.json()).toEqual({ issuer, clientId: 'verifikasi', scope: 'openid profile email' });
  });

  it('takes the realm’s tokens for active portal users by preferred_username, refuses the rest', async () => {
    const client = new TestClient(ctx.app);
    const user = await createUser(ctx.db, { roles: ['ROLE_ADMIN_PPPK'], flags: { isPppk: true } });
    const check = (t: string) => client.request({ method: 'GET', url: '/api/auth/check-token', token: t });

    const ok = await check(await token({ preferred_username: user.username.toUpperCase() }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().mapData.data.username).toBe(user.username);
    expect((await check(await token({ preferred_username: 'orang.luar' }))).statusCode).toBe(401);
    expect(
      (await check(await token({ preferred_username: user.username }, { aud: 'verifikasi-lain' }))).statusCode,
    ).toBe(401);
    expect((await check(await token({ preferred_username: user.username }, { iss: `${issuer}-x` }))).statusCode).toBe(
      401,
    );

    await ctx.db.updateTable('app_user').set({ active: false }).where('id', '=', user.id).execute();
    expect((await check(await token({ preferred_username: user.username }))).statusCode).toBe(401);
  });

  it('takes only access tokens: Keycloak’s ID and refresh tokens are refused (issue #30)', async () => {
    const client = new TestClient(ctx.app);
    const user = await createUser(ctx.db, { roles: ['ROLE_VERIFIKATOR_CPNS'], flags: { isCpns: true } });
    const check = (t: string) => client.request({ method: 'GET', url: '/api/auth/check-token', token: t });
    const claims = { preferred_username: user.username };
    expect((await check(await token(claims))).statusCode).toBe(200);
    for (const typ of ['ID', 'Refresh', 'Logout']) {
      const res = await check(await token({ ...claims, typ }));
      expect(res.statusCode, typ).toBe(401);
      expect(res.json().error, typ).toBe(ERROR_CODES.unauthenticated);
      expect((await listWith(client, '/api/cpns/verifikator/filter', await token({ ...claims, typ }))).statusCode).toBe(
        401,
      );
    }
    // A token that does not say what it is (no claim typ, header JWT) is not taken for an access token;
    // RFC 9068's header typ at+jwt is.
    expect((await check(await token({ ...claims, typ: undefined }))).statusCode).toBe(401);
    expect((await check(await token({ ...claims, typ: undefined }, { typ: 'at+jwt' }))).statusCode).toBe(200);
  });

  it('refuses at this portal a token whose logout it was given (issue #30)', async () => {
    const client = new TestClient(ctx.app);
    const user = await createUser(ctx.db);
    const check = (t: string) => client.request({ method: 'GET', url: '/api/auth/check-token', token: t });
    const mine = await token({ preferred_username: user.username });
    const other = await token({ preferred_username: user.username });
    expect((await client.request({ method: 'POST', url: '/api/auth/logout', token: mine })).statusCode).toBe(204);
    const res = await check(mine);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.');
    expect((await check(other)).statusCode).toBe(200);
  });
});

describe('OIDC_USERNAME_CLAIM', () => {
  it('maps the user by another claim when configured', async () => {
    const ctx = await appFor({ OIDC_ISSUER: issuer, OIDC_AUDIENCE: 'portal-verifikasi', OIDC_USERNAME_CLAIM: 'nip' });
    try {
      const user = await createUser(ctx.db);
      const client = new TestClient(ctx.app);
      const check = (t: string) => client.request({ method: 'GET', url: '/api/auth/check-token', token: t });
      expect((await check(await token({ nip: user.username, preferred_username: 'lain' }))).statusCode).toBe(200);
      expect((await check(await token({ preferred_username: user.username }))).statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});
