// The portal's own tokens: a short JWT access token whose jti names a server-side session row
// (so logout and password changes revoke it at once) and an opaque, rotating refresh token.

import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import type { Principal, Session } from '@portal/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import { unauthenticated } from '../errors.js';
import { toPrincipal } from './principal.js';

export const TOKEN_ISSUER = 'portal-verifikasi-asn';

export interface SessionOptions {
  secret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export interface Authenticated {
  principal: Principal;
  sessionId: string;
}

interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** Verified tokens remembered (about 0.3 kB each): more than the signed-in users of one instance. */
const VERIFIED_TOKENS = 20_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export class SessionService {
  // Imported once: jose imports a raw secret through WebCrypto on every call otherwise, and every
  // API request verifies a token.
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, { jti: string; exp: number }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: SessionOptions,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(options.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(userId: number, client: ClientInfo): Promise<Session> {
    const id = randomUUID();
    const refreshToken = randomBytes(32).toString('base64url');
    const { accessTokenTtlSeconds: ttl, refreshTokenTtlSeconds: refreshTtl } = this.options;
    await this.db
      .insertInto('auth_session')
      .values({
        id,
        user_id: userId,
        refresh_token_hash: sha256(refreshToken),
        expires_at: sql<Date>`now() + make_interval(secs => ${ttl})`,
        refresh_expires_at: sql<Date>`now() + make_interval(secs => ${refreshTtl})`,
        ip: client.ip,
        user_agent: client.userAgent?.slice(0, 300) ?? null,
      })
      .execute();
    const accessToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject(String(userId))
      .setJti(id)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(await this.key);
    return { accessToken, refreshToken, expiresIn: ttl, tokenType: 'Bearer' };
  }

  /** Validates a bearer token: signature, issuer, expiry, and a live session of an active user. */
  async authenticate(authorization: string | undefined): Promise<Authenticated> {
    const match = authorization?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthenticated('Token akses tidak ditemukan. Silakan masuk terlebih dahulu.');
    const { jti, exp } = await this.verify(match[1]);
    if (exp * 1000 <= Date.now()) throw unauthenticated('Sesi Anda telah berakhir. Silakan masuk kembali.');
    const row = await this.db
      .selectFrom('auth_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .innerJoin('instansi as i', 'i.id', 'u.instansi_id')
      .selectAll('u')
      .select(['i.kode as instansi_kode', 'i.nama as instansi_nama', 'i.jenis as instansi_jenis'])
      .where('s.id', '=', jti)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('u.active', '=', true)
      .executeTakeFirst();
    if (!row) throw unauthenticated();
    const instansi = {
      id: row.instansi_id,
      kode: row.instansi_kode,
      nama: row.instansi_nama,
      jenis: row.instansi_jenis,
    };
    return { principal: toPrincipal(row, instansi), sessionId: jti };
  }

  /**
   * A token's signature and issuer (its jti and expiry), checked once per distinct token: they
   * never change, and every API request presents the same token again (the HMAC through WebCrypto
   * was 8 % of a list request). Expiry and the session row are checked on every call.
   */
  private async verify(token: string): Promise<{ jti: string; exp: number }> {
    const known = this.verified.get(token);
    if (known) return known;
    let claims: { jti: string; exp: number };
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: TOKEN_ISSUER, algorithms: ['HS256'] });
      if (!payload.jti || payload.exp === undefined) throw unauthenticated();
      claims = { jti: payload.jti, exp: payload.exp };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired)
        throw unauthenticated('Sesi Anda telah berakhir. Silakan masuk kembali.');
      throw unauthenticated();
    }
    // Oldest first out: a Map keeps insertion order.
    if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return claims;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .updateTable('auth_session')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Exchanges a refresh token for a new session; the old one is revoked (rotation). */
  async refresh(refreshToken: string, client: ClientInfo): Promise<{ session: Session; userId: number }> {
    const revoked = await this.db
      .updateTable('auth_session')
      .set({ revoked_at: sql<Date>`now()` })
      .where('refresh_token_hash', '=', sha256(refreshToken))
      .where('revoked_at', 'is', null)
      .where('refresh_expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    if (!revoked) throw unauthenticated();
    const user = await this.db
      .selectFrom('app_user')
      .select('id')
      .where('id', '=', revoked.user_id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!user) throw unauthenticated();
    return { session: await this.issue(user.id, client), userId: user.id };
  }
}
