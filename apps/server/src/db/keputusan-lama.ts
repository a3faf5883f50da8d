// Issue #34: the decisions already on the applicants, recorded in keputusan_verifikasi as they
// stand – by migration 0042 for an installation that has them, and by the seeds for theirs – so
// the quality measures count them. Made before the sample existed: drawn at 0 % (never sampled).
// Their claim time was not kept: null, unless `durasiContoh` (the demo and the benches) gives each
// a plausible one (60–300 s, fixed per applicant) so that every figure has data.

import { type Kysely, sql } from 'kysely';

export async function catatKeputusanLama<T>(db: Kysely<T>, opsi: { durasiContoh?: boolean } = {}): Promise<number> {
  const klaim = opsi.durasiContoh
    ? sql`coalesce(p.tgl_verifikasi, now()) - make_interval(secs => 60 + (p.id * 7919) % 241)`
    : sql`NULL::timestamptz`;
  const result = await sql`
    INSERT INTO keputusan_verifikasi (pelamar_id, instansi_id, track, verifikator_id, hasil, alasan_tms, klaim_at,
      diputus_at, sampel_persen, sampel_nilai, sampel_terpilih, supervisi, supervisi_at)
    SELECT p.id, p.instansi_id, p.track, p.verifikator_id, p.status_verifikasi,
           CASE WHEN p.status_verifikasi = 'TMS' THEN coalesce(p.alasan_tms, '{}') ELSE '{}' END, ${klaim},
           coalesce(p.tgl_verifikasi, now()), 0, 0, false,
           p.status_supervisi, CASE WHEN p.status_supervisi IS NOT NULL THEN coalesce(p.tgl_supervisi, now()) END
    FROM pelamar p
    WHERE p.status_verifikasi IN ('MS', 'TMS')
      AND NOT EXISTS (SELECT 1 FROM keputusan_verifikasi k WHERE k.pelamar_id = p.id)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
