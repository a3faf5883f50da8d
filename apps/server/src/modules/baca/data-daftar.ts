// Issue #35: what applicants registered, with their formasi's requirements and the registration's
// closing date, as the document checks compare them (and the demo draws its documents from).

import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DataDaftar } from './jenis.js';

interface Baris {
  id: number | string;
  track: DataDaftar['track'];
  nik: string;
  nama: string;
  gelar_depan: string | null;
  gelar_belakang: string | null;
  nama_ijazah: string | null;
  tempat_lahir_ktp: string;
  tanggal_lahir_ktp: string;
  tempat_lahir_ijazah: string;
  tanggal_lahir_ijazah: string;
  jenis_kelamin: 'L' | 'P';
  domisili_provinsi: string;
  domisili_kabupaten: string;
  alamat: string;
  lembaga_pendidikan: string;
  prodi: string;
  no_ijazah: string;
  tgl_ijazah: string;
  ipk: string;
  syarat_prodi: string;
  ipk_min: string;
  tgl_tutup: string | null;
}

/** The registration data of the applicants asked for (the ones that exist), by id. Dates are
 * calendar dates (`YYYY-MM-DD`); the closing date is the PENDAFTARAN stage's end on Jakarta's clock. */
export async function dataDaftar(db: Kysely<DB>, pelamarIds: readonly number[]): Promise<Map<number, DataDaftar>> {
  const hasil = new Map<number, DataDaftar>();
  if (pelamarIds.length === 0) return hasil;
  const { rows } = await sql<Baris>`
    SELECT p.id, p.track, p.nik, p.nama, p.gelar_depan, p.gelar_belakang, p.nama_ijazah,
           p.tempat_lahir_ktp, to_char(p.tanggal_lahir_ktp, 'YYYY-MM-DD') AS tanggal_lahir_ktp,
           p.tempat_lahir_ijazah, to_char(p.tanggal_lahir_ijazah, 'YYYY-MM-DD') AS tanggal_lahir_ijazah,
           p.jenis_kelamin, p.domisili_provinsi, p.domisili_kabupaten, p.alamat, p.lembaga_pendidikan, p.prodi,
           p.no_ijazah, to_char(p.tgl_ijazah, 'YYYY-MM-DD') AS tgl_ijazah, to_char(p.ipk, 'FM0.00') AS ipk,
           f.prodi AS syarat_prodi, to_char(f.ipk_min, 'FM0.00') AS ipk_min,
           to_char(j.selesai AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS tgl_tutup
    FROM pelamar p
    JOIN formasi f ON f.id = p.formasi_id
    LEFT JOIN jadwal_tahap j ON j.track = p.track AND j.tahap = 'PENDAFTARAN'
    WHERE p.id = ANY(${[...pelamarIds]}::bigint[])
  `.execute(db);
  for (const r of rows) {
    hasil.set(Number(r.id), {
      track: r.track,
      nik: r.nik,
      nama: r.nama,
      gelarDepan: r.gelar_depan,
      gelarBelakang: r.gelar_belakang,
      namaIjazah: r.nama_ijazah,
      tempatLahirKtp: r.tempat_lahir_ktp,
      tanggalLahirKtp: r.tanggal_lahir_ktp,
      tempatLahirIjazah: r.tempat_lahir_ijazah,
      tanggalLahirIjazah: r.tanggal_lahir_ijazah,
      jenisKelamin: r.jenis_kelamin,
      domisiliProvinsi: r.domisili_provinsi,
      domisiliKabupaten: r.domisili_kabupaten,
      alamat: r.alamat,
      lembaga: r.lembaga_pendidikan,
      prodi: r.prodi,
      noIjazah: r.no_ijazah,
      tglIjazah: r.tgl_ijazah,
      ipk: r.ipk,
      syaratProdi: r.syarat_prodi,
      ipkMin: r.ipk_min,
      tglTutup: r.tgl_tutup,
    });
  }
  return hasil;
}
