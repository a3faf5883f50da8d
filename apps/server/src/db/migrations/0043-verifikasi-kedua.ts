// Issue #34: the blind second verification. A sampled first decision is held apart in
// `verifikasi_kedua` (one row per applicant, never more) and the applicant stays waiting
// (`status_verifikasi = 'BELUM'`), so every screen, export, counter and API shows a second verifier
// exactly what a first one sees – nothing of the first decision – with `pelamar.kedua_dari` naming
// the first verifier, who may not take it again. The second decision completes the row; the first
// decision then goes onto the applicant for the supervisor, with `kedua_sepakat` saying whether the
// two agreed. `keputusan_verifikasi.kedua` marks a second verifier's record (never drawn).

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE verifikasi_kedua (
       pelamar_id bigint PRIMARY KEY REFERENCES pelamar (id) ON DELETE CASCADE,
       instansi_id integer NOT NULL,
       track text NOT NULL,
       pertama_oleh integer NOT NULL REFERENCES app_user (id),
       pertama_hasil text NOT NULL CHECK (pertama_hasil IN ('MS', 'TMS')),
       pertama_alasan text[] NOT NULL DEFAULT '{}',
       pertama_catatan text,
       pertama_cek jsonb NOT NULL DEFAULT '[]',
       pertama_at timestamptz NOT NULL DEFAULT now(),
       kedua_oleh integer REFERENCES app_user (id),
       kedua_hasil text CHECK (kedua_hasil IN ('MS', 'TMS')),
       kedua_alasan text[],
       kedua_catatan text,
       kedua_cek jsonb,
       kedua_at timestamptz,
       sepakat boolean,
       CHECK (kedua_oleh IS NULL OR kedua_oleh <> pertama_oleh)
     )`,
    'CREATE INDEX verifikasi_kedua_pertama_idx ON verifikasi_kedua (instansi_id, track, pertama_oleh)',
    'CREATE INDEX verifikasi_kedua_kedua_idx ON verifikasi_kedua (instansi_id, track, kedua_oleh)',
    'ALTER TABLE pelamar ADD COLUMN kedua_dari integer REFERENCES app_user (id)',
    'ALTER TABLE pelamar ADD COLUMN kedua_sepakat boolean',
    'CREATE INDEX pelamar_kedua_idx ON pelamar (instansi_id, track) WHERE kedua_dari IS NOT NULL',
    'ALTER TABLE keputusan_verifikasi ADD COLUMN kedua boolean NOT NULL DEFAULT false',
  ]);
}
