// Issue #31: an issued document is frozen. Its Excel copy (the announcement's table) is made once
// at issue and kept by hash in the document store beside the PDF, so both files under one code are
// served as stored; columns on dokumen_resmi rather than a child table of files, because a document
// has at most these two formats and the public check reads both with the row it already reads.
// Null for the minutes and for announcements issued before this change (their sheet was never
// kept: docs/decisions.md). A later change is a new document naming the one it amends
// (mengubah_kode); each document is amended at most once, so amendments form one chain.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE dokumen_resmi
       ADD COLUMN xlsx_sha256 text,
       ADD COLUMN xlsx_ukuran int,
       ADD COLUMN mengubah_kode text COLLATE "C" REFERENCES dokumen_resmi (kode),
       ADD CONSTRAINT dokumen_resmi_xlsx_lengkap CHECK ((xlsx_sha256 IS NULL) = (xlsx_ukuran IS NULL))`,
    'CREATE UNIQUE INDEX dokumen_resmi_mengubah_idx ON dokumen_resmi (mengubah_kode)',
  ]);
}
