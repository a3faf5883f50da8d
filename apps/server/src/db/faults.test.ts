// Issue #17 on a PostgreSQL cluster of the test's own (never the machine's shared one): the server
// answers 503 while the database is gone and recovers by itself, survives terminated backends,
// and retries a transaction only where that cannot save twice.

import { DATABASE_UNAVAILABLE_MESSAGE } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, createCluster } from '../../../../scripts/pg-cluster.mjs';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { AppError } from '../errors.js';
import { createUser, TEST_JWT_SECRET, TestClient } from '../test/test-app.js';
import { type Database, openDatabase } from './database.js';
import { migrate } from './migrate.js';
import type { DB } from './schema.js';
import { transaction } from './transaction.js';

let cluster: Cluster;
let database: Database;
let db: Kysely<DB>;
let app: FastifyInstance;
let client: TestClient;
let token: string;
const connectionErrors: Error[] = [];

const list = () =>
  client.request({
    method: 'POST',
    url: '/api/cpns/admin/filter',
    token,
    payload: {
      filter: {},
      paginator: { page: 1, pageSize: 10, total: 0, pageSizes: [] },
      sorting: { column: 'id', direction: 'asc' },
      searchTerm: '',
      grouping: { selectedRowIds: [], itemIds: [] },
    },
  });

/** Polls until `check` passes; returns the milliseconds it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${ms} ms`);
}

beforeAll(async () => {
  cluster = await createCluster();
  const url = await cluster.createDatabase('portal');
  database = await openDatabase(
    { kind: 'postgres', url, poolSize: 5 },
    { onConnectionError: (error) => connectionErrors.push(error) },
  );
  db = database.db;
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await migrate(db);
  await sql`CREATE TABLE uji_simpan (id int PRIMARY KEY, nilai text)`.execute(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    SESSION_CACHE_SECONDS: '0',
  });
  app = await buildApp({ config, db });
  client = new TestClient(app);
  const admin = await createUser(db, { roles: ['ROLE_ADMIN_CPNS'], flags: { isCpns: true } });
  token = await client.loginToken(admin.username, admin.password);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => undefined);
  cluster?.destroy();
});

describe('the database going away (issue #17)', () => {
  it('answers 503 with the Indonesian message while PostgreSQL is down, and recovers by itself', async () => {
    expect((await list()).statusCode).toBe(200);
    cluster.stop('fast');
    try {
      const res = await list();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'DB_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(res.headers['retry-after']).toBe('5');
      const health = await client.request({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
      const ready = await client.request({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not-ready', database: { reachable: false } });
      // Liveness is the process alone: a supervisor must not restart it for the database's sake.
      expect((await client.request({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      cluster.start();
    }
    await within(10_000, async () => (await list()).statusCode === 200);
    const ready = await client.request({ url: '/api/health/ready' });
    expect(ready.json()).toMatchObject({ status: 'ok', migrations: { applied: expect.any(Number) } });
    expect(ready.json().migrations.applied).toBe(ready.json().migrations.known);
  });

  it('drops connections a DBA terminates and keeps serving, without an unhandled error event', async () => {
    // Fill the pool with idle connections, then end them all from the database side.
    await Promise.all([list(), list(), list()]);
    const before = connectionErrors.length;
    expect(await cluster.terminateBackends()).toBeGreaterThan(0);
    await within(5_000, async () => connectionErrors.length > before);
    expect(connectionErrors.at(-1)?.message).toMatch(/terminat/);
    await within(10_000, async () => (await list()).statusCode === 200);
  });

  it('serves again after a restart and after a crash (immediate stop)', async () => {
    cluster.restart();
    await within(10_000, async () => (await list()).statusCode === 200);
    cluster.stop('immediate');
    await new Promise((r) => setTimeout(r, 500));
    expect((await list()).statusCode).toBe(503);
    cluster.start();
    await within(10_000, async () => (await list()).statusCode === 200);
  });
});

describe('transaction retries (issue #17)', () => {
  it('runs a transaction again after a serialization failure; the row is saved once', async () => {
    let attempts = 0;
    await transaction(db, async (trx) => {
      attempts++;
      await sql`INSERT INTO uji_simpan VALUES (1, 'serialisasi')`.execute(trx);
      if (attempts === 1) {
        await sql`DO $$ BEGIN RAISE EXCEPTION 'bentrok' USING ERRCODE = 'serialization_failure'; END $$`.execute(trx);
      }
    });
    expect(attempts).toBe(2);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM uji_simpan WHERE id = 1`.execute(db);
    expect(rows[0]?.n).toBe(1);
  });

  it('runs it again when the connection is lost before COMMIT was sent', async () => {
    let attempts = 0;
    await transaction(db, async (trx) => {
      attempts++;
      await sql`INSERT INTO uji_simpan VALUES (2, 'putus')`.execute(trx);
      if (attempts === 1) await sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(trx);
    });
    expect(attempts).toBe(2);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM uji_simpan WHERE id = 2`.execute(db);
    expect(rows[0]?.n).toBe(1);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    await expect(
      transaction(db, async (trx) => {
        attempts++;
        await sql`INSERT INTO uji_simpan VALUES (1, 'kembar')`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });

  it('never retries a connection lost while COMMIT was on its way: 503, outcome unknown', async () => {
    // A deferred trigger runs inside COMMIT: the backend ends itself after COMMIT was sent.
    await sql`
      CREATE FUNCTION uji_putus() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(1); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER uji_putus AFTER INSERT ON uji_simpan DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (NEW.id = 3) EXECUTE FUNCTION uji_putus();
    `.execute(db);
    let attempts = 0;
    const error = await transaction(db, async (trx) => {
      attempts++;
      await sql`INSERT INTO uji_simpan VALUES (3, 'saat commit')`.execute(trx);
    }).catch((e: unknown) => e);
    expect(attempts).toBe(1);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'DB_UNAVAILABLE', details: { tersimpan: 'tidak diketahui' } });
  });
});
