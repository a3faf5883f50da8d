// Issue #30: the rate-limit store of @fastify/rate-limit. A route that names a shared count
// (`config: { rateLimit: {…}, sharedRateLimit: 'name' }`) is counted in PostgreSQL (table
// rate_limit_hits), so N instances behind a load balancer share one limit instead of multiplying
// it, and the routes naming the same count share it. Every other route keeps the library's own
// in-process counter, exactly as before. No Redis: the deployments share PostgreSQL already.

import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The name of a count kept in the database, shared by every instance and every route naming it. */
    sharedRateLimit?: string;
  }
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** What the plugin really passes to `child`: the route's limits merged over the global ones. */
interface MergedOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { config?: { sharedRateLimit?: string } };
}

// The library's in-process store (an LRU per route), which it uses when no store is given. It is
// not exported by name; its file has stood at this path since the plugin's first versions.
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => FastifyRateLimitStore;

/** Rows whose window ended are deleted at most this often, by whichever instance counts next. */
const SWEEP_EVERY_MS = 60_000;

/**
 * One count: the window starts at the first request (as the library's own store counts) and
 * lasts `timeWindow` ms; the answer is the requests in it and the ms it has left. The clock is
 * PostgreSQL's, the same for every instance.
 */
export async function countHit(
  db: Kysely<DB>,
  key: string,
  timeWindow: number,
): Promise<{ current: number; ttl: number }> {
  const window = sql`${timeWindow}::float8 * interval '1 millisecond'`;
  const { rows } = await sql<{ hits: number; ttl: number }>`
    INSERT INTO rate_limit_hits AS c (key, hits, expires_at) VALUES (${key}, 1, now() + ${window})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.hits + 1 END,
      expires_at = CASE WHEN c.expires_at <= now() THEN now() + ${window} ELSE c.expires_at END
    RETURNING c.hits, greatest(0, ceil(extract(epoch FROM c.expires_at - now()) * 1000))::int AS ttl
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error('rate_limit_hits: UPSERT tanpa baris');
  return { current: row.hits, ttl: row.ttl };
}

/** Deletes the counts whose window ended. */
export async function sweepHits(db: Kysely<DB>): Promise<void> {
  await sql`DELETE FROM rate_limit_hits WHERE expires_at < now()`.execute(db);
}

class SharedCount implements FastifyRateLimitStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly name: string,
    private readonly sweep: { next: number },
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.count(key, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private async count(key: string, timeWindow: number) {
    const result = await countHit(this.db, `${this.name}:${key}`, timeWindow);
    if (Date.now() >= this.sweep.next) {
      this.sweep.next = Date.now() + SWEEP_EVERY_MS;
      // Housekeeping: a failure costs nothing but a larger table until the next sweep.
      await sweepHits(this.db).catch(() => undefined);
    }
    return result;
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/** The store class to give @fastify/rate-limit (`store`), counting shared limits in `db`. */
export function rateLimitStore(db: Kysely<DB>): FastifyRateLimitStoreCtor {
  const sweep = { next: 0 };
  return class RateLimitStore implements FastifyRateLimitStore {
    private readonly local: FastifyRateLimitStore;

    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      this.local = new LocalStore(
        options.continueExceeding ?? false,
        options.exponentialBackoff ?? false,
        options.cache,
      );
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.local.incr(key, callback, timeWindow, max);
    }

    /** Called once per rate-limited route with the route's merged limits and the route itself. */
    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      const merged = routeOptions as unknown as MergedOptions;
      const name = merged.routeInfo?.config?.sharedRateLimit;
      if (!name) return this.local.child(routeOptions);
      if (merged.continueExceeding || merged.exponentialBackoff) {
        throw new Error(`sharedRateLimit ${name}: continueExceeding dan exponentialBackoff tidak didukung`);
      }
      return new SharedCount(db, name, sweep);
    }
  };
}
