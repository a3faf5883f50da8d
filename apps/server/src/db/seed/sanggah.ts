// Objections of the seeded TMS applicants (issue #5): about one in five objects, one item per
// reason of their TMS, each arguing from the document the reason is about. About half are
// answered already by the instansi's demo supervisor – mostly rejected; an accepted one has made
// its applicant MS (the counters get the deltas) – and a third of the answers are checked by wasdal,
// a few of them flagged. Set-based SQL, so it is as quick at a million applicants.

import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.js';

/** Which uploaded document an objection about each TMS reason points to. */
const DOKUMEN_ALASAN: Record<string, string> = {
  USIA: 'KTP',
  DOKUMEN_TIDAK_TERBACA: 'IJAZAH',
  NAMA_BERBEDA: 'IJAZAH',
  PENDIDIKAN: 'IJAZAH',
  IPK: 'TRANSKRIP',
  SURAT_LAMARAN: 'SURAT_LAMARAN',
  AKREDITASI: 'IJAZAH',
  SURAT_SEHAT: 'SURAT_LAMARAN',
  EMETERAI: 'SURAT_LAMARAN',
  DOKUMEN_PALSU: 'IJAZAH',
};

/** What applicants write, per reason (the seeded objections' arguments). */
const ARGUMEN: Record<string, string> = {
  USIA: 'Tanggal lahir saya pada KTP terbaca jelas; pada penutupan pendaftaran usia saya masih dalam batas formasi.',
  DOKUMEN_TIDAK_TERBACA:
    'Berkas yang saya unggah terbaca jelas bila diperbesar; mohon diperiksa kembali halaman kedua.',
  NAMA_BERBEDA:
    'Perbedaan hanya pada penulisan gelar; nama pada KTP dan ijazah orang yang sama, sesuai surat keterangan kampus.',
  PENDIDIKAN: 'Program studi saya tercantum dalam daftar kualifikasi pendidikan formasi pada lampiran pengumuman.',
  IPK: 'IPK pada transkrip yang saya unggah memenuhi batas minimal; yang dibaca adalah IPK semester, bukan IPK kumulatif.',
  SURAT_LAMARAN: 'Surat lamaran saya ditujukan kepada pejabat sesuai pengumuman instansi halaman 4.',
  AKREDITASI:
    'Akreditasi program studi saya berlaku pada tanggal kelulusan; sertifikat akreditasi ada pada halaman terakhir ijazah.',
  SURAT_SEHAT: 'Surat keterangan sehat saya diterbitkan oleh dokter puskesmas (pemerintah), tercantum pada kop surat.',
  EMETERAI: 'E-meterai sudah dibubuhkan pada surat pernyataan; kode e-meterai terlihat di pojok kanan bawah.',
  DOKUMEN_PALSU: 'Ijazah saya asli dan dapat diverifikasi pada PDDikti dengan nomor ijazah yang tertera.',
};

const alasanJson = (kind: 'dokumen' | 'argumen') => {
  const map = kind === 'dokumen' ? DOKUMEN_ALASAN : ARGUMEN;
  return JSON.stringify(map);
};

/** Seeds the objections of every approved TMS applicant that has none yet (idempotent). */
export async function seedSanggah(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const inserted = await sql`
      WITH calon AS (
        SELECT p.id, p.instansi_id, p.track, p.alasan_tms, p.tgl_supervisi,
               abs(hashint8extended(p.id, 7)) % 100 AS nasib
        FROM pelamar p
        WHERE p.status_verifikasi = 'TMS' AND p.status_supervisi = 'DISETUJUI'
          AND cardinality(p.alasan_tms) > 0
          AND abs(hashint8extended(p.id, 5)) % 5 = 0
          AND NOT EXISTS (SELECT 1 FROM sanggah s WHERE s.pelamar_id = p.id AND s.jenis = 'ADMINISTRASI')
      ),
      penjawab AS (
        SELECT DISTINCT ON (u.instansi_id, t.track) u.instansi_id, t.track, u.id
        FROM app_user u
        CROSS JOIN (VALUES ('cpns', 'CPNS'), ('pppk', 'PPPK'), ('pppk-guru', 'PPPK_GURU'), ('nakes', 'PPPK_NAKES'))
          AS t (track, suffix)
        WHERE ('ROLE_SUPERVISOR_' || t.suffix) = ANY (u.authorities) AND u.totp_secret IS NULL
        ORDER BY u.instansi_id, t.track, u.id
      ),
      wasdal AS (SELECT min(id) AS id FROM app_user WHERE 'ROLE_CEK_SANGGAH_WASDAL' = ANY (authorities))
      INSERT INTO sanggah (pelamar_id, instansi_id, track, diajukan_at, butir, status, dijawab_oleh, dijawab_at,
                           mengubah_status, cek_status, cek_catatan, cek_oleh, cek_at)
      SELECT c.id, c.instansi_id, c.track,
             coalesce(c.tgl_supervisi, now() - interval '3 days') + interval '1 day' + (c.nasib * interval '20 minutes'),
             b.butir,
             CASE WHEN c.nasib < 40 THEN 'DIAJUKAN' WHEN c.nasib < 50 THEN 'DITERIMA' ELSE 'DITOLAK' END,
             CASE WHEN c.nasib >= 40 THEN j.id END,
             CASE WHEN c.nasib >= 40 THEN coalesce(c.tgl_supervisi, now() - interval '3 days') + interval '3 days' END,
             c.nasib BETWEEN 40 AND 49,
             CASE WHEN c.nasib >= 90 THEN 'DITANDAI' WHEN c.nasib >= 70 THEN 'DIPERIKSA' END,
             CASE WHEN c.nasib >= 90 THEN 'Alasan penolakan tidak menanggapi dokumen yang dirujuk pelamar; mohon dijawab ulang.' END,
             CASE WHEN c.nasib >= 70 THEN w.id END,
             CASE WHEN c.nasib >= 70 THEN coalesce(c.tgl_supervisi, now() - interval '3 days') + interval '4 days' END
      FROM calon c
      LEFT JOIN penjawab j ON j.instansi_id = c.instansi_id AND j.track = c.track
      CROSS JOIN wasdal w
      CROSS JOIN LATERAL (
        SELECT jsonb_agg(jsonb_build_object(
          'alasanTms', a.kode,
          'argumen', ${alasanJson('argumen')}::jsonb ->> a.kode,
          'dokumenId', (SELECT d.id FROM dokumen d WHERE d.pelamar_id = c.id
                          AND d.jenis = ${alasanJson('dokumen')}::jsonb ->> a.kode),
          'jawaban', CASE WHEN c.nasib < 40 THEN NULL WHEN c.nasib < 50 THEN 'DITERIMA' ELSE 'DITOLAK' END,
          'alasanJawaban', CASE
            WHEN c.nasib < 40 THEN NULL
            WHEN c.nasib < 50 THEN 'Setelah diperiksa ulang, dokumen yang dirujuk memenuhi syarat.'
            ELSE 'Dokumen yang dirujuk sudah diperiksa ulang dan tetap tidak memenuhi syarat formasi.'
          END
        ) ORDER BY a.n) AS butir
        FROM unnest(c.alasan_tms) WITH ORDINALITY AS a (kode, n)
      ) b
    `.execute(trx);
    // Accepted objections made their applicants MS (the counters move by deltas, as live changes do).
    await sql`
      WITH diterima AS (
        UPDATE pelamar p SET status_verifikasi = 'MS', version = p.version + 1
        FROM sanggah s
        WHERE s.pelamar_id = p.id AND s.mengubah_status AND p.status_verifikasi = 'TMS'
        RETURNING p.instansi_id, p.track
      )
      INSERT INTO pelamar_status_delta (instansi_id, track, status_verifikasi, delta)
      SELECT instansi_id, track, status, sum(delta)::int FROM diterima
      CROSS JOIN (VALUES ('TMS', -1), ('MS', 1)) AS d (status, delta)
      GROUP BY 1, 2, 3
    `.execute(trx);
    return Number(inserted.numAffectedRows ?? 0);
  });
}
