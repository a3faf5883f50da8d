// PostgreSQL connections that send each parameterised SQL text as a named prepared statement, so
// PostgreSQL parses and plans it once per connection instead of on every call. Kysely hands pg a
// text and its values; pg prepares a statement when the query has a name (pg's own cache of
// parsed statements per connection does the rest).
//
// Why: the lists' statements are index lookups of a tenth of a millisecond, and planning them
// costs several times that (bench/lists: the first page's three statements, pgbench, 16 clients:
// 14,855 tps prepared, 3,314 tps unprepared).

import type pg from 'pg';

/** Distinct texts prepared per connection; later ones go unprepared (bounds memory on both sides). */
export const PREPARED_PER_CONNECTION = 200;

type Query = pg.PoolClient['query'];

/**
 * Names the statements of every connection the pool opens. Only texts with parameters are
 * named: those are Kysely's queries, never transaction control or DDL (which take none).
 */
export function prepareStatements(pool: pg.Pool, limit = PREPARED_PER_CONNECTION): void {
  pool.on('connect', (client) => {
    const names = new Map<string, string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        let name = names.get(config);
        if (name === undefined && names.size < limit) {
          name = `k${names.size}`;
          names.set(config, name);
        }
        if (name !== undefined) return query({ name, text: config, values }, callback);
      }
      return query(config, values, callback);
    }) as Query;
  });
}
