// Issue #31: the list of an announcement as issued, so that someone holding a printed copy can
// compare a line on the public check page (/cek-dokumen/{kode}). Copied at issue from the very rows
// the PDF and its Excel copy were written from, as printed (masked NIK, status word, reasons,
// formasi heading): today's data would show an accepted objection the paper does not (a change is
// a new announcement with its own list).
//
// dokumen_resmi_daftar is one row per list: written when the making begins (with no count), its
// count set once every row is in, before the document itself is recorded. A list is served only
// for a code in dokumen_resmi that has this row, so an announcement issued before this migration
// (no row) is told apart from one with no applicants (count 0). No foreign key to dokumen_resmi:
// the rows are written while the PDF is laid out, the document is recorded after; a failed making
// deletes its rows (service.ts), and a making cut short by a crash leaves a row with no document
// that the next announcement sweeps after a day (daftar-terbit.ts).
//
// dokumen_resmi_baris: the rows, keyed by (kode, no) — `no` is the row's number on paper, 1..n
// without gaps, so an unfiltered page is a key range, never an OFFSET over 250,000 rows. The
// public search is within one code: a nomor peserta by its start ((kode, no_peserta), "C" collated
// so LIKE 'prefix%' is a range of that index), a name by the start of its words through a GIN index
// of word tokens qualified by the code (as migration 0004 qualifies applicants' tokens by their
// instansi), so a common name is looked up in this announcement's entries only, not in every
// announcement's (an SQL-standard body, as migration 0031 has it: its references bound when it is
// created, so an index build or a restore with another search_path finds them). No foreign key on
// the rows either: 250,000 rows are inserted per announcement in
// statements of 5,000, and a per-row check of a parent would only slow that down.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE dokumen_resmi_daftar (
       kode text COLLATE "C" PRIMARY KEY,
       jumlah integer,
       dibuat_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE dokumen_resmi_baris (
       kode text COLLATE "C" NOT NULL,
       no integer NOT NULL,
       no_peserta text COLLATE "C" NOT NULL,
       nama text NOT NULL,
       nik text NOT NULL,
       status text NOT NULL,
       keterangan text NOT NULL,
       formasi text NOT NULL,
       PRIMARY KEY (kode, no)
     )`,
    `CREATE INDEX dokumen_resmi_baris_peserta_idx ON dokumen_resmi_baris (kode, no_peserta)`,
    `
    CREATE FUNCTION portal_baris_kata(kode text, nama text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      RETURN array_to_tsvector(ARRAY(
        SELECT kode || '_' || word
        FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, portal_normalise(nama)))) AS word
      ))
    `,
    `CREATE INDEX dokumen_resmi_baris_kata_idx ON dokumen_resmi_baris USING gin (portal_baris_kata(kode, nama))`,
  ]);
}
