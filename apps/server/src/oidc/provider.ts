// The embedded identity provider (issue #6): panva's certified oidc-provider, configured as a
// drop-in for the seed's Keycloak realm — issuer {origin}/realms/{realm}, Keycloak's endpoint
// paths, one public client (code + PKCE S256 only), JWT access tokens for the portal's API, users
// from app_user. Protocol handling is the library's; we supply storage, keys, accounts and pages.

import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import Provider, { type Configuration } from 'oidc-provider';
import type { OidcConfig } from '../config.js';
import type { DB } from '../db/schema.js';
import { getOrCreateSecret } from '../db/secrets.js';
import { databaseAdapter } from './adapter.js';
import { GRANT_CLAIM } from './bearer.js';
import {
  type ClaimsUser,
  claimsForScopes,
  DEFAULT_CLIENT_SCOPES,
  realmAccess,
  SCOPE_CLAIMS,
  withDefaultScopes,
} from './keycloak-claims.js';
import { errorPage, logoutDonePage, logoutPage } from './pages.js';
import { type RefreshWrapping, refreshTokenWrapping } from './refresh-token-jwt.js';

/** The resource indicator of the portal's API; its tokens carry `aud` = the configured audience. */
export const API_RESOURCE = 'urn:portal-verifikasi-asn:api';

/** Keycloak's endpoint layout below the issuer (realm URL). */
export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  jwks: '/protocol/openid-connect/certs',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
  pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
} as const;

export const ACCESS_TOKEN_TTL_SECONDS = 300; // Keycloak's default: 5 minutes
export const REFRESH_TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** The origins of the client's redirect URIs: its web origins, as Keycloak's "+" setting derives them. */
export const clientOrigins = (redirectUris: string[]) => [...new Set(redirectUris.map((uri) => new URL(uri).origin))];

/** An RSA signing key (RS256, Keycloak's default) as a private JWK with a fresh kid. */
export function newSigningKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/** Signing keys and cookie keys, generated once and kept in the database like the JWT secret. */
async function persistentKeys(db: Kysely<DB>) {
  const jwks = JSON.parse(
    await getOrCreateSecret(db, 'oidc-jwks', () => JSON.stringify({ keys: [newSigningKey()] })),
  ) as { keys: Record<string, unknown>[] };
  const cookieKeys = JSON.parse(
    await getOrCreateSecret(db, 'oidc-cookie-keys', () => JSON.stringify([randomBytes(32).toString('base64url')])),
  ) as string[];
  return { jwks, cookieKeys };
}

/** The active portal user behind a subject of the embedded provider (sub = app_user.id). */
export async function findActiveUser(db: Kysely<DB>, id: string | undefined): Promise<ClaimsUser | undefined> {
  if (!id || !/^\d{1,10}$/.test(id)) return undefined;
  return db
    .selectFrom('app_user')
    .select(['id', 'username', 'fullname', 'email', 'authorities'])
    .where('id', '=', Number(id))
    .where('active', '=', true)
    .executeTakeFirst();
}

export interface EmbeddedProviderOptions {
  db: Kysely<DB>;
  oidc: OidcConfig;
  trustProxy: boolean;
  secureCookies: boolean;
}

export async function createEmbeddedProvider({
  db,
  oidc,
  trustProxy,
  secureCookies,
}: EmbeddedProviderOptions): Promise<{ provider: Provider; refreshTokens: RefreshWrapping }> {
  const { jwks, cookieKeys } = await persistentKeys(db);
  const realmPath = new URL(oidc.issuer).pathname;
  // The SPA's own pages are where sign-in and sign-out return to (spec §2: /auth/login).
  const loginUrl = oidc.redirectUris.find((uri) => uri.endsWith('/auth/login')) ?? '/auth/login';

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    jwks: jwks as Configuration['jwks'],
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', secure: secureCookies },
      short: { httpOnly: true, sameSite: 'lax', secure: secureCookies },
    },
    clients: [
      {
        client_id: oidc.clientId,
        client_name: 'Portal Verifikasi ASN',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: oidc.redirectUris,
        post_logout_redirect_uris: oidc.redirectUris,
      },
    ],
    // Public client: PKCE always (S256 is the only method oidc-provider implements).
    pkce: { required: () => true },
    responseTypes: ['code'],
    routes: KEYCLOAK_ROUTES,
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, claims]) => [scope, [...claims]])),
    // Like Keycloak, the ID token carries the profile claims, not only userinfo.
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: 60 * 60,
      Session: 12 * 60 * 60,
      Grant: 12 * 60 * 60,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
    },
    // Keycloak gives every code flow a refresh token (bound to the SSO session unless
    // offline_access): sign-out at the provider revokes it.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    async findAccount(_ctx, sub) {
      const user = await findActiveUser(db, sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims() {
          // Every claim the user has; the library releases those of the token's scopes.
          return { sub, ...claimsForScopes(user, DEFAULT_CLIENT_SCOPES) };
        },
      };
    },
    // Keycloak's access tokens name the user (profile and email claims by scope), the realm roles
    // (realm_access.roles, its "roles" scope), the client's web origins (allowed-origins, its
    // "web-origins" scope) and the SSO session; keycloak-js reads `sid` for its status iframe
    // (the same value as the authorization response's session_state). Issue #30: the grant, which
    // the API checks is still there (a sign-out, a reused refresh token or a logout ends it).
    async extraTokenClaims(ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const user = await findActiveUser(db, token.accountId);
      const sessionUid = 'sessionUid' in token ? token.sessionUid : undefined;
      const session = sessionUid ? await ctx.oidc.provider.Session.findByUid(sessionUid) : undefined;
      const sid = token.clientId ? session?.sidFor(token.clientId) : undefined;
      return {
        ...(user ? claimsForScopes(user, String(token.scope ?? '').split(' ')) : {}),
        // The API finds its user by this claim, whatever the scope.
        preferred_username: user?.username,
        ...(user ? realmAccess(user) : {}),
        'allowed-origins': clientOrigins(oidc.redirectUris),
        azp: token.clientId,
        ...(sid ? { sid } : {}),
        ...('grantId' in token && token.grantId ? { [GRANT_CLAIM]: token.grantId } : {}),
      };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== API_RESOURCE) throw new Error('unknown resource');
          return {
            scope: 'openid profile email offline_access',
            audience: oidc.audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          // With a valid id_token_hint the request comes from the portal itself: submit at once.
          const hinted = Boolean(ctx.oidc.params?.id_token_hint);
          ctx.type = 'html';
          ctx.body = logoutPage(form, hinted ? `${realmPath}/protocol/openid-connect/logout-auto.js` : null);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = logoutDonePage(loginUrl);
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${realmPath}/login-actions/${interaction.uid}`,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), out.error_description ? String(out.error_description) : undefined);
    },
  };

  const provider = new Provider(oidc.issuer, configuration);
  provider.proxy = trustProxy;
  // Keycloak's default client scopes: profile and email are granted with every authorization
  // request, asked for or not (keycloak-js asks for `openid` alone); offline_access stays optional.
  // The request is widened before the library reads it, so tokens, ID token and userinfo agree.
  provider.use(async (ctx, next) => {
    if (ctx.path === KEYCLOAK_ROUTES.authorization && ctx.method === 'GET' && !ctx.query.request_uri) {
      const req = ctx.req as typeof ctx.req & { originalUrl?: string };
      const before = ctx.url;
      ctx.query = {
        ...ctx.query,
        scope: withDefaultScopes(typeof ctx.query.scope === 'string' ? ctx.query.scope : ''),
      };
      // The library finds its mount path (the realm) by looking for this URL in the original one.
      if (req.originalUrl?.endsWith(before)) req.originalUrl = `${req.originalUrl.slice(0, -before.length)}${ctx.url}`;
    }
    return next();
  });
  const [signingKey] = jwks.keys;
  if (!signingKey) throw new Error('oidc-jwks has no key');
  const refreshTokens = await refreshTokenWrapping(oidc.issuer, signingKey as JWK);
  return { provider, refreshTokens };
}
