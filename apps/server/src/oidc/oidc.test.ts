// Issue #6: the embedded identity provider on Keycloak's paths, driven over HTTP as a browser and
// a public client would, and the API taking its tokens (JWKS, issuer, audience, expiry, user).

import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@portal/contract';
import { decodeJwt, importJWK, type JWK, SignJWT } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, createUser, TestClient, type TestContext } from '../test/test-app.js';
import { newSigningKey } from './provider.js';
import { formAction, ISSUER_PATH, OIDC, pkcePair, SsoBrowser } from './sso-client.test-helper.js';

let ctx: TestContext;
let client: TestClient;
const ORIGIN = 'http://localhost:3000';
const ISSUER = `${ORIGIN}${ISSUER_PATH}`;
const REDIRECT = `${ORIGIN}/auth/callback`;
const AFTER_LOGOUT = `${ORIGIN}/auth/login`;
const TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

beforeAll(async () => {
  ctx = await createTestApp();
  client = new TestClient(ctx.app);
});
afterAll(() => ctx.close());

const listBody = {
  filter: {},
  paginator: { page: 1, pageSize: 10, total: 0, pageSizes: [] },
  sorting: { column: 'id', direction: 'asc' },
  searchTerm: '',
  grouping: { selectedRowIds: [], itemIds: [] },
};

function authorizeUrl(pkce: { challenge: string }, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: 'verifikasi',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid profile email',
    state: 's'.repeat(36),
    nonce: 'n'.repeat(36),
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  for (const [key, value] of Object.entries(extra)) if (value === '') params.delete(key);
  return `${OIDC}/auth?${params}`;
}

const tokenRequest = (browser: SsoBrowser, form: Record<string, string>) =>
  browser.request({
    method: 'POST',
    url: `${OIDC}/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: 'verifikasi', ...form }).toString(),
  });

/** Sign-in form → code → tokens, as the SPA does it. */
async function signIn(
  user: { username: string; password: string },
  otp?: () => Promise<string>,
  extra: Record<string, string> = {},
) {
  const browser = new SsoBrowser(ctx.app);
  const pkce = pkcePair();
  const form = await browser.follow(authorizeUrl(pkce, extra));
  expect(form.res.statusCode).toBe(200);
  let step = await browser.postForm(formAction(form.res.body), { username: user.username, password: user.password });
  if (otp) {
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('Kode OTP');
    step = await browser.postForm(formAction(step.body), { token: await otp() });
  }
  expect(step.statusCode).toBe(303);
  const back = await browser.follow(String(step.headers.location));
  const callback = new URL(back.url);
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
  expect(callback.searchParams.get('state')).toBe('s'.repeat(36));
  const code = callback.searchParams.get('code') ?? '';
  const res = await tokenRequest(browser, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: pkce.verifier,
  });
  expect(res.statusCode).toBe(200);
  return { browser, tokens: res.json(), sessionState: callback.searchParams.get('session_state') };
}

async function providerKey() {
  const row = await ctx.db
    .selectFrom('app_secret')
    .select('value')
    .where('name', '=', 'oidc-jwks')
    .executeTakeFirstOrThrow();
  const [jwk] = (JSON.parse(row.value) as { keys: JWK[] }).keys;
  if (!jwk) throw new Error('no key');
  return { key: await importJWK(jwk, 'RS256'), kid: String(jwk.kid) };
}

async function forgedToken(
  claims: Record<string, unknown>,
  options: { exp?: number; iss?: string; aud?: string; key?: Awaited<ReturnType<typeof providerKey>> } = {},
) {
  const { key, kid } = options.key ?? (await providerKey());
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'openid profile email', client_id: 'verifikasi', ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid })
    .setIssuer(options.iss ?? ISSUER)
    .setAudience(options.aud ?? 'verifikasi')
    .setSubject('1')
    .setIssuedAt(now - 600)
    .setExpirationTime(options.exp ?? now + 300)
    .setJti(randomUUID())
    .sign(key);
}

const checkToken = (token: string) => client.request({ method: 'GET', url: '/api/auth/check-token', token });

describe('discovery and keys on Keycloak paths', () => {
  it('publishes the realm configuration under /realms/public', async () => {
    const res = await new SsoBrowser(ctx.app).request({
      method: 'GET',
      url: `${ISSUER_PATH}/.well-known/openid-configuration`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/protocol/openid-connect/auth`,
      token_endpoint: `${ISSUER}/protocol/openid-connect/token`,
      jwks_uri: `${ISSUER}/protocol/openid-connect/certs`,
      userinfo_endpoint: `${ISSUER}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${ISSUER}/protocol/openid-connect/logout`,
      check_session_iframe: `${ISSUER}/protocol/openid-connect/login-status-iframe.html`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    const certs = await ctx.app.inject({ method: 'GET', url: `${ISSUER_PATH}/protocol/openid-connect/certs` });
    const [key] = certs.json().keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(key.d).toBeUndefined();
    const iframe = await ctx.app.inject({ method: 'GET', url: `${OIDC}/login-status-iframe.html` });
    expect(iframe.statusCode).toBe(200);
    expect(iframe.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${ORIGIN}`);
  });

  it('keeps its signing key across restarts (stored in the database)', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: `${OIDC}/certs` })).json().keys[0].kid;
    const again = await buildApp({ config: ctx.config, db: ctx.db });
    const after = (await again.inject({ method: 'GET', url: `${OIDC}/certs` })).json().keys[0].kid;
    await again.close();
    expect(after).toBe(before);
  });
});

describe('code + PKCE sign-in', () => {
  it('signs in on the Indonesian form and gives tokens the API takes, with the same principal as local login', async () => {
    const user = await createUser(ctx.db, {
      roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_ADMIN_CPNS'],
      flags: { isCpns: true },
    });
    const browser = new SsoBrowser(ctx.app);
    const form = await browser.follow(authorizeUrl(pkcePair()));
    expect(form.res.headers['content-type']).toContain('text/html');
    expect(form.res.body).toContain('<html lang="id">');
    expect(form.res.body).toContain('Masuk dengan akun portal');
    expect(form.res.body).toContain('<label for="username">Nama Pengguna</label>');
    expect(form.res.body).toContain('<label for="password">Kata Sandi</label>');

    const { tokens, sessionState } = await signIn(user);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'openid profile email' });
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({
      iss: ISSUER,
      aud: 'verifikasi',
      azp: 'verifikasi',
      preferred_username: user.username,
    });
    expect(access.sid).toBe(sessionState);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ nonce: 'n'.repeat(36), preferred_username: user.username });

    const userinfo = await ctx.app.inject({
      method: 'GET',
      url: `${OIDC}/userinfo`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.statusCode).toBe(200);
    expect(userinfo.json()).toMatchObject({
      sub: String(user.id),
      preferred_username: user.username,
      email: `${user.username}@uji.go.id`,
    });

    const viaSso = await checkToken(tokens.access_token);
    const viaLocal = await checkToken(await client.loginToken(user.username, user.password));
    expect(viaSso.statusCode).toBe(200);
    expect(viaSso.json()).toEqual(viaLocal.json());
    expect(viaSso.json().mapData.data.menus.map((m: { page: string }) => m.page)).toContain('/cpns/verifikasi');

    // A data call with the IdP's token: the page binding of spec §6 applies as for local login.
    const list = await client.request({
      method: 'POST',
      url: '/api/cpns/verifikator/filter',
      token: tokens.access_token,
      payload: listBody,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ recordsTotal: expect.any(Number), data: expect.any(Array) });
    const refused = await client.request({
      method: 'POST',
      url: '/api/nakes/verifikator/filter',
      token: tokens.access_token,
      payload: listBody,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a wrong password on the form with the local login message, and locks like it', async () => {
    const user = await createUser(ctx.db);
    const browser = new SsoBrowser(ctx.app);
    const form = await browser.follow(authorizeUrl(pkcePair()));
    const action = formAction(form.res.body);
    const wrong = await browser.postForm(action, { username: user.username, password: 'salah' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Nama pengguna atau kata sandi salah.');
    for (let i = 0; i < 3; i++) await browser.postForm(action, { username: user.username, password: 'salah' });
    const fifth = await browser.postForm(action, { username: user.username, password: 'salah' });
    expect(fifth.statusCode).toBe(423);
    const locked = await browser.postForm(action, { username: user.username, password: user.password });
    expect(locked.statusCode).toBe(423);
    expect(locked.body).toContain('Akun dikunci sementara');
  });

  it('asks a user with TOTP for the code after the password, refusing a wrong one', async () => {
    const user = await createUser(ctx.db, {
      totpSecret: TOTP_SECRET,
      roles: ['ROLE_VERIFIKATOR_CPNS'],
      flags: { isCpns: true },
    });
    const browser = new SsoBrowser(ctx.app);
    const form = await browser.follow(authorizeUrl(pkcePair()));
    const otpPage = await browser.postForm(formAction(form.res.body), {
      username: user.username,
      password: user.password,
    });
    expect(otpPage.statusCode).toBe(200);
    expect(otpPage.body).toContain('<label for="token">Kode OTP</label>');
    const wrong = await browser.postForm(formAction(otpPage.body), { token: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Kode OTP salah atau sudah kedaluwarsa.');

    const { tokens } = await signIn(user, () => generate({ secret: TOTP_SECRET }));
    expect((await checkToken(tokens.access_token)).statusCode).toBe(200);
    expect(decodeJwt(tokens.id_token).amr).toEqual(['pwd', 'otp']);
  });

  it('asks the Indonesian consent question when the client wants it (prompt=consent)', async () => {
    const user = await createUser(ctx.db);
    const browser = new SsoBrowser(ctx.app);
    for (const decision of ['tolak', 'izinkan']) {
      const form = await browser.follow(authorizeUrl(pkcePair(), { prompt: 'login consent' }));
      const step = await browser.postForm(formAction(form.res.body), {
        username: user.username,
        password: user.password,
      });
      const consent = await browser.follow(String(step.headers.location));
      expect(consent.res.statusCode).toBe(200);
      expect(consent.res.body).toContain('Izinkan akses?');
      expect(consent.res.body).toContain('Nama dan nama pengguna Anda');
      const answer = await browser.postForm(formAction(consent.res.body), { keputusan: decision });
      const back = new URL((await browser.follow(String(answer.headers.location))).url);
      if (decision === 'tolak') expect(back.searchParams.get('error')).toBe('access_denied');
      else expect(back.toString()).toContain('code=');
    }
  });

  it('refuses a deactivated user on the form', async () => {
    const user = await createUser(ctx.db, { active: false });
    const browser = new SsoBrowser(ctx.app);
    const form = await browser.follow(authorizeUrl(pkcePair()));
    const res = await browser.postForm(formAction(form.res.body), { username: user.username, password: user.password });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Nama pengguna atau kata sandi salah.');
  });

  it('refuses PKCE plain or missing, and a wrong verifier', async () => {
    const browser = new SsoBrowser(ctx.app);
    const pkce = pkcePair();
    const cases: Record<string, string>[] = [
      { code_challenge_method: 'plain' },
      { code_challenge: '', code_challenge_method: '' },
    ];
    for (const extra of cases) {
      const res = await browser.request({ method: 'GET', url: authorizeUrl(pkce, extra) });
      expect(res.statusCode).toBe(303);
      const location = new URL(String(res.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(location.searchParams.get('error')).toBe('invalid_request');
    }

    const user = await createUser(ctx.db);
    const form = await browser.follow(authorizeUrl(pkce));
    const step = await browser.postForm(formAction(form.res.body), {
      username: user.username,
      password: user.password,
    });
    const back = new URL((await browser.follow(String(step.headers.location))).url);
    const res = await tokenRequest(browser, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT,
      code_verifier: pkcePair().verifier,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });
});

describe('refresh and end-session', () => {
  it('refreshes (rotating the refresh token), then signs out and revokes', async () => {
    const user = await createUser(ctx.db, { roles: ['ROLE_ADMIN_PPPK'], flags: { isPppk: true } });
    const { browser, tokens, sessionState } = await signIn(user);

    const refreshed = await tokenRequest(browser, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    // Keycloak-style: the refresh token is a JWT keycloak-js can decode.
    expect(decodeJwt(next.refresh_token)).toMatchObject({
      typ: 'Refresh',
      iss: ISSUER,
      azp: 'verifikasi',
      sub: String(user.id),
    });
    const reused = await tokenRequest(browser, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(reused.statusCode).toBe(400);
    expect((await checkToken(next.access_token)).statusCode).toBe(200);

    const status = () =>
      browser.request({
        method: 'GET',
        url: `${OIDC}/login-status?client_id=verifikasi&origin=${encodeURIComponent(ORIGIN)}`,
      });
    expect((await status()).json()).toEqual({ sid: sessionState });

    const logout = await browser.request({
      method: 'GET',
      url: `${OIDC}/logout?${new URLSearchParams({ id_token_hint: next.id_token, post_logout_redirect_uri: AFTER_LOGOUT, client_id: 'verifikasi' })}`,
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('Keluar dari Portal Verifikasi ASN?');
    const xsrf = logout.body.match(/name="xsrf" value="([^"]+)"/)?.[1] ?? '';
    const confirmed = await browser.postForm(formAction(logout.body), { xsrf, logout: 'yes' });
    expect(confirmed.statusCode).toBe(303);
    expect(String(confirmed.headers.location)).toBe(AFTER_LOGOUT);

    // The provider session is over: the status iframe reports it, the refresh token is dead.
    expect((await status()).json()).toEqual({ sid: null });
    const dead = await tokenRequest(browser, { grant_type: 'refresh_token', refresh_token: next.refresh_token });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().error).toBe('invalid_grant');
  });

  it('refuses a status question from an origin that is not the client', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${OIDC}/login-status?client_id=verifikasi&origin=${encodeURIComponent('https://jahat.example')}`,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('API refusals of identity-service tokens', () => {
  it('takes a well-formed token and refuses wrong issuer, audience, expiry, tampering and unknown keys with 401', async () => {
    const user = await createUser(ctx.db, { roles: ['ROLE_VERIFIKATOR_CPNS'], flags: { isCpns: true } });
    const claims = { preferred_username: user.username };
    expect((await checkToken(await forgedToken(claims))).statusCode).toBe(200);

    const now = Math.floor(Date.now() / 1000);
    const good = await forgedToken(claims);
    const [header, payload, signature] = good.split('.');
    const tampered = [
      header,
      Buffer.from(JSON.stringify({ ...decodeJwt(good), preferred_username: 'admin.cpns' })).toString('base64url'),
      signature,
    ].join('.');
    const unknownKey = { key: await importJWK(newSigningKey() as JWK, 'RS256'), kid: 'kunci-asing' };
    const refusals = {
      wrongIssuer: await forgedToken(claims, { iss: 'http://localhost:3000/realms/lain' }),
      wrongAudience: await forgedToken(claims, { aud: 'aplikasi-lain' }),
      expired: await forgedToken(claims, { exp: now - 60 }),
      tampered,
      unknownKey: await forgedToken(claims, { key: unknownKey }),
      garbage: `${header}.${payload}`,
    };
    for (const [name, token] of Object.entries(refusals)) {
      const res = await checkToken(token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().error, name).toBe(ERROR_CODES.unauthenticated);
    }
    expect((await checkToken(refusals.expired)).json().message).toBe(
      'Sesi Anda telah berakhir. Silakan masuk kembali.',
    );
  });

  it('refuses a valid token of an unknown or deactivated user', async () => {
    expect((await checkToken(await forgedToken({ preferred_username: 'tidak.ada' }))).statusCode).toBe(401);
    const user = await createUser(ctx.db);
    const { tokens } = await signIn(user);
    expect((await checkToken(tokens.access_token)).statusCode).toBe(200);
    await ctx.db.updateTable('app_user').set({ active: false }).where('id', '=', user.id).execute();
    const res = await checkToken(tokens.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Akun Anda tidak terdaftar atau tidak aktif di portal ini.');
    // …and the provider no longer refreshes for it.
    const refresh = await tokenRequest(new SsoBrowser(ctx.app), {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('still takes the portal’s own tokens', async () => {
    const user = await createUser(ctx.db);
    expect((await checkToken(await client.loginToken(user.username, user.password))).statusCode).toBe(200);
  });
});

describe('Keycloak default client scopes (issue #21)', () => {
  const userinfo = (token: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `${OIDC}/userinfo`,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  it('gives profile, email and realm roles for scope openid alone, as keycloak-js asks', async () => {
    const user = await createUser(ctx.db, {
      fullname: 'Siti Nurhaliza Putri',
      roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_ADMIN_CPNS'],
      flags: { isCpns: true },
    });
    const { tokens } = await signIn(user, undefined, { scope: 'openid' });
    expect(tokens.scope.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    const profile = {
      preferred_username: user.username,
      name: 'Siti Nurhaliza Putri',
      given_name: 'Siti Nurhaliza',
      family_name: 'Putri',
      email: `${user.username}@uji.go.id`,
      email_verified: true,
    };
    expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: String(user.id), ...profile });
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({
      ...profile,
      realm_access: { roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_ADMIN_CPNS'] },
      'allowed-origins': expect.arrayContaining([ORIGIN]),
    });
    expect(String(access.scope).split(' ')).not.toContain('offline_access');
    const info = await userinfo(tokens.access_token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ sub: String(user.id), ...profile });
    // …and the API still takes the token.
    expect((await checkToken(tokens.access_token)).statusCode).toBe(200);
  });

  it('keeps offline_access optional: granted only when asked for', async () => {
    const user = await createUser(ctx.db);
    const { tokens } = await signIn(user, undefined, { scope: 'openid' });
    expect(tokens.scope.split(' ')).not.toContain('offline_access');
    // Asked for (oidc-provider wants the consent prompt with it), it is granted.
    const browser = new SsoBrowser(ctx.app);
    const pkce = pkcePair();
    const form = await browser.follow(authorizeUrl(pkce, { scope: 'openid offline_access', prompt: 'consent' }));
    const step = await browser.postForm(formAction(form.res.body), {
      username: user.username,
      password: user.password,
    });
    const consent = await browser.follow(String(step.headers.location));
    const answer = await browser.postForm(formAction(consent.res.body), { keputusan: 'izinkan' });
    const back = new URL((await browser.follow(String(answer.headers.location))).url);
    const res = await tokenRequest(browser, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT,
      code_verifier: pkce.verifier,
    });
    expect(res.json().scope.split(' ').sort()).toEqual(['email', 'offline_access', 'openid', 'profile']);
  });

  it('releases by the token’s scope: a token without profile and email carries neither', async () => {
    const user = await createUser(ctx.db, { roles: ['ROLE_VERIFIKATOR_CPNS'], flags: { isCpns: true } });
    const res = await userinfo(await forgedToken({ preferred_username: user.username, scope: 'openid' }, {}));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sub: '1' });
  });

  it('answers userinfo with CORS for the client’s web origins only', async () => {
    const user = await createUser(ctx.db);
    const { tokens } = await signIn(user);
    const ours = await userinfo(tokens.access_token, { origin: ORIGIN });
    expect(ours.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(ours.headers['access-control-allow-credentials']).toBe('true');
    const theirs = await userinfo(tokens.access_token, { origin: 'https://jahat.example' });
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('account profile (GET /realms/public/account), as keycloak-js loadUserProfile() reads it', () => {
  const account = (headers: Record<string, string>, method: 'GET' | 'OPTIONS' = 'GET') =>
    ctx.app.inject({ method, url: `${ISSUER_PATH}/account`, headers: { accept: 'application/json', ...headers } });

  it('answers the token’s user in Keycloak’s shape, with CORS for the client', async () => {
    const user = await createUser(ctx.db, { fullname: 'Budi Santoso' });
    const { tokens } = await signIn(user, undefined, { scope: 'openid' });
    const res = await account({ authorization: `Bearer ${tokens.access_token}`, origin: ORIGIN });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.json()).toEqual({
      id: String(user.id),
      username: user.username,
      firstName: 'Budi',
      lastName: 'Santoso',
      email: `${user.username}@uji.go.id`,
      emailVerified: true,
      attributes: {},
    });
  });

  it('refuses 401 without a token, with a bad or foreign token, and for a deactivated user', async () => {
    const user = await createUser(ctx.db);
    const { tokens } = await signIn(user);
    expect((await account({})).statusCode).toBe(401);
    expect((await account({ authorization: 'Bearer a.b.c' })).statusCode).toBe(401);
    const foreign = await forgedToken(
      { preferred_username: user.username },
      { iss: 'http://localhost:3000/realms/lain' },
    );
    expect((await account({ authorization: `Bearer ${foreign}` })).statusCode).toBe(401);
    const portalToken = await client.loginToken(user.username, user.password);
    expect((await account({ authorization: `Bearer ${portalToken}` })).statusCode).toBe(401);
    expect((await account({ authorization: `Bearer ${tokens.access_token}` })).statusCode).toBe(200);
    await ctx.db.updateTable('app_user').set({ active: false }).where('id', '=', user.id).execute();
    const res = await account({ authorization: `Bearer ${tokens.access_token}` });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('invalid_token');
  });

  it('answers the CORS preflight for the client’s origin, and not for others', async () => {
    const ask = (origin: string) =>
      account(
        { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
        'OPTIONS',
      );
    const ours = await ask(ORIGIN);
    expect(ours.statusCode).toBe(204);
    expect(ours.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(ours.headers['access-control-allow-headers'])).toContain('Authorization');
    expect((await ask('https://jahat.example')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
