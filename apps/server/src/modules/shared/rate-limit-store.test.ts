// Issue #30: the shared counts of the rate limits, in the database: a window starts at the first
// request and ends after its length, ended rows are swept by the counting store, and only routes
// naming a shared count use the database (the sign-in limits keep the in-process counter).

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-app.js';
import { countHit, rateLimitStore } from './rate-limit-store.js';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const rows = async () =>
  (await sql<{ key: string; hits: number }>`SELECT key, hits FROM rate_limit_hits ORDER BY key`.execute(testDb.db))
    .rows;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A store's child for a route with the given config, as @fastify/rate-limit makes it. */
function storeFor(config: Record<string, unknown>) {
  const Store = rateLimitStore(testDb.db);
  const store = new Store({});
  const child = store.child({ routeInfo: { config } } as never);
  return (key: string, timeWindow: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      child.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), timeWindow, 10),
    );
}

describe('the shared rate-limit counts', () => {
  it('count within a window from the first request, then start again', async () => {
    const first = await countHit(testDb.db, 'uji:192.0.2.1', 400);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(400);
    expect((await countHit(testDb.db, 'uji:192.0.2.1', 400)).current).toBe(2);
    expect((await countHit(testDb.db, 'uji:192.0.2.2', 400)).current).toBe(1);
    await pause(450);
    expect((await countHit(testDb.db, 'uji:192.0.2.1', 400)).current).toBe(1);
  });

  it('are swept when their window ended, by the store that counts', async () => {
    await sql`DELETE FROM rate_limit_hits`.execute(testDb.db);
    await countHit(testDb.db, 'lama:192.0.2.9', 50);
    await pause(80);
    const count = storeFor({ sharedRateLimit: 'baru' });
    expect(await count('192.0.2.10', 60_000)).toMatchObject({ current: 1 });
    expect(await count('192.0.2.10', 60_000)).toMatchObject({ current: 2 });
    expect(await rows()).toEqual([{ key: 'baru:192.0.2.10', hits: 2 }]);
  });

  it('are kept in the database only for routes naming a shared count', async () => {
    await sql`DELETE FROM rate_limit_hits`.execute(testDb.db);
    const local = storeFor({ access: 'public' });
    expect(await local('192.0.2.20', 60_000)).toMatchObject({ current: 1 });
    expect(await local('192.0.2.20', 60_000)).toMatchObject({ current: 2 });
    expect(await rows()).toEqual([]);
  });
});
