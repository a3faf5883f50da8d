// Opens the database: the embedded PGlite (default, data in DATA_DIR) or PostgreSQL at
// DATABASE_URL. The only place that chooses; everything else sees a Kysely<DB>.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type PGliteInterface, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PGliteDialect, type PGlite as PGliteKysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { prepareStatements } from './prepared-statements.js';
import type { DB } from './schema.js';

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool (its usage is reported at /metrics); null for PGlite. */
  pool: pg.Pool | null;
  /** The embedded database itself (the job queue speaks to it directly); null for PostgreSQL. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

/** The extensions the migrations create (trigram search, accent folding); tests use them too. */
export const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm, unaccent } };

// int8 (count(*), bigint ids) as numbers: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * Issue #33: Kysely on the embedded database, giving the event loop a turn after every statement.
 * PGlite runs a statement synchronously (WASM) and answers with a promise already settled, so a
 * loop that awaits one statement after another (an export's batches, an import's rows) runs as
 * one unbroken chain of microtasks: no timer fires and no request is read until the loop ends
 * (seconds: /api/health waited 4.7-13 s as a 50,000-row export job began). After each statement
 * the caller goes on in the next turn, so requests waiting are read and answered in between.
 */
export function kyselyPglite(pglite: PGliteInterface): Kysely<DB> {
  const bergiliran = <T>(answer: Promise<T>): Promise<T> => answer.finally(() => nextTurn());
  const embedded: PGliteKysely = {
    get closed() {
      return pglite.closed;
    },
    get ready() {
      return pglite.ready;
    },
    get waitReady() {
      return pglite.waitReady;
    },
    close: () => pglite.close(),
    query: (text, params, options) => bergiliran(pglite.query(text, params, options)),
    transaction: (work) =>
      pglite.transaction((tx) =>
        work({
          query: (text, params, options) => bergiliran(tx.query(text, params, options)),
          rollback: () => tx.rollback(),
        }),
      ),
  };
  return new Kysely<DB>({ dialect: new PGliteDialect({ pglite: embedded }) });
}

/** How long a request waits for a new PostgreSQL connection before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

export interface OpenOptions {
  searchPath?: string;
  /**
   * Told of a connection that failed outside any query (a restart, a failover, a DBA's
   * pg_terminate_backend, a network cut). The pool drops that connection and opens another on
   * demand; without a listener, pg's 'error' event would end the process (issue #17).
   */
  onConnectionError?: (error: Error) => void;
  /** How its sessions are named in pg_stat_activity (`npm run worker`: PEKERJA_APLIKASI). */
  applicationName?: string;
}

export async function openDatabase(database: Config['database'], options: OpenOptions = {}): Promise<Database> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: database.poolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer that vanished without a word (failover, network cut) is noticed by TCP keep-alive.
      keepAlive: true,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
    });
    const onError = options.onConnectionError ?? (() => {});
    // Idle connections report here; the pool has already removed the broken one.
    pool.on('error', onError);
    // A connection in use reports on itself: its query fails with the error (answered 503), and
    // the pool discards it when it is released, because it is no longer queryable.
    pool.on('connect', (client) => client.on('error', onError));
    prepareStatements(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', pool, pglite: null, close: () => db.destroy() };
  }
  let dataDir: string | undefined;
  if (database.dataDir) {
    dataDir = path.resolve(database.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir, PGLITE_OPTIONS);
  const db = kyselyPglite(pglite);
  return { db, kind: 'pglite', pool: null, pglite, close: () => db.destroy() };
}
