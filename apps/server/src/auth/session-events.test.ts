// Issue #22: several instances on one PostgreSQL database. A sign-out or a deactivation on one
// takes effect on the others within a second, although they remember session checks for 30 s;
// with the listening connection killed (pg_terminate_backend) SESSION_CACHE_SECONDS is the bound,
// and the listener comes back by itself. Only on PostgreSQL (PGlite is one process).

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createTestDb, createUser, TEST_JWT_SECRET, TestClient, type TestDb } from '../test/test-app.js';

const url = process.env.DATABASE_URL;

/** Polls every 50 ms until `check` holds or `ms` have passed; returns whether it held. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!url)('session changes reach every instance (LISTEN/NOTIFY)', () => {
  let testDb: TestDb;
  let a: FastifyInstance;
  let b: FastifyInstance;
  /** An instance whose channel, once lost, stays down for 8 s. */
  let c: FastifyInstance;
  let admin: pg.Client;
  const config = (sessionCacheSeconds: number): Config => ({
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET }),
    database: { kind: 'postgres', url: url as string, poolSize: 5 },
    sessionCacheSeconds,
  });

  beforeAll(async () => {
    testDb = await createTestDb();
    a = await buildApp({ config: config(30), db: testDb.db });
    b = await buildApp({ config: config(30), db: testDb.db });
    c = await buildApp({ config: config(2), db: testDb.db, sessionChannelRetryMs: 8_000 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), c?.close()]);
    await admin?.end();
    await testDb?.close();
  });

  const status = (client: TestClient, token: string) =>
    client.request({ url: '/api/auth/check-token', token }).then((res) => res.statusCode);

  it('a sign-out on A ends the session on B within a second (B remembers checks for 30 s)', async () => {
    expect(b.sessionChanges?.connected).toBe(true);
    const onA = new TestClient(a);
    const onB = new TestClient(b);
    const user = await createUser(testDb.db);
    const token = await onA.loginToken(user.username, user.password);
    expect(await status(onB, token)).toBe(200);
    expect(await status(onB, token)).toBe(200); // remembered now
    expect((await onA.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(204);
    expect(await within(1_000, async () => (await status(onB, token)) === 401)).toBe(true);
  });

  it('a deactivation made outside the portal (a tool, a DBA) ends the sessions on every instance', async () => {
    const onA = new TestClient(a);
    const onB = new TestClient(b);
    const user = await createUser(testDb.db);
    const token = await onA.loginToken(user.username, user.password);
    expect(await status(onA, token)).toBe(200);
    expect(await status(onB, token)).toBe(200);
    await admin.query(`SET search_path TO ${await schemaOf(testDb)}`);
    await admin.query('UPDATE app_user SET active = false WHERE id = $1', [user.id]);
    expect(await within(1_000, async () => (await status(onA, token)) === 401)).toBe(true);
    expect(await within(1_000, async () => (await status(onB, token)) === 401)).toBe(true);
  });

  it('with the channel killed, SESSION_CACHE_SECONDS bounds it; the listener comes back and is prompt again', async () => {
    const listener = c.sessionChanges;
    expect(listener?.connected).toBe(true);
    const pid = listener?.pid;
    const killed = await admin.query('SELECT pg_terminate_backend($1) AS ok', [pid]);
    expect(killed.rows[0].ok).toBe(true);
    expect(await within(5_000, async () => listener?.connected === false)).toBe(true);

    const onA = new TestClient(a);
    const onC = new TestClient(c);
    const user = await createUser(testDb.db);
    const token = await onA.loginToken(user.username, user.password);
    expect(await status(onC, token)).toBe(200);
    expect((await onA.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(204);
    // Nothing told C: its remembered check stands …
    expect(await status(onC, token)).toBe(200);
    // … for at most SESSION_CACHE_SECONDS (2 s here).
    expect(await within(2_000 + 500, async () => (await status(onC, token)) === 401)).toBe(true);

    // The listener reconnects by itself (on a new backend) and changes are heard at once again.
    await listener?.whenConnected();
    expect(listener?.pid).not.toBe(pid);
    const again = await onA.loginToken(user.username, user.password);
    expect(await status(onC, again)).toBe(200);
    expect(await status(onC, again)).toBe(200);
    expect((await onA.request({ method: 'POST', url: '/api/auth/logout', token: again })).statusCode).toBe(204);
    expect(await within(1_000, async () => (await status(onC, again)) === 401)).toBe(true);
  }, 30_000);
});

/** The schema createTestDb made for this file (its connections' search_path). */
async function schemaOf(testDb: TestDb): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(testDb.db);
  return rows[0]?.schema ?? 'public';
}
