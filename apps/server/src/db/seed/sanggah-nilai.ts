// Score objections of the seeded applicants (DOMAIN.md "Sanggah nilai"): about one in fifty
// applicants with scores objects to one component, about 15 % of them to another applicant's
// score in the same formasi (their affirmation points where they have any, else teknis). A mix
// of open, rejected, waiting and decided ones, answered and approved by whoever would have
// (docs/decisions.md); approved ones have corrected the score, old and new values kept.
// Set-based SQL, so it is as quick at a million applicants.

import { KOMPONEN_NILAI, NILAI_MAKS, TRACK_IDS, TRACK_SCREENS } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.js';

const TRACKS = TRACK_IDS.filter((track) => (TRACK_SCREENS[track] as readonly string[]).includes('sanggah-nilai'));

/** How the seeded arguments name each component. */
const NAMA_KOMPONEN: Record<string, string> = {
  TWK: 'TWK',
  TIU: 'TIU',
  TKP: 'TKP',
  TEKNIS: 'kompetensi teknis',
  MANAJERIAL_SOSIOKULTURAL: 'manajerial dan sosio-kultural',
  WAWANCARA: 'wawancara',
  AFIRMASI: 'afirmasi',
};

/** Seeds score objections of applicants that have scores and none yet (idempotent). */
export async function seedSanggahNilai(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const inserted = await sql<{ n: number }>`
      WITH calon AS (
        SELECT p.id, p.instansi_id, p.track, p.formasi_id,
               abs(hashint8extended(p.id, 31)) % 100 AS nasib,
               abs(hashint8extended(p.id, 32)) % 100 AS pilih,
               abs(hashint8extended(p.id, 33)) % 100 < 15 AS tentang_lain
        FROM pelamar p
        WHERE p.track = ANY (${TRACKS}::text[])
          AND abs(hashint8extended(p.id, 30)) % 50 = 0
          AND EXISTS (SELECT 1 FROM nilai n WHERE n.pelamar_id = p.id)
          AND NOT EXISTS (SELECT 1 FROM sanggah_nilai s WHERE s.pelamar_id = p.id)
      ),
      sasaran AS (
        SELECT c.*, t.id AS terkait_id, t.no_peserta AS terkait_no_peserta,
          CASE
            WHEN c.track = 'cpns' THEN (ARRAY['TWK', 'TIU', 'TKP'])[1 + c.pilih % 3]
            WHEN t.id IS NOT NULL THEN
              CASE WHEN EXISTS (SELECT 1 FROM nilai n WHERE n.pelamar_id = t.id AND n.komponen = 'AFIRMASI')
                   THEN 'AFIRMASI' ELSE 'TEKNIS' END
            WHEN c.pilih < 45 THEN 'TEKNIS'
            WHEN c.pilih < 65 THEN 'MANAJERIAL_SOSIOKULTURAL'
            WHEN c.pilih < 80 THEN 'WAWANCARA'
            ELSE 'AFIRMASI'
          END AS komponen
        FROM calon c
        -- The competitor: the next applicant of the same formasi (a short walk along the primary
        -- key, as formasi are spread over their block; sorting a whole formasi would not scale).
        LEFT JOIN LATERAL (
          SELECT q.id, q.no_peserta FROM pelamar q
          WHERE c.tentang_lain AND q.formasi_id = c.formasi_id AND q.id > c.id
          ORDER BY q.id LIMIT 1
        ) t ON true
      ),
      bernilai AS (
        SELECT s.*, n.nilai AS nilai_sekarang, k.maks
        FROM sasaran s
        JOIN unnest(${[...KOMPONEN_NILAI]}::text[], ${KOMPONEN_NILAI.map((k) => NILAI_MAKS[k])}::numeric[])
          AS k (komponen, maks) ON k.komponen = s.komponen
        LEFT JOIN nilai n ON n.pelamar_id = coalesce(s.terkait_id, s.id) AND n.komponen = s.komponen
      ),
      penjawab_instansi AS (
        SELECT DISTINCT ON (u.instansi_id) u.instansi_id, u.id FROM app_user u
        WHERE 'ROLE_SUPERVISOR_PPPK_NAKES' = ANY (u.authorities) AND u.totp_secret IS NULL
        ORDER BY u.instansi_id, u.id
      ),
      skd AS (SELECT min(id) AS id FROM app_user WHERE 'ROLE_JAWAB_SANGGAH_NILAI_SKD' = ANY (authorities)),
      wasdal AS (SELECT id FROM app_user WHERE 'ROLE_CEK_SANGGAH_WASDAL' = ANY (authorities)),
      rencana AS (
        SELECT b.*, j.penjawab,
               (SELECT min(w.id) FROM wasdal w WHERE w.id IS DISTINCT FROM j.penjawab) AS penyetuju,
               -- The answerer's proposal: higher for one's own score, lower for a competitor's.
               CASE
                 WHEN b.terkait_id IS NOT NULL THEN greatest(0, coalesce(b.nilai_sekarang, 0) - (5 + b.nasib % 20))
                 WHEN b.komponen = 'AFIRMASI' AND b.nilai_sekarang IS NULL THEN round(b.maks * 0.1)
                 WHEN coalesce(b.nilai_sekarang, 0) >= b.maks THEN b.maks - 1
                 ELSE least(b.maks, coalesce(b.nilai_sekarang, 0) + 1 + b.nasib % 10)
               END AS usulan,
               row_number() OVER (
                 PARTITION BY coalesce(b.terkait_id, b.id), b.komponen, b.nasib BETWEEN 75 AND 89 ORDER BY b.id
               ) AS urutan
        FROM bernilai b
        CROSS JOIN LATERAL (
          SELECT CASE
                   WHEN b.komponen IN ('TWK', 'TIU', 'TKP') THEN (SELECT id FROM skd)
                   WHEN b.track = 'pppk-guru' THEN (SELECT min(id) FROM wasdal)
                   ELSE (SELECT pi.id FROM penjawab_instansi pi WHERE pi.instansi_id = b.instansi_id)
                 END AS penjawab
        ) j
      ),
      berstatus AS (
        SELECT r.*,
          CASE
            WHEN r.nasib < 40 OR r.penjawab IS NULL THEN 'DIAJUKAN'
            WHEN r.nasib < 55 THEN 'MENUNGGU_PERSETUJUAN'
            WHEN r.nasib < 75 THEN 'DITOLAK'
            -- Never approved by the account that answered (pppk-guru needs a second wasdal).
            WHEN r.penyetuju IS NULL THEN 'MENUNGGU_PERSETUJUAN'
            -- One correction per score in a run: a second objection to the same score is refused.
            WHEN r.nasib < 90 AND r.urutan = 1 THEN 'DISETUJUI'
            ELSE 'TIDAK_DISETUJUI'
          END AS status,
          now() - interval '6 days' + r.nasib * interval '10 minutes' AS diajukan_at
        FROM rencana r
      ),
      baru AS (
      INSERT INTO sanggah_nilai (pelamar_id, instansi_id, track, komponen, pelamar_terkait_id, nilai_saat_diajukan,
                                 argumen, diajukan_at, status, jawaban_alasan, nilai_usulan, dijawab_oleh, dijawab_at,
                                 persetujuan_alasan, disetujui_oleh, disetujui_at, nilai_lama, nilai_baru)
      SELECT b.id, b.instansi_id, b.track, b.komponen, b.terkait_id, coalesce(b.nilai_sekarang, 0),
        CASE
          WHEN b.terkait_id IS NOT NULL AND b.komponen = 'AFIRMASI' THEN
            'Peserta ' || b.terkait_no_peserta || ' pada formasi yang sama mendapat poin afirmasi, padahal masa kerjanya kurang dari tiga tahun menurut surat keterangan yang diunggah.'
          WHEN b.terkait_id IS NOT NULL THEN
            'Nilai ' || (${JSON.stringify(NAMA_KOMPONEN)}::jsonb ->> b.komponen) || ' peserta ' || b.terkait_no_peserta
              || ' pada formasi yang sama tidak wajar dibanding peserta lain pada sesi ujian yang sama; mohon diperiksa ulang.'
          WHEN b.komponen = 'AFIRMASI' THEN
            'Poin afirmasi saya belum dihitung, padahal bukti (sertifikat pendidik dan surat keterangan masa kerja) sudah diunggah dan divalidasi.'
          WHEN b.komponen = 'WAWANCARA' THEN
            'Nilai wawancara saya tidak sesuai: pewawancara tidak menanyakan seluruh butir pertanyaan pada sesi saya.'
          ELSE
            'Nilai ' || (${JSON.stringify(NAMA_KOMPONEN)}::jsonb ->> b.komponen)
              || ' yang diumumkan lebih rendah daripada nilai yang tampil di layar pada akhir ujian CAT; mohon dicocokkan dengan log sistem.'
        END,
        b.diajukan_at, b.status,
        CASE
          WHEN b.status = 'DIAJUKAN' THEN NULL
          WHEN b.status = 'DITOLAK' THEN 'Nilai telah diperiksa ulang terhadap data sistem CAT dan sudah sesuai.'
          ELSE 'Setelah pemeriksaan ulang hasil ujian, nilai perlu dikoreksi sesuai data sistem CAT.'
        END,
        CASE WHEN b.status IN ('MENUNGGU_PERSETUJUAN', 'DISETUJUI', 'TIDAK_DISETUJUI') THEN b.usulan END,
        CASE WHEN b.status <> 'DIAJUKAN' THEN b.penjawab END,
        CASE WHEN b.status <> 'DIAJUKAN' THEN b.diajukan_at + interval '2 days' END,
        CASE
          WHEN b.status = 'DISETUJUI' THEN 'Koreksi nilai sesuai berita acara pemeriksaan ulang.'
          WHEN b.status = 'TIDAK_DISETUJUI' THEN 'Bukti koreksi tidak cukup; nilai semula dipertahankan.'
        END,
        CASE WHEN b.status IN ('DISETUJUI', 'TIDAK_DISETUJUI') THEN b.penyetuju END,
        CASE WHEN b.status IN ('DISETUJUI', 'TIDAK_DISETUJUI') THEN b.diajukan_at + interval '3 days' END,
        CASE WHEN b.status = 'DISETUJUI' THEN b.nilai_sekarang END,
        CASE WHEN b.status = 'DISETUJUI' THEN b.usulan END
      FROM berstatus b
      RETURNING pelamar_id, pelamar_terkait_id, instansi_id, komponen, status, nilai_baru
      ),
      -- Approved ones have corrected the score (a missing one, e.g. affirmation points, added).
      koreksi AS (
        INSERT INTO nilai (pelamar_id, instansi_id, komponen, nilai)
        SELECT coalesce(pelamar_terkait_id, pelamar_id), instansi_id, komponen, nilai_baru
        FROM baru WHERE status = 'DISETUJUI'
        ON CONFLICT (pelamar_id, komponen) DO UPDATE SET nilai = excluded.nilai
      )
      SELECT count(*)::int AS n FROM baru
    `.execute(trx);
    return inserted.rows[0]?.n ?? 0;
  });
}
