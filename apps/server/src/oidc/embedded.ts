// Mounts the embedded identity provider in the portal's Fastify server at the issuer's path
// (/realms/{realm}/…): the provider's own Koa handler behind a raw pass-through, our sign-in
// pages (interactions.ts), and the two small things Keycloak clients need beside the protocol:
// the session-status iframe (login-status-iframe.html, with `session_state` on the authorization
// response) and the third-party-cookie probe (3p-cookies/step1.html) of keycloak-js.

import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { OidcConfig } from '../config.js';
import type { DB } from '../db/schema.js';
import { sweepExpired } from './adapter.js';
import { type BearerAuthenticator, type IdpTokenVerifier, idpCredential } from './bearer.js';
import { interactionRoutes } from './interactions.js';
import { accountProfile, claimsForScopes } from './keycloak-claims.js';
import { clientOrigins, findActiveUser, KEYCLOAK_ROUTES, REFRESH_TOKEN_TTL_SECONDS } from './provider.js';
import type { RefreshWrapping } from './refresh-token-jwt.js';

export interface EmbeddedIdpOptions {
  db: Kysely<DB>;
  provider: Provider;
  refreshTokens: RefreshWrapping;
  oidc: OidcConfig;
  verifier: IdpTokenVerifier;
  bearer: BearerAuthenticator;
  loginRateLimitPerMinute: number;
}

const OIDC_PATH = '/protocol/openid-connect';

// The session-status iframe (OIDC Session Management's check_session_iframe, Keycloak's
// login-status-iframe): answers "clientId sessionState" messages with unchanged/changed/error.
const STATUS_SCRIPT = `'use strict';
window.addEventListener('message', function (event) {
  if (typeof event.data !== 'string' || !event.source) return;
  var parts = event.data.split(' ');
  var origin = event.origin;
  var source = event.source;
  var url = 'login-status?client_id=' + encodeURIComponent(parts[0] || '') + '&origin=' + encodeURIComponent(origin);
  fetch(url, { credentials: 'same-origin', cache: 'no-store' })
    .then(function (response) { if (!response.ok) throw new Error(String(response.status)); return response.json(); })
    .then(function (body) { source.postMessage(body.sid && body.sid === (parts[1] || '') ? 'unchanged' : 'changed', origin); })
    .catch(function () { source.postMessage('error', origin); });
});
`;

// keycloak-js's third-party-cookie probe: can this frame keep a cookie of the provider's kind
// (SameSite=Lax, like the session cookie)? If not, keycloak-js turns the status iframe off.
const COOKIE_PROBE_SCRIPT = `'use strict';
document.cookie = 'KC_3P_PROBE=1; path=/; max-age=10; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '');
var supported = document.cookie.indexOf('KC_3P_PROBE=1') !== -1;
document.cookie = 'KC_3P_PROBE=; path=/; max-age=0; SameSite=Lax';
window.parent.postMessage(supported ? 'supported' : 'unsupported', '*');
`;

// The sign-out confirmation submits itself when the request came with an id_token_hint.
const LOGOUT_SCRIPT = `'use strict';
var form = document.getElementById('op.logoutForm');
if (form) { var input = document.createElement('input'); input.type = 'hidden'; input.name = 'logout'; input.value = 'yes'; form.appendChild(input); form.submit(); }
`;

const scriptPage = (title: string, script: string) =>
  `<!DOCTYPE html><html lang="id"><head><meta charset="utf-8"><title>${title}</title><script src="${script}"></script></head><body></body></html>`;

export async function embeddedIdentityProvider(
  app: FastifyInstance,
  { db, provider, refreshTokens, oidc, verifier, bearer, loginRateLimitPerMinute }: EmbeddedIdpOptions,
) {
  const realmPath = new URL(oidc.issuer).pathname;
  // Who may frame the status iframe, receive redirects and call userinfo and account (CORS).
  const origins = clientOrigins(oidc.redirectUris);
  const csp = (frameAncestors: string) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      `form-action 'self' ${origins.join(' ')}`,
      `frame-ancestors ${frameAncestors}`,
      "base-uri 'self'",
      "object-src 'none'",
    ].join('; ');
  const framable = `'self' ${origins.join(' ')}`;

  // Everything under the realm gets the provider's CSP: redirects after its forms go to the
  // clients' origins, and only the status iframes may be framed (by the clients).
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const iframe = path.endsWith('/login-status-iframe.html') || path.includes('/3p-cookies/');
    reply.raw.setHeader('Content-Security-Policy', csp(iframe ? framable : "'none'"));
    if (iframe) reply.raw.removeHeader('X-Frame-Options');
  });

  // session_state on the authorization response (Keycloak sends it too): the client's session id
  // at the provider, which the status iframe compares with the live session.
  provider.use(async (ctx, next) => {
    await next();
    const oidcCtx = (ctx as KoaContextWithOIDC).oidc;
    if (!oidcCtx || !['authorization', 'resume'].includes(oidcCtx.route)) return;
    const location = ctx.response.get('location');
    const clientId = oidcCtx.client?.clientId;
    const sid = clientId ? oidcCtx.session?.sidFor(clientId) : undefined;
    if (!location || !sid || !/[?#&]code=/.test(location)) return;
    const separator = location.includes('#') ? '&' : location.includes('?') ? '&' : '?';
    ctx.response.set('location', `${location}${separator}session_state=${encodeURIComponent(sid)}`);
  });

  // The status the iframe asks for: the session id the provider's cookie names for this client.
  provider.use(async (ctx, next) => {
    if (ctx.path !== `${OIDC_PATH}/login-status`) return next();
    ctx.set('Cache-Control', 'no-store');
    const clientId = typeof ctx.query.client_id === 'string' ? ctx.query.client_id : '';
    const origin = typeof ctx.query.origin === 'string' ? ctx.query.origin : '';
    if (clientId !== oidc.clientId || !origins.includes(origin)) {
      ctx.status = 403;
      ctx.body = { error: 'invalid_request' };
      return;
    }
    const id = ctx.cookies.get(provider.cookieName('session'), { signed: true });
    const session = id ? await provider.Session.find(id) : undefined;
    ctx.body = { sid: session?.accountId ? (session.sidFor(clientId) ?? null) : null };
  });

  // Refresh tokens leave as Keycloak-style JWTs (refresh-token-jwt.ts).
  provider.use(async (ctx, next) => {
    await next();
    const oidcCtx = (ctx as KoaContextWithOIDC).oidc;
    const body = ctx.body as { refresh_token?: unknown; access_token?: unknown } | undefined;
    if (oidcCtx?.route !== 'token' || ctx.status !== 200 || typeof body?.refresh_token !== 'string') return;
    const claims = typeof body.access_token === 'string' ? decodeJwt(body.access_token) : {};
    ctx.body = {
      ...body,
      refresh_token: await refreshTokens.wrap(body.refresh_token, {
        clientId: oidcCtx.client?.clientId ?? '',
        sub: claims.sub,
        sid: typeof claims.sid === 'string' ? claims.sid : undefined,
        ttlSeconds: REFRESH_TOKEN_TTL_SECONDS,
      }),
    };
  });

  // Discovery also names the status iframe, as Keycloak's does.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/.well-known/openid-configuration' && ctx.status === 200 && ctx.body) {
      ctx.body = {
        ...(ctx.body as object),
        check_session_iframe: `${oidc.issuer}${OIDC_PATH}/login-status-iframe.html`,
      };
    }
  });

  const handler = provider.callback();
  const passThrough = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice(realmPath.length) || '/';
    await handler(raw, reply.raw);
  };

  const js = (body: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(body);
  const htmlPage = (body: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(body);
  const publicRoute = { config: { access: 'public' as const } };

  await app.register(async (scope) => {
    scope.get(
      `${realmPath}${OIDC_PATH}/login-status-iframe.html`,
      publicRoute,
      htmlPage(scriptPage('Status sesi', 'login-status-iframe.js')),
    );
    scope.get(`${realmPath}${OIDC_PATH}/login-status-iframe.js`, publicRoute, js(STATUS_SCRIPT));
    scope.get(
      `${realmPath}${OIDC_PATH}/3p-cookies/step1.html`,
      publicRoute,
      htmlPage(scriptPage('Cek cookie', 'step1.js')),
    );
    scope.get(`${realmPath}${OIDC_PATH}/3p-cookies/step1.js`, publicRoute, js(COOKIE_PROBE_SCRIPT));
    scope.get(`${realmPath}${OIDC_PATH}/logout-auto.js`, publicRoute, js(LOGOUT_SCRIPT));
  });

  await app.register(interactionRoutes, {
    db,
    provider,
    realmPath,
    firstPartyClientId: oidc.clientId,
    loginRateLimitPerMinute,
  });

  await app.register(async (scope) => {
    // The provider reads its own request bodies: leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    // Keycloak answers its clients' web origins on userinfo and account (with credentials), and
    // their preflights; other origins get no CORS headers, so the browser keeps the answer.
    const cors = (request: FastifyRequest, reply: FastifyReply) => {
      const origin = request.headers.origin;
      if (!origin || !origins.includes(origin)) return;
      reply
        .header('Access-Control-Allow-Origin', origin)
        .header('Access-Control-Allow-Credentials', 'true')
        .header('Vary', 'Origin');
    };
    const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
      cors(request, reply);
      return reply
        .status(204)
        .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Authorization, Accept, Content-Type, Origin, X-Requested-With')
        .header('Access-Control-Max-Age', '3600')
        .send();
    };

    /**
     * The user a JWT access token of this provider names: same checks as the API (an access token,
     * not an ID or refresh token; not revoked, its grant live), then by sub.
     */
    const tokenUser = async (request: FastifyRequest) => {
      const token = request.headers.authorization?.match(/^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i)?.[1];
      if (!token) return { token: null };
      try {
        const payload = await verifier.verify(token);
        await bearer.principalFor(idpCredential(token, payload, true), payload);
        const user = await findActiveUser(db, payload.sub);
        return { token, payload, user };
      } catch {
        return { token, payload: undefined, user: undefined };
      }
    };
    const invalidToken = (reply: FastifyReply) =>
      reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer error="invalid_token"')
        .header('Cache-Control', 'no-store')
        .send({ error: 'invalid_token', error_description: 'invalid token provided' });

    // Userinfo with a JWT access token (the kind the portal's API takes): oidc-provider's userinfo
    // accepts only tokens without an audience, Keycloak's accepts its access tokens. Same checks
    // as the API (signature, issuer, audience, expiry, active user); claims by the token's scope,
    // which holds the default client scopes (keycloak-claims.ts).
    const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
      const { token, payload, user } = await tokenUser(request);
      if (!token) return passThrough(request, reply);
      cors(request, reply);
      const scopes = new Set(String(payload?.scope ?? '').split(' '));
      if (!payload || !user || !scopes.has('openid')) return invalidToken(reply);
      return reply.header('Cache-Control', 'no-store').send({ sub: payload.sub, ...claimsForScopes(user, scopes) });
    };

    // Keycloak's account REST API as keycloak-js's loadUserProfile() reads it (GET {realm}/account,
    // Accept: application/json, bearer token): the user's profile in Keycloak's shape. Reading
    // only; the portal's own profile page changes it.
    const account = async (request: FastifyRequest, reply: FastifyReply) => {
      cors(request, reply);
      const { user } = await tokenUser(request);
      if (!user) return invalidToken(reply);
      return reply.header('Cache-Control', 'no-store').send(accountProfile(user));
    };
    // Token and revocation requests: a wrapped refresh token is unwrapped before the provider
    // reads the (already parsed) body.
    await scope.register(async (forms) => {
      forms.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => done(null, String(body)),
      );
      const unwrapping = async (request: FastifyRequest, reply: FastifyReply) => {
        const params = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
        for (const name of ['refresh_token', 'token']) {
          const value = params.get(name);
          if (value) params.set(name, await refreshTokens.unwrap(value));
        }
        (request.raw as IncomingMessage & { body?: string }).body = params.toString();
        return passThrough(request, reply);
      };
      forms.post(`${realmPath}${KEYCLOAK_ROUTES.token}`, publicRoute, unwrapping);
      forms.post(`${realmPath}${KEYCLOAK_ROUTES.revocation}`, publicRoute, unwrapping);
    });
    scope.get(`${realmPath}${KEYCLOAK_ROUTES.userinfo}`, publicRoute, userinfo);
    scope.post(`${realmPath}${KEYCLOAK_ROUTES.userinfo}`, publicRoute, userinfo);
    scope.options(`${realmPath}${KEYCLOAK_ROUTES.userinfo}`, publicRoute, preflight);
    for (const path of [`${realmPath}/account`, `${realmPath}/account/`]) {
      scope.get(path, publicRoute, account);
      scope.options(path, publicRoute, preflight);
    }
    scope.all(`${realmPath}/*`, publicRoute, passThrough);
  });

  const sweep = setInterval(() => {
    sweepExpired(db).catch((error: unknown) => app.log.warn({ err: error }, 'pembersihan data OIDC gagal'));
  }, 10 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
