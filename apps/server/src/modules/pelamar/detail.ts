// One applicant in full and its document files, read through the list that shows it: the same
// page binding and instansi scope as the list (an id from another instansi is "not found").

import type { PelamarDetail } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { dayText, type ListScope, momentText, pelamarRowQuery, toPelamarRow } from './queries.js';

const notFound = () => new AppError(404, 'NOT_FOUND', 'Data pelamar tidak ditemukan.');

/** One applicant inside the caller's scope, as a condition on `pelamar as p`. */
function inScope(scope: ListScope, pelamarId: number) {
  const instansi = scope.instansiId === null ? sql`` : sql`AND p.instansi_id = ${scope.instansiId}`;
  return sql<boolean>`p.id = ${pelamarId} AND p.track = ${scope.track} ${instansi}`;
}

export async function pelamarDetail(db: Kysely<DB>, scope: ListScope, pelamarId: number): Promise<PelamarDetail> {
  const row = await pelamarRowQuery(db)
    .where(inScope(scope, pelamarId))
    .leftJoin('app_user as s', 's.id', 'p.supervisor_id')
    .select([
      'p.no_register',
      'p.tempat_lahir_ktp',
      dayText('p.tanggal_lahir_ktp').as('tanggal_lahir_ktp'),
      'p.tempat_lahir_ijazah',
      dayText('p.tanggal_lahir_ijazah').as('tanggal_lahir_ijazah'),
      'p.agama',
      'p.jenis_disabilitas',
      'p.domisili_kabupaten',
      'p.domisili_provinsi',
      'p.alamat',
      'p.email',
      'p.no_hp',
      'p.lembaga_pendidikan',
      'p.akreditasi_lembaga',
      'p.prodi',
      'p.akreditasi_prodi',
      'p.no_ijazah',
      dayText('p.tgl_ijazah').as('tgl_ijazah'),
      'p.tahun_lulus',
      'p.ipk',
      'p.lokasi_ujian',
      momentText('p.tgl_supervisi').as('tgl_supervisi'),
      's.fullname as supervisor_nama',
    ])
    .executeTakeFirst();
  if (!row) throw notFound();
  const [dokumen, nilai] = await Promise.all([
    db
      .selectFrom('dokumen as d')
      .innerJoin('berkas as b', 'b.sha256', 'd.berkas_sha256')
      .where('d.pelamar_id', '=', pelamarId)
      .select(['d.id', 'd.jenis', 'd.nama_file', 'b.mime', 'b.size', momentText('d.diunggah_at').as('diunggah_at')])
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
    ...toPelamarRow(row, scope),
    noRegister: row.no_register,
    tglSupervisi: row.tgl_supervisi,
    supervisorNama: row.supervisor_nama,
    tempatLahirKtp: row.tempat_lahir_ktp,
    tanggalLahirKtp: row.tanggal_lahir_ktp,
    tempatLahirIjazah: row.tempat_lahir_ijazah,
    tanggalLahirIjazah: row.tanggal_lahir_ijazah,
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
    tglIjazah: row.tgl_ijazah,
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
  const row = await db
    .selectFrom('pelamar as p')
    .where(inScope(scope, pelamarId))
    .innerJoin('dokumen as d', 'd.pelamar_id', 'p.id')
    .innerJoin('berkas as b', 'b.sha256', 'd.berkas_sha256')
    .where('d.id', '=', dokumenId)
    .select(['b.sha256', 'b.mime', 'b.size', 'd.nama_file'])
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Dokumen tidak ditemukan.');
  return row;
}
