// Issue #33: a list export over a size is a job (modules/export/job.ts), not a request held open
// for minutes: what was asked and by whom (the list, its view and the caller's scope at the time),
// `diantre` once the relay has handed it to the queue, the rows written so far of the total (the
// progress writes are the job's heartbeat), and how it ended – the file's hash and size in the
// document store, kept until `kedaluwarsa_at` (the file holds NIKs: it is deleted then), or why it
// was not made. One export waiting or being made per user and screen.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE ekspor_job (
       id uuid PRIMARY KEY,
       pengguna_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
       jenis text NOT NULL CHECK (jenis IN ('PELAMAR', 'NONASN')),
       halaman text NOT NULL,
       format text NOT NULL CHECK (format IN ('xlsx', 'csv')),
       nama_berkas text NOT NULL,
       permintaan jsonb NOT NULL,
       status text NOT NULL DEFAULT 'MENUNGGU' CHECK (status IN ('MENUNGGU', 'BERJALAN', 'SELESAI', 'GAGAL')),
       diantre boolean NOT NULL DEFAULT false,
       selesai integer NOT NULL DEFAULT 0,
       total integer NOT NULL DEFAULT 0,
       berkas_sha256 text,
       ukuran bigint,
       pesan text,
       dibuat_at timestamptz NOT NULL DEFAULT now(),
       dikerjakan_at timestamptz,
       diubah_at timestamptz NOT NULL DEFAULT now(),
       kedaluwarsa_at timestamptz,
       diunduh_at timestamptz
     )`,
    'CREATE INDEX ekspor_job_antre_idx ON ekspor_job (dibuat_at) WHERE NOT diantre',
    'CREATE INDEX ekspor_job_pengguna_idx ON ekspor_job (pengguna_id, halaman, dibuat_at DESC)',
    'CREATE INDEX ekspor_job_kedaluwarsa_idx ON ekspor_job (kedaluwarsa_at) WHERE berkas_sha256 IS NOT NULL',
    'CREATE INDEX ekspor_job_berkas_idx ON ekspor_job (berkas_sha256) WHERE berkas_sha256 IS NOT NULL',
    `CREATE UNIQUE INDEX ekspor_job_berjalan_idx ON ekspor_job (pengguna_id, halaman)
       WHERE status IN ('MENUNGGU', 'BERJALAN')`,
  ]);
}
