// The fixture the API test files share: a test app (test-app.ts) with the demo accounts, a folder
// for the documents the test seeds (removed afterwards), and callers that sign in as a user once
// and call the API as them. `useApiFixture` registers the file's beforeAll/afterAll; its fields
// are there once beforeAll ran.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, type Tahap } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { seedAccounts } from '../db/seed/accounts.js';
import { type SeedBlock, seedApplicants } from '../db/seed/applicants.js';
import { FolderBerkasStore } from '../storage/folder-berkas-store.js';
import { createTestApp, TestClient, type TestContext } from './test-app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiFixture {
  ctx: TestContext;
  client: TestClient;
  /** The folder of the documents (the app's filesDir) and a store on it for seeding. */
  filesDir: string;
  store: FolderBerkasStore;
  /** Passwords of users the test made (everyone else signs in with the demo password). */
  passwords: Map<string, string>;
  /** A user's bearer token, signed in once per file. */
  tokenOf(username: string): Promise<string>;
  /** Calls the API as a user (JSON payload). */
  call(username: string, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/**
 * Registers the file's app: made with `config` over a generous login rate limit, the demo
 * accounts seeded, `applicants` generated (with documents and scores, from the seed given), then
 * `seed` (objections, claims…) run once before the tests.
 */
export function useApiFixture(
  options: {
    config?: Partial<Config>;
    applicants?: { seed: number; blocks: SeedBlock[] };
    seed?: (api: ApiFixture) => Promise<void>;
    timeout?: number;
  } = {},
): ApiFixture {
  const tokens = new Map<string, string>();
  const api = {
    passwords: new Map<string, string>(),
    async tokenOf(username: string) {
      const known = tokens.get(username);
      if (known) return known;
      const token = await api.client.loginToken(username, api.passwords.get(username) ?? DEMO_PASSWORD);
      tokens.set(username, token);
      return token;
    },
    async call(username: string, method: Method, url: string, payload?: unknown) {
      return api.client.request({
        method,
        url,
        token: await api.tokenOf(username),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    },
  } as ApiFixture;
  beforeAll(async () => {
    api.filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
    api.store = new FolderBerkasStore(api.filesDir);
    api.ctx = await createTestApp({ loginRateLimitPerMinute: 10_000, filesDir: api.filesDir, ...options.config });
    api.client = new TestClient(api.ctx.app);
    await seedAccounts(api.ctx.db);
    if (options.applicants) await seedApplicants(api.ctx.db, api.store, { ...options.applicants, withDocuments: true });
    await options.seed?.(api);
  }, options.timeout ?? 60_000);
  afterAll(async () => {
    await api.ctx?.close();
    if (api.filesDir) rmSync(api.filesDir, { recursive: true, force: true });
  });
  return api;
}

/** The body of a list call (spec §7): the first 100 rows by id, filtered and searched as given. */
export const listBody = (filter: Record<string, unknown> = {}, searchTerm = '') => ({
  filter,
  paginator: { page: 1, pageSize: 100 },
  sorting: { column: 'id', direction: 'asc' },
  searchTerm,
});

/** The applicant's audit trail, oldest first. */
export function eventsOf(db: Kysely<DB>, pelamarId: number) {
  return db
    .selectFrom('audit_event')
    .where('entity', '=', 'pelamar')
    .where('entity_id', '=', String(pelamarId))
    .select(['action', 'actor_username', 'from_value', 'to_value', 'reason', 'details'])
    .orderBy('id')
    .execute();
}

/** The newest audit event's id (0: none), to read what a step wrote after it. */
export async function lastAuditId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('audit_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Opens a stage's window (from yesterday for 30 days) or closes it (ended two days ago). */
export async function setWindow(db: Kysely<DB>, tahap: Tahap, open: boolean) {
  await db
    .updateTable('jadwal_tahap')
    .set(
      open
        ? { mulai: sql`now() - interval '1 day'`, selesai: sql`now() + interval '30 days'` }
        : { mulai: sql`now() - interval '10 days'`, selesai: sql`now() - interval '2 days'` },
    )
    .where('tahap', '=', tahap)
    .execute();
}

/** A test file's bare app (no accounts seeded; `config` over the test defaults) and a client on it. */
export function useTestApp(config: Partial<Config> = {}) {
  const fx = {} as { ctx: TestContext; client: TestClient };
  beforeAll(async () => {
    fx.ctx = await createTestApp(config);
    fx.client = new TestClient(fx.ctx.app);
  });
  afterAll(() => fx.ctx.close());
  return fx;
}

/** A user's id by username. */
export async function userIdOf(db: Kysely<DB>, username: string): Promise<number> {
  const row = await db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}
