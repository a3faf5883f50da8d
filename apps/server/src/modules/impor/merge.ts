// Issue #18: what a staged import does to the live tables, set-based (the rows sorted by

// klasifikasi.ts). `terapkanBatch` applies one range of rows in the caller's transaction: upserts
// by the natural key, never a delete, and for new applicants the status counters' deltas in the
// same transaction. Work already done is never overwritten: the guards are repeated in the UPDATEs
// themselves, so work done between check and apply wins too.

import type { ImporJenis } from '@portal/contract';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { antreBaca } from '../baca/antrean.js';
import { bisaSalin } from './salin.js';

export type Db = Kysely<DB> | Transaction<DB>;

export const FORMASI_OF = sql`(SELECT min(f.id) FROM formasi f JOIN instansi i ON i.id = f.instansi_id
  WHERE i.kode = b.data->>'instansi_kode' AND f.track = b.data->>'track'
    AND f.jabatan_kode = b.data->>'jabatan_kode' AND f.lokasi_kode = b.data->>'lokasi_kode'
    AND f.jenis_formasi = b.data->>'jenis_formasi' AND f.pendidikan_kode = b.data->>'pendidikan_kode')`;

/**
 * The fingerprint of a staged row (jsonb's text is canonical: the same fields give the same text),
 * kept on the applicant it was loaded into: only imports write the fields it covers.
 */
export const SIDIK = sql`md5(b.data::text)::uuid`;

/** Why an applicant may no longer be changed by an import (null: untouched). */
export const PELAMAR_DIKERJAKAN = sql`CASE
  WHEN EXISTS (SELECT 1 FROM final_verifikasi fv WHERE fv.instansi_id = p.instansi_id AND fv.track = p.track)
    THEN 'hasil verifikasi instansi ini sudah dikunci'
  WHEN p.status_verifikasi <> 'BELUM' THEN 'pelamar sudah diverifikasi (' || p.status_verifikasi || ')'
  WHEN p.klaim_oleh IS NOT NULL THEN 'pelamar sedang dikerjakan verifikator'
  WHEN p.verifikator_id IS NOT NULL OR p.supervisor_id IS NOT NULL THEN 'pelamar sudah pernah diperiksa'
  WHEN EXISTS (SELECT 1 FROM sanggah s WHERE s.pelamar_id = p.id) THEN 'pelamar mengajukan sanggah'
  END`;

/** What an upsert's RETURNING (xmax = 0) AS baru says: rows inserted and rows updated. */
const hitungUpsert = (rows: { baru: boolean }[]) => {
  const baru = rows.filter((r) => r.baru).length;
  return { baru, berubah: rows.length - baru };
};

/** Rows of one batch that change something. */
const batch = (cekId: string, dari: number, sampai: number) =>
  sql`b.cek_id = ${cekId} AND b.baris BETWEEN ${dari} AND ${sampai} AND b.hasil IN ('BARU', 'BERUBAH')`;

/** The live tables each kind writes (their planner statistics are refreshed after a large apply). */
export const TABEL_JENIS: Record<ImporJenis, readonly string[]> = {
  instansi: ['instansi'],
  formasi: ['formasi'],
  pelamar: ['pelamar'],
  nilai: ['nilai'],
  dokumen: ['berkas', 'dokumen'],
  nonasn: ['nonasn'],
  jadwal: ['jadwal_tahap'],
};

/** The statistics target of the embedded database's ANALYZE (PostgreSQL's default: 100). */
export const STATISTIK_TERTANAM = 10;

/**
 * Refreshes the planner's statistics of `tables` (a sample, under a second at millions of rows).
 * After a million new applicants PostgreSQL would otherwise plan the verifiers' claim for the
 * table it saw before (bench/impor: claim p95 1.5 s, 16 ms after ANALYZE) until autovacuum gets
 * to it, if it runs at all.
 */
export async function perbaruiStatistik(db: Kysely<DB>, tables: readonly string[]): Promise<void> {
  if (bisaSalin(db)) {
    await sql`ANALYZE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
    return;
  }
  // The embedded database analyses on the server's thread, every request waiting behind it: one
  // table at a time, from a sample of 3,000 rows instead of 30,000 (200,000 rows: 40–140 ms
  // instead of 0.55–0.6 s; bench/campur/tertanam.mjs saw 0.6–1.7 s stalls of health).
  for (const table of tables) {
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL default_statistics_target = ${sql.lit(STATISTIK_TERTANAM)}`.execute(trx);
      await sql`ANALYZE ${sql.table(table)}`.execute(trx);
    });
  }
}

/**
 * Applies rows `dari`..`sampai` of a check (in the caller's transaction) and returns how many were
 * inserted and updated. Rows a guard refuses at this moment are marked KONFLIK with the reason.
 */
export async function terapkanBatch(
  trx: Transaction<DB>,
  jenis: ImporJenis,
  cekId: string,
  dari: number,
  sampai: number,
): Promise<{ baru: number; berubah: number }> {
  const count = async (query: RawBuilder<unknown>) => (await query.execute(trx)).numAffectedRows ?? 0n;
  switch (jenis) {
    case 'instansi': {
      const baru = await count(sql`INSERT INTO instansi (id, kode, nama, jenis)
        SELECT (SELECT coalesce(max(id), 0) FROM instansi) + row_number() OVER (ORDER BY b.baris),
               b.data->>'kode', b.data->>'nama', b.data->>'jenis'
        FROM impor_baris b WHERE ${batch(cekId, dari, sampai)} AND b.hasil = 'BARU'
        ON CONFLICT (kode) DO NOTHING`);
      const berubah = await count(sql`UPDATE instansi i SET nama = b.data->>'nama', jenis = b.data->>'jenis'
        FROM impor_baris b WHERE ${batch(cekId, dari, sampai)} AND b.hasil = 'BERUBAH' AND i.kode = b.data->>'kode'`);
      return { baru: Number(baru), berubah: Number(berubah) };
    }
    case 'formasi': {
      const baru =
        await count(sql`INSERT INTO formasi (instansi_id, track, jabatan_kode, jabatan_nama, lokasi_kode, lokasi_nama,
          jenis_formasi, pendidikan_kode, pendidikan_nama, prodi, usia_min, usia_max, ipk_min, jumlah)
        SELECT i.id, b.data->>'track', b.data->>'jabatan_kode', b.data->>'jabatan_nama', b.data->>'lokasi_kode',
               b.data->>'lokasi_nama', b.data->>'jenis_formasi', b.data->>'pendidikan_kode', b.data->>'pendidikan_nama',
               b.data->>'prodi', (b.data->>'usia_min')::int, (b.data->>'usia_max')::int, (b.data->>'ipk_min')::numeric,
               (b.data->>'jumlah_kebutuhan')::int
        FROM impor_baris b JOIN instansi i ON i.kode = b.data->>'instansi_kode'
        WHERE ${batch(cekId, dari, sampai)} AND b.hasil = 'BARU' AND ${FORMASI_OF} IS NULL`);
      const berubah =
        await count(sql`UPDATE formasi f SET jabatan_nama = b.data->>'jabatan_nama', lokasi_nama = b.data->>'lokasi_nama',
          pendidikan_nama = b.data->>'pendidikan_nama', prodi = b.data->>'prodi', usia_min = (b.data->>'usia_min')::int,
          usia_max = (b.data->>'usia_max')::int, ipk_min = (b.data->>'ipk_min')::numeric, jumlah = (b.data->>'jumlah_kebutuhan')::int
        FROM impor_baris b WHERE ${batch(cekId, dari, sampai)} AND b.hasil = 'BERUBAH' AND f.id = ${FORMASI_OF}`);
      return { baru: Number(baru), berubah: Number(berubah) };
    }
    case 'pelamar': {
      // New applicants and their counters' deltas (BELUM, per instansi and track): one statement.
      const inserted = await sql<{ n: number }>`
        WITH masuk AS (
          INSERT INTO pelamar (instansi_id, track, formasi_id, nik, no_register, no_peserta, tgl_daftar, nama, gelar_depan,
            gelar_belakang, nama_ijazah, tempat_lahir_ktp, tanggal_lahir_ktp, tempat_lahir_ijazah, tanggal_lahir_ijazah,
            jenis_kelamin, agama, jenis_disabilitas, domisili_provinsi, domisili_kabupaten, alamat, email, no_hp,
            lembaga_pendidikan, prodi, no_ijazah, tgl_ijazah, tahun_lulus, akreditasi_lembaga, akreditasi_prodi, ipk, lokasi_ujian,
            impor_sidik)
          SELECT i.id, b.data->>'track', ${FORMASI_OF}, b.data->>'nik', b.data->>'nomor_register', b.data->>'nomor_peserta',
            (b.data->>'tanggal_daftar')::date, b.data->>'nama', b.data->>'gelar_depan', b.data->>'gelar_belakang',
            b.data->>'nama_ijazah', b.data->>'tempat_lahir_ktp', (b.data->>'tanggal_lahir_ktp')::date,
            b.data->>'tempat_lahir_ijazah', (b.data->>'tanggal_lahir_ijazah')::date, b.data->>'jenis_kelamin',
            b.data->>'agama', b.data->>'jenis_disabilitas', b.data->>'domisili_provinsi', b.data->>'domisili_kabupaten',
            b.data->>'alamat', b.data->>'email', b.data->>'no_hp', b.data->>'lembaga_pendidikan', b.data->>'prodi',
            b.data->>'no_ijazah', (b.data->>'tgl_ijazah')::date, (b.data->>'tahun_lulus')::int, b.data->>'akreditasi_lembaga',
            b.data->>'akreditasi_prodi', (b.data->>'ipk')::numeric, b.data->>'lokasi_ujian', ${SIDIK}
          FROM impor_baris b JOIN instansi i ON i.kode = b.data->>'instansi_kode'
          WHERE ${batch(cekId, dari, sampai)} AND b.hasil = 'BARU' AND NOT EXISTS (SELECT 1 FROM final_verifikasi fv
            WHERE fv.instansi_id = i.id AND fv.track = b.data->>'track')
          ON CONFLICT DO NOTHING
          RETURNING instansi_id, track
        ), delta AS (
          INSERT INTO pelamar_status_delta (instansi_id, track, status_verifikasi, delta)
          SELECT instansi_id, track, 'BELUM', count(*)::int FROM masuk GROUP BY 1, 2
        )
        SELECT count(*)::int AS n FROM masuk`.execute(trx);
      // Changed applicants, only while untouched; moving to another instansi moves their count.
      const updated = await sql<{ n: number }>`
        WITH sasaran AS (
          SELECT p.id, p.instansi_id AS lama, i.id AS baru_instansi, ${FORMASI_OF} AS formasi_id, b.data
          FROM impor_baris b
            JOIN pelamar p ON p.no_peserta = b.data->>'nomor_peserta'
            JOIN instansi i ON i.kode = b.data->>'instansi_kode'
          WHERE ${batch(cekId, dari, sampai)} AND b.hasil = 'BERUBAH' AND ${PELAMAR_DIKERJAKAN} IS NULL
          FOR UPDATE OF p
        ), ubah AS (
          UPDATE pelamar p SET instansi_id = s.baru_instansi, formasi_id = s.formasi_id, nik = s.data->>'nik',
            no_register = s.data->>'nomor_register', tgl_daftar = (s.data->>'tanggal_daftar')::date, nama = s.data->>'nama',
            gelar_depan = s.data->>'gelar_depan', gelar_belakang = s.data->>'gelar_belakang', nama_ijazah = s.data->>'nama_ijazah',
            tempat_lahir_ktp = s.data->>'tempat_lahir_ktp', tanggal_lahir_ktp = (s.data->>'tanggal_lahir_ktp')::date,
            tempat_lahir_ijazah = s.data->>'tempat_lahir_ijazah', tanggal_lahir_ijazah = (s.data->>'tanggal_lahir_ijazah')::date,
            jenis_kelamin = s.data->>'jenis_kelamin', agama = s.data->>'agama', jenis_disabilitas = s.data->>'jenis_disabilitas',
            domisili_provinsi = s.data->>'domisili_provinsi', domisili_kabupaten = s.data->>'domisili_kabupaten',
            alamat = s.data->>'alamat', email = s.data->>'email', no_hp = s.data->>'no_hp',
            lembaga_pendidikan = s.data->>'lembaga_pendidikan', prodi = s.data->>'prodi', no_ijazah = s.data->>'no_ijazah',
            tgl_ijazah = (s.data->>'tgl_ijazah')::date, tahun_lulus = (s.data->>'tahun_lulus')::int,
            akreditasi_lembaga = s.data->>'akreditasi_lembaga', akreditasi_prodi = s.data->>'akreditasi_prodi',
            ipk = (s.data->>'ipk')::numeric, lokasi_ujian = s.data->>'lokasi_ujian',
            impor_sidik = md5(s.data::text)::uuid, version = p.version + 1
          FROM sasaran s WHERE p.id = s.id
          RETURNING p.id, p.track, s.lama, s.baru_instansi
        ), pindah AS (
          INSERT INTO pelamar_status_delta (instansi_id, track, status_verifikasi, delta)
          SELECT instansi_id, track, 'BELUM', sum(d)::int FROM (
            SELECT lama AS instansi_id, track, -1 AS d FROM ubah WHERE lama <> baru_instansi
            UNION ALL SELECT baru_instansi, track, 1 FROM ubah WHERE lama <> baru_instansi) x
          GROUP BY 1, 2
        )
        SELECT count(*)::int AS n FROM ubah`.execute(trx);
      // Rows a guard refused now (work started or a lock came since the check): conflicts, with the reason.
      await sql`UPDATE impor_baris b SET hasil = 'KONFLIK', alasan = coalesce(${PELAMAR_DIKERJAKAN}, 'diubah orang lain')
        FROM pelamar p WHERE ${batch(cekId, dari, sampai)} AND b.hasil = 'BERUBAH' AND p.no_peserta = b.data->>'nomor_peserta'
          AND ${PELAMAR_DIKERJAKAN} IS NOT NULL`.execute(trx);
      await sql`UPDATE impor_baris b SET hasil = 'KONFLIK', alasan = 'hasil verifikasi instansi ini sudah dikunci'
        WHERE ${batch(cekId, dari, sampai)} AND b.hasil = 'BARU' AND EXISTS (SELECT 1 FROM final_verifikasi fv
          JOIN instansi i ON i.id = fv.instansi_id WHERE i.kode = b.data->>'instansi_kode' AND fv.track = b.data->>'track')`.execute(
        trx,
      );
      return { baru: inserted.rows[0]?.n ?? 0, berubah: updated.rows[0]?.n ?? 0 };
    }
    case 'nilai': {
      const rows = await sql<{ baru: boolean }>`
        INSERT INTO nilai (pelamar_id, instansi_id, komponen, nilai)
        SELECT p.id, p.instansi_id, b.data->>'komponen', (b.data->>'nilai')::numeric
        FROM impor_baris b JOIN pelamar p ON p.no_peserta = b.data->>'nomor_peserta'
        WHERE ${batch(cekId, dari, sampai)} AND NOT EXISTS (SELECT 1 FROM sanggah_nilai s WHERE s.pelamar_id = p.id
          AND s.komponen = b.data->>'komponen' AND s.status IN ('DIAJUKAN', 'MENUNGGU_PERSETUJUAN', 'DISETUJUI'))
        ON CONFLICT (pelamar_id, komponen) DO UPDATE SET nilai = excluded.nilai
        RETURNING (xmax = 0) AS baru`.execute(trx);
      return hitungUpsert(rows.rows);
    }
    case 'dokumen': {
      // The files are in the store since the check; here only their rows, for untouched applicants.
      await sql`INSERT INTO berkas (sha256, mime, size)
        SELECT DISTINCT b.data->>'sha256', b.data->>'mime', (b.data->>'ukuran')::int
        FROM impor_baris b WHERE ${batch(cekId, dari, sampai)}
        ON CONFLICT (sha256) DO NOTHING`.execute(trx);
      const rows = await sql<{ id: number; jenis: string; baru: boolean }>`
        INSERT INTO dokumen (pelamar_id, instansi_id, jenis, nama_file, berkas_sha256, diunggah_at)
        SELECT p.id, p.instansi_id, b.data->>'jenis', regexp_replace(b.data->>'nama_file', '^.*/', ''), b.data->>'sha256', now()
        FROM impor_baris b JOIN pelamar p ON p.no_peserta = b.data->>'nomor_peserta'
        WHERE ${batch(cekId, dari, sampai)} AND ${PELAMAR_DIKERJAKAN} IS NULL
        ON CONFLICT (pelamar_id, jenis) DO UPDATE SET nama_file = excluded.nama_file,
          berkas_sha256 = excluded.berkas_sha256, diunggah_at = excluded.diunggah_at
        RETURNING id, jenis, (xmax = 0) AS baru`.execute(trx);
      // Issue #35: the documents are put up for reading with the change of their file (the kinds
      // the portal does not read, for their rendition only: issue #32).
      await antreBaca(
        trx,
        rows.rows.map((row) => Number(row.id)),
      );
      return hitungUpsert(rows.rows);
    }
    case 'nonasn': {
      // New records and changed unanswered ones, with the counters' deltas (per instansi and kategori).
      const rows = await sql<{ baru: boolean }>`
        WITH masuk AS (
          INSERT INTO nonasn (instansi_id, nik, nama, tempat_lahir, tanggal_lahir, unit_kerja, jabatan, masa_kerja_bulan,
            kategori, no_sk, tgl_sk, sumber_dana)
          SELECT i.id, b.data->>'nik', b.data->>'nama', b.data->>'tempat_lahir', (b.data->>'tanggal_lahir')::date,
            b.data->>'unit_kerja', b.data->>'jabatan', (b.data->>'masa_kerja_bulan')::int, b.data->>'kategori', b.data->>'no_sk',
            (b.data->>'tgl_sk')::date, b.data->>'sumber_dana'
          FROM impor_baris b JOIN instansi i ON i.kode = b.data->>'instansi_kode'
          WHERE ${batch(cekId, dari, sampai)} AND b.hasil = 'BARU'
          ON CONFLICT DO NOTHING
          RETURNING instansi_id, kategori
        ), lama AS (
          SELECT n.id, n.instansi_id, n.kategori FROM nonasn n JOIN impor_baris b ON n.nik = b.data->>'nik'
          WHERE ${batch(cekId, dari, sampai)} AND b.hasil = 'BERUBAH' AND n.status_konfirmasi = 'BELUM'
          FOR UPDATE OF n
        ), ubah AS (
          UPDATE nonasn n SET instansi_id = i.id, nama = b.data->>'nama', tempat_lahir = b.data->>'tempat_lahir',
            tanggal_lahir = (b.data->>'tanggal_lahir')::date, unit_kerja = b.data->>'unit_kerja', jabatan = b.data->>'jabatan',
            masa_kerja_bulan = (b.data->>'masa_kerja_bulan')::int, kategori = b.data->>'kategori', no_sk = b.data->>'no_sk',
            tgl_sk = (b.data->>'tgl_sk')::date, sumber_dana = b.data->>'sumber_dana', version = n.version + 1
          FROM impor_baris b, instansi i, lama l
          WHERE l.id = n.id AND n.nik = b.data->>'nik' AND i.kode = b.data->>'instansi_kode' AND b.cek_id = ${cekId}
            AND b.baris BETWEEN ${dari} AND ${sampai} AND b.hasil = 'BERUBAH'
          RETURNING n.instansi_id, n.kategori, l.instansi_id AS lama_instansi, l.kategori AS lama_kategori
        ), delta AS (
          INSERT INTO nonasn_count_delta (instansi_id, kategori, status_konfirmasi, delta)
          SELECT instansi_id, kategori, 'BELUM', sum(d)::int FROM (
            SELECT instansi_id, kategori, 1 AS d FROM masuk
            UNION ALL SELECT instansi_id, kategori, 1 FROM ubah WHERE (instansi_id, kategori) <> (lama_instansi, lama_kategori)
            UNION ALL SELECT lama_instansi, lama_kategori, -1 FROM ubah WHERE (instansi_id, kategori) <> (lama_instansi, lama_kategori)
          ) x GROUP BY 1, 2
        )
        SELECT true AS baru FROM masuk UNION ALL SELECT false FROM ubah`.execute(trx);
      return hitungUpsert(rows.rows);
    }
    case 'jadwal': {
      const rows = await sql<{ baru: boolean }>`
        INSERT INTO jadwal_tahap (track, tahap, mulai, selesai)
        SELECT b.data->>'track', b.data->>'tahap', (b.data->>'mulai')::timestamptz, (b.data->>'selesai')::timestamptz
        FROM impor_baris b WHERE ${batch(cekId, dari, sampai)}
        ON CONFLICT (track, tahap) DO UPDATE SET mulai = excluded.mulai, selesai = excluded.selesai
        RETURNING (xmax = 0) AS baru`.execute(trx);
      return hitungUpsert(rows.rows);
    }
    default:
      throw new Error(`jenis ${jenis} belum dapat diimpor`);
  }
}
