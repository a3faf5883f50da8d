// Applies pending migrations at start (ARCHITECTURE.md: versioned, forward-only).

import type { Kysely } from 'kysely';
import { type MigrationProvider, Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema` names where Kysely keeps its own migration tables. Give it whenever the database has
 * other schemas with migrations (tests): Kysely looks its tables up by name across schemas.
 */
export async function migrate(db: Kysely<DB>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
