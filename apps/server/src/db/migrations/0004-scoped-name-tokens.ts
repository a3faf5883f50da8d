// Name search within one instansi without touching the others' names (bench/lists: counting a
// broad prefix such as "siti" cost ~30 ms, most of it intersecting the instansi's 250 k-entry
// index range with every match nationwide). Each word of a name is now indexed twice, qualified
// by its scope: `t1_siti` (track 1, for national roles) and `i3t1_siti` (instansi 3, track 1),
// so the GIN index answers "siti in instansi 3" with exactly those rows.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `
    CREATE FUNCTION portal_track_code(track text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT CASE track WHEN 'cpns' THEN '1' WHEN 'pppk' THEN '2' WHEN 'pppk-guru' THEN '3' ELSE '4' END $$
    `,
    `
    CREATE FUNCTION portal_name_tokens(nama text, instansi integer, track text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$
        SELECT array_to_tsvector(ARRAY(
          SELECT scope || word
          FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, portal_normalise(nama)))) AS word,
               unnest(ARRAY['t' || portal_track_code(track) || '_',
                            'i' || instansi || 't' || portal_track_code(track) || '_']) AS scope
        ))
      $$
    `,
    `DROP INDEX pelamar_nama_kata_idx`,
    `ALTER TABLE pelamar DROP COLUMN nama_kata`,
    `ALTER TABLE pelamar ADD COLUMN nama_kata tsvector
       GENERATED ALWAYS AS (portal_name_tokens(nama, instansi_id, track)) STORED`,
    `CREATE INDEX pelamar_nama_kata_idx ON pelamar USING gin (nama_kata)`,
  ]);
}
