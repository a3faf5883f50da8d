// The fixture of the embedded identity provider's tests (oidc.test.ts, oidc-api.test.ts): the
// app on a fresh database, and the SPA's side of the protocol – the authorization request, the
// token endpoint, the whole sign-in – plus tokens forged with the provider's own key or another.

import { randomUUID } from 'node:crypto';
import { importJWK, type JWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { useTestApp } from '../test/api-fixture.js';
import { authorizeParams, formAction, ISSUER_PATH, OIDC, pkcePair, SsoBrowser } from './sso-client.test-helper.js';

export const ORIGIN = 'http://localhost:3000';
export const ISSUER = `${ORIGIN}${ISSUER_PATH}`;
export const REDIRECT = `${ORIGIN}/auth/callback`;
export const AFTER_LOGOUT = `${ORIGIN}/auth/login`;
export const TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

export const authorizeUrl = (pkce: { challenge: string }, extra: Record<string, string> = {}) =>
  `${OIDC}/auth?${authorizeParams(REDIRECT, pkce, extra)}`;

export const tokenRequest = (browser: SsoBrowser, form: Record<string, string>) =>
  browser.request({
    method: 'POST',
    url: `${OIDC}/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: 'verifikasi', ...form }).toString(),
  });

export function useEmbeddedIdp() {
  const fx = useTestApp();

  /** Sign-in form → code → tokens, as the SPA does it. */
  async function signIn(
    user: { username: string; password: string },
    otp?: () => Promise<string>,
    extra: Record<string, string> = {},
  ) {
    const browser = new SsoBrowser(fx.ctx.app);
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
    const row = await fx.ctx.db
      .selectFrom('app_secret')
      .select('value')
      .where('name', '=', 'oidc-jwks')
      .executeTakeFirstOrThrow();
    const [jwk] = (JSON.parse(row.value) as { keys: JWK[] }).keys;
    if (!jwk) throw new Error('no key');
    return { key: await importJWK(jwk, 'RS256'), kid: String(jwk.kid) };
  }

  /** A grant as the provider stores it (issue #30: the API takes a token only while its grant lives). */
  async function liveGrant(): Promise<string> {
    const id = randomUUID();
    await fx.ctx.db
      .insertInto('oidc_payload')
      .values({
        model: 'Grant',
        id,
        payload: JSON.stringify({ jti: id, kind: 'Grant', clientId: 'verifikasi' }),
        expires_at: sql<Date>`now() + interval '1 hour'`,
      })
      .execute();
    return id;
  }

  /** An access token signed like the provider's (its grant made live unless `grant` is null). */
  async function forgedToken(
    claims: Record<string, unknown>,
    options: {
      exp?: number;
      iss?: string;
      aud?: string;
      key?: Awaited<ReturnType<typeof providerKey>>;
      typ?: string;
      grant?: string | null;
    } = {},
  ) {
    const { key, kid } = options.key ?? (await providerKey());
    const now = Math.floor(Date.now() / 1000);
    const grant = options.grant === undefined ? await liveGrant() : options.grant;
    return new SignJWT({
      scope: 'openid profile email',
      client_id: 'verifikasi',
      ...(grant ? { grant_id: grant } : {}),
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', typ: options.typ ?? 'at+jwt', kid })
      .setIssuer(options.iss ?? ISSUER)
      .setAudience(options.aud ?? 'verifikasi')
      .setSubject('1')
      .setIssuedAt(now - 600)
      .setExpirationTime(options.exp ?? now + 300)
      .setJti(randomUUID())
      .sign(key);
  }

  const checkToken = (token: string) => fx.client.request({ method: 'GET', url: '/api/auth/check-token', token });

  return Object.assign(fx, { signIn, providerKey, liveGrant, forgedToken, checkToken });
}
