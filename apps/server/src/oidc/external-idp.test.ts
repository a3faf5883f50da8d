// Issue #21: with OIDC_ISSUER the portal works against an identity service that is not itself —
// a second, independent provider (scripts/external-idp.mjs: its own process, keys and users) —
// driven over real HTTP as a browser and the SPA's public client would: sign-in, an API call,
// refresh, sign-out; a user the provider knows but the portal does not is refused.

import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, createUser, TEST_JWT_SECRET, TestClient, type TestContext } from '../test/test-app.js';
import { authorizeParams, formAction, listWith, pkcePair } from './sso-client.test-helper.js';

const SCRIPT = fileURLToPath(new URL('../../../../scripts/external-idp.mjs', import.meta.url));
const PORTAL = 'http://127.0.0.1:3999';
const REDIRECT = `${PORTAL}/auth/callback`;
const AFTER_LOGOUT = `${PORTAL}/auth/login`;
const IDP_PASSWORD = 'Sandi-Uji-Layanan-Luar-77';
const USERNAME = `pegawai.luar.${process.pid}`;

let idp: ChildProcess;
let issuer: string;
let ctx: TestContext;
let client: TestClient;

beforeAll(async () => {
  idp = spawn(process.execPath, [SCRIPT], {
    env: {
      ...process.env,
      IDP_PORT: '0',
      IDP_AUDIENCE: 'portal-verifikasi',
      IDP_CLIENT_ID: 'verifikasi',
      IDP_REDIRECT_URIS: `${REDIRECT},${AFTER_LOGOUT}`,
      IDP_USERS: `${USERNAME},orang.luar`,
      IDP_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: idp.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    idp.once('exit', (code) => reject(new Error(`external-idp exited with ${code}`)));
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'verifikasi',
    OIDC_AUDIENCE: 'portal-verifikasi',
  });
  ctx = await createTestApp(config);
  client = new TestClient(ctx.app);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  idp?.kill('SIGTERM');
});

/** A browser at the identity service: cookies kept, redirects followed until they leave it. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, issuer), { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects on the identity service; returns the page or the URL it sends away to. */
  async follow(first: Response): Promise<{ res: Response; away?: URL }> {
    let res = first;
    for (let i = 0; i < 10; i++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { res };
      const next = new URL(location, issuer);
      if (next.origin !== new URL(issuer).origin) return { res, away: next };
      res = await this.fetch(next.toString());
    }
    throw new Error('too many redirects');
  }

  postForm(url: string, form: Record<string, string>) {
    return this.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }
}

const token = (form: Record<string, string>) =>
  fetch(`${issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'verifikasi', ...form }).toString(),
  });

/** The SPA's sign-in at the external service: code + PKCE S256, as a public client. */
async function signIn(username: string, password = IDP_PASSWORD) {
  const browser = new Browser();
  const pkce = pkcePair();
  const params = authorizeParams(REDIRECT, pkce);
  const form = await browser.follow(await browser.fetch(`${issuer}/protocol/openid-connect/auth?${params}`));
  expect(form.res.status).toBe(200);
  const html = await form.res.text();
  const back = await browser.follow(await browser.postForm(formAction(html), { username, password }));
  expect(`${back.away?.origin}${back.away?.pathname}`).toBe(REDIRECT);
  const res = await token({
    grant_type: 'authorization_code',
    code: back.away?.searchParams.get('code') ?? '',
    redirect_uri: REDIRECT,
    code_verifier: pkce.verifier,
  });
  expect(res.status).toBe(200);
  return { browser, tokens: (await res.json()) as Record<string, string> };
}

const checkToken = (t: string) => client.request({ method: 'GET', url: '/api/auth/check-token', token: t });

describe('an independent external identity service (OIDC_ISSUER)', () => {
  it('signs in there, calls the API with its token, refreshes and signs out', async () => {
    const user = await createUser(ctx.db, {
      username: USERNAME,
      roles: ['ROLE_VERIFIKATOR_CPNS'],
      flags: { isCpns: true },
    });
    const config = await ctx.app.inject({ method: 'GET', url: '/api/auth/sso-config' });
    expect(config.json().issuer).toBe(issuer);

    const { browser, tokens } = await signIn(USERNAME);
    const access = decodeJwt(tokens.access_token ?? '');
    expect(access).toMatchObject({ iss: issuer, aud: 'portal-verifikasi', preferred_username: USERNAME });
    // Its own subject, not the portal's user id: the two share nothing but the username.
    expect(access.sub).not.toBe(String(user.id));

    const check = await checkToken(tokens.access_token ?? '');
    expect(check.statusCode).toBe(200);
    expect(check.json().mapData.data.username).toBe(USERNAME);
    const list = await listWith(client, '/api/cpns/verifikator/filter', tokens.access_token);
    expect(list.statusCode).toBe(200);

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as Record<string, string>;
    expect(next.access_token).not.toBe(tokens.access_token);
    expect((await checkToken(next.access_token ?? '')).statusCode).toBe(200);

    const logout = await browser.fetch(
      `${issuer}/protocol/openid-connect/logout?${new URLSearchParams({
        id_token_hint: next.id_token ?? tokens.id_token ?? '',
        post_logout_redirect_uri: AFTER_LOGOUT,
        client_id: 'verifikasi',
      })}`,
    );
    expect(logout.status).toBe(200);
    const page = await logout.text();
    const xsrf = page.match(/name="xsrf" value="([^"]+)"/)?.[1] ?? '';
    const done = await browser.follow(await browser.postForm(formAction(page), { xsrf, logout: 'yes' }));
    expect(done.away?.toString()).toBe(AFTER_LOGOUT);
    // The provider's session is over: its refresh token no longer works.
    const dead = await token({ grant_type: 'refresh_token', refresh_token: next.refresh_token ?? '' });
    expect(dead.status).toBe(400);
    expect(((await dead.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses a user the provider knows but the portal does not, in Indonesian, and creates no account', async () => {
    const { tokens } = await signIn('orang.luar');
    const res = await checkToken(tokens.access_token ?? '');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Akun Anda tidak terdaftar atau tidak aktif di portal ini.');
    const list = await listWith(client, '/api/cpns/verifikator/filter', tokens.access_token);
    expect(list.statusCode).toBe(401);
    const rows = await ctx.db.selectFrom('app_user').select('id').where('username', '=', 'orang.luar').execute();
    expect(rows).toEqual([]);
  });

  it('refuses a token signed by the provider for another audience', async () => {
    // The portal's own embedded realm is off: only the external issuer's tokens count.
    const discovery = await ctx.app.inject({ method: 'GET', url: '/realms/public/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(404);
    // The SPA's SSO client may reach the external service (discovery, token, keys) under the CSP.
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(health.headers['content-security-policy'])).toMatch(
      new RegExp(`connect-src 'self' ${new URL(issuer).origin}(;|$)`),
    );
    const { tokens } = await signIn(USERNAME);
    // The ID token is the provider's too, but its audience is the client, not the portal's API.
    expect((await checkToken(tokens.id_token ?? '')).statusCode).toBe(401);
  });
});
