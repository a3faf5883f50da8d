// Issue #20: the official documents made after the final lock (announcement, minutes), kept so
// the same file can be downloaded again unchanged and checked by its code, and each instansi's
// letterhead (address, logo) entered once.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE instansi_kop (
       instansi_id int PRIMARY KEY REFERENCES instansi (id),
       alamat text NOT NULL DEFAULT '',
       logo_sha256 text,
       logo_mime text,
       diubah_oleh int REFERENCES app_user (id),
       diubah_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE dokumen_resmi (
       kode text COLLATE "C" PRIMARY KEY,
       jenis text NOT NULL CHECK (jenis IN ('PENGUMUMAN', 'BERITA_ACARA')),
       instansi_id int NOT NULL REFERENCES instansi (id),
       track text NOT NULL,
       nomor text NOT NULL,
       tanggal date NOT NULL,
       sha256 text NOT NULL,
       ukuran int NOT NULL,
       halaman int NOT NULL,
       isian jsonb NOT NULL,
       dibuat_oleh int NOT NULL REFERENCES app_user (id),
       dibuat_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE INDEX dokumen_resmi_instansi_idx ON dokumen_resmi (instansi_id, track, dibuat_at DESC)`,
  ]);
}
