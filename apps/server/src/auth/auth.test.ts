import { allowedPages, ERROR_CODES } from '@portal/contract';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, TEST_JWT_SECRET, TestClient, type TestContext } from '../test/test-app.js';
import { TOKEN_ISSUER } from './sessions.js';

let ctx: TestContext;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestApp();
  client = new TestClient(ctx.app);
});
afterAll(() => ctx.close());

const auditActions = async (username: string) =>
  (
    await ctx.db
      .selectFrom('audit_event')
      .select(['action', 'ip'])
      .where('actor_username', '=', username)
      .orderBy('id')
      .execute()
  ).map((e) => e.action);

describe('POST /api/auth/login', () => {
  it('signs in and returns the session of spec §7', async () => {
    const user = await createUser(ctx.db, { roles: ['ROLE_VERIFIKATOR_CPNS'], flags: { isCpns: true } });
    const res = await client.login(user.username, user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: ctx.config.accessTokenTtlSeconds,
      tokenType: 'Bearer',
    });
    expect(await auditActions(user.username)).toEqual(['login.success']);
  });

  it('accepts the username in any letter case', async () => {
    const user = await createUser(ctx.db, { username: 'Budi.Santoso' });
    expect((await client.login('budi.santoso', user.password)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown username with the same answer', async () => {
    const user = await createUser(ctx.db);
    const wrong = await client.login(user.username, 'salah-sekali');
    const unknown = await client.login('tidak.ada.orangnya', 'salah-sekali');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      error: ERROR_CODES.invalidCredentials,
      message: 'Nama pengguna atau kata sandi salah.',
    });
    const failures = await ctx.db
      .selectFrom('audit_event')
      .select(['actor_username', 'ip', 'reason'])
      .where('action', '=', 'login.failure')
      .where('actor_username', 'in', [user.username, 'tidak.ada.orangnya'])
      .execute();
    expect(failures).toHaveLength(2);
    expect(failures.every((f) => f.ip === '127.0.0.1')).toBe(true);
  });

  it('refuses a deactivated account like a wrong password', async () => {
    const user = await createUser(ctx.db, { active: false });
    const res = await client.login(user.username, user.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ERROR_CODES.invalidCredentials);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const res = await client.request({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(ERROR_CODES.validation);
    expect(body.details).toEqual([expect.objectContaining({ field: 'body.username' })]);
    expect(body.message).toContain('username');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await client.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/format data/);
  });
});

describe('lockout after 5 failures in 15 minutes', () => {
  it('locks the account on the fifth failure, even for the right password, and audits it', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 4; i++) expect((await client.login(user.username, 'salah')).statusCode).toBe(401);
    const fifth = await client.login(user.username, 'salah');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error).toBe(ERROR_CODES.accountLocked);
    expect(fifth.json().message).toContain('15 menit');
    expect((await client.login(user.username, user.password)).statusCode).toBe(423);
    expect(await auditActions(user.username)).toEqual([...Array(5).fill('login.failure'), 'login.locked']);
  });

  it('unlocks once the lock has passed', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 5; i++) await client.login(user.username, 'salah');
    await ctx.db
      .updateTable('login_lockout')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('username', '=', user.username)
      .execute();
    expect((await client.login(user.username, user.password)).statusCode).toBe(200);
  });

  it('starts counting again when the 15-minute window has passed', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 4; i++) await client.login(user.username, 'salah');
    await ctx.db
      .updateTable('login_lockout')
      .set({ window_started_at: sql<Date>`now() - interval '16 minutes'` })
      .where('username', '=', user.username)
      .execute();
    expect((await client.login(user.username, 'salah')).statusCode).toBe(401);
    expect((await client.login(user.username, user.password)).statusCode).toBe(200);
  });

  it('locks unknown usernames the same way, so a lock tells nothing about existence', async () => {
    for (let i = 0; i < 4; i++) expect((await client.login('hantu.saja', 'salah')).statusCode).toBe(401);
    expect((await client.login('hantu.saja', 'salah')).statusCode).toBe(423);
  });

  it('a success clears earlier failures', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 4; i++) await client.login(user.username, 'salah');
    expect((await client.login(user.username, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await client.login(user.username, 'salah')).statusCode).toBe(401);
  });
});

describe('TOTP second factor', () => {
  const secret = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

  it('asks for the code, refuses a wrong one and accepts the current one', async () => {
    const user = await createUser(ctx.db, { totpSecret: secret });
    const noCode = await client.login(user.username, user.password);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error).toBe(ERROR_CODES.otpRequired);

    const current = await generate({ secret });
    const wrongCode = current === '000000' ? '111111' : '000000';
    const wrong = await client.login(user.username, user.password, wrongCode);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(ERROR_CODES.otpInvalid);

    const ok = await client.login(user.username, user.password, current);
    expect(ok.statusCode).toBe(200);
    expect(await auditActions(user.username)).toEqual(['login.failure', 'login.success']);
  });

  it('does not ask for a code before the password is right', async () => {
    const user = await createUser(ctx.db, { totpSecret: secret });
    expect((await client.login(user.username, 'salah')).json().error).toBe(ERROR_CODES.invalidCredentials);
  });

  it('ignores the token field for accounts without a second factor', async () => {
    const user = await createUser(ctx.db);
    expect((await client.login(user.username, user.password, '123456')).statusCode).toBe(200);
  });
});

describe('GET /api/auth/check-token', () => {
  it('returns the principal in mapData.data with the menus of spec §6', async () => {
    const user = await createUser(ctx.db, {
      roles: ['ROLE_SUPERVISOR_PPPK', 'ROLE_ADMIN_PPPK'],
      flags: { isPppk: true },
    });
    const token = await client.loginToken(user.username, user.password);
    const res = await client.request({ url: '/api/auth/check-token', token });
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
    const res = await client.request({
      url: '/api/auth/check-token',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ERROR_CODES.unauthenticated);
  });

  it('refuses a tampered token', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    const res = await client.request({ url: '/api/auth/check-token', token: `${header}.${forged}.${signature}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an expired token whose session still exists', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(claims.iat - 3600)
      .setExpirationTime(claims.iat - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await client.request({ url: '/api/auth/check-token', token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('berakhir');
  });

  it('refuses a token it accepted before once the token has expired', async () => {
    // Signatures are checked once per token (auth/sessions.ts); expiry must still be every time.
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    expect((await client.request({ url: '/api/auth/check-token', token })).statusCode).toBe(200);
    const { exp, jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    // The session row stays valid (PGlite's now() follows the faked clock): only the token's
    // own expiry can refuse it.
    await ctx.db
      .updateTable('auth_session')
      .set({ expires_at: sql<Date>`now() + interval '10 years'` })
      .where('id', '=', jti)
      .execute();
    vi.useFakeTimers({ toFake: ['Date'], now: (exp + 1) * 1000 });
    try {
      const res = await client.request({ url: '/api/auth/check-token', token });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token whose session is past its server-side expiry', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    await ctx.db
      .updateTable('auth_session')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await client.request({ url: '/api/auth/check-token', token })).statusCode).toBe(401);
  });

  it('refuses the token of a user deactivated after signing in', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    await ctx.db.updateTable('app_user').set({ active: false }).where('id', '=', user.id).execute();
    expect((await client.request({ url: '/api/auth/check-token', token })).statusCode).toBe(401);
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
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    expect(await checkToken(client, token)).toBe(200);
    await revokeElsewhere(ctx.db, token);
    // The check made a moment ago stands on this instance (that is what the setting buys) …
    expect(await checkToken(client, token)).toBe(200);
    // … for at most SESSION_CACHE_SECONDS.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ctx.config.sessionCacheSeconds * 1000 + 1 });
    try {
      expect(await checkToken(client, token)).toBe(401);
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

describe('POST /api/auth/logout', () => {
  it('revokes the token server-side and audits it', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const other = await client.loginToken(user.username, user.password);
    const res = await client.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(res.statusCode).toBe(204);
    expect((await client.request({ url: '/api/auth/check-token', token })).statusCode).toBe(401);
    // Another sign-in of the same user is a separate session and stays valid.
    expect((await client.request({ url: '/api/auth/check-token', token: other })).statusCode).toBe(200);
    expect(await auditActions(user.username)).toEqual(['login.success', 'login.success', 'logout']);
  });

  it('needs a valid token', async () => {
    expect((await client.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: a new session, the old access and refresh tokens stop working', async () => {
    const user = await createUser(ctx.db);
    const first = (await client.login(user.username, user.password)).json();
    const res = await client.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: first.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await client.request({ url: '/api/auth/check-token', token: second.accessToken })).statusCode).toBe(200);
    expect((await client.request({ url: '/api/auth/check-token', token: first.accessToken })).statusCode).toBe(401);
    const reuse = await client.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: first.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
  });
});

describe('XSRF double submit (spec §7)', () => {
  it('issues a readable XSRF-TOKEN cookie', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a POST without the header, or with one that does not match the cookie', async () => {
    const user = await createUser(ctx.db);
    const payload = { username: user.username, password: user.password };
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      cookies: { 'XSRF-TOKEN': 'abcdefabcdefabcdefabcdef' },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error).toBe(ERROR_CODES.xsrf);
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      cookies: { 'XSRF-TOKEN': 'abcdefabcdefabcdefabcdef' },
      headers: { 'x-xsrf-token': 'zzzzzzzzzzzzzzzzzzzzzzzz' },
    });
    expect(mismatch.statusCode).toBe(403);
    const noCookie = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'x-xsrf-token': 'abcdefabcdefabcdefabcdef' },
    });
    expect(noCookie.statusCode).toBe(403);
    // Nothing was attempted: no failure counted, no audit event.
    expect(await auditActions(user.username)).toEqual([]);
  });
});
