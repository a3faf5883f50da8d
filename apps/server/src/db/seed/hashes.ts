// The generators' deterministic randomness: per generated row number, a few 64-bit hashes of the
// row and the seed, so the same seed always gives the same people, in SQL at bulk speed.

import { sql } from 'kysely';

/**
 * The body of a CTE of rows `i` in (offset, offset + rows], each with hashes h1…h`count` taken with
 * the seeds `seed + salt`, `seed + salt + 1`, … (a generator's own salt keeps its draws apart).
 */
export function hashedRows(seed: number, salt: number, count: number, offset: number, rows: number) {
  const hashes = Array.from(
    { length: count },
    (_, k) => sql`hashint8extended(i, ${seed}::bigint + ${salt + k}) AS ${sql.ref(`h${k + 1}`)}`,
  );
  return sql`SELECT i, ${sql.join(hashes)} FROM generate_series(${offset + 1}::bigint, ${offset + rows}::bigint) AS i`;
}
