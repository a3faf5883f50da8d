// Opens the database: the embedded PGlite (default, data in DATA_DIR) or PostgreSQL at
// DATABASE_URL. The only place that chooses; everything else sees a Kysely<DB>.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { prepareStatements } from './prepared-statements.js';
import type { DB } from './schema.js';

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The extensions the migrations create (trigram search, accent folding); tests use them too. */
export const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm, unaccent } };

// int8 (count(*), bigint ids) as numbers: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export async function openDatabase(
  database: Config['database'],
  options: { searchPath?: string } = {},
): Promise<Database> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: database.poolSize,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    prepareStatements(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let dataDir: string | undefined;
  if (database.dataDir) {
    dataDir = path.resolve(database.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir, PGLITE_OPTIONS);
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
