// Bearer tokens of both kinds (issue #6): the portal's own HS256 access tokens (auth/sessions.ts)
// and the identity service's — embedded or an external Keycloak realm — verified against its
// JWKS (jose's createRemoteJWKSet: cached, refetched on an unknown kid, so key rotation just
// works) with issuer, audience and expiry checks, then mapped to an active portal user by a claim.
// Issue #30: only access tokens (an ID token or a refresh token of the same issuer is refused),
// and not one revoked by logout (revoked_token) or whose embedded grant has ended.

import { createHash } from 'node:crypto';
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
import type { Credential, IdpCredential } from '../auth/access.js';
import { toPrincipal } from '../auth/principal.js';
import { ACCESS_TOKEN_TYP, type SessionService, TOKEN_ISSUER } from '../auth/sessions.js';
import type { DB } from '../db/schema.js';
import { unauthenticated } from '../errors.js';

export interface IdpTokenOptions {
  issuer: string;
  audience: string;
  /** Where the signing keys come from: createRemoteJWKSet over the provider's jwks_uri. */
  keys: JWTVerifyGetKey;
}

/** The claim by which the embedded provider's access tokens name their grant (provider.ts). */
export const GRANT_CLAIM = 'grant_id';

const SESSION_OVER = 'Sesi Anda telah berakhir. Silakan masuk kembali.';

/**
 * An access token, not an ID or refresh token of the same issuer: the header `typ` at+jwt of
 * RFC 9068 (oidc-provider's JWT access tokens), or Keycloak's claim `typ: "Bearer"` (its ID tokens
 * say "ID", its refresh tokens "Refresh"). A token that says it is anything else is refused.
 */
export function isAccessToken(headerTyp: string | undefined, claimTyp: unknown): boolean {
  if (claimTyp !== undefined && claimTyp !== 'Bearer') return false;
  const typ = headerTyp?.toLowerCase().replace(/^application\//, '');
  return typ === ACCESS_TOKEN_TYP || claimTyp === 'Bearer';
}

/** The identity service's access tokens: signature (JWKS), issuer, audience, expiry, kind. */
export class IdpTokenVerifier {
  constructor(readonly options: IdpTokenOptions) {}

  async verify(token: string): Promise<JWTPayload> {
    let verified: Awaited<ReturnType<typeof jwtVerify>>;
    try {
      verified = await jwtVerify(token, this.options.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
        requiredClaims: ['exp', 'sub'],
      });
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthenticated(SESSION_OVER);
      throw unauthenticated();
    }
    if (!isAccessToken(verified.protectedHeader.typ, verified.payload.typ)) {
      throw unauthenticated('Token ini bukan token akses. Gunakan access token dari layanan identitas.');
    }
    return verified.payload;
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
  credential: Credential;
}

/**
 * What logout revokes of an identity-service token, read from the verified token; its grant only
 * for the embedded provider (an external realm's grants are not ours to end).
 */
export function idpCredential(token: string, payload: JWTPayload, embedded: boolean): IdpCredential {
  const grantId = embedded ? payload[GRANT_CLAIM] : undefined;
  return {
    kind: 'idp',
    revocationId: payload.jti ?? `sha256:${createHash('sha256').update(token).digest('base64url')}`,
    expiresAt: payload.exp ?? Math.floor(Date.now() / 1000),
    grantId: typeof grantId === 'string' && grantId ? grantId : null,
  };
}

/** Picks the verifier by the token's issuer and maps the result to the portal's principal. */
export class BearerAuthenticator {
  /**
   * `embedded`: the tokens are the embedded provider's, each naming its grant, which must still
   * exist (a sign-out at the provider, a refresh token reused or a logout here ends it).
   */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly sessions: SessionService,
    private readonly idp: IdpTokenVerifier | null,
    private readonly usernameClaim: string,
    private readonly embedded = false,
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
    const credential = idpCredential(token, payload, this.embedded);
    return { principal: await this.principalFor(credential, payload), sessionId: null, credential };
  }

  /**
   * The active portal user a verified token names; unknown or deactivated users are refused, and
   * so is a token revoked by logout or (embedded) whose grant has ended. One query.
   */
  async principalFor(credential: IdpCredential, payload: JWTPayload): Promise<Principal> {
    const username = payload[this.usernameClaim];
    if (typeof username !== 'string' || !username) throw unauthenticated();
    if (this.embedded && !credential.grantId) throw unauthenticated();
    const { grantId } = credential;
    const row = await this.db
      .selectFrom('app_user as u')
      .innerJoin('instansi as i', 'i.id', 'u.instansi_id')
      .selectAll('u')
      .select(['i.kode as instansi_kode', 'i.nama as instansi_nama', 'i.jenis as instansi_jenis'])
      .select((eb) => [
        eb
          .exists(eb.selectFrom('revoked_token').select('jti').where('jti', '=', credential.revocationId))
          .as('revoked'),
        (grantId
          ? eb.exists(
              eb
                .selectFrom('oidc_payload')
                .select('id')
                .where('model', '=', 'Grant')
                .where('id', '=', grantId)
                .where((w) => w.or([w('expires_at', 'is', null), w('expires_at', '>', sql<Date>`now()`)])),
            )
          : eb.lit(true)
        ).as('grant_live'),
      ])
      .where(sql<string>`lower(u.username)`, '=', username.toLowerCase())
      .where('u.active', '=', true)
      .executeTakeFirst();
    if (!row) throw unauthenticated('Akun Anda tidak terdaftar atau tidak aktif di portal ini.');
    if (row.revoked || !row.grant_live) throw unauthenticated(SESSION_OVER);
    const instansi = {
      id: row.instansi_id,
      kode: row.instansi_kode,
      nama: row.instansi_nama,
      jenis: row.instansi_jenis,
    };
    return toPrincipal(row, instansi);
  }
}
