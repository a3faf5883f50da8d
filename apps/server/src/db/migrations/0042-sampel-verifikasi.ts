// Issue #34: the quality of verification. `sampel_verifikasi`: the rate per track of the blind
// second verification, set by the national operator (default 5 %). `keputusan_verifikasi`: every
// final MS/TMS a verifier saved, appended as it is saved – who, what, the reasons, from claim to
// save – with the draw made for the sample (the applicant's number in [0, 1), the rate then in
// force and whether it fell inside), so the sample can be audited and, with the installation's
// key, reproduced, and the supervisor's review of it; the quality measures are counted from it.
// The decisions already made are recorded once, as they stand (catatKeputusanLama: made before the
// sample, so drawn at 0 %, and without their claim time, which was not kept).

import type { Kysely } from 'kysely';
import { catatKeputusanLama } from '../keputusan-lama.js';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE sampel_verifikasi (
       track text PRIMARY KEY,
       persen numeric(4,1) NOT NULL CHECK (persen BETWEEN 0 AND 100),
       diubah_at timestamptz,
       diubah_oleh text
     )`,
    `INSERT INTO sampel_verifikasi (track, persen) VALUES ('cpns', 5), ('pppk', 5), ('pppk-guru', 5), ('nakes', 5)`,
    `CREATE TABLE keputusan_verifikasi (
       id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       pelamar_id bigint NOT NULL REFERENCES pelamar (id) ON DELETE CASCADE,
       instansi_id integer NOT NULL,
       track text NOT NULL,
       verifikator_id integer REFERENCES app_user (id),
       hasil text NOT NULL CHECK (hasil IN ('MS', 'TMS')),
       alasan_tms text[] NOT NULL DEFAULT '{}',
       klaim_at timestamptz,
       diputus_at timestamptz NOT NULL DEFAULT now(),
       sampel_persen numeric(4,1) NOT NULL,
       sampel_nilai double precision NOT NULL CHECK (sampel_nilai >= 0 AND sampel_nilai < 1),
       sampel_terpilih boolean NOT NULL,
       supervisi text CHECK (supervisi IN ('DISETUJUI', 'DIKEMBALIKAN')),
       supervisi_at timestamptz
     )`,
    'CREATE INDEX keputusan_verifikasi_pelamar_idx ON keputusan_verifikasi (pelamar_id, id DESC)',
    `CREATE INDEX keputusan_verifikasi_verifikator_idx
       ON keputusan_verifikasi (instansi_id, track, verifikator_id, diputus_at)`,
  ]);
  await catatKeputusanLama(db);
}
