// Sessions against a real database: what check-token answers and refuses (tampered, expired,
// past the server-side expiry, deactivated users), and the remembered session checks.

import { allowedPages, ERROR_CODES } from '@portal/contract';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/api-fixture.js';
import { createTestApp, createUser, TEST_JWT_SECRET, TestClient, type TestContext } from '../test/test-app.js';
import { TOKEN_ISSUER } from './sessions.js';

const fx = useTestApp();

describe('GET /api/auth/check-token', () => {
  it('returns the principal in mapData.data with the menus of spec §6', async () => {
    const user = await createUser(fx.ctx.db, {
      roles: ['ROLE_SUPERVISOR_PPPK', 'ROLE_ADMIN_PPPK'],
      flags: { isPppk: true },
    });
    const token = await fx.client.loginToken(user.username, user.password);
    const res = await fx.client.request({ url: '/api/auth/check-token', token });
    expect(res.statusCode).toBe(200);
    const principal = res.json().mapData.data;
    expect(principal).toMatchObject({
      id: user.id,
      username: user.username,
      email: `${user.username}@uji.go.id`,
      instansi: { id: user.instansiId, kode: `U${user.instansiId}`, nama: 'Instansi Uji' },
      authorities: [{ authority: 'ROLE_SUPERVISOR_PPPK' }, { authority: 'ROLE_ADMIN_PPPK' }],
      isCpns: false,
      isPppk: true,
      isPppkGuru: false,
      isPppkNakes: false,
    });
    expect(principal.menus).toEqual(allowedPages(principal));
    expect(principal.menus.map((m: { page: string }) => m.page)).toContain('/pppk/rekap-nonasn');
  });

  it.each([
    ['no header', undefined],
    ['not a bearer', 'Basic dXNlcjpwYXNz'],
    ['garbage', 'Bearer bukan-token'],
  ])('refuses %s with 401', async (_case, authorization) => {
    const res = await fx.client.request({
      url: '/api/auth/check-token',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ERROR_CODES.unauthenticated);
  });

  it('refuses a tampered token', async () => {
    const user = await createUser(fx.ctx.db);
    const token = await fx.client.loginToken(user.username, user.password);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    const res = await fx.client.request({ url: '/api/auth/check-token', token: `${header}.${forged}.${signature}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token signed with the portal key that is not an access token (typ, issue #30)', async () => {
    const user = await createUser(fx.ctx.db);
    const token = await fx.client.loginToken(user.username, user.password);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const resign = (typ: string | undefined) =>
      new SignJWT(claims).setProtectedHeader(typ ? { alg: 'HS256', typ } : { alg: 'HS256' }).sign(key);
    for (const typ of ['JWT', undefined, 'id+jwt']) {
      const res = await fx.client.request({ url: '/api/auth/check-token', token: await resign(typ) });
      expect(res.statusCode, String(typ)).toBe(401);
    }
    expect((await fx.client.request({ url: '/api/auth/check-token', token: await resign('at+jwt') })).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired token whose session still exists', async () => {
    const user = await createUser(fx.ctx.db);
    const token = await fx.client.loginToken(user.username, user.password);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(claims.iat - 3600)
      .setExpirationTime(claims.iat - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await fx.client.request({ url: '/api/auth/check-token', token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('berakhir');
  });

  it('refuses a token it accepted before once the token has expired', async () => {
    // Signatures are checked once per token (auth/sessions.ts); expiry must still be every time.
    const user = await createUser(fx.ctx.db);
    const token = await fx.client.loginToken(user.username, user.password);
    expect((await fx.client.request({ url: '/api/auth/check-token', token })).statusCode).toBe(200);
    const { exp, jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    // The session row stays valid (PGlite's now() follows the faked clock): only the token's
    // own expiry can refuse it.
    await fx.ctx.db
      .updateTable('auth_session')
      .set({ expires_at: sql<Date>`now() + interval '10 years'` })
      .where('id', '=', jti)
      .execute();
    vi.useFakeTimers({ toFake: ['Date'], now: (exp + 1) * 1000 });
    try {
      const res = await fx.client.request({ url: '/api/auth/check-token', token });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token whose session is past its server-side expiry', async () => {
    const user = await createUser(fx.ctx.db);
    const token = await fx.client.loginToken(user.username, user.password);
    await fx.ctx.db
      .updateTable('auth_session')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await fx.client.request({ url: '/api/auth/check-token', token })).statusCode).toBe(401);
  });

  it('refuses the token of a user deactivated after signing in', async () => {
    const user = await createUser(fx.ctx.db);
    const token = await fx.client.loginToken(user.username, user.password);
    await fx.ctx.db.updateTable('app_user').set({ active: false }).where('id', '=', user.id).execute();
    expect((await fx.client.request({ url: '/api/auth/check-token', token })).statusCode).toBe(401);
  });
});

describe('remembered session checks (SESSION_CACHE_SECONDS)', () => {
  /** Revokes a session as another instance would: straight in the database, not through this app. */
  const revokeElsewhere = (db: TestContext['db'], token: string) => {
    const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    return db.updateTable('auth_session').set({ revoked_at: sql<Date>`now()` }).where('id', '=', jti).execute();
  };
  const checkToken = (app: TestClient, token: string) =>
    app.request({ url: '/api/auth/check-token', token }).then((res) => res.statusCode);

  it('takes a revocation made elsewhere within SESSION_CACHE_SECONDS, not later', async () => {
    const user = await createUser(fx.ctx.db);
    const token = await fx.client.loginToken(user.username, user.password);
    expect(await checkToken(fx.client, token)).toBe(200);
    await revokeElsewhere(fx.ctx.db, token);
    // The check made a moment ago stands on this instance (that is what the setting buys) …
    expect(await checkToken(fx.client, token)).toBe(200);
    // … for at most SESSION_CACHE_SECONDS.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + fx.ctx.config.sessionCacheSeconds * 1000 + 1 });
    try {
      expect(await checkToken(fx.client, token)).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks every call against the database with SESSION_CACHE_SECONDS=0', async () => {
    const fresh = await createTestApp({ sessionCacheSeconds: 0 });
    try {
      const freshClient = new TestClient(fresh.app);
      const user = await createUser(fresh.db);
      const token = await freshClient.loginToken(user.username, user.password);
      expect(await checkToken(freshClient, token)).toBe(200);
      await revokeElsewhere(fresh.db, token);
      expect(await checkToken(freshClient, token)).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});
