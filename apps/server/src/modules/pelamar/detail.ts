// One applicant in full and its document files, read through the list that shows it: the same
// page binding and instansi scope as the list (an id from another instansi is "not found").

import {
  hasTrackRole,
  type PelamarDetail,
  type Principal,
  type TemuanDokumen,
  temuanOf,
  type VerifikasiKeduaDetail,
} from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { dibaca } from '../baca/jenis.js';
import { dayText, inScope as idInScope, momentText } from '../shared/list-sql.js';
import { riwayat as riwayatOf } from '../shared/riwayat.js';
import { type ListScope, pelamarRowQuery, toPelamarRow } from './queries.js';

const notFound = () => new AppError(404, 'NOT_FOUND', 'Data pelamar tidak ditemukan.');

/** One applicant inside the caller's scope, as a condition on `pelamar as p`. */
const inScope = (scope: ListScope, pelamarId: number) => idInScope('p', pelamarId, scope);

export async function pelamarDetail(
  db: Kysely<DB>,
  scope: ListScope,
  pelamarId: number,
  principal: Principal,
  /** Show the audit trail whatever the caller's roles (screens whose work is reviewing it). */
  withHistory = false,
): Promise<PelamarDetail> {
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
      'p.version',
      'p.nama_ijazah',
      'p.cek_dokumen',
      'p.catatan_verifikasi',
      'p.catatan_supervisi',
      momentText('p.klaim_at').as('klaim_at'),
      sql<boolean>`p.klaim_at > now() - make_interval(mins => ${scope.klaimMenit})`.as('klaim_berlaku'),
      'f.prodi as syarat_prodi',
      'f.usia_min',
      'f.usia_max',
      'f.ipk_min',
      (eb) =>
        eb
          .selectFrom('jadwal_tahap as j')
          .whereRef('j.track', '=', 'p.track')
          .where('j.tahap', '=', 'PENDAFTARAN')
          .select(sql<string>`to_char(j.selesai AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD')`.as('tutup'))
          .as('tgl_tutup'),
      // Documents and scores in the same round trip (bench/verify: the detail is a hot step).
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('dokumen as d')
            .innerJoin('berkas as b', 'b.sha256', 'd.berkas_sha256')
            // Issue #35: the reading of the file now stored (a replaced file's old reading is not it).
            .leftJoin('dokumen_bacaan as r', (join) =>
              join.onRef('r.dokumen_id', '=', 'd.id').onRef('r.berkas_sha256', '=', 'd.berkas_sha256'),
            )
            // Issue #32: the rendition the reading made, if any.
            .leftJoin('berkas as tb', 'tb.sha256', 'r.tampilan_sha256')
            .whereRef('d.pelamar_id', '=', 'p.id')
            .select([
              'd.id',
              'd.jenis',
              'd.nama_file',
              'b.mime',
              'b.size',
              momentText('d.diunggah_at').as('diunggah_at'),
              'r.status as baca_status',
              'r.mesin as baca_mesin',
              'r.pesan as baca_pesan',
              momentText('r.dibaca_at').as('dibaca_at'),
              'tb.mime as tampilan_mime',
              'tb.size as tampilan_size',
            ])
            .orderBy('d.id'),
        ).as('dokumen'),
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('temuan_dokumen as t')
            .innerJoin('dokumen as td', 'td.id', 't.dokumen_id')
            .leftJoin('pelamar as lain', 'lain.id', 't.pelamar_lain')
            .whereRef('t.pelamar_id', '=', 'p.id')
            .select([
              't.id',
              't.dokumen_id',
              'td.jenis',
              't.kode',
              't.tingkat',
              't.kolom',
              't.nilai_baca',
              't.nilai_daftar',
              't.keyakinan',
              't.mesin',
              't.pesan',
              't.alasan',
              't.kotak',
              'lain.no_peserta as pelamar_lain',
            ])
            .orderBy('t.dokumen_id')
            .orderBy('t.id'),
        ).as('temuan_dokumen'),
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('nilai as n')
            .whereRef('n.pelamar_id', '=', 'p.id')
            .select(['n.komponen', 'n.nilai'])
            .orderBy('n.komponen'),
        ).as('nilai'),
    ])
    .executeTakeFirst();
  if (!row) throw notFound();
  // Supervisors and admins of the track see an applicant's audit trail (issue #4); while a
  // sampled decision waits for its blind second verification (issue #34), nobody who might make it
  // does (a verifier of the track other than the first one, whatever their other roles).
  const buta =
    row.kedua_dari !== null &&
    row.kedua_dari !== scope.userId &&
    hasTrackRole(principal.authorities, scope.track, 'VERIFIKATOR');
  const seesHistory = !buta && (withHistory || hasTrackRole(principal.authorities, scope.track, 'ADMIN', 'SUPERVISOR'));
  const [riwayat, verifikasiKedua] = await Promise.all([
    seesHistory ? riwayatOf(db, 'pelamar', pelamarId) : null,
    seesHistory && row.kedua_sepakat !== null ? keduaKeputusan(db, pelamarId) : null,
  ]);
  const { dokumen, nilai } = row;
  const syarat = {
    prodi: row.syarat_prodi,
    pendidikanNama: row.pendidikan_nama,
    usiaMin: row.usia_min,
    usiaMax: row.usia_max,
    ipkMin: String(row.ipk_min),
    tglTutup: row.tgl_tutup ?? null,
  };
  const namaIjazah = row.nama_ijazah ?? row.nama;
  const { usia, temuan } = temuanOf({
    nama: row.nama,
    namaIjazah,
    tanggalLahirKtp: row.tanggal_lahir_ktp,
    tanggalLahirIjazah: row.tanggal_lahir_ijazah,
    tempatLahirKtp: row.tempat_lahir_ktp,
    tempatLahirIjazah: row.tempat_lahir_ijazah,
    prodi: row.prodi,
    ipk: String(row.ipk),
    syarat,
  });
  const klaimAktif = row.klaim_oleh !== null && (row.klaim_berlaku || row.klaim_oleh === scope.userId);
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
      // A kind the portal does not read has a row for its rendition only: no reading to show.
      bacaan:
        d.baca_status && dibaca(d.jenis)
          ? { status: d.baca_status, mesin: d.baca_mesin, pesan: d.baca_pesan, dibacaAt: d.dibaca_at }
          : null,
      tampilan: d.tampilan_mime ? { mime: d.tampilan_mime, ukuran: Number(d.tampilan_size) } : null,
    })),
    temuanDokumen: row.temuan_dokumen.map((t) => ({
      id: Number(t.id),
      dokumenId: Number(t.dokumen_id),
      jenisDokumen: t.jenis,
      kode: t.kode as TemuanDokumen['kode'],
      tingkat: t.tingkat,
      kolom: t.kolom,
      nilaiBaca: t.nilai_baca,
      nilaiDaftar: t.nilai_daftar,
      keyakinan: Math.round(t.keyakinan),
      mesin: t.mesin,
      pesan: t.pesan,
      alasan: t.alasan as TemuanDokumen['alasan'],
      kotak: t.kotak,
      pelamarLain: t.pelamar_lain,
    })),
    nilai: nilai.map((n) => ({ komponen: n.komponen, nilai: String(n.nilai) })),
    verifikasi: {
      version: row.version,
      namaIjazah,
      syarat,
      usia,
      temuan,
      cekDokumen: (row.cek_dokumen as PelamarDetail['verifikasi']['cekDokumen'] | null) ?? [],
      alasanTms: row.alasan_tms ?? [],
      catatanVerifikasi: row.catatan_verifikasi,
      catatanSupervisi: row.catatan_supervisi,
      klaim: klaimAktif
        ? { olehSaya: row.klaim_oleh === scope.userId, nama: row.klaim_nama ?? '', sejak: row.klaim_at ?? '' }
        : null,
      riwayat,
      verifikasiKedua,
    },
  };
}

/** Issue #34: both decisions of a sampled applicant, side by side (once the second is in). */
async function keduaKeputusan(db: Kysely<DB>, pelamarId: number): Promise<VerifikasiKeduaDetail | null> {
  const row = await db
    .selectFrom('verifikasi_kedua as k')
    .innerJoin('app_user as u1', 'u1.id', 'k.pertama_oleh')
    .innerJoin('app_user as u2', 'u2.id', 'k.kedua_oleh')
    .where('k.pelamar_id', '=', pelamarId)
    .where('k.kedua_hasil', 'is not', null)
    .select([
      'u1.fullname as pertama_nama',
      'k.pertama_hasil',
      'k.pertama_alasan',
      'k.pertama_catatan',
      'k.pertama_cek',
      momentText('k.pertama_at').as('pertama_at'),
      'u2.fullname as kedua_nama',
      'k.kedua_hasil',
      'k.kedua_alasan',
      'k.kedua_catatan',
      'k.kedua_cek',
      momentText('k.kedua_at').as('kedua_at'),
      'k.sepakat',
    ])
    .executeTakeFirst();
  if (!row?.kedua_hasil) return null;
  type Cek = VerifikasiKeduaDetail['pertama']['cekDokumen'];
  return {
    pertama: {
      verifikatorNama: row.pertama_nama,
      statusVerifikasi: row.pertama_hasil,
      alasanTms: row.pertama_alasan,
      catatan: row.pertama_catatan,
      cekDokumen: (row.pertama_cek as Cek | null) ?? [],
      diputusAt: row.pertama_at ?? '',
    },
    kedua: {
      verifikatorNama: row.kedua_nama,
      statusVerifikasi: row.kedua_hasil,
      alasanTms: row.kedua_alasan ?? [],
      catatan: row.kedua_catatan,
      cekDokumen: (row.kedua_cek as Cek | null) ?? [],
      diputusAt: row.kedua_at ?? '',
    },
    sepakat: row.sepakat === true,
  };
}

/** The stored file of one of the applicant's documents. */
/** A document's file as stored, or (issue #32) as a screen shows it; the second at `…/tampilan`. */
export const BENTUK_BERKAS = ['asli', 'tampilan'] as const;
export type BentukBerkas = (typeof BENTUK_BERKAS)[number];
export const akhiranBentuk = (bentuk: BentukBerkas) => (bentuk === 'asli' ? '' : '/tampilan');

/**
 * A document's file for the viewer, within the caller's scope: the original, or (issue #32) the
 * rendition its reading made of the file now stored.
 */
export async function dokumenBerkas(
  db: Kysely<DB>,
  scope: ListScope,
  pelamarId: number,
  dokumenId: number,
  bentuk: BentukBerkas = 'asli',
) {
  const dokumen = db
    .selectFrom('pelamar as p')
    .where(inScope(scope, pelamarId))
    .innerJoin('dokumen as d', 'd.pelamar_id', 'p.id')
    .where('d.id', '=', dokumenId);
  const row =
    bentuk === 'asli'
      ? await dokumen
          .innerJoin('berkas as b', 'b.sha256', 'd.berkas_sha256')
          .select(['b.sha256', 'b.mime', 'b.size', 'd.nama_file'])
          .executeTakeFirst()
      : await dokumen
          .innerJoin('dokumen_bacaan as r', (join) =>
            join.onRef('r.dokumen_id', '=', 'd.id').onRef('r.berkas_sha256', '=', 'd.berkas_sha256'),
          )
          .innerJoin('berkas as b', 'b.sha256', 'r.tampilan_sha256')
          .select(['b.sha256', 'b.mime', 'b.size', 'd.nama_file'])
          .executeTakeFirst();
  if (!row) {
    throw new AppError(
      404,
      'NOT_FOUND',
      bentuk === 'asli'
        ? 'Dokumen tidak ditemukan.'
        : 'Tampilan ringkas dokumen ini belum tersedia; buka berkas aslinya.',
    );
  }
  // The rendition of a PDF stays a PDF, of an image a JPEG: named as such when saved from the viewer.
  const namaFile = bentuk === 'asli' ? row.nama_file : namaTampilan(row.nama_file, row.mime);
  return { ...row, nama_file: namaFile };
}

/** "ktp.png" shown as its JPEG rendition: "ktp-ringkas.jpg". */
export function namaTampilan(namaFile: string, mime: string): string {
  const dasar = namaFile.replace(/\.[^.]+$/, '');
  return `${dasar}-ringkas.${mime === 'application/pdf' ? 'pdf' : 'jpg'}`;
}
