// Verification and supervision (issue #4, DOMAIN.md "Verifikasi", "Supervisi"): the formasi's
// requirements the detail page compares against, the verifier's claim and decision on the
// applicant row (one row, one version: a decision is one conditional UPDATE), the schedule of
// each track's stages, and the admin's final lock per instansi and track.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // What the formasi asks for besides the education: the study programme, the age on the
    // registration's closing date, the minimum IPK.
    `ALTER TABLE formasi
       ADD COLUMN prodi text,
       ADD COLUMN usia_min smallint NOT NULL DEFAULT 18,
       ADD COLUMN usia_max smallint NOT NULL DEFAULT 35,
       ADD COLUMN ipk_min numeric(3, 2) NOT NULL DEFAULT 3.00`,
    `UPDATE formasi SET prodi = regexp_replace(pendidikan_nama, '^\\S+\\s+', '')`,
    `UPDATE formasi SET usia_min = 20, usia_max = 59, ipk_min = 2.75 WHERE track <> 'cpns'`,
    `ALTER TABLE formasi ALTER COLUMN prodi SET NOT NULL`,
    `ALTER TABLE pelamar
       -- The name as written on the ijazah, where it differs from the KTP's.
       ADD COLUMN nama_ijazah text,
       -- Who holds the applicant now (claim) and since when; cleared by the decision.
       ADD COLUMN klaim_oleh integer REFERENCES app_user (id),
       ADD COLUMN klaim_at timestamptz,
       -- The verifier's per-document checks [{dokumenId, sesuai, alasan}] and TMS reasons.
       ADD COLUMN cek_dokumen jsonb,
       ADD COLUMN alasan_tms text[],
       ADD COLUMN catatan_verifikasi text,
       ADD COLUMN catatan_supervisi text`,
    `CREATE INDEX pelamar_klaim_idx ON pelamar (klaim_oleh) WHERE klaim_oleh IS NOT NULL`,
    `CREATE INDEX pelamar_verifikator_idx ON pelamar (verifikator_id, tgl_verifikasi, id) WHERE verifikator_id IS NOT NULL`,
    `CREATE INDEX pelamar_supervisor_idx ON pelamar (supervisor_id, tgl_supervisi, id) WHERE supervisor_id IS NOT NULL`,
    // The supervisor's queue: decided, not yet reviewed.
    `CREATE INDEX pelamar_menunggu_supervisi_idx ON pelamar (instansi_id, track, id)
       WHERE status_supervisi IS NULL AND status_verifikasi <> 'BELUM'`,
    `
    CREATE TABLE jadwal_tahap (
      track text NOT NULL CHECK (track IN ('cpns', 'pppk', 'pppk-guru', 'nakes')),
      tahap text NOT NULL CHECK (tahap IN ('PENDAFTARAN', 'VERIFIKASI')),
      mulai timestamptz NOT NULL,
      selesai timestamptz NOT NULL CHECK (selesai > mulai),
      PRIMARY KEY (track, tahap)
    )
    `,
    `
    CREATE TABLE final_verifikasi (
      instansi_id integer NOT NULL REFERENCES instansi (id),
      track text NOT NULL CHECK (track IN ('cpns', 'pppk', 'pppk-guru', 'nakes')),
      dikunci_at timestamptz NOT NULL DEFAULT now(),
      dikunci_oleh integer NOT NULL REFERENCES app_user (id),
      PRIMARY KEY (instansi_id, track)
    )
    `,
  ]);
}
