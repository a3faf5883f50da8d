// Issue #33: an announcement is made on the job queue (modules/dokumen-resmi/pekerja.ts), not in
// the request that asked for it (a large one takes a minute; no proxy timeout may cut it). Its
// progress row becomes the job: what was asked and by whom, `diantre` once the relay has handed it
// to the queue, `dikerjakan_at` when a worker took it, and how it ended – the document's code, or
// the reason it was not made; one job waiting or being made per instansi and track. Rows from
// before were followed while their request made them.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE dokumen_resmi_progres
       ADD COLUMN status text NOT NULL DEFAULT 'SELESAI'
         CHECK (status IN ('MENUNGGU', 'BERJALAN', 'SELESAI', 'GAGAL')),
       ADD COLUMN permintaan jsonb,
       ADD COLUMN pelaku jsonb,
       ADD COLUMN diantre boolean NOT NULL DEFAULT true,
       ADD COLUMN dikerjakan_at timestamptz,
       ADD COLUMN kode text,
       ADD COLUMN pesan text,
       ADD COLUMN dibuat_at timestamptz NOT NULL DEFAULT now()`,
    `ALTER TABLE dokumen_resmi_progres ALTER COLUMN status SET DEFAULT 'MENUNGGU'`,
    'ALTER TABLE dokumen_resmi_progres ALTER COLUMN diantre SET DEFAULT false',
    'CREATE INDEX dokumen_resmi_progres_antre_idx ON dokumen_resmi_progres (dibuat_at) WHERE NOT diantre',
    `CREATE UNIQUE INDEX dokumen_resmi_progres_berjalan_idx ON dokumen_resmi_progres (instansi_id, track)
       WHERE status IN ('MENUNGGU', 'BERJALAN')`,
  ]);
}
