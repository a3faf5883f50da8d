// Issue #22: a backup restores. pg_restore runs with an empty search_path, and the token
// functions behind the generated columns pelamar.nama_kata and nonasn.nama_kata named
// portal_normalise() and portal_track_code() unqualified in a string body, so restoring any
// pg_dump of the portal failed ("function portal_normalise(text) does not exist"). The same
// functions with SQL-standard bodies (RETURN …): parsed when created, their references bound to
// the functions themselves, dumped schema-qualified. Results unchanged, so the stored columns and
// their indexes stand; the planner still inlines them.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `
    CREATE OR REPLACE FUNCTION portal_name_tokens(nama text, instansi integer, track text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      RETURN array_to_tsvector(ARRAY(
        SELECT scope || word
        FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, portal_normalise(nama)))) AS word,
             unnest(ARRAY['t' || portal_track_code(track) || '_',
                          'i' || instansi || 't' || portal_track_code(track) || '_']) AS scope
      ))
    `,
    `
    CREATE OR REPLACE FUNCTION portal_nonasn_tokens(nama text, instansi integer) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      RETURN array_to_tsvector(ARRAY(
        SELECT scope || word
        FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, portal_normalise(nama)))) AS word,
             unnest(ARRAY['n_', 'i' || instansi || '_']) AS scope
      ))
    `,
  ]);
}
