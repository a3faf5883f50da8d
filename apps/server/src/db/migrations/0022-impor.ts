// Issue #18: loading selection data. A check stages the file's rows (impor_baris, with what each
// would do) and its rejections (impor_tolak) without touching the live tables; an apply job
// (impor_job) merges the staged rows batch by batch, reporting progress any instance can read.
// One running job per kind: the partial unique index. Staged rows go with their check.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE impor_cek (
       id uuid PRIMARY KEY,
       jenis text NOT NULL,
       nama_file text NOT NULL,
       sha256 text NOT NULL,
       ukuran bigint NOT NULL,
       dibaca int NOT NULL DEFAULT 0,
       dibuat_oleh int REFERENCES app_user (id),
       dibuat_oleh_nama text NOT NULL,
       dibuat_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE impor_baris (
       cek_id uuid NOT NULL REFERENCES impor_cek (id) ON DELETE CASCADE,
       baris int NOT NULL,
       kunci text NOT NULL,
       data jsonb NOT NULL,
       hasil text CHECK (hasil IN ('BARU', 'BERUBAH', 'SAMA', 'KONFLIK', 'DITOLAK')),
       alasan text,
       PRIMARY KEY (cek_id, baris)
     )`,
    `CREATE TABLE impor_tolak (
       cek_id uuid NOT NULL REFERENCES impor_cek (id) ON DELETE CASCADE,
       baris int NOT NULL,
       kolom text,
       nilai text,
       pesan text NOT NULL,
       asli jsonb NOT NULL
     )`,
    `CREATE INDEX impor_tolak_cek_idx ON impor_tolak (cek_id, baris)`,
    `CREATE TABLE impor_job (
       id uuid PRIMARY KEY,
       cek_id uuid NOT NULL REFERENCES impor_cek (id),
       jenis text NOT NULL,
       status text NOT NULL CHECK (status IN ('BERJALAN', 'SELESAI', 'DIBATALKAN', 'GAGAL')),
       total int NOT NULL,
       selesai int NOT NULL DEFAULT 0,
       baru int NOT NULL DEFAULT 0,
       berubah int NOT NULL DEFAULT 0,
       sama int NOT NULL DEFAULT 0,
       ditolak int NOT NULL DEFAULT 0,
       konflik int NOT NULL DEFAULT 0,
       batal_diminta boolean NOT NULL DEFAULT false,
       mulai timestamptz NOT NULL DEFAULT now(),
       selesai_pada timestamptz,
       detak_at timestamptz NOT NULL DEFAULT now(),
       pesan text,
       oleh int REFERENCES app_user (id),
       oleh_nama text NOT NULL
     )`,
    `CREATE UNIQUE INDEX impor_job_berjalan_key ON impor_job (jenis) WHERE status = 'BERJALAN'`,
    `CREATE INDEX impor_job_jenis_idx ON impor_job (jenis, mulai DESC)`,
  ]);
}
