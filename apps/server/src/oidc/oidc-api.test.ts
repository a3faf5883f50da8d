// Issue #6: the embedded identity provider's tokens at the API (issuer, audience, expiry, tampering,
// unknown keys and users), Keycloak's default client scopes (issue #21) and the account profile
// keycloak-js reads. Discovery, sign-in and refresh: oidc.test.ts.

import { ERROR_CODES } from '@portal/contract';
import { decodeJwt, importJWK, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/test-app.js';
import {
  authorizeUrl,
  ISSUER as ISSUER_URL,
  ORIGIN,
  REDIRECT,
  tokenRequest,
  useEmbeddedIdp,
} from './embedded-idp.test-helper.js';
import { newSigningKey } from './provider.js';
import { formAction, ISSUER_PATH, listWith, OIDC, pkcePair, SsoBrowser } from './sso-client.test-helper.js';

const fx = useEmbeddedIdp();
const { signIn, forgedToken, checkToken } = fx;

describe('API refusals of identity-service tokens', () => {
  it('takes a well-formed token and refuses wrong issuer, audience, expiry, tampering and unknown keys with 401', async () => {
    const user = await createUser(fx.ctx.db, { roles: ['ROLE_VERIFIKATOR_CPNS'], flags: { isCpns: true } });
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
    const user = await createUser(fx.ctx.db);
    const { tokens } = await signIn(user);
    expect((await checkToken(tokens.access_token)).statusCode).toBe(200);
    await fx.ctx.db.updateTable('app_user').set({ active: false }).where('id', '=', user.id).execute();
    const res = await checkToken(tokens.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Akun Anda tidak terdaftar atau tidak aktif di portal ini.');
    // …and the provider no longer refreshes for it.
    const refresh = await tokenRequest(new SsoBrowser(fx.ctx.app), {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('refuses the ID token and the refresh token of a sign-in: check-token, the API and the account endpoint (issue #30)', async () => {
    const user = await createUser(fx.ctx.db, { roles: ['ROLE_VERIFIKATOR_CPNS'], flags: { isCpns: true } });
    const { tokens } = await signIn(user);
    // The ID token has the same issuer, key and audience (the client): only its kind tells.
    expect(decodeJwt(tokens.id_token)).toMatchObject({ iss: ISSUER_URL, aud: 'verifikasi' });
    const account = (token: string) =>
      fx.ctx.app.inject({
        method: 'GET',
        url: `${ISSUER_PATH}/account`,
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      });
    for (const [name, token] of [
      ['id_token', tokens.id_token],
      ['refresh_token', tokens.refresh_token],
    ]) {
      const check = await checkToken(token);
      expect(check.statusCode, name).toBe(401);
      expect(check.json().error, name).toBe(ERROR_CODES.unauthenticated);
      expect((await listWith(fx.client, '/api/cpns/verifikator/filter', token)).statusCode, name).toBe(401);
      expect((await account(token)).statusCode, name).toBe(401);
    }
    expect((await checkToken(tokens.access_token)).statusCode).toBe(200);
    expect((await listWith(fx.client, '/api/cpns/verifikator/filter', tokens.access_token)).statusCode).toBe(200);
    expect((await account(tokens.access_token)).statusCode).toBe(200);

    // Signed with the provider's key, a token that does not say it is an access token is refused.
    const claims = { preferred_username: user.username };
    expect((await checkToken(await forgedToken(claims, { typ: 'JWT' }))).statusCode).toBe(401);
    expect((await checkToken(await forgedToken({ ...claims, typ: 'ID' }))).statusCode).toBe(401);
    expect((await checkToken(await forgedToken({ ...claims, typ: 'Refresh' }))).statusCode).toBe(401);
    expect((await checkToken(await forgedToken(claims))).statusCode).toBe(200);
  });

  it('refuses a token whose grant has ended, or that names none (issue #30)', async () => {
    const user = await createUser(fx.ctx.db);
    const claims = { preferred_username: user.username };
    expect((await checkToken(await forgedToken(claims, { grant: null }))).statusCode).toBe(401);
    const grant = await fx.liveGrant();
    const token = await forgedToken(claims, { grant });
    expect((await checkToken(token)).statusCode).toBe(200);
    await fx.ctx.db.deleteFrom('oidc_payload').where('model', '=', 'Grant').where('id', '=', grant).execute();
    const res = await checkToken(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.');
  });

  it('still takes the portal’s own tokens', async () => {
    const user = await createUser(fx.ctx.db);
    expect((await checkToken(await fx.client.loginToken(user.username, user.password))).statusCode).toBe(200);
  });
});

describe('logout with the provider’s access token (issue #30)', () => {
  it('revokes the token and its grant: the API, the account endpoint and the refresh token refuse', async () => {
    const user = await createUser(fx.ctx.db);
    const { browser, tokens } = await signIn(user);
    const other = await signIn(user);
    const logout = await fx.client.request({ method: 'POST', url: '/api/auth/logout', token: tokens.access_token });
    expect(logout.statusCode).toBe(204);
    expect((await checkToken(tokens.access_token)).statusCode).toBe(401);
    const account = await fx.ctx.app.inject({
      method: 'GET',
      url: `${ISSUER_PATH}/account`,
      headers: { accept: 'application/json', authorization: `Bearer ${tokens.access_token}` },
    });
    expect(account.statusCode).toBe(401);
    const refresh = await tokenRequest(browser, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error).toBe('invalid_grant');
    const { jti } = decodeJwt(tokens.access_token);
    const listed = await fx.ctx.db.selectFrom('revoked_token').select('jti').where('jti', '=', String(jti)).execute();
    expect(listed).toHaveLength(1);
    // Another sign-in of the same user is another grant.
    expect((await checkToken(other.tokens.access_token)).statusCode).toBe(200);
  });
});

describe('Keycloak default client scopes (issue #21)', () => {
  const userinfo = (token: string, headers: Record<string, string> = {}) =>
    fx.ctx.app.inject({
      method: 'GET',
      url: `${OIDC}/userinfo`,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  it('gives profile, email and realm roles for scope openid alone, as keycloak-js asks', async () => {
    const user = await createUser(fx.ctx.db, {
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
    const user = await createUser(fx.ctx.db);
    const { tokens } = await signIn(user, undefined, { scope: 'openid' });
    expect(tokens.scope.split(' ')).not.toContain('offline_access');
    // Asked for (oidc-provider wants the consent prompt with it), it is granted.
    const browser = new SsoBrowser(fx.ctx.app);
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
    const user = await createUser(fx.ctx.db, { roles: ['ROLE_VERIFIKATOR_CPNS'], flags: { isCpns: true } });
    const res = await userinfo(await forgedToken({ preferred_username: user.username, scope: 'openid' }, {}));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sub: '1' });
  });

  it('answers userinfo with CORS for the client’s web origins only', async () => {
    const user = await createUser(fx.ctx.db);
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
    fx.ctx.app.inject({ method, url: `${ISSUER_PATH}/account`, headers: { accept: 'application/json', ...headers } });

  it('answers the token’s user in Keycloak’s shape, with CORS for the client', async () => {
    const user = await createUser(fx.ctx.db, { fullname: 'Budi Santoso' });
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
    const user = await createUser(fx.ctx.db);
    const { tokens } = await signIn(user);
    expect((await account({})).statusCode).toBe(401);
    expect((await account({ authorization: 'Bearer a.b.c' })).statusCode).toBe(401);
    const foreign = await forgedToken(
      { preferred_username: user.username },
      { iss: 'http://localhost:3000/realms/lain' },
    );
    expect((await account({ authorization: `Bearer ${foreign}` })).statusCode).toBe(401);
    const portalToken = await fx.client.loginToken(user.username, user.password);
    expect((await account({ authorization: `Bearer ${portalToken}` })).statusCode).toBe(401);
    expect((await account({ authorization: `Bearer ${tokens.access_token}` })).statusCode).toBe(200);
    await fx.ctx.db.updateTable('app_user').set({ active: false }).where('id', '=', user.id).execute();
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
