// Test harness: a real database per test file (a fresh in-memory PGlite, or its own schema in
// the PostgreSQL at DATABASE_URL, dropped afterwards), migrated, and the real HTTP app.

import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.js';
import { hashPassword } from '../auth/passwords.js';
import { type Config, loadConfig } from '../config.js';
import { kyselyPglite, openDatabase, PGLITE_OPTIONS } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import type { DB } from '../db/schema.js';
import type { SumberAntrean } from '../modules/baca/antrean.js';

export const TEST_JWT_SECRET = 'rahasia-uji-yang-cukup-panjang-untuk-hs256-0123456789';

export interface TestDb {
  db: Kysely<DB>;
  /** Where this database's job queue lives (issue #35): the same PGlite, or a schema of its own. */
  sumberAntrean: SumberAntrean;
  close(): Promise<void>;
}

/**
 * Issue #34: tests decide applicants and expect them decided; the blind second verification's
 * sample (5 % by default, drawn under a key made per database) is set by the tests of it.
 */
const noSample = (db: Kysely<DB>) => db.updateTable('sampel_verifikasi').set({ persen: 0 }).execute();

// Starting PGlite costs seconds, cloning a migrated one about one: each test file migrates one
// template and clones it for every database it asks for.
let template: Promise<PGlite> | undefined;

async function migratedTemplate(): Promise<PGlite> {
  const pglite = await PGlite.create(PGLITE_OPTIONS);
  const db = kyselyPglite(pglite);
  await migrate(db);
  await noSample(db);
  return pglite;
}

export async function createTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    template ??= migratedTemplate();
    const pglite = await (await template).clone();
    const db = kyselyPglite(pglite);
    return { db, sumberAntrean: { kind: 'pglite', pglite }, close: () => db.destroy() };
  }
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  // Extensions are per database: create them once, serialised, before parallel files migrate.
  await admin.query('SELECT pg_advisory_lock(7272)');
  try {
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await admin.query('CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public');
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7272)');
  }
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 }, { searchPath: schema });
  await migrate(database.db, schema);
  await noSample(database.db);
  return {
    db: database.db,
    sumberAntrean: { kind: 'postgres', url, schema: `${schema}_antrean`, searchPath: schema },
    close: async () => {
      // The schema goes even when a test already destroyed the connection pool.
      await database.close().catch(() => undefined);
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${schema}_antrean CASCADE`);
      await admin.end();
    },
  };
}

export interface TestContext extends TestDb {
  app: FastifyInstance;
  config: Config;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const testDb = await createTestDb();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG ?? 'silent', JWT_SECRET: TEST_JWT_SECRET }),
    ...overrides,
  };
  const app = await buildApp({ config, db: testDb.db });
  return {
    ...testDb,
    app,
    config,
    close: async () => {
      await app.close();
      await testDb.close();
    },
  };
}

let nextInstansiId = 100;

/** Factory: an instansi. */
export async function createInstansi(db: Kysely<DB>, nama = 'Instansi Uji'): Promise<number> {
  const id = nextInstansiId++;
  await db
    .insertInto('instansi')
    .values({ id, kode: `U${id}`, nama, jenis: 'pusat' })
    .execute();
  return id;
}

export interface UserSpec {
  username?: string;
  password?: string;
  fullname?: string;
  roles?: string[];
  flags?: Partial<Record<'isCpns' | 'isPppk' | 'isPppkGuru' | 'isPppkNakes', boolean>>;
  instansiId?: number;
  totpSecret?: string | null;
  active?: boolean;
}

/** Factory: a user; returns its id and the credentials to sign in with. */
export async function createUser(db: Kysely<DB>, spec: UserSpec = {}) {
  const username = spec.username ?? `pengguna.${randomUUID().slice(0, 8)}`;
  const password = spec.password ?? 'Rahasia#2024';
  const instansiId = spec.instansiId ?? (await createInstansi(db));
  const row = await db
    .insertInto('app_user')
    .values({
      username,
      fullname: spec.fullname ?? `Nama ${username}`,
      email: `${username}@uji.go.id`,
      password_hash: await hashPassword(password),
      instansi_id: instansiId,
      authorities: spec.roles ?? [],
      is_cpns: spec.flags?.isCpns ?? false,
      is_pppk: spec.flags?.isPppk ?? false,
      is_pppk_guru: spec.flags?.isPppkGuru ?? false,
      is_pppk_nakes: spec.flags?.isPppkNakes ?? false,
      totp_secret: spec.totpSecret ?? null,
      active: spec.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password, instansiId };
}

/**
 * A client that behaves like the SPA: keeps the XSRF-TOKEN cookie the server issued and echoes
 * it in X-XSRF-TOKEN on every non-GET call.
 */
export class TestClient {
  private xsrf: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions & { token?: string; xsrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const mutating = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (mutating && options.xsrf !== false && !this.xsrf) await this.request({ method: 'GET', url: '/api/health' });
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (mutating && options.xsrf !== false && this.xsrf) headers[XSRF_HEADER] = this.xsrf;
    const res = await this.app.inject({
      ...options,
      headers,
      cookies: { ...(this.xsrf ? { [XSRF_COOKIE]: this.xsrf } : {}), ...options.cookies },
    });
    const issued = res.cookies.find((c) => c.name === XSRF_COOKIE);
    if (issued) this.xsrf = issued.value;
    return res;
  }

  login(username: string, password: string, token?: string) {
    return this.request({ method: 'POST', url: '/api/auth/login', payload: { username, password, token } });
  }

  async loginToken(username: string, password: string): Promise<string> {
    const res = await this.login(username, password);
    if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
    return res.json().accessToken;
  }
}
