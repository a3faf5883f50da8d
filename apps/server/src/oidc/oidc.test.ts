import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createUser } from '../test/test-app.js';
import {
  AFTER_LOGOUT,
  authorizeUrl,
  ISSUER,
  ORIGIN,
  REDIRECT,
  TOTP_SECRET,
  tokenRequest,
  useEmbeddedIdp,
} from './embedded-idp.test-helper.js';
import { formAction, ISSUER_PATH, listWith, OIDC, pkcePair, SsoBrowser } from './sso-client.test-helper.js';

const fx = useEmbeddedIdp();
const { signIn, checkToken } = fx;

describe('discovery and keys on Keycloak paths', () => {
  it('publishes the realm configuration under /realms/public', async () => {
    const res = await new SsoBrowser(fx.ctx.app).request({
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
    const certs = await fx.ctx.app.inject({ method: 'GET', url: `${ISSUER_PATH}/protocol/openid-connect/certs` });
    const [key] = certs.json().keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(key.d).toBeUndefined();
    const iframe = await fx.ctx.app.inject({ method: 'GET', url: `${OIDC}/login-status-iframe.html` });
    expect(iframe.statusCode).toBe(200);
    expect(iframe.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${ORIGIN}`);
  });

  it('keeps its signing key across restarts (stored in the database)', async () => {
    const before = (await fx.ctx.app.inject({ method: 'GET', url: `${OIDC}/certs` })).json().keys[0].kid;
    const again = await buildApp({ config: fx.ctx.config, db: fx.ctx.db });
    const after = (await again.inject({ method: 'GET', url: `${OIDC}/certs` })).json().keys[0].kid;
    await again.close();
    expect(after).toBe(before);
  });
});

describe('code + PKCE sign-in', () => {
  it('signs in on the Indonesian form and gives tokens the API takes, with the same principal as local login', async () => {
    const user = await createUser(fx.ctx.db, {
      roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_ADMIN_CPNS'],
      flags: { isCpns: true },
    });
    const browser = new SsoBrowser(fx.ctx.app);
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

    const userinfo = await fx.ctx.app.inject({
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
    const viaLocal = await checkToken(await fx.client.loginToken(user.username, user.password));
    expect(viaSso.statusCode).toBe(200);
    expect(viaSso.json()).toEqual(viaLocal.json());
    expect(viaSso.json().mapData.data.menus.map((m: { page: string }) => m.page)).toContain('/cpns/verifikasi');

    // A data call with the IdP's token: the page binding of spec §6 applies as for local login.
    const list = await listWith(fx.client, '/api/cpns/verifikator/filter', tokens.access_token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ recordsTotal: expect.any(Number), data: expect.any(Array) });
    const refused = await listWith(fx.client, '/api/nakes/verifikator/filter', tokens.access_token);
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a wrong password on the form with the local login message, and locks like it', async () => {
    const user = await createUser(fx.ctx.db);
    const browser = new SsoBrowser(fx.ctx.app);
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
    const user = await createUser(fx.ctx.db, {
      totpSecret: TOTP_SECRET,
      roles: ['ROLE_VERIFIKATOR_CPNS'],
      flags: { isCpns: true },
    });
    const browser = new SsoBrowser(fx.ctx.app);
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

  it('refuses at the OTP step a code already used, here or at the local login (issue #30)', async () => {
    const user = await createUser(fx.ctx.db, { totpSecret: TOTP_SECRET });
    const code = await generate({ secret: TOTP_SECRET });
    expect((await fx.client.login(user.username, user.password, code)).statusCode).toBe(200);
    const browser = new SsoBrowser(fx.ctx.app);
    const form = await browser.follow(authorizeUrl(pkcePair()));
    const otpPage = await browser.postForm(formAction(form.res.body), {
      username: user.username,
      password: user.password,
    });
    const reused = await browser.postForm(formAction(otpPage.body), { token: code });
    expect(reused.statusCode).toBe(401);
    expect(reused.body).toContain('Kode OTP ini sudah dipakai.');
    const next = await generate({ secret: TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + 30 });
    const ok = await browser.postForm(formAction(reused.body), { token: next });
    expect(ok.statusCode).toBe(303);
  });

  it('asks the Indonesian consent question when the client wants it (prompt=consent)', async () => {
    const user = await createUser(fx.ctx.db);
    const browser = new SsoBrowser(fx.ctx.app);
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
    const user = await createUser(fx.ctx.db, { active: false });
    const browser = new SsoBrowser(fx.ctx.app);
    const form = await browser.follow(authorizeUrl(pkcePair()));
    const res = await browser.postForm(formAction(form.res.body), { username: user.username, password: user.password });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Nama pengguna atau kata sandi salah.');
  });

  it('refuses PKCE plain or missing, and a wrong verifier', async () => {
    const browser = new SsoBrowser(fx.ctx.app);
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

    const user = await createUser(fx.ctx.db);
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
    const user = await createUser(fx.ctx.db, { roles: ['ROLE_ADMIN_PPPK'], flags: { isPppk: true } });
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
    // Issue #30: the grant is over, so is its access token (not only at its expiry).
    expect((await checkToken(next.access_token)).statusCode).toBe(401);
  });

  it('revokes the grant when a consumed refresh token is presented again (issue #30)', async () => {
    const user = await createUser(fx.ctx.db);
    const { browser, tokens } = await signIn(user);
    const refreshed = await tokenRequest(browser, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json();
    expect((await checkToken(next.access_token)).statusCode).toBe(200);

    const replay = await tokenRequest(browser, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    // oidc-provider revoked the whole grant: the rotated refresh token and its access token are dead.
    const after = await tokenRequest(browser, { grant_type: 'refresh_token', refresh_token: next.refresh_token });
    expect(after.statusCode).toBe(400);
    expect(after.json().error).toBe('invalid_grant');
    expect((await checkToken(next.access_token)).statusCode).toBe(401);
  });

  it('refuses a status question from an origin that is not the client', async () => {
    const res = await fx.ctx.app.inject({
      method: 'GET',
      url: `${OIDC}/login-status?client_id=verifikasi&origin=${encodeURIComponent('https://jahat.example')}`,
    });
    expect(res.statusCode).toBe(403);
  });
});
