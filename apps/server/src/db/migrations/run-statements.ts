// Runs SQL statements one at a time: PGlite's query() takes a single statement per call.

import { type Kysely, sql } from 'kysely';

export async function runStatements(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
