// Issue #6 against the real database and the real HTTP layer, mail through a real SMTP server:
// key login, registration, forgot/reset password, the password policy, session revocation, the
// TOTP second factor with recovery codes, and the audit trail of all of it.

import { AKUN_ERROR_CODES, ERROR_CODES, REGISTRATION_LOGIN_TOKEN } from '@portal/contract';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp, temporaryPasswordIn } from '../../test/smtp.js';
import { createInstansi, createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let client: TestClient;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await createTestApp({ smtpUrl: smtp.url, allowRegistration: true });
  client = new TestClient(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  client.request({ method: 'POST', url, payload: payload as Record<string, unknown>, token });
const checkToken = (token: string) => client.request({ method: 'GET', url: '/api/auth/check-token', token });
/** The code of the next 30-second step (accepted: one step of clock drift), unspent while the current one is. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
const actions = async (userId: number) =>
  (await ctx.db.selectFrom('audit_event').select('action').where('actor_id', '=', userId).orderBy('id').execute()).map(
    (e) => e.action,
  );

describe('POST /api/auth/login-key', () => {
  async function withKey(days = 30) {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const res = await post('/api/profil/access-keys', { name: 'Skrip rekap', days, password: user.password }, token);
    expect(res.statusCode).toBe(201);
    return { user, token, key: res.json().key as string, id: res.json().accessKey.id as number };
  }
  const loginKey = (username: string, key: string) =>
    post('/api/auth/login-key', { username, password: key, token: null });

  it('signs in with a live key: a session like login, and the key marked used', async () => {
    const { user, key, id } = await withKey();
    const res = await loginKey(user.username, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ accessToken: expect.any(String), tokenType: 'Bearer' }));
    expect((await checkToken(res.json().accessToken)).json().mapData.data.username).toBe(user.username);
    const row = await ctx.db.selectFrom('access_key').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
    expect(await actions(user.id)).toContain('login.key.success');
  });

  it('never stores the key in clear', async () => {
    const { key, id } = await withKey();
    const row = await ctx.db.selectFrom('access_key').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key.slice(10));
    expect(row.prefix).toBe(key.slice(0, 10));
  });

  it('refuses a wrong key, another user’s key, an expired key and a revoked key alike', async () => {
    const { user, token, key, id } = await withKey();
    const other = await createUser(ctx.db);
    const expected = { error: ERROR_CODES.invalidCredentials, message: expect.stringContaining('kunci akses') };
    expect((await loginKey(user.username, `${key}x`)).json()).toEqual(expected);
    expect((await loginKey(other.username, key)).statusCode).toBe(401);
    // The account password is not a key.
    expect((await loginKey(user.username, user.password)).statusCode).toBe(401);

    await ctx.db
      .updateTable('access_key')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', id)
      .execute();
    expect((await loginKey(user.username, key)).statusCode).toBe(401);

    const live = await withKey();
    const revoke = await client.request({
      method: 'DELETE',
      url: `/api/profil/access-keys/${live.id}`,
      token: live.token,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    const res = await loginKey(live.user.username, live.key);
    expect(res.statusCode).toBe(401);
    expect(await actions(live.user.id)).toEqual(expect.arrayContaining(['access-key.create', 'access-key.revoke']));
    // Someone else's key cannot be revoked.
    expect(
      (await client.request({ method: 'DELETE', url: `/api/profil/access-keys/${live.id}`, token })).statusCode,
    ).toBe(404);
  });

  it('lists the keys in the profile with expiry and last use, never the key', async () => {
    const { token, key } = await withKey(7);
    const profile = (await client.request({ method: 'GET', url: '/api/profil', token })).json();
    expect(profile.accessKeys).toEqual([
      expect.objectContaining({ name: 'Skrip rekap', prefix: key.slice(0, 10), lastUsedAt: null, revokedAt: null }),
    ]);
    const days = (Date.parse(profile.accessKeys[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(JSON.stringify(profile)).not.toContain(key);
  });
});

describe('access keys are credentials for tools, never a way around the second factor (issue #30)', () => {
  const SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
  const createKey = (token: string, body: Record<string, unknown>) =>
    post('/api/profil/access-keys', { name: 'Skrip rekap', days: 30, ...body }, token);
  const loginKey = (username: string, key: string) =>
    post('/api/auth/login-key', { username, password: key, token: null });
  const keyRow = (id: number) =>
    ctx.db.selectFrom('access_key').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('asks for the password again, naming the field in Indonesian when it is missing or wrong', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const missing = await createKey(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([expect.objectContaining({ field: 'body.password' })]);
    const wrong = await createKey(token, { password: 'bukan-kata-sandinya' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: ERROR_CODES.invalidCredentials,
      message: 'Kata sandi salah.',
      details: [{ field: 'body.password', message: 'Kata sandi salah.' }],
    });
    const ok = await createKey(token, { password: user.password });
    expect(ok.statusCode).toBe(201);
    expect((await keyRow(ok.json().accessKey.id)).with_totp).toBe(false);
    expect(await actions(user.id)).toEqual(expect.arrayContaining(['reauth.failure', 'access-key.create']));
  });

  it('asks an account with TOTP for a current, unspent code too', async () => {
    const user = await createUser(ctx.db, { totpSecret: SECRET });
    const loginCode = await generate({ secret: SECRET });
    const login = await client.login(user.username, user.password, loginCode);
    expect(login.statusCode).toBe(200);
    const token = login.json().accessToken;

    const noCode = await createKey(token, { password: user.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual(
      expect.objectContaining({
        error: ERROR_CODES.otpRequired,
        details: [expect.objectContaining({ field: 'body.token' })],
      }),
    );
    const wrongCode = loginCode === '000000' ? '111111' : '000000';
    const wrong = await createKey(token, { password: user.password, token: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(
      expect.objectContaining({
        error: ERROR_CODES.otpInvalid,
        details: [expect.objectContaining({ field: 'body.token' })],
      }),
    );
    // The code of the sign-in is spent.
    const spent = await createKey(token, { password: user.password, token: loginCode });
    expect(spent.statusCode).toBe(400);
    expect(spent.json().message).toContain('sudah dipakai');
    const ok = await createKey(token, { password: user.password, token: await nextCode(SECRET) });
    expect(ok.statusCode).toBe(201);
    expect((await keyRow(ok.json().accessKey.id)).with_totp).toBe(true);
    expect((await loginKey(user.username, ok.json().key)).statusCode).toBe(200);
  });

  it('counts wrong passwords toward the lockout, like a sign-in', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    for (let i = 0; i < 4; i++) expect((await createKey(token, { password: 'salah' })).statusCode).toBe(400);
    expect((await createKey(token, { password: 'salah' })).statusCode).toBe(423);
    expect((await createKey(token, { password: user.password })).statusCode).toBe(423);
    expect((await client.login(user.username, user.password)).statusCode).toBe(423);
  });

  it('refuses a session opened with a key every credential change (403), also after a refresh', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const created = (await createKey(token, { password: user.password })).json();
    const session = (await loginKey(user.username, created.key)).json();
    const keyTokens = async function* () {
      yield session.accessToken as string;
      // Its refresh is a session of the same kind.
      yield (await post('/api/auth/refresh', { refreshToken: session.refreshToken })).json().accessToken as string;
    };
    for await (const keyToken of keyTokens()) {
      expect((await client.request({ method: 'GET', url: '/api/profil', token: keyToken })).statusCode).toBe(200);
      const refusals = [
        await createKey(keyToken, { password: user.password }),
        await client.request({
          method: 'DELETE',
          url: `/api/profil/access-keys/${created.accessKey.id}`,
          token: keyToken,
        }),
        await post('/api/profil/totp/setup', {}, keyToken),
        await post('/api/profil/totp/enable', { code: '123456' }, keyToken),
        await post('/api/profil/totp/disable', { password: user.password }, keyToken),
      ];
      for (const res of refusals) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(
          expect.objectContaining({ error: ERROR_CODES.forbidden, message: expect.stringContaining('kunci akses') }),
        );
      }
    }
    // The password session may.
    expect((await post('/api/profil/totp/setup', {}, token)).statusCode).toBe(200);
  });

  it('revokes every key when the password is changed, with the sessions the keys opened', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const created = (await createKey(token, { password: user.password })).json();
    const keySession = (await loginKey(user.username, created.key)).json().accessToken;
    const res = await post(
      '/api/auth/reset-password',
      { username: user.username, oldPassword: user.password, newPassword: 'rambutan-manis-sekali' },
      keySession,
    );
    expect(res.statusCode).toBe(200);
    expect((await loginKey(user.username, created.key)).statusCode).toBe(401);
    expect((await keyRow(created.accessKey.id)).revoked_at).not.toBeNull();
    // Presented by a key's session, the change keeps no session.
    expect((await checkToken(keySession)).statusCode).toBe(401);
  });

  it('revokes every key when a temporary password (forgot-password) is replaced', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const created = (await createKey(token, { password: user.password })).json();
    await post('/api/forgot-password', { email: `${user.username}@uji.go.id` });
    const temporary = temporaryPasswordIn(await smtp.waitFor(`${user.username}@uji.go.id`));
    const reset = await post('/api/auth/reset-password', {
      username: user.username,
      oldPassword: temporary,
      newPassword: 'durian-montong-legit',
    });
    expect(reset.statusCode).toBe(200);
    expect((await loginKey(user.username, created.key)).statusCode).toBe(401);
  });

  it('revokes the keys made without the second factor when it is enabled', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const created = (await createKey(token, { password: user.password })).json();
    expect((await loginKey(user.username, created.key)).statusCode).toBe(200);
    const { secret } = (await post('/api/profil/totp/setup', {}, token)).json();
    expect((await post('/api/profil/totp/enable', { code: await generate({ secret }) }, token)).statusCode).toBe(200);
    expect((await loginKey(user.username, created.key)).statusCode).toBe(401);
    const profile = (await client.request({ method: 'GET', url: '/api/profil', token })).json();
    expect(profile.accessKeys[0].revokedAt).not.toBeNull();
  });
});

describe('registration (POST /api)', () => {
  it('creates an account without roles; the automatic login of spec §4 works', async () => {
    const instansiId = await createInstansi(ctx.db);
    const kode = `U${instansiId}`;
    const info = (await client.request({ method: 'GET', url: '/api/auth/registrasi' })).json();
    expect(info.enabled).toBe(true);
    expect(info.instansi).toContainEqual({ id: instansiId, kode, nama: 'Instansi Uji' });

    const email = 'Pendaftar.Baru@uji.go.id';
    const password = 'kopi-tubruk-pagi-hari';
    const res = await post('/api', { email, password, fullname: 'Pendaftar Baru', instansiKode: kode });
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe(email.toLowerCase());

    const login = await client.login(email, password, REGISTRATION_LOGIN_TOKEN);
    expect(login.statusCode).toBe(200);
    const principal = (await checkToken(login.json().accessToken)).json().mapData.data;
    expect(principal).toEqual(
      expect.objectContaining({
        authorities: [],
        menus: [],
        isCpns: false,
        instansi: expect.objectContaining({ kode }),
      }),
    );
    expect(await actions(res.json().id)).toEqual(['user.register', 'login.success']);

    const again = await post('/api', { email, password, fullname: 'Lagi', instansiKode: kode });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(AKUN_ERROR_CODES.alreadyExists);
  });

  it('applies the password policy', async () => {
    const instansiId = await createInstansi(ctx.db);
    const res = await post('/api', {
      email: 'lemah@uji.go.id',
      password: 'password123',
      fullname: 'Lemah Sekali',
      instansiKode: `U${instansiId}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      expect.objectContaining({
        error: AKUN_ERROR_CODES.passwordPolicy,
        message: expect.stringContaining('mudah ditebak'),
      }),
    );
  });

  it('is refused with 403 and a clear message unless ALLOW_REGISTRATION is on', async () => {
    const off = await createTestApp();
    try {
      const offClient = new TestClient(off.app);
      const res = await offClient.request({
        method: 'POST',
        url: '/api',
        payload: { email: 'x@uji.go.id', password: 'kopi-tubruk-pagi-hari', fullname: 'X Y Z', instansiKode: '1' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: AKUN_ERROR_CODES.registrationDisabled,
        message: 'Pendaftaran akun mandiri tidak dibuka di portal ini. Mintalah akun kepada admin instansi Anda.',
      });
      // Closed whatever is sent: no 400 describing the form of an endpoint that is not open.
      for (const payload of [{ email: 'x@uji.go.id' }, {}, 'bukan json']) {
        const refused = await offClient.request({ method: 'POST', url: '/api', payload });
        expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
        expect(refused.json().error).toBe(AKUN_ERROR_CODES.registrationDisabled);
      }
      expect((await offClient.request({ method: 'GET', url: '/api/auth/registrasi' })).json()).toEqual({
        enabled: false,
        instansi: [],
      });
    } finally {
      await off.close();
    }
  });
});

describe('forgot-password and reset-password', () => {
  it('mails a temporary password that forces a new one, once', async () => {
    const user = await createUser(ctx.db);
    const email = `${user.username}@uji.go.id`;
    const known = await post('/api/forgot-password', { email });
    const unknown = await post('/api/forgot-password', { email: 'tidak.ada@uji.go.id' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());

    const mail = await smtp.waitFor(email);
    expect(mail.text).toContain('Subject: Kata sandi sementara Portal Verifikasi ASN');
    const temporary = temporaryPasswordIn(mail);
    // A second request within the minute sends nothing more (no flooding), answering the same.
    const sent = smtp.received.filter((m) => m.to.includes(email)).length;
    expect((await post('/api/forgot-password', { email })).json()).toEqual(known.json());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.to.includes(email)).length).toBe(sent);

    const withTemporary = await client.login(user.username, temporary);
    expect(withTemporary.statusCode).toBe(403);
    expect(withTemporary.json()).toEqual({
      error: AKUN_ERROR_CODES.passwordChangeRequired,
      message: 'Anda masuk dengan kata sandi sementara. Buat kata sandi baru untuk melanjutkan.',
    });
    // The regular password still works: a stranger's request locks nobody out.
    expect((await client.login(user.username, user.password)).statusCode).toBe(200);

    const newPassword = 'teh-manis-hangat-sore';
    const reset = await post('/api/auth/reset-password', {
      username: user.username,
      oldPassword: temporary,
      newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect((await client.login(user.username, newPassword)).statusCode).toBe(200);
    expect((await client.login(user.username, user.password)).statusCode).toBe(401);
    // Single use.
    expect((await client.login(user.username, temporary)).statusCode).toBe(401);
    expect(
      (
        await post('/api/auth/reset-password', {
          username: user.username,
          oldPassword: temporary,
          newPassword: 'xxx-kopi-susu-dingin',
        })
      ).statusCode,
    ).toBe(401);
    expect(await actions(user.id)).toEqual(
      expect.arrayContaining(['password.forgot', 'login.temporary-password', 'password.change']),
    );
    // No mail went to the unknown address.
    expect(smtp.received.some((m) => m.to.includes('tidak.ada@uji.go.id'))).toBe(false);
  });

  it('lets a temporary password expire', async () => {
    const user = await createUser(ctx.db);
    await post('/api/forgot-password', { email: `${user.username}@uji.go.id` });
    const temporary = temporaryPasswordIn(await smtp.waitFor(`${user.username}@uji.go.id`));
    await ctx.db
      .updateTable('app_user')
      .set({ temp_password_expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', user.id)
      .execute();
    const res = await client.login(user.username, temporary);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ERROR_CODES.invalidCredentials);
  });

  it('explains the password policy in Indonesian', async () => {
    const user = await createUser(ctx.db, { username: 'siti.aminah' });
    const attempt = (newPassword: string) =>
      post('/api/auth/reset-password', { username: user.username, oldPassword: user.password, newPassword });
    const cases: [string, string][] = [
      ['pendek', 'Kata sandi minimal 10 karakter.'],
      ['SITI.AMINAH-2024', 'Kata sandi tidak boleh memuat nama pengguna atau alamat email Anda.'],
      ['qwertyuiop123', 'Kata sandi ini termasuk yang paling sering dipakai dan mudah ditebak. Pilih kata sandi lain.'],
      ['aaaaaaaaaaaaaab', 'Kata sandi terlalu sederhana: gunakan lebih banyak karakter yang berbeda.'],
      [user.password, 'Kata sandi baru harus berbeda dari kata sandi lama.'],
    ];
    for (const [password, message] of cases) {
      const res = await attempt(password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expect.objectContaining({ error: AKUN_ERROR_CODES.passwordPolicy, message }));
    }
    const wrongOld = await post('/api/auth/reset-password', {
      username: user.username,
      oldPassword: 'bukan-ini',
      newPassword: 'kopi-tubruk-pagi-hari',
    });
    expect(wrongOld.statusCode).toBe(401);
  });

  it('revokes the user’s other sessions on a change, keeping the one that made it', async () => {
    const user = await createUser(ctx.db);
    const here = await client.loginToken(user.username, user.password);
    const elsewhere = await client.loginToken(user.username, user.password);
    const res = await post(
      '/api/auth/reset-password',
      { username: user.username, oldPassword: user.password, newPassword: 'sepeda-ontel-merah' },
      here,
    );
    expect(res.statusCode).toBe(200);
    expect((await checkToken(here)).statusCode).toBe(200);
    expect((await checkToken(elsewhere)).statusCode).toBe(401);

    // Without a session (the forced change after a temporary password), every session ends.
    await post('/api/auth/reset-password', {
      username: user.username,
      oldPassword: 'sepeda-ontel-merah',
      newPassword: 'sepeda-ontel-biru',
    });
    expect((await checkToken(here)).statusCode).toBe(401);
  });
});

describe('TOTP second factor on the profile', () => {
  it('is enabled only after a correct code; a recovery code works once', async () => {
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const setup = await post('/api/profil/totp/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    const { secret, qrDataUrl, otpauthUrl } = setup.json();
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(otpauthUrl).toContain(`secret=${secret}`);

    // Not on before a correct code.
    const wrong = await post('/api/profil/totp/enable', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect((await client.login(user.username, user.password)).statusCode).toBe(200);

    const enableCode = await generate({ secret });
    const enable = await post('/api/profil/totp/enable', { code: enableCode }, token);
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const noCode = await client.login(user.username, user.password);
    expect(noCode.json().error).toBe(ERROR_CODES.otpRequired);
    const code = codes[0]!;
    expect((await client.login(user.username, user.password, code.toUpperCase())).statusCode).toBe(200);
    const reused = await client.login(user.username, user.password, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe(ERROR_CODES.otpInvalid);
    // Issue #30: the code that enabled the factor is spent too – a TOTP code works once.
    const enableCodeAgain = await client.login(user.username, user.password, enableCode);
    expect(enableCodeAgain.statusCode).toBe(401);
    expect(enableCodeAgain.json()).toEqual(
      expect.objectContaining({ error: ERROR_CODES.otpInvalid, message: expect.stringContaining('sudah dipakai') }),
    );
    expect((await client.login(user.username, user.password, await nextCode(secret))).statusCode).toBe(200);

    const profile = (await client.request({ method: 'GET', url: '/api/profil', token })).json();
    expect(profile).toEqual(expect.objectContaining({ totpEnabled: true, recoveryCodesLeft: 9 }));
    expect(profile.signIns[0]).toEqual(expect.objectContaining({ action: 'login.success', ip: '127.0.0.1' }));
    expect(profile.signIns.map((e: { action: string }) => e.action)).toContain('login.recovery-code');
    const stored = await ctx.db
      .selectFrom('recovery_code')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.some((row) => codes.some((c) => row.code_hash.includes(c)))).toBe(false);

    expect((await post('/api/profil/totp/disable', { password: 'salah-sekali' }, token)).statusCode).toBe(400);
    expect((await post('/api/profil/totp/disable', { password: user.password }, token)).statusCode).toBe(204);
    expect((await client.login(user.username, user.password)).statusCode).toBe(200);
    expect(await actions(user.id)).toEqual(
      expect.arrayContaining(['totp.enable', 'login.recovery-code', 'totp.disable']),
    );
  });
});

describe('development mailbox', () => {
  it('keeps mail without SMTP_URL, readable outside production only', async () => {
    const dev = await createTestApp();
    try {
      const devClient = new TestClient(dev.app);
      const user = await createUser(dev.db);
      const email = `${user.username}@uji.go.id`;
      await devClient.request({ method: 'POST', url: '/api/forgot-password', payload: { email } });
      let mails: { to: string; subject: string; text: string }[] = [];
      for (let i = 0; i < 100 && mails.length === 0; i++) {
        mails = (await devClient.request({ method: 'GET', url: `/api/dev/mailbox?to=${email}` })).json();
        if (mails.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(mails).toEqual([
        expect.objectContaining({ to: email, subject: 'Kata sandi sementara Portal Verifikasi ASN' }),
      ]);
      expect(mails[0]!.text).toMatch(/Kata sandi sementara: \S+/);
      const html = await devClient.request({
        method: 'GET',
        url: '/api/dev/mailbox',
        headers: { accept: 'text/html' },
      });
      expect(html.headers['content-type']).toContain('text/html');
      expect(html.body).toContain('Kotak Surat Pengembangan');
      expect(html.body).toContain(`Kepada: ${email}`);
    } finally {
      await dev.close();
    }
    const prod = await createTestApp({ production: true, devMailbox: false });
    try {
      const res = await new TestClient(prod.app).request({ method: 'GET', url: '/api/dev/mailbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
