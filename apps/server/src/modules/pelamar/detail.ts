// One applicant in full and its document files, read through the list that shows it: the same
// page binding and instansi scope as the list (an id from another instansi is "not found").

import { maskNik, type PelamarDetail } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { ListScope } from './queries.js';

const notFound = () => new AppError(404, 'NOT_FOUND', 'Data pelamar tidak ditemukan.');

function scopedPelamar(db: Kysely<DB>, scope: ListScope, pelamarId: number) {
  let query = db.selectFrom('pelamar as p').where('p.id', '=', pelamarId).where('p.track', '=', scope.track);
  if (scope.instansiId !== null) query = query.where('p.instansi_id', '=', scope.instansiId);
  return query;
}

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const moment = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD"T"HH24:MI:SS')`;

export async function pelamarDetail(db: Kysely<DB>, scope: ListScope, pelamarId: number): Promise<PelamarDetail> {
  const row = await scopedPelamar(db, scope, pelamarId)
    .innerJoin('formasi as f', 'f.id', 'p.formasi_id')
    .innerJoin('instansi as i', 'i.id', 'p.instansi_id')
    .leftJoin('app_user as v', 'v.id', 'p.verifikator_id')
    .leftJoin('app_user as s', 's.id', 'p.supervisor_id')
    .selectAll('p')
    .select([
      day('p.tgl_daftar').as('tgl_daftar_text'),
      day('p.tanggal_lahir_ktp').as('lahir_ktp'),
      day('p.tanggal_lahir_ijazah').as('lahir_ijazah'),
      day('p.tgl_ijazah').as('tgl_ijazah_text'),
      moment('p.tgl_verifikasi').as('tgl_verifikasi_text'),
      moment('p.tgl_supervisi').as('tgl_supervisi_text'),
      'f.jabatan_nama',
      'f.lokasi_nama',
      'f.jenis_formasi',
      'f.pendidikan_nama',
      'i.kode as instansi_kode',
      'i.nama as instansi_nama',
      'v.fullname as verifikator_nama',
      's.fullname as supervisor_nama',
    ])
    .executeTakeFirst();
  if (!row) throw notFound();
  const [dokumen, nilai] = await Promise.all([
    db
      .selectFrom('dokumen as d')
      .innerJoin('berkas as b', 'b.sha256', 'd.berkas_sha256')
      .where('d.pelamar_id', '=', pelamarId)
      .select(['d.id', 'd.jenis', 'd.nama_file', 'b.mime', 'b.size', moment('d.diunggah_at').as('diunggah_at')])
      .orderBy('d.id')
      .execute(),
    db
      .selectFrom('nilai')
      .where('pelamar_id', '=', pelamarId)
      .select(['komponen', 'nilai'])
      .orderBy('komponen')
      .execute(),
  ]);
  return {
    id: Number(row.id),
    nik: scope.maskNik ? maskNik(row.nik) : row.nik,
    noPeserta: row.no_peserta,
    noRegister: row.no_register,
    nama: row.nama,
    gelarDepan: row.gelar_depan,
    gelarBelakang: row.gelar_belakang,
    jenisKelamin: row.jenis_kelamin,
    jabatanNama: row.jabatan_nama,
    lokasiNama: row.lokasi_nama,
    jenisFormasi: row.jenis_formasi as PelamarDetail['jenisFormasi'],
    pendidikanNama: row.pendidikan_nama,
    statusVerifikasi: row.status_verifikasi,
    statusSupervisi: row.status_supervisi,
    tglDaftar: row.tgl_daftar_text,
    tglVerifikasi: row.tgl_verifikasi_text,
    verifikatorNama: row.verifikator_nama,
    tglSupervisi: row.tgl_supervisi_text,
    supervisorNama: row.supervisor_nama,
    instansi: { id: row.instansi_id, kode: row.instansi_kode, nama: row.instansi_nama },
    tempatLahirKtp: row.tempat_lahir_ktp,
    tanggalLahirKtp: row.lahir_ktp,
    tempatLahirIjazah: row.tempat_lahir_ijazah,
    tanggalLahirIjazah: row.lahir_ijazah,
    agama: row.agama,
    jenisDisabilitas: row.jenis_disabilitas,
    domisili: `${row.domisili_kabupaten}, ${row.domisili_provinsi}`,
    alamat: row.alamat,
    email: row.email,
    noHp: row.no_hp,
    lembagaPendidikan: row.lembaga_pendidikan,
    akreditasiLembaga: row.akreditasi_lembaga,
    prodi: row.prodi,
    akreditasiProdi: row.akreditasi_prodi,
    noIjazah: row.no_ijazah,
    tglIjazah: row.tgl_ijazah_text,
    tahunLulus: row.tahun_lulus,
    ipk: String(row.ipk),
    lokasiUjian: row.lokasi_ujian,
    dokumen: dokumen.map((d) => ({
      id: Number(d.id),
      jenis: d.jenis,
      namaFile: d.nama_file,
      mime: d.mime,
      ukuran: d.size,
      diunggahAt: d.diunggah_at ?? '',
    })),
    nilai: nilai.map((n) => ({ komponen: n.komponen, nilai: String(n.nilai) })),
  };
}

/** The stored file of one of the applicant's documents. */
export async function dokumenBerkas(db: Kysely<DB>, scope: ListScope, pelamarId: number, dokumenId: number) {
  const row = await scopedPelamar(db, scope, pelamarId)
    .innerJoin('dokumen as d', 'd.pelamar_id', 'p.id')
    .innerJoin('berkas as b', 'b.sha256', 'd.berkas_sha256')
    .where('d.id', '=', dokumenId)
    .select(['b.sha256', 'b.mime', 'b.size', 'd.nama_file'])
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Dokumen tidak ditemukan.');
  return row;
}
