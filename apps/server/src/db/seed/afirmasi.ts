// Affirmation claims of the seeded PPPK Teknis and Nakes applicants (issue #5): about one in seven
// claims one or two of the track's categories, each with its evidence file. About a third are
// waiting for the checker; of the decided ones most are VALID. About two in five applicants with a
// TIDAK_VALID decision object to it (sanggah afirmasi), half of those already answered by the
// instansi's supervisor, some accepted (their claims made VALID). The AFIRMASI score then follows
// the VALID claims (contract ATURAN_AFIRMASI). Set-based SQL, idempotent, as quick at a million.

import { AFIRMASI_TRACKS, ATURAN_AFIRMASI, KATEGORI_AFIRMASI, nilaiMaksTeknis } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { BerkasStore } from '../../storage/berkas-store.js';
import type { DB } from '../schema.js';
import { demoFile } from './demo-files.js';

/** How often each category is claimed (percent of the track's applicants). */
const PELUANG: Record<(typeof KATEGORI_AFIRMASI)[number], number> = {
  USIA_PENGALAMAN: 8,
  DISABILITAS: 2,
  EKS_THK_II: 5,
  PAPUA: 2,
  DATABASE_NAKES: 8,
};

const ARGUMEN: Record<(typeof KATEGORI_AFIRMASI)[number], string> = {
  USIA_PENGALAMAN:
    'Surat keterangan masa kerja saya ditandatangani kepala dinas dan mencatat masa kerja lebih dari tiga tahun.',
  DISABILITAS: 'Surat keterangan disabilitas saya diterbitkan rumah sakit pemerintah, sesuai ketentuan.',
  EKS_THK_II: 'Nama saya tercantum dalam database eks THK-II BKN; nomor SK ada pada halaman pertama.',
  PAPUA: 'Surat keterangan orang asli Papua saya diterbitkan Majelis Rakyat Papua dan dilegalisasi.',
  DATABASE_NAKES: 'Saya terdaftar pada pangkalan data tenaga kesehatan non-ASN; tangkapan layar terlampir pada bukti.',
};

/** The checker's reasons, per decision. */
const ALASAN_VALID = 'Bukti sesuai dengan ketentuan kategori afirmasi.';
const ALASAN_TIDAK_VALID = 'Bukti tidak memenuhi ketentuan: tidak ditandatangani pejabat yang berwenang.';

export interface AfirmasiSeedResult {
  klaim: number;
  sanggah: number;
}

export async function seedAfirmasi(db: Kysely<DB>, store: BerkasStore): Promise<AfirmasiSeedResult> {
  const files = KATEGORI_AFIRMASI.map((kategori) => demoFile(`BUKTI_${kategori}`));
  const hashes = await Promise.all(files.map((file) => store.put(file.bytes)));
  const persen = JSON.stringify(
    Object.fromEntries(AFIRMASI_TRACKS.map((track) => [track, ATURAN_AFIRMASI[track].persen])),
  );
  const batas = JSON.stringify(
    Object.fromEntries(
      AFIRMASI_TRACKS.map((track) => [
        track,
        { batas: ATURAN_AFIRMASI[track].batasPersen, maks: nilaiMaksTeknis(track) },
      ]),
    ),
  );
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('berkas')
      .values(
        files.map((file, index) => ({ sha256: hashes[index] as string, mime: file.mime, size: file.bytes.length })),
      )
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    const klaim = await sql`
      WITH checker AS (
        SELECT DISTINCT ON (u.instansi_id, t.track) u.instansi_id, t.track, u.id
        FROM app_user u
        CROSS JOIN (VALUES ('pppk', 'ROLE_CHECKER_TAMBAH_NILAI_PPPK_TEKNIS'), ('nakes', 'ROLE_CHECKER_TAMBAH_NILAI_PPPK_NAKES'))
          AS t (track, role)
        WHERE t.role = ANY (u.authorities)
        ORDER BY u.instansi_id, t.track, u.id
      ),
      baru AS (
        SELECT p.id, p.instansi_id, p.track, p.tgl_daftar, k.kategori, k.nama_file, k.sha256,
               abs(hashint8extended(p.id, 41)) % 100 AS nasib
        FROM pelamar p
        CROSS JOIN unnest(${[...KATEGORI_AFIRMASI]}::text[], ${files.map((file) => file.namaFile)}::text[],
                          ${hashes}::text[], ${KATEGORI_AFIRMASI.map((kategori) => PELUANG[kategori])}::int[],
                          ${KATEGORI_AFIRMASI.map((_, index) => index)}::int[])
          AS k (kategori, nama_file, sha256, peluang, n)
        WHERE p.track IN ('pppk', 'nakes')
          AND (${persen}::jsonb -> p.track) ? k.kategori
          AND abs(hashint8extended(p.id * 8 + k.n, 43)) % 100 < k.peluang
          AND NOT EXISTS (SELECT 1 FROM afirmasi a WHERE a.pelamar_id = p.id)
      )
      INSERT INTO afirmasi (pelamar_id, instansi_id, track, kategori, nama_file, berkas_sha256, diajukan_at,
                            status, alasan, diperiksa_oleh, diperiksa_at)
      SELECT b.id, b.instansi_id, b.track, b.kategori, b.nama_file, b.sha256, b.tgl_daftar + time '10:00',
             CASE WHEN b.nasib < 30 THEN 'BELUM' WHEN b.nasib < 80 THEN 'VALID' ELSE 'TIDAK_VALID' END,
             CASE WHEN b.nasib < 30 THEN NULL WHEN b.nasib < 80 THEN ${ALASAN_VALID} ELSE ${ALASAN_TIDAK_VALID} END,
             CASE WHEN b.nasib >= 30 THEN coalesce(c.id, (SELECT min(id) FROM checker x WHERE x.track = b.track)) END,
             CASE WHEN b.nasib >= 30 THEN now() - interval '6 days' + (b.nasib * interval '30 minutes') END
      FROM baru b
      LEFT JOIN checker c ON c.instansi_id = b.instansi_id AND c.track = b.track
    `.execute(trx);
    const sanggah = await sql`
      WITH calon AS (
        SELECT a.pelamar_id, min(a.instansi_id) AS instansi_id, min(a.track) AS track,
               max(a.diperiksa_at) AS diperiksa_at,
               jsonb_agg(jsonb_build_object('afirmasiId', a.id, 'kategori', a.kategori) ORDER BY a.id) AS klaim,
               abs(hashint8extended(a.pelamar_id, 47)) % 100 AS nasib
        FROM afirmasi a
        WHERE a.status = 'TIDAK_VALID'
          AND NOT EXISTS (SELECT 1 FROM sanggah s WHERE s.pelamar_id = a.pelamar_id AND s.jenis = 'AFIRMASI')
        GROUP BY a.pelamar_id
      ),
      penjawab AS (
        SELECT DISTINCT ON (u.instansi_id, t.track) u.instansi_id, t.track, u.id
        FROM app_user u
        CROSS JOIN (VALUES ('pppk', 'ROLE_SUPERVISOR_PPPK'), ('nakes', 'ROLE_SUPERVISOR_PPPK_NAKES')) AS t (track, role)
        WHERE t.role = ANY (u.authorities) AND u.totp_secret IS NULL
        ORDER BY u.instansi_id, t.track, u.id
      )
      INSERT INTO sanggah (pelamar_id, instansi_id, track, jenis, diajukan_at, butir, status, dijawab_oleh, dijawab_at,
                           mengubah_status)
      SELECT c.pelamar_id, c.instansi_id, c.track, 'AFIRMASI', c.diperiksa_at + interval '1 day',
             (SELECT jsonb_agg(jsonb_build_object(
                'afirmasiId', (k ->> 'afirmasiId')::bigint,
                'argumen', ${JSON.stringify(ARGUMEN)}::jsonb ->> (k ->> 'kategori'),
                'dokumenId', NULL,
                'jawaban', CASE WHEN c.nasib < 20 THEN NULL WHEN c.nasib < 26 THEN 'DITERIMA' ELSE 'DITOLAK' END,
                'alasanJawaban', CASE
                  WHEN c.nasib < 20 THEN NULL
                  WHEN c.nasib < 26 THEN 'Bukti yang dirujuk ternyata sah; klaim afirmasi dinyatakan valid.'
                  ELSE 'Bukti yang dirujuk sudah diperiksa ulang dan tetap tidak memenuhi ketentuan.'
                END) ORDER BY n)
              FROM jsonb_array_elements(c.klaim) WITH ORDINALITY AS e (k, n)),
             CASE WHEN c.nasib < 20 THEN 'DIAJUKAN' WHEN c.nasib < 26 THEN 'DITERIMA' ELSE 'DITOLAK' END,
             CASE WHEN c.nasib >= 20 THEN j.id END,
             CASE WHEN c.nasib >= 20 THEN c.diperiksa_at + interval '3 days' END,
             c.nasib BETWEEN 20 AND 25
      FROM calon c
      LEFT JOIN penjawab j ON j.instansi_id = c.instansi_id AND j.track = c.track
      WHERE c.nasib < 40
    `.execute(trx);
    // Accepted objections made their claims VALID.
    await sql`
      UPDATE afirmasi a SET status = 'VALID', version = a.version + 1
      FROM sanggah s, jsonb_array_elements(s.butir) b
      WHERE s.jenis = 'AFIRMASI' AND s.mengubah_status AND s.pelamar_id = a.pelamar_id
        AND (b ->> 'afirmasiId')::bigint = a.id AND a.status = 'TIDAK_VALID'
    `.execute(trx);
    // The AFIRMASI score of every claimant: the VALID claims' percentages, capped, of the maximum teknis.
    await sql`
      INSERT INTO nilai (pelamar_id, instansi_id, komponen, nilai)
      SELECT a.pelamar_id, min(a.instansi_id), 'AFIRMASI',
             round((${batas}::jsonb -> min(a.track) ->> 'maks')::numeric
               * least(coalesce(sum((${persen}::jsonb -> a.track ->> a.kategori)::int)
                                FILTER (WHERE a.status = 'VALID'), 0),
                       (${batas}::jsonb -> min(a.track) ->> 'batas')::int) / 100.0, 2)
      FROM afirmasi a
      GROUP BY a.pelamar_id
      ON CONFLICT (pelamar_id, komponen) DO UPDATE SET nilai = excluded.nilai
    `.execute(trx);
    return { klaim: Number(klaim.numAffectedRows ?? 0), sanggah: Number(sanggah.numAffectedRows ?? 0) };
  });
}
