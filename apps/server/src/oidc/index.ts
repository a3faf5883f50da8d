// Single sign-on, picked in one place from configuration (issue #6): the embedded provider on
// Keycloak's paths, or an external realm (OIDC_ISSUER) whose tokens we only verify. Either way the
// API takes the portal's own tokens and the identity service's.

import { ssoConfigSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FetchImplementation } from 'jose';
import type { Kysely } from 'kysely';
import type { SessionService } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { BearerAuthenticator, discoveredKeys, IdpTokenVerifier } from './bearer.js';
import { embeddedIdentityProvider } from './embedded.js';
import { createEmbeddedProvider } from './provider.js';

export const SSO_SCOPE = 'openid profile email';

export interface IdentityOptions {
  db: Kysely<DB>;
  config: Config;
  sessions: SessionService;
}

/** The bearer authenticator of the API, and (embedded mode) the provider's routes. */
export async function setUpIdentity(app: FastifyInstance, { db, config, sessions }: IdentityOptions) {
  const { oidc } = config;
  // The embedded provider's keys are read in-process (no HTTP round trip to ourselves, which may
  // not be reachable behind a proxy); an external realm's over HTTPS.
  const inProcess: FetchImplementation = async (url, init) => {
    const target = new URL(url);
    const res = await app.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { accept: 'application/json' },
    });
    void init;
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
  };
  const verifier = new IdpTokenVerifier({
    issuer: oidc.issuer,
    audience: oidc.audience,
    keys: discoveredKeys(oidc.issuer, oidc.mode === 'embedded' ? inProcess : undefined),
  });
  const bearer = new BearerAuthenticator(db, sessions, verifier, oidc.usernameClaim, oidc.mode === 'embedded');

  if (oidc.mode === 'embedded') {
    const { provider, refreshTokens } = await createEmbeddedProvider({
      db,
      oidc,
      trustProxy: config.trustProxy,
      secureCookies: config.cookieSecure,
    });
    await app.register(embeddedIdentityProvider, {
      db,
      provider,
      refreshTokens,
      oidc,
      verifier,
      bearer,
      loginRateLimitPerMinute: config.loginRateLimitPerMinute,
    });
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/sso-config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Layanan identitas (OIDC) untuk "Masuk dengan SSO": issuer dan client',
        response: { 200: ssoConfigSchema },
      },
    },
    async () => ({ issuer: oidc.issuer, clientId: oidc.clientId, scope: SSO_SCOPE }),
  );
  return { bearer };
}
