// Recap exports (issue #3): the current view of a list as Excel (.xlsx) or CSV (export/sheet.ts:
// streamed, words not codes, real Excel dates), with Indonesian column headers and the TMS
// reasons. The response is written while rows are read; bytes arrive from the first batch on.

import {
  ALASAN_TMS,
  JENIS_FORMASI_NAMA,
  type PelamarList,
  type PelamarListRequest,
  type PelamarRow,
  STATUS_VERIFIKASI_NAMA,
} from '@portal/contract';
import type { PembuatSatuEkspor } from '../export/job.js';
import type { ExportColumn } from '../export/sheet.js';
import { hitungView } from '../shared/list-sql.js';
import { type ListScope, pelamarBatches, pelamarView } from './queries.js';

const STATUS_SUPERVISI_NAMA: Record<string, string> = {
  DISETUJUI: 'Disetujui',
  DIKEMBALIKAN: 'Dikembalikan ke verifikator',
};

const alasanTms = (kode: string) => ALASAN_TMS.find((alasan) => alasan.kode === kode)?.label ?? kode;

export const PELAMAR_EXPORT_COLUMNS: ExportColumn<PelamarRow>[] = [
  { header: 'Nomor Peserta', width: 20, value: (row) => row.noPeserta },
  { header: 'NIK', width: 20, value: (row) => row.nik },
  { header: 'Nama', width: 32, value: (row) => row.nama },
  { header: 'Gelar Depan', width: 10, value: (row) => row.gelarDepan ?? '' },
  { header: 'Gelar Belakang', width: 14, value: (row) => row.gelarBelakang ?? '' },
  { header: 'Jenis Kelamin', width: 12, value: (row) => (row.jenisKelamin === 'L' ? 'Laki-laki' : 'Perempuan') },
  { header: 'Jabatan', width: 36, value: (row) => row.jabatanNama },
  { header: 'Lokasi Formasi', width: 24, value: (row) => row.lokasiNama },
  { header: 'Jenis Formasi', width: 18, value: (row) => JENIS_FORMASI_NAMA[row.jenisFormasi] ?? row.jenisFormasi },
  { header: 'Kualifikasi Pendidikan', width: 32, value: (row) => row.pendidikanNama },
  {
    header: 'Status Verifikasi',
    width: 22,
    value: (row) => STATUS_VERIFIKASI_NAMA[row.statusVerifikasi] ?? row.statusVerifikasi,
  },
  { header: 'Tanggal Daftar', width: 14, kind: 'date', value: (row) => row.tglDaftar },
  { header: 'Tanggal Verifikasi', width: 18, kind: 'datetime', value: (row) => row.tglVerifikasi },
  { header: 'Verifikator', width: 24, value: (row) => row.verifikatorNama ?? '' },
  {
    header: 'Status Supervisi',
    width: 24,
    value: (row) => (row.statusSupervisi ? (STATUS_SUPERVISI_NAMA[row.statusSupervisi] ?? row.statusSupervisi) : ''),
  },
  { header: 'Instansi', width: 36, value: (row) => row.instansi.nama },
  // Issue #19: why a TMS is TMS, in words, for every list (empty when there is no reason).
  { header: 'Alasan TMS', width: 48, value: (row) => (row.alasanTms ?? []).map(alasanTms).join('; ') },
];

/** Issue #33: what an export job of a pelamar list repeats (job.ts): the list, its view, the scope. */
export interface PermintaanEksporPelamar {
  list: PelamarList;
  scope: ListScope;
  view: Pick<PelamarListRequest, 'filter' | 'sorting' | 'searchTerm'>;
  judul: string;
}

/** A pelamar list's export, from its request or from its job (one way for both). */
export const pembuatEksporPelamar: PembuatSatuEkspor<PermintaanEksporPelamar, PelamarRow> = {
  jumlah: (db, p, batas) => hitungView(db, pelamarView(db, p.list, p.scope, p.view), batas),
  daftar: (db, p) => ({
    kolom: PELAMAR_EXPORT_COLUMNS,
    batches: pelamarBatches(db, p.list, p.scope, p.view),
    judul: p.judul,
  }),
};
