// Issue #18: what a staged import would do to the live tables, set-based. `klasifikasi` sorts
// every staged row of a check into new / changed / unchanged / conflict / rejected (references
// unknown, keys twice in the file, work already done). Applying them is in merge.ts.

import { DOKUMEN_PER_TRACK, type ImporJenis } from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { mengalahSebanding } from '../shared/giliran.js';
import { JENIS_IMPOR } from './kinds.js';
import { type Db, FORMASI_OF, PELAMAR_DIKERJAKAN, SIDIK } from './merge.js';
import { bisaSalin } from './salin.js';

/** Which document kinds each track uses (DOMAIN.md "Dokumen"). */
const DOKUMEN_TRACK = Object.entries(DOKUMEN_PER_TRACK).flatMap(([track, kinds]) =>
  kinds.map((jenis) => [track, jenis]),
);

/** How many more rows per statement the search for keys written twice takes than the rules: its
 * statements are lighter per row (one key, an index look-up). */
const GANDA_KALI = 20;

/** Rows of the check given that are still to be sorted (staging already found the unchanged ones). */
const unsorted = (cekId: string, bagian: RawBuilder<unknown>) =>
  sql`b.cek_id = ${cekId} AND b.hasil IS NULL AND ${bagian}`;

/**
 * A reference rule (issue #32): the column it is about, the cells it needs (when one of them could
 * not be read, the row already has that problem and the rule is not asked), when it fails — a
 * condition over `b` (the staged row) and what the kind joins to it — and why, with the value.
 */
interface Aturan {
  kolom: string;
  perlu: readonly string[];
  gagal: RawBuilder<unknown>;
  pesan: RawBuilder<unknown>;
}
const cell = (kolom: string) => sql`(b.data->>${kolom})`;

/** The rules several kinds share: the instansi and the applicant a row names must exist (`ri`, `rp`). */
const INSTANSI_TIDAK_DIKENAL: Aturan = {
  kolom: 'instansi_kode',
  perlu: ['instansi_kode'],
  gagal: sql`ri.id IS NULL`,
  pesan: sql`'instansi_kode tidak dikenal: tidak ada instansi berkode ' || ${cell('instansi_kode')}`,
};
const JOIN_INSTANSI = sql`LEFT JOIN instansi ri ON ri.kode = b.data->>'instansi_kode'`;
const PESERTA_TIDAK_DIKENAL: Aturan = {
  kolom: 'nomor_peserta',
  perlu: ['nomor_peserta'],
  gagal: sql`rp.id IS NULL`,
  pesan: sql`'nomor peserta tidak dikenal: tidak ada pelamar bernomor ' || ${cell('nomor_peserta')}`,
};
const JOIN_PESERTA = sql`LEFT JOIN pelamar rp ON rp.no_peserta = b.data->>'nomor_peserta'`;

/** The rows of a check a problem is recorded for, with the cells the operator gets back. */
const catatMasalah = (cekId: string, masalah: RawBuilder<unknown>) => sql`
  WITH m AS (${masalah}),
  tandai AS (
    UPDATE impor_baris b SET hasil = 'DITOLAK' FROM (SELECT DISTINCT baris FROM m) x
    WHERE b.cek_id = ${cekId} AND b.baris = x.baris AND b.hasil IS DISTINCT FROM 'DITOLAK'
  )
  INSERT INTO impor_tolak (cek_id, baris, kolom, nilai, pesan, asli)
  SELECT ${cekId}::uuid, m.baris, m.kolom, m.nilai, m.pesan,
    -- The row as it was written when a cell of it was refused already, else as it was read.
    coalesce((SELECT a.asli FROM impor_tolak a WHERE a.cek_id = ${cekId} AND a.baris = m.baris LIMIT 1), m.data)
  FROM m`;

/**
 * Runs `kerja` over the staged rows of a check `rentang` rows per statement in the file's order
 * (a condition over `baris`), until it says it has enough; all at once when `rentang` is Infinity.
 * On the embedded database a statement holds the server's thread while it runs.
 */
export async function perBagian(
  db: Db,
  cekId: string,
  rentang: number,
  kerja: (bagian: RawBuilder<unknown>) => Promise<'cukup' | undefined>,
): Promise<void> {
  if (!Number.isFinite(rentang)) {
    await kerja(sql`true`);
    return;
  }
  const { rows: batas } = await sql<{ sampai: number | null }>`
    SELECT max(baris) AS sampai FROM impor_baris WHERE cek_id = ${cekId}`.execute(db);
  for (let awal = 0; awal <= (batas[0]?.sampai ?? -1); awal += rentang)
    if ((await kerja(sql`baris BETWEEN ${awal} AND ${awal + rentang - 1}`)) === 'cukup') return;
}

/**
 * Runs `work` in one database session, which a temporary table needs: on PostgreSQL one connection
 * of the pool held for it; the embedded database has a single session, and holding it (Kysely's
 * `connection()`) would keep every other request out until the work ends (2 s of /api/health
 * timing out during an import of 200,000 rows), so there each statement takes its turn.
 */
const sesiSendiri = <T>(db: Kysely<DB>, work: (db: Kysely<DB>) => Promise<T>): Promise<T> =>
  bisaSalin(db) ? db.connection().execute(work) : work(db);

/**
 * Records a problem for later rows whose key (a text expression over `b`) a row above already has.
 * Every row of the file takes part, refused ones too (their key could be read), so a key written
 * twice is reported in the same check as the rows' other problems.
 *
 * Over the whole file at once (`rentang` Infinity, PostgreSQL): grouped, not windowed, so the keys
 * that repeat are found in one hashed pass and only their rows are written. A part at a time (the
 * embedded database, where one statement over 200,000 rows held the server's thread 230 ms): each
 * part's keys go into a table of the keys seen so far with the first row that had them (parts in
 * the file's order, so the first part to have a key holds its first row), and the part's rows whose
 * key is there with another row are recorded; on one connection, as that table is temporary.
 */
async function tolakGanda(
  db: Kysely<DB>,
  cekId: string,
  rentang: number,
  expr: RawBuilder<unknown>,
  kolom: string,
  label: string,
) {
  const masalah = (bagian: RawBuilder<unknown>, pertama: RawBuilder<unknown>) =>
    catatMasalah(
      cekId,
      sql`SELECT b.baris, b.data, ${kolom}::text AS kolom, d.kunci AS nilai,
          ${label} || ' sama dengan baris ' || d.pertama AS pesan
        FROM impor_baris b JOIN ${pertama} d ON ${expr} = d.kunci
        WHERE b.cek_id = ${cekId} AND ${bagian} AND b.baris <> d.pertama`,
    );
  if (!Number.isFinite(rentang)) {
    await masalah(
      sql`true`,
      sql`(SELECT ${expr} AS kunci, min(b.baris) AS pertama FROM impor_baris b
           WHERE b.cek_id = ${cekId} AND ${expr} <> '' GROUP BY 1 HAVING count(*) > 1)`,
    ).execute(db);
    return;
  }
  const terlihat = sql.table(`impor_kunci_${cekId.replaceAll('-', '')}`);
  await sesiSendiri(db, async (conn) => {
    await sql`CREATE TEMP TABLE ${terlihat} (kunci text PRIMARY KEY, pertama int NOT NULL)`.execute(conn);
    try {
      await perBagian(conn, cekId, rentang, async (bagian) => {
        const mulai = performance.now();
        await sql`INSERT INTO ${terlihat} (kunci, pertama)
          SELECT ${expr}, min(b.baris) FROM impor_baris b
          WHERE b.cek_id = ${cekId} AND ${bagian} AND ${expr} <> '' GROUP BY 1
          ON CONFLICT (kunci) DO NOTHING`.execute(conn);
        await masalah(bagian, terlihat).execute(conn);
        await mengalahSebanding(performance.now() - mulai);
        return undefined;
      });
    } finally {
      await sql`DROP TABLE IF EXISTS ${terlihat}`.execute(conn);
    }
  });
}

/**
 * Records every rule that fails for every row (issue #32: all of them, not the first), refused
 * rows included, in one pass over the staged rows whatever the number of rules. `join` brings in
 * what the rules read (the instansi `ri`, the applicant `rp`, …). The rows found unchanged while
 * staged are what the live rows were loaded from: no rule is asked of them.
 */
async function tolak(db: Db, cekId: string, bagian: RawBuilder<unknown>, join: RawBuilder<unknown>, rules: Aturan[]) {
  const values = rules.map((rule) => {
    const perlu = sql.join(
      rule.perlu.map((kolom) => sql`${cell(kolom)} IS NOT NULL`),
      sql` AND `,
    );
    return sql`(CASE WHEN ${perlu} AND (${rule.gagal}) THEN ${rule.kolom}::text END, ${cell(rule.kolom)}, ${rule.pesan})`;
  });
  await catatMasalah(
    cekId,
    sql`SELECT b.baris, b.data, m.kolom, m.nilai, m.pesan
      FROM impor_baris b ${join}
      CROSS JOIN LATERAL (VALUES ${sql.join(values)}) AS m(kolom, nilai, pesan)
      WHERE b.cek_id = ${cekId} AND ${bagian} AND b.hasil IS DISTINCT FROM 'SAMA' AND m.kolom IS NOT NULL`,
  ).execute(db);
}

/** The kind's key columns, as the report names the column of a key written twice. */
const kolomKunci = (jenis: ImporJenis) => JENIS_IMPOR[jenis].kunci.join(', ');

/**
 * Sets every row still in play to what it would do, in one pass: `hasil` and `alasan` are
 * expressions over `b` (the staged row) and whatever `from` joins to it.
 */
async function urutkan(
  db: Db,
  cekId: string,
  bagian: RawBuilder<unknown>,
  from: RawBuilder<unknown>,
  hasil: RawBuilder<unknown>,
  alasan: RawBuilder<unknown>,
) {
  await sql`UPDATE impor_baris t SET hasil = x.hasil, alasan = x.alasan
    FROM (SELECT b.baris, ${hasil} AS hasil, ${alasan} AS alasan FROM ${from} WHERE ${unsorted(cekId, bagian)}) x
    WHERE t.cek_id = ${cekId} AND t.baris = x.baris`.execute(db);
}

/**
 * The formasi an applicant's row names, cell by cell (issue #32): an unknown jabatan, lokasi or
 * pendidikan is reported in its own column; only when each exists on its own but not together is the
 * combination reported. `rk` is asked only for rows whose formasi was not found (most rows' is).
 */
const JOIN_FORMASI = sql`${JOIN_INSTANSI}
  LEFT JOIN LATERAL (SELECT ${FORMASI_OF} AS formasi_id OFFSET 0) rf ON true
  LEFT JOIN LATERAL (SELECT
      EXISTS (SELECT 1 FROM formasi f WHERE f.instansi_id = ri.id AND f.track = b.data->>'track'
        AND f.jabatan_kode = b.data->>'jabatan_kode') AS jabatan,
      EXISTS (SELECT 1 FROM formasi f WHERE f.instansi_id = ri.id AND f.track = b.data->>'track'
        AND f.lokasi_kode = b.data->>'lokasi_kode') AS lokasi,
      EXISTS (SELECT 1 FROM formasi f WHERE f.instansi_id = ri.id AND f.track = b.data->>'track'
        AND f.pendidikan_kode = b.data->>'pendidikan_kode') AS pendidikan
    WHERE rf.formasi_id IS NULL AND ri.id IS NOT NULL) rk ON true`;
const formasiInstansi = sql`' pada formasi instansi ' || ${cell('instansi_kode')} || ' jalur ' || ${cell('track')}`;
const FORMASI_TIDAK_DIKENAL: Aturan[] = [
  ...(['jabatan_kode', 'lokasi_kode', 'pendidikan_kode'] as const).map((kolom) => ({
    kolom,
    perlu: ['instansi_kode', 'track', kolom],
    gagal: sql`NOT rk.${sql.ref(kolom.replace('_kode', ''))}`,
    pesan: sql`${`${kolom} tidak dikenal: tidak ada `}::text || ${cell(kolom)} || ${formasiInstansi}`,
  })),
  {
    kolom: 'jenis_formasi',
    perlu: ['instansi_kode', 'track', 'jabatan_kode', 'lokasi_kode', 'jenis_formasi', 'pendidikan_kode'],
    gagal: sql`rk.jabatan AND rk.lokasi AND rk.pendidikan`,
    pesan: sql`'formasi tidak dikenal: tidak ada formasi ' || ${cell('jenis_formasi')}
      || ' dengan jabatan, lokasi dan pendidikan ini' || ${formasiInstansi}`,
  },
];

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
export async function klasifikasi(db: Kysely<DB>, jenis: ImporJenis, cekId: string, rentang = Infinity): Promise<void> {
  // Every rule is asked of `rentang` rows at a time (on the embedded database a statement holds the
  // server's thread while it runs: a few thousand rows each, not the whole file in one; on
  // PostgreSQL one statement over a million rows held a core for minutes beside the verifiers);
  // keys written twice, which need what came before, GANDA_KALI as many at a time. Each part gives
  // way to people at work after it, as a batch of the staging does.
  const ganda = rentang * GANDA_KALI;
  await tolakGanda(db, cekId, ganda, sql`b.kunci`, kolomKunci(jenis), 'Kunci ganda dalam berkas:');
  if (jenis === 'pelamar')
    await tolakGanda(
      db,
      cekId,
      ganda,
      sql`(b.data->>'track') || ' ' || (b.data->>'nik')`,
      'nik',
      'NIK ganda dalam berkas:',
    );
  const { rows } = await sql<{ dari: number | null; sampai: number | null }>`
    SELECT min(baris) AS dari, max(baris) AS sampai FROM impor_baris WHERE cek_id = ${cekId}`.execute(db);
  const { dari, sampai } = rows[0] ?? { dari: null, sampai: null };
  if (dari === null || sampai === null) return;
  if (!Number.isFinite(rentang)) return sortir(db, jenis, cekId, sql`true`);
  for (let awal = dari; awal <= sampai; awal += rentang) {
    const mulai = performance.now();
    await sortir(db, jenis, cekId, sql`b.baris BETWEEN ${awal} AND ${awal + rentang - 1}`);
    // While people are at work, PostgreSQL's cores answer them between two parts (issue #33).
    await mengalahSebanding(performance.now() - mulai);
  }
}

/** The rules of one row and the sort, for the rows of the check `bagian` (a condition over `b`) holds. */
async function sortir(db: Db, jenis: ImporJenis, cekId: string, bagian: RawBuilder<unknown>): Promise<void> {
  const none = sql`NULL::text`;
  switch (jenis) {
    case 'instansi':
      await urutkan(
        db,
        cekId,
        bagian,
        sql`impor_baris b LEFT JOIN instansi i ON i.kode = b.data->>'kode'`,
        sql`CASE WHEN i.kode IS NULL THEN 'BARU'
          WHEN i.nama = b.data->>'nama' AND i.jenis = b.data->>'jenis' THEN 'SAMA' ELSE 'BERUBAH' END`,
        none,
      );
      return;
    case 'formasi':
      await tolak(db, cekId, bagian, JOIN_INSTANSI, [INSTANSI_TIDAK_DIKENAL]);
      await urutkan(
        db,
        cekId,
        bagian,
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
      await tolak(db, cekId, bagian, JOIN_FORMASI, [
        INSTANSI_TIDAK_DIKENAL,
        ...FORMASI_TIDAK_DIKENAL,
        {
          kolom: 'nomor_peserta',
          perlu: ['nomor_peserta', 'track'],
          gagal: sql`EXISTS (SELECT 1 FROM pelamar p WHERE p.no_peserta = b.data->>'nomor_peserta' AND p.track <> b.data->>'track')`,
          pesan: sql`'nomor peserta sudah dipakai pada jalur lain'`,
        },
        {
          kolom: 'nik',
          perlu: ['nik', 'track', 'nomor_peserta'],
          gagal: sql`EXISTS (SELECT 1 FROM pelamar p WHERE p.track = b.data->>'track' AND p.nik = b.data->>'nik'
            AND p.no_peserta <> b.data->>'nomor_peserta')`,
          pesan: sql`'NIK sudah dipakai pelamar lain pada jalur ini'`,
        },
      ]);
      await urutkan(
        db,
        cekId,
        bagian,
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
      await tolak(db, cekId, bagian, JOIN_PESERTA, [PESERTA_TIDAK_DIKENAL]);
      await urutkan(
        db,
        cekId,
        bagian,
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
      await tolak(db, cekId, bagian, JOIN_PESERTA, [
        PESERTA_TIDAK_DIKENAL,
        {
          kolom: 'jenis',
          perlu: ['nomor_peserta', 'jenis'],
          gagal: sql`rp.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM (VALUES ${sql.join(
            DOKUMEN_TRACK.map(([track, jenis]) => sql`(${track}, ${jenis})`),
          )}) AS d(track, jenis) WHERE d.track = rp.track AND d.jenis = b.data->>'jenis')`,
          pesan: sql`'jenis dokumen ini tidak dipakai pada jalur pelamar (' || rp.track || ')'`,
        },
      ]);
      await urutkan(
        db,
        cekId,
        bagian,
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
      await tolak(db, cekId, bagian, JOIN_INSTANSI, [INSTANSI_TIDAK_DIKENAL]);
      await urutkan(
        db,
        cekId,
        bagian,
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
        bagian,
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
