// Issue #34: the blind second verification's sample. `sampel_verifikasi`: the rate per track the
// national operator sets (default 5 %); `undian_sampel`: the draw made when a verifier saved a final
// MS/TMS – the applicant's draw in [0, 1), the rate then in force and whether it fell inside –
// so the sample can be audited and, with the installation's key, reproduced.

import type { Kysely } from 'kysely';
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
    `CREATE TABLE undian_sampel (
       pelamar_id bigint PRIMARY KEY REFERENCES pelamar (id) ON DELETE CASCADE,
       verifikator_id integer REFERENCES app_user (id),
       persen numeric(4,1) NOT NULL,
       nilai double precision NOT NULL CHECK (nilai >= 0 AND nilai < 1),
       terpilih boolean NOT NULL,
       diundi_at timestamptz NOT NULL DEFAULT now()
     )`,
  ]);
}
