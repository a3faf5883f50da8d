import { ERROR_CODES } from '@portal/contract';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/api-fixture.js';
import { createUser } from '../test/test-app.js';

const fx = useTestApp();

const auditActions = async (username: string) =>
  (
    await fx.ctx.db
      .selectFrom('audit_event')
      .select(['action', 'ip'])
      .where('actor_username', '=', username)
      .orderBy('id')
      .execute()
  ).map((e) => e.action);

describe('POST /api/auth/login', () => {
  it('signs in and returns the session of spec §7', async () => {
    const user = await createUser(fx.ctx.db, { roles: ['ROLE_VERIFIKATOR_CPNS'], flags: { isCpns: true } });
    const res = await fx.client.login(user.username, user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: fx.ctx.config.accessTokenTtlSeconds,
      tokenType: 'Bearer',
    });
    expect(await auditActions(user.username)).toEqual(['login.success']);
  });

  it('accepts the username in any letter case', async () => {
    const user = await createUser(fx.ctx.db, { username: 'Budi.Santoso' });
    expect((await fx.client.login('budi.santoso', user.password)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown username with the same answer', async () => {
    const user = await createUser(fx.ctx.db);
    const wrong = await fx.client.login(user.username, 'salah-sekali');
    const unknown = await fx.client.login('tidak.ada.orangnya', 'salah-sekali');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      error: ERROR_CODES.invalidCredentials,
      message: 'Nama pengguna atau kata sandi salah.',
    });
    const failures = await fx.ctx.db
      .selectFrom('audit_event')
      .select(['actor_username', 'ip', 'reason'])
      .where('action', '=', 'login.failure')
      .where('actor_username', 'in', [user.username, 'tidak.ada.orangnya'])
      .execute();
    expect(failures).toHaveLength(2);
    expect(failures.every((f) => f.ip === '127.0.0.1')).toBe(true);
  });

  it('refuses a deactivated account like a wrong password', async () => {
    const user = await createUser(fx.ctx.db, { active: false });
    const res = await fx.client.login(user.username, user.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ERROR_CODES.invalidCredentials);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const res = await fx.client.request({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(ERROR_CODES.validation);
    expect(body.details).toEqual([expect.objectContaining({ field: 'body.username' })]);
    // Issue #32: the field in words, never its path.
    expect(body.message).toBe('Data tidak valid: Nama pengguna wajib diisi.');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await fx.client.request({
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
    const user = await createUser(fx.ctx.db);
    for (let i = 0; i < 4; i++) expect((await fx.client.login(user.username, 'salah')).statusCode).toBe(401);
    const fifth = await fx.client.login(user.username, 'salah');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error).toBe(ERROR_CODES.accountLocked);
    expect(fifth.json().message).toContain('15 menit');
    expect((await fx.client.login(user.username, user.password)).statusCode).toBe(423);
    expect(await auditActions(user.username)).toEqual([...Array(5).fill('login.failure'), 'login.locked']);
  });

  it('unlocks once the lock has passed', async () => {
    const user = await createUser(fx.ctx.db);
    for (let i = 0; i < 5; i++) await fx.client.login(user.username, 'salah');
    await fx.ctx.db
      .updateTable('login_lockout')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('username', '=', user.username)
      .execute();
    expect((await fx.client.login(user.username, user.password)).statusCode).toBe(200);
  });

  it('starts counting again when the 15-minute window has passed', async () => {
    const user = await createUser(fx.ctx.db);
    for (let i = 0; i < 4; i++) await fx.client.login(user.username, 'salah');
    await fx.ctx.db
      .updateTable('login_lockout')
      .set({ window_started_at: sql<Date>`now() - interval '16 minutes'` })
      .where('username', '=', user.username)
      .execute();
    expect((await fx.client.login(user.username, 'salah')).statusCode).toBe(401);
    expect((await fx.client.login(user.username, user.password)).statusCode).toBe(200);
  });

  it('locks unknown usernames the same way, so a lock tells nothing about existence', async () => {
    for (let i = 0; i < 4; i++) expect((await fx.client.login('hantu.saja', 'salah')).statusCode).toBe(401);
    expect((await fx.client.login('hantu.saja', 'salah')).statusCode).toBe(423);
  });

  it('a success clears earlier failures', async () => {
    const user = await createUser(fx.ctx.db);
    for (let i = 0; i < 4; i++) await fx.client.login(user.username, 'salah');
    expect((await fx.client.login(user.username, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fx.client.login(user.username, 'salah')).statusCode).toBe(401);
  });
});

describe('TOTP second factor', () => {
  const secret = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

  it('asks for the code, refuses a wrong one and accepts the current one', async () => {
    const user = await createUser(fx.ctx.db, { totpSecret: secret });
    const noCode = await fx.client.login(user.username, user.password);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error).toBe(ERROR_CODES.otpRequired);

    const current = await generate({ secret });
    const wrongCode = current === '000000' ? '111111' : '000000';
    const wrong = await fx.client.login(user.username, user.password, wrongCode);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(ERROR_CODES.otpInvalid);

    const ok = await fx.client.login(user.username, user.password, current);
    expect(ok.statusCode).toBe(200);
    expect(await auditActions(user.username)).toEqual(['login.failure', 'login.success']);
  });

  it('takes a code once: the same code again, within its step, is refused (issue #30)', async () => {
    const user = await createUser(fx.ctx.db, { totpSecret: secret });
    const code = await generate({ secret });
    expect((await fx.client.login(user.username, user.password, code)).statusCode).toBe(200);
    const again = await fx.client.login(user.username, user.password, code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      error: ERROR_CODES.otpInvalid,
      message: 'Kode OTP ini sudah dipakai. Tunggu kode berikutnya dari aplikasi autentikator Anda.',
    });
    // Two sign-ins racing with one code: one passes.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const raced = await Promise.all([1, 2].map(() => fx.client.login(user.username, user.password, next)));
    expect(raced.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    expect((await auditActions(user.username)).sort()).toEqual([
      'login.failure',
      'login.failure',
      'login.success',
      'login.success',
    ]);
  });

  it('does not ask for a code before the password is right', async () => {
    const user = await createUser(fx.ctx.db, { totpSecret: secret });
    expect((await fx.client.login(user.username, 'salah')).json().error).toBe(ERROR_CODES.invalidCredentials);
  });

  it('ignores the token field for accounts without a second factor', async () => {
    const user = await createUser(fx.ctx.db);
    expect((await fx.client.login(user.username, user.password, '123456')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token server-side and audits it', async () => {
    const user = await createUser(fx.ctx.db);
    const token = await fx.client.loginToken(user.username, user.password);
    const other = await fx.client.loginToken(user.username, user.password);
    const res = await fx.client.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(res.statusCode).toBe(204);
    expect((await fx.client.request({ url: '/api/auth/check-token', token })).statusCode).toBe(401);
    // Another sign-in of the same user is a separate session and stays valid.
    expect((await fx.client.request({ url: '/api/auth/check-token', token: other })).statusCode).toBe(200);
    expect(await auditActions(user.username)).toEqual(['login.success', 'login.success', 'logout']);
  });

  it('needs a valid token', async () => {
    expect((await fx.client.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: a new session, the old access and refresh tokens stop working', async () => {
    const user = await createUser(fx.ctx.db);
    const first = (await fx.client.login(user.username, user.password)).json();
    const res = await fx.client.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: first.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await fx.client.request({ url: '/api/auth/check-token', token: second.accessToken })).statusCode).toBe(200);
    expect((await fx.client.request({ url: '/api/auth/check-token', token: first.accessToken })).statusCode).toBe(401);
    const reuse = await fx.client.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: first.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
  });

  it('ends the whole family when a rotated refresh token is presented again (issue #30)', async () => {
    const user = await createUser(fx.ctx.db);
    const refresh = (refreshToken: string) =>
      fx.client.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const check = async (token: string) =>
      (await fx.client.request({ url: '/api/auth/check-token', token })).statusCode;
    const first = (await fx.client.login(user.username, user.password)).json();
    const second = (await refresh(first.refreshToken)).json();
    const third = (await refresh(second.refreshToken)).json();
    const elsewhere = (await fx.client.login(user.username, user.password)).json();
    expect(await check(third.accessToken)).toBe(200);

    // Someone replays the first refresh token: whoever holds the family's live session loses it too.
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Sesi dihentikan karena token penyegar dipakai ulang. Silakan masuk kembali.');
    expect(await check(third.accessToken)).toBe(401);
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
    // Another sign-in is another family.
    expect(await check(elsewhere.accessToken)).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(200);
    expect(await auditActions(user.username)).toContain('session.refresh-reuse');
  });
});

describe('XSRF double submit (spec §7)', () => {
  it('issues a readable XSRF-TOKEN cookie', async () => {
    const res = await fx.ctx.app.inject({ url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a POST without the header, or with one that does not match the cookie', async () => {
    const user = await createUser(fx.ctx.db);
    const payload = { username: user.username, password: user.password };
    const missing = await fx.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      cookies: { 'XSRF-TOKEN': 'abcdefabcdefabcdefabcdef' },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error).toBe(ERROR_CODES.xsrf);
    const mismatch = await fx.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      cookies: { 'XSRF-TOKEN': 'abcdefabcdefabcdefabcdef' },
      headers: { 'x-xsrf-token': 'zzzzzzzzzzzzzzzzzzzzzzzz' },
    });
    expect(mismatch.statusCode).toBe(403);
    const noCookie = await fx.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'x-xsrf-token': 'abcdefabcdefabcdefabcdef' },
    });
    expect(noCookie.statusCode).toBe(403);
    // Nothing was attempted: no failure counted, no audit event.
    expect(await auditActions(user.username)).toEqual([]);
  });

  it('decides on the route, not the raw URL: POST /%61pi/auth/logout without XSRF is refused (issue #30)', async () => {
    const user = await createUser(fx.ctx.db);
    const token = await fx.client.loginToken(user.username, user.password);
    for (const url of ['/%61pi/auth/logout', '/api/auth/%6cogout', '/%61pi/auth/logout?x=1']) {
      const res = await fx.ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toBe(ERROR_CODES.xsrf);
    }
    expect((await fx.client.request({ url: '/api/auth/check-token', token })).statusCode).toBe(200);
    expect(await auditActions(user.username)).toEqual(['login.success']);
    // The encoded path is the logout route: with the XSRF pair it is served.
    expect((await fx.client.request({ method: 'POST', url: '/%61pi/auth/logout', token })).statusCode).toBe(204);
    expect((await fx.client.request({ url: '/api/auth/check-token', token })).statusCode).toBe(401);
  });
});
