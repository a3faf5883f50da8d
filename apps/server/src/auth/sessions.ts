// The portal's own tokens: a short JWT access token (typ at+jwt, RFC 9068) whose jti names a
// server-side session row (so logout and password changes revoke it at once) and an opaque,
// rotating refresh token. Issue #30: a session knows how it was opened (password or access key)
// and its family of rotations; a rotated refresh token presented again ends the whole family.

import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import type { Principal, Session } from '@portal/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import {
  AliasNode,
  DeleteQueryNode,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type QueryId,
  sql,
  TableNode,
  UpdateQueryNode,
} from 'kysely';
import type { DB, SessionVia } from '../db/schema.js';
import { unauthenticated } from '../errors.js';
import { recordAudit } from '../modules/audit/audit.js';
import { toPrincipal } from './principal.js';

export const TOKEN_ISSUER = 'portal-verifikasi-asn';
/** The JOSE header `typ` of an access token (RFC 9068): an ID or refresh token is never taken for one. */
export const ACCESS_TOKEN_TYP = 'at+jwt';

export interface SessionOptions {
  secret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a session's check is reused by this instance (SESSION_CACHE_SECONDS; 0: never). */
  cacheSeconds?: number;
}

/** The portal session a bearer token names (auth/access.ts: the request's credential). */
export interface SessionCredential {
  kind: 'session';
  sessionId: string;
  via: SessionVia;
}

export interface Authenticated {
  principal: Principal;
  sessionId: string;
  credential: SessionCredential;
}

export interface IssueOptions {
  /** How the session is opened (default: a password sign-in). */
  via?: SessionVia;
  /** The family of a session made by a refresh (default: a new family, this session's id). */
  familyId?: string;
}

interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** The tables a session's check reads: a change to any of them ends every remembered check. */
const SESSION_TABLES = new Set(['auth_session', 'app_user', 'instansi']);

const tableName = (node: OperationNode | undefined): string | undefined =>
  node && TableNode.is(node)
    ? node.table.identifier.name
    : node && AliasNode.is(node)
      ? tableName(node.node)
      : undefined;

/** An UPDATE or DELETE of one of the session tables (Kysely's own builders; the code has no raw ones). */
function changesSessions(node: OperationNode): boolean {
  if (UpdateQueryNode.is(node)) return SESSION_TABLES.has(tableName(node.table) ?? '');
  if (DeleteQueryNode.is(node)) return node.from.froms.some((from) => SESSION_TABLES.has(tableName(from) ?? ''));
  return false;
}

/** Remembered session checks at most (about 1 kB each), oldest first out. */
const CHECKED_SESSIONS = 20_000;

/** Verified tokens remembered (about 0.3 kB each): more than the signed-in users of one instance. */
const VERIFIED_TOKENS = 20_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export class SessionService {
  // Imported once: jose imports a raw secret through WebCrypto on every call otherwise, and every
  // API request verifies a token.
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, { jti: string; exp: number }>();
  private readonly checked = new Map<string, { auth: Authenticated; until: number; generation: number }>();
  /** Bumped by every change to the session tables; a check read before it is not reused. */
  private generation = 0;
  private readonly writes = new Set<QueryId>();

  /**
   * The app's database goes through this plugin (buildApp), so logout, refresh, a password
   * change, a deactivation or a role change made here end the remembered checks at once: when
   * the statement is sent and again when it is done (a check read in between would be stale).
   */
  readonly invalidation: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (changesSessions(node)) {
        this.generation += 1;
        this.writes.add(queryId);
      }
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      if (this.writes.delete(queryId)) this.generation += 1;
      return result;
    },
  };
  private readonly db: Kysely<DB>;

  constructor(
    db: Kysely<DB>,
    private readonly options: SessionOptions,
  ) {
    this.db = db.withPlugin(this.invalidation);
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(options.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /**
   * Forgets every remembered check: another instance (or a tool, or a DBA) changed sessions,
   * users or instansi (auth/session-events.ts). A check being read right now is not kept either.
   */
  forgetAll(): void {
    this.generation += 1;
    this.checked.clear();
  }

  async issue(userId: number, client: ClientInfo, { via = 'password', familyId }: IssueOptions = {}): Promise<Session> {
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
        via,
        family_id: familyId ?? id,
      })
      .execute();
    const accessToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYP })
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
    // A check made in the last SESSION_CACHE_SECONDS stands, unless a session, user or instansi
    // changed since (docs/decisions.md: the price is that a revocation made by another instance
    // takes effect there after at most that long).
    const known = this.checked.get(jti);
    if (known && known.generation === this.generation && known.until > Date.now()) return known.auth;
    const generation = this.generation;
    const row = await this.db
      .selectFrom('auth_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .innerJoin('instansi as i', 'i.id', 'u.instansi_id')
      .selectAll('u')
      .select(['i.kode as instansi_kode', 'i.nama as instansi_nama', 'i.jenis as instansi_jenis', 's.via'])
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
    const auth: Authenticated = {
      principal: toPrincipal(row, instansi),
      sessionId: jti,
      credential: { kind: 'session', sessionId: jti, via: row.via },
    };
    const cacheMs = (this.options.cacheSeconds ?? 0) * 1000;
    if (cacheMs > 0) {
      this.checked.delete(jti);
      if (this.checked.size >= CHECKED_SESSIONS) this.checked.delete(this.checked.keys().next().value as string);
      this.checked.set(jti, { auth, until: Math.min(Date.now() + cacheMs, exp * 1000), generation });
    }
    return auth;
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
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: TOKEN_ISSUER,
        algorithms: ['HS256'],
        typ: ACCESS_TOKEN_TYP,
      });
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

  /**
   * Exchanges a refresh token for a new session of the same family and kind; the old one is
   * revoked (rotation). A refresh token already exchanged, presented again, means that someone
   * else holds a copy (RFC 9700 §4.14.2): every session of its family is revoked, and 401.
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<{ session: Session; userId: number }> {
    const hash = sha256(refreshToken);
    const rotated = await this.db
      .updateTable('auth_session')
      .set({ revoked_at: sql<Date>`now()`, rotated_at: sql<Date>`now()` })
      .where('refresh_token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .where('refresh_expires_at', '>', sql<Date>`now()`)
      .returning(['id', 'user_id', 'family_id', 'via'])
      .executeTakeFirst();
    if (!rotated) {
      await this.refuseReuse(hash, client);
      throw unauthenticated();
    }
    const user = await this.db
      .selectFrom('app_user')
      .select('id')
      .where('id', '=', rotated.user_id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!user) throw unauthenticated();
    const session = await this.issue(user.id, client, { via: rotated.via, familyId: rotated.family_id ?? rotated.id });
    return { session, userId: user.id };
  }

  /** A rotated refresh token came back: the family ends (audited), and the caller answers 401. */
  private async refuseReuse(hash: string, client: ClientInfo): Promise<void> {
    const used = await this.db
      .selectFrom('auth_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['s.id', 's.family_id', 'u.id as user_id', 'u.username', 'u.instansi_id'])
      .where('s.refresh_token_hash', '=', hash)
      .where('s.rotated_at', 'is not', null)
      .executeTakeFirst();
    if (!used) return;
    const family = used.family_id ?? used.id;
    const ended = await this.db
      .updateTable('auth_session')
      .set({ revoked_at: sql<Date>`now()` })
      .where((eb) => eb.or([eb('family_id', '=', family), eb('id', '=', family)]))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await recordAudit(this.db, {
      action: 'session.refresh-reuse',
      actorId: used.user_id,
      actorUsername: used.username,
      instansiId: used.instansi_id,
      entity: 'user',
      entityId: used.user_id,
      ip: client.ip,
      reason: 'refresh token yang sudah ditukar dipakai lagi: semua sesi turunannya dicabut',
      details: { sesiDicabut: Number(ended.numUpdatedRows) },
    });
    throw unauthenticated('Sesi dihentikan karena token penyegar dipakai ulang. Silakan masuk kembali.');
  }
}
