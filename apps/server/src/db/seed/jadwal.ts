// The schedule a seeded recruitment runs on, and who made the seeded decisions.

import { TAHAP } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.js';

/**
 * Each track's stages (DOMAIN.md: windows are configuration): registration closed on
 * 20 September 2024 (ages are counted on that day); every later stage (verification, objections
 * and their answers, the affirmation check, the non-ASN confirmation) open from yesterday for
 * 60 days, so a freshly seeded portal can be worked in. Existing windows are left as configured.
 */
export async function ensureJadwal(db: Kysely<DB>): Promise<void> {
  await sql`
    INSERT INTO jadwal_tahap (track, tahap, mulai, selesai)
    SELECT track, tahap, mulai, selesai FROM unnest(ARRAY['cpns', 'pppk', 'pppk-guru', 'nakes']) AS track
    CROSS JOIN (
      VALUES ('PENDAFTARAN', timestamptz '2024-08-20 00:00+07', timestamptz '2024-09-20 23:59:59+07')
      UNION ALL
      SELECT tahap, date_trunc('day', now()) - interval '1 day', date_trunc('day', now()) + interval '60 days'
      FROM unnest(${TAHAP.filter((tahap) => tahap !== 'PENDAFTARAN')}::text[]) AS tahap
    ) AS stage (tahap, mulai, selesai)
    ON CONFLICT (track, tahap) DO NOTHING
  `.execute(db);
}

const TRACK_ROLE_SUFFIX = `CASE p.track WHEN 'cpns' THEN 'CPNS' WHEN 'pppk' THEN 'PPPK' WHEN 'pppk-guru' THEN 'PPPK_GURU' ELSE 'PPPK_NAKES' END`;

/** The demo's past decisions belong to the instansi's demo verifier and supervisor of the track. */
export async function attributeDecisions(db: Kysely<DB>): Promise<void> {
  for (const [column, role, when] of [
    ['verifikator_id', 'VERIFIKATOR', `p.status_verifikasi <> 'BELUM'`],
    ['supervisor_id', 'SUPERVISOR', 'p.status_supervisi IS NOT NULL'],
  ] as const) {
    await sql`
      UPDATE pelamar p SET ${sql.ref(column)} = (
        SELECT u.id FROM app_user u
        WHERE u.instansi_id = p.instansi_id AND u.totp_secret IS NULL
          AND ${sql.raw(`'ROLE_${role}_' || ${TRACK_ROLE_SUFFIX}`)} = ANY (u.authorities)
        ORDER BY u.id LIMIT 1
      )
      WHERE ${sql.raw(when)} AND ${sql.ref(column)} IS NULL
    `.execute(db);
  }
}
