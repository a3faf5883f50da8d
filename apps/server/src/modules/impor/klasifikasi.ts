// Issue #18: what a staged import would do to the live tables, set-based. `klasifikasi` sorts
// every staged row of a check into new / changed / unchanged / conflict / rejected (references
// unknown, keys twice in the file, work already done). Applying them is in merge.ts.

import { DOKUMEN_PER_TRACK, type ImporJenis } from '@portal/contract';
import { type RawBuilder, sql } from 'kysely';
import { type Db, FORMASI_OF, PELAMAR_DIKERJAKAN, SIDIK } from './merge.js';

/** Which document kinds each track uses (DOMAIN.md "Dokumen"). */
const DOKUMEN_TRACK = Object.entries(DOKUMEN_PER_TRACK).flatMap(([track, kinds]) =>
  kinds.map((jenis) => [track, jenis]),
);

/** Rows of the check given, not rejected (a row found unchanged while staged is still a key in the file). */
const inPlay = (cekId: string) => sql`b.cek_id = ${cekId} AND b.hasil IS DISTINCT FROM 'DITOLAK'`;

/** Rows of the check given that are still to be sorted (staging already found the unchanged ones). */
const unsorted = (cekId: string) => sql`b.cek_id = ${cekId} AND b.hasil IS NULL`;

/** A rejection rule: a condition over `b` (the staged row) and why the row is rejected. */
type Aturan = [condition: RawBuilder<unknown>, alasan: string];
/** The rules several kinds share: the instansi and the applicant a row names must exist. */
const INSTANSI_TIDAK_DIKENAL: Aturan = [
  sql`NOT EXISTS (SELECT 1 FROM instansi i WHERE i.kode = b.data->>'instansi_kode')`,
  'instansi_kode tidak dikenal',
];
const PESERTA_TIDAK_DIKENAL: Aturan = [
  sql`NOT EXISTS (SELECT 1 FROM pelamar p WHERE p.no_peserta = b.data->>'nomor_peserta')`,
  'nomor peserta tidak dikenal',
];

/**
 * Rejects later rows whose key (a text expression over `b`) a row above already has. Grouped, not
 * windowed: the keys that repeat are found in one hashed pass, and only their rows are written.
 */
async function tolakGanda(db: Db, cekId: string, expr: RawBuilder<unknown>, label: string) {
  await sql`
    UPDATE impor_baris b SET hasil = 'DITOLAK', alasan = ${label} || ' sama dengan baris ' || d.pertama
    FROM (SELECT ${expr} AS kunci, min(b.baris) AS pertama FROM impor_baris b WHERE ${inPlay(cekId)}
          GROUP BY 1 HAVING count(*) > 1) d
    WHERE ${inPlay(cekId)} AND ${expr} = d.kunci AND b.baris <> d.pertama`.execute(db);
}

/**
 * Rejects the rows any rule (a condition over `b`) holds for, with the first rule's reason: one
 * pass over the staged rows whatever the number of rules.
 */
async function tolak(db: Db, cekId: string, rules: Aturan[]) {
  const alasan = sql`CASE ${sql.join(
    rules.map(([condition, reason]) => sql`WHEN ${condition} THEN ${reason}`),
    sql` `,
  )} END`;
  await sql`UPDATE impor_baris b SET hasil = 'DITOLAK', alasan = r.alasan
    FROM (SELECT b.baris, ${alasan} AS alasan FROM impor_baris b WHERE ${unsorted(cekId)}) r
    WHERE b.cek_id = ${cekId} AND b.baris = r.baris AND r.alasan IS NOT NULL`.execute(db);
}

/**
 * Sets every row still in play to what it would do, in one pass: `hasil` and `alasan` are
 * expressions over `b` (the staged row) and whatever `from` joins to it.
 */
async function urutkan(
  db: Db,
  cekId: string,
  from: RawBuilder<unknown>,
  hasil: RawBuilder<unknown>,
  alasan: RawBuilder<unknown>,
) {
  await sql`UPDATE impor_baris t SET hasil = x.hasil, alasan = x.alasan
    FROM (SELECT b.baris, ${hasil} AS hasil, ${alasan} AS alasan FROM ${from} WHERE ${unsorted(cekId)}) x
    WHERE t.cek_id = ${cekId} AND t.baris = x.baris`.execute(db);
}

/** A live applicant as its import row would read (for "unchanged"). */
const PELAMAR_JSON = sql`jsonb_build_object(
  'track', p.track, 'nomor_peserta', p.no_peserta, 'nik', p.nik, 'nomor_register', p.no_register,
  'instansi_kode', i.kode, 'jabatan_kode', f.jabatan_kode, 'lokasi_kode', f.lokasi_kode,
  'jenis_formasi', f.jenis_formasi, 'pendidikan_kode', f.pendidikan_kode,
  'nama', p.nama, 'gelar_depan', p.gelar_depan, 'gelar_belakang', p.gelar_belakang, 'nama_ijazah', p.nama_ijazah,
  'tempat_lahir_ktp', p.tempat_lahir_ktp, 'tanggal_lahir_ktp', to_char(p.tanggal_lahir_ktp, 'YYYY-MM-DD'),
  'tempat_lahir_ijazah', p.tempat_lahir_ijazah, 'tanggal_lahir_ijazah', to_char(p.tanggal_lahir_ijazah, 'YYYY-MM-DD'),
  'jenis_kelamin', p.jenis_kelamin, 'agama', p.agama, 'jenis_disabilitas', p.jenis_disabilitas,
  'domisili_provinsi', p.domisili_provinsi, 'domisili_kabupaten', p.domisili_kabupaten, 'alamat', p.alamat,
  'email', p.email, 'no_hp', p.no_hp, 'lembaga_pendidikan', p.lembaga_pendidikan, 'prodi', p.prodi,
  'no_ijazah', p.no_ijazah, 'tgl_ijazah', to_char(p.tgl_ijazah, 'YYYY-MM-DD'), 'tahun_lulus', p.tahun_lulus,
  'akreditasi_lembaga', p.akreditasi_lembaga, 'akreditasi_prodi', p.akreditasi_prodi, 'ipk', p.ipk,
  'lokasi_ujian', p.lokasi_ujian, 'tanggal_daftar', to_char(p.tgl_daftar, 'YYYY-MM-DD'))`;

/**
 * Rows a re-import brings back exactly as they were loaded, recognised while they are staged (a
 * condition over `t`, the row being staged): they are written once as SAMA and skipped by every
 * later pass of the sort. A re-import of a million unchanged applicants then rewrites no staged row.
 * Such a row needs none of the rejection rules: it is what the live row was loaded from.
 */
export const SAMA_SAAT_STAGING: Partial<Record<ImporJenis, RawBuilder<unknown>>> = {
  pelamar: sql`EXISTS (SELECT 1 FROM pelamar p WHERE p.no_peserta = t.data->>'nomor_peserta'
    AND p.impor_sidik = md5(t.data::text)::uuid)`,
  dokumen: sql`EXISTS (SELECT 1 FROM dokumen d JOIN pelamar p ON p.id = d.pelamar_id
    WHERE p.no_peserta = t.data->>'nomor_peserta' AND d.jenis = t.data->>'jenis' AND d.berkas_sha256 = t.data->>'sha256')`,
};

/** A live Non-ASN record as its import row would read (for "unchanged"). */
const NONASN_JSON = sql`jsonb_build_object(
  'instansi_kode', i.kode, 'nik', n.nik, 'nama', n.nama, 'tempat_lahir', n.tempat_lahir,
  'tanggal_lahir', to_char(n.tanggal_lahir, 'YYYY-MM-DD'), 'unit_kerja', n.unit_kerja, 'jabatan', n.jabatan,
  'masa_kerja_bulan', n.masa_kerja_bulan, 'kategori', n.kategori, 'no_sk', n.no_sk,
  'tgl_sk', to_char(n.tgl_sk, 'YYYY-MM-DD'), 'sumber_dana', n.sumber_dana)`;

/**
 * Sorts the staged rows of a check. Not repeated when the import is applied: work started since
 * the check is protected by the guards inside each batch's statements, which turn such rows into
 * conflicts then (sorting a million rows again would cost minutes).
 */
export async function klasifikasi(db: Db, jenis: ImporJenis, cekId: string): Promise<void> {
  await tolakGanda(db, cekId, sql`b.kunci`, 'Kunci ganda dalam berkas:');
  const none = sql`NULL::text`;
  switch (jenis) {
    case 'instansi':
      await urutkan(
        db,
        cekId,
        sql`impor_baris b LEFT JOIN instansi i ON i.kode = b.data->>'kode'`,
        sql`CASE WHEN i.kode IS NULL THEN 'BARU'
          WHEN i.nama = b.data->>'nama' AND i.jenis = b.data->>'jenis' THEN 'SAMA' ELSE 'BERUBAH' END`,
        none,
      );
      return;
    case 'formasi':
      await tolak(db, cekId, [INSTANSI_TIDAK_DIKENAL]);
      await urutkan(
        db,
        cekId,
        sql`impor_baris b LEFT JOIN formasi f ON f.id = ${FORMASI_OF}`,
        sql`CASE WHEN f.id IS NULL THEN 'BARU'
          WHEN f.jabatan_nama = b.data->>'jabatan_nama' AND f.lokasi_nama = b.data->>'lokasi_nama'
            AND f.pendidikan_nama = b.data->>'pendidikan_nama' AND f.prodi = b.data->>'prodi'
            AND f.usia_min = (b.data->>'usia_min')::int AND f.usia_max = (b.data->>'usia_max')::int
            AND f.ipk_min = (b.data->>'ipk_min')::numeric AND f.jumlah = (b.data->>'jumlah_kebutuhan')::int
          THEN 'SAMA' ELSE 'BERUBAH' END`,
        none,
      );
      return;
    case 'pelamar':
      await tolakGanda(db, cekId, sql`(b.data->>'track') || ' ' || (b.data->>'nik')`, 'NIK ganda dalam berkas:');
      await tolak(db, cekId, [
        INSTANSI_TIDAK_DIKENAL,
        [sql`${FORMASI_OF} IS NULL`, 'formasi tidak dikenal (instansi, jalur, jabatan, lokasi, jenis, pendidikan)'],
        [
          sql`EXISTS (SELECT 1 FROM pelamar p WHERE p.no_peserta = b.data->>'nomor_peserta' AND p.track <> b.data->>'track')`,
          'nomor peserta sudah dipakai pada jalur lain',
        ],
        [
          sql`EXISTS (SELECT 1 FROM pelamar p WHERE p.track = b.data->>'track' AND p.nik = b.data->>'nik'
            AND p.no_peserta <> b.data->>'nomor_peserta')`,
          'NIK sudah dipakai pelamar lain pada jalur ini',
        ],
      ]);
      await urutkan(
        db,
        cekId,
        sql`impor_baris b
          LEFT JOIN pelamar p ON p.no_peserta = b.data->>'nomor_peserta'
          LEFT JOIN instansi i ON i.id = p.instansi_id
          LEFT JOIN formasi f ON f.id = p.formasi_id
          -- Unchanged: the fingerprint of the row the applicant was last loaded from, or (loaded
          -- otherwise) the live row rebuilt as JSON; the work-done guards only for rows that would
          -- change. A re-import of the same file is mostly rows that stay as they are.
          -- OFFSET 0 keeps each lateral a subquery of its own, evaluated once, not inlined twice.
          LEFT JOIN LATERAL (SELECT p.id IS NOT NULL AND CASE WHEN p.impor_sidik IS NOT NULL
              THEN p.impor_sidik = ${SIDIK} ELSE ${PELAMAR_JSON} = b.data END AS sama OFFSET 0) s ON true
          LEFT JOIN LATERAL (SELECT CASE WHEN s.sama THEN NULL
            WHEN p.id IS NULL THEN
              CASE WHEN EXISTS (SELECT 1 FROM final_verifikasi fv JOIN instansi i2 ON i2.id = fv.instansi_id
                WHERE i2.kode = b.data->>'instansi_kode' AND fv.track = b.data->>'track')
              THEN 'hasil verifikasi instansi ini sudah dikunci' END
            ELSE ${PELAMAR_DIKERJAKAN} END AS dikerjakan OFFSET 0) d ON true`,
        sql`CASE WHEN s.sama THEN 'SAMA'
          WHEN d.dikerjakan IS NOT NULL THEN 'KONFLIK'
          WHEN p.id IS NULL THEN 'BARU'
          ELSE 'BERUBAH' END`,
        sql`d.dikerjakan`,
      );
      return;
    case 'nilai':
      await tolak(db, cekId, [PESERTA_TIDAK_DIKENAL]);
      await urutkan(
        db,
        cekId,
        sql`impor_baris b
          JOIN pelamar p ON p.no_peserta = b.data->>'nomor_peserta'
          LEFT JOIN nilai n ON n.pelamar_id = p.id AND n.komponen = b.data->>'komponen'
          LEFT JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM sanggah_nilai s WHERE s.pelamar_id = p.id
            AND s.komponen = b.data->>'komponen' AND s.status IN ('DIAJUKAN', 'MENUNGGU_PERSETUJUAN', 'DISETUJUI')) AS sanggah) s ON true`,
        sql`CASE WHEN s.sanggah THEN 'KONFLIK' WHEN n.pelamar_id IS NULL THEN 'BARU'
          WHEN n.nilai = (b.data->>'nilai')::numeric THEN 'SAMA' ELSE 'BERUBAH' END`,
        sql`CASE WHEN s.sanggah THEN 'ada sanggah nilai yang terbuka atau disetujui untuk komponen ini' END`,
      );
      return;
    case 'dokumen':
      await tolak(db, cekId, [
        PESERTA_TIDAK_DIKENAL,
        [
          sql`NOT EXISTS (SELECT 1 FROM pelamar p JOIN (VALUES ${sql.join(
            DOKUMEN_TRACK.map(([track, jenis]) => sql`(${track}, ${jenis})`),
          )}) AS d(track, jenis) ON d.track = p.track AND d.jenis = b.data->>'jenis'
            WHERE p.no_peserta = b.data->>'nomor_peserta')`,
          'jenis dokumen ini tidak dipakai pada jalur pelamar',
        ],
      ]);
      await urutkan(
        db,
        cekId,
        sql`impor_baris b
          JOIN pelamar p ON p.no_peserta = b.data->>'nomor_peserta'
          LEFT JOIN dokumen d ON d.pelamar_id = p.id AND d.jenis = b.data->>'jenis'
          LEFT JOIN LATERAL (SELECT ${PELAMAR_DIKERJAKAN} AS dikerjakan) w ON true`,
        sql`CASE WHEN d.berkas_sha256 = b.data->>'sha256' THEN 'SAMA' WHEN w.dikerjakan IS NOT NULL THEN 'KONFLIK'
          WHEN d.id IS NULL THEN 'BARU' ELSE 'BERUBAH' END`,
        sql`CASE WHEN d.berkas_sha256 IS DISTINCT FROM b.data->>'sha256' THEN w.dikerjakan END`,
      );
      return;
    case 'nonasn':
      await tolak(db, cekId, [INSTANSI_TIDAK_DIKENAL]);
      await urutkan(
        db,
        cekId,
        sql`impor_baris b LEFT JOIN nonasn n ON n.nik = b.data->>'nik' LEFT JOIN instansi i ON i.id = n.instansi_id`,
        sql`CASE WHEN n.id IS NULL THEN 'BARU' WHEN ${NONASN_JSON} = b.data THEN 'SAMA'
          WHEN n.status_konfirmasi <> 'BELUM' THEN 'KONFLIK' ELSE 'BERUBAH' END`,
        sql`CASE WHEN n.status_konfirmasi <> 'BELUM' AND ${NONASN_JSON} <> b.data
          THEN 'data sudah dijawab instansi (' || n.status_konfirmasi || ')' END`,
      );
      return;
    case 'jadwal':
      await urutkan(
        db,
        cekId,
        sql`impor_baris b LEFT JOIN jadwal_tahap j ON j.track = b.data->>'track' AND j.tahap = b.data->>'tahap'`,
        sql`CASE WHEN j.track IS NULL THEN 'BARU'
          WHEN j.mulai = (b.data->>'mulai')::timestamptz AND j.selesai = (b.data->>'selesai')::timestamptz THEN 'SAMA'
          ELSE 'BERUBAH' END`,
        none,
      );
      return;
    default:
      throw new Error(`jenis ${jenis} belum dapat diimpor`);
  }
}
