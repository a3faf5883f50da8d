// Bearer tokens of both kinds (issue #6): the portal's own HS256 access tokens (auth/sessions.ts)
// and the identity service's — embedded or an external Keycloak realm — verified against its
// JWKS (jose's createRemoteJWKSet: cached, refetched on an unknown kid, so key rotation just
// works) with issuer, audience and expiry checks, then mapped to an active portal user by a claim.

import type { Principal } from '@portal/contract';
import {
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  type FetchImplementation,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { type Kysely, sql } from 'kysely';
import { toPrincipal } from '../auth/principal.js';
import { type SessionService, TOKEN_ISSUER } from '../auth/sessions.js';
import type { DB } from '../db/schema.js';
import { unauthenticated } from '../errors.js';

export interface IdpTokenOptions {
  issuer: string;
  audience: string;
  /** Where the signing keys come from: createRemoteJWKSet over the provider's jwks_uri. */
  keys: JWTVerifyGetKey;
}

/** The identity service's access tokens: signature (JWKS), issuer, audience, expiry. */
export class IdpTokenVerifier {
  constructor(readonly options: IdpTokenOptions) {}

  async verify(token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, this.options.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
        requiredClaims: ['exp', 'sub'],
      });
      return payload;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired)
        throw unauthenticated('Sesi Anda telah berakhir. Silakan masuk kembali.');
      throw unauthenticated();
    }
  }
}

/**
 * The keys of an issuer: its discovery document names the jwks_uri (fetched once, lazily, so an
 * external Keycloak that is down at start-up does not stop the portal).
 */
export function discoveredKeys(issuer: string, fetchImpl?: FetchImplementation): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    const url = `${issuer}/.well-known/openid-configuration`;
    const response = fetchImpl
      ? await fetchImpl(url, {
          headers: new Headers({ accept: 'application/json' }),
          method: 'GET',
          redirect: 'manual',
          signal: AbortSignal.timeout(5000),
        })
      : await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`discovery ${url}: ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
    if (!jwksUri) throw new Error(`discovery ${url}: no jwks_uri`);
    return createRemoteJWKSet(new URL(jwksUri), fetchImpl ? { [customFetch]: fetchImpl } : {});
  };
  return async (header, token) => {
    keys ??= load().catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return (await keys)(header, token);
  };
}

export interface Authenticated {
  principal: Principal;
  /** The portal session (its own tokens); null for identity-service tokens. */
  sessionId: string | null;
}

/** Picks the verifier by the token's issuer and maps the result to the portal's principal. */
export class BearerAuthenticator {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly sessions: SessionService,
    private readonly idp: IdpTokenVerifier | null,
    private readonly usernameClaim: string,
  ) {}

  async authenticate(authorization: string | undefined): Promise<Authenticated> {
    const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    let issuer: string | undefined;
    try {
      issuer = token ? decodeJwt(token).iss : undefined;
    } catch {
      issuer = undefined;
    }
    if (!token || !this.idp || issuer === TOKEN_ISSUER) return this.sessions.authenticate(authorization);
    const payload = await this.idp.verify(token);
    return { principal: await this.principalFor(payload), sessionId: null };
  }

  /** The active portal user a verified token names; unknown or deactivated users are refused. */
  async principalFor(payload: JWTPayload): Promise<Principal> {
    const username = payload[this.usernameClaim];
    if (typeof username !== 'string' || !username) throw unauthenticated();
    const row = await this.db
      .selectFrom('app_user as u')
      .innerJoin('instansi as i', 'i.id', 'u.instansi_id')
      .selectAll('u')
      .select(['i.kode as instansi_kode', 'i.nama as instansi_nama', 'i.jenis as instansi_jenis'])
      .where(sql<string>`lower(u.username)`, '=', username.toLowerCase())
      .where('u.active', '=', true)
      .executeTakeFirst();
    if (!row) throw unauthenticated('Akun Anda tidak terdaftar atau tidak aktif di portal ini.');
    const instansi = {
      id: row.instansi_id,
      kode: row.instansi_kode,
      nama: row.instansi_nama,
      jenis: row.instansi_jenis,
    };
    return toPrincipal(row, instansi);
  }
}
