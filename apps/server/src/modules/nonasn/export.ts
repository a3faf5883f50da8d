// The Data Non ASN view as Excel (.xlsx) or CSV through the one export writer (export/sheet.ts:
// streamed, words not codes, real Excel dates), with Indonesian headers. The response is written
// while rows are read.

import {
  KATEGORI_NONASN_NAMA,
  type NonAsnListRequest,
  type NonAsnRow,
  STATUS_KONFIRMASI_NAMA,
  SUMBER_DANA_NAMA,
} from '@portal/contract';
import type { PembuatSatuEkspor } from '../export/job.js';
import type { ExportColumn } from '../export/sheet.js';
import { hitungView } from '../shared/list-sql.js';
import { type NonAsnScope, nonAsnBatches, nonAsnView } from './queries.js';

const masaKerja = (bulan: number) => `${Math.floor(bulan / 12)} tahun ${bulan % 12} bulan`;

export const NONASN_EXPORT_COLUMNS: ExportColumn<NonAsnRow>[] = [
  { header: 'NIK', width: 20, value: (row) => row.nik },
  { header: 'Nama', width: 32, value: (row) => row.nama },
  { header: 'Tempat Lahir', width: 18, value: (row) => row.tempatLahir },
  { header: 'Tanggal Lahir', width: 14, kind: 'date', value: (row) => row.tanggalLahir },
  { header: 'Unit Kerja', width: 32, value: (row) => row.unitKerja },
  { header: 'Jabatan', width: 28, value: (row) => row.jabatan },
  { header: 'Masa Kerja', width: 18, value: (row) => masaKerja(row.masaKerjaBulan) },
  { header: 'Kategori', width: 32, value: (row) => KATEGORI_NONASN_NAMA[row.kategori] },
  { header: 'Sumber Dana', width: 12, value: (row) => SUMBER_DANA_NAMA[row.sumberDana] },
  { header: 'Status Konfirmasi', width: 20, value: (row) => STATUS_KONFIRMASI_NAMA[row.statusKonfirmasi] },
  { header: 'Alasan', width: 36, value: (row) => row.alasan ?? '' },
  { header: 'Dikonfirmasi Oleh', width: 24, value: (row) => row.dikonfirmasiOleh ?? '' },
  { header: 'Waktu Konfirmasi', width: 18, kind: 'datetime', value: (row) => row.dikonfirmasiAt },
  { header: 'Instansi', width: 36, value: (row) => row.instansi.nama },
];

/** Issue #33: what an export job of Data Non ASN repeats (job.ts): its view and the scope. */
export interface PermintaanEksporNonAsn {
  scope: NonAsnScope;
  view: Pick<NonAsnListRequest, 'filter' | 'sorting' | 'searchTerm'>;
}

/** Data Non ASN's export, from its request or from its job (one way for both). */
export const pembuatEksporNonAsn: PembuatSatuEkspor<PermintaanEksporNonAsn, NonAsnRow> = {
  jumlah: (db, p, batas) => hitungView(db, nonAsnView(db, p.scope, p.view), batas),
  daftar: (db, p) => ({
    kolom: NONASN_EXPORT_COLUMNS,
    batches: nonAsnBatches(db, p.scope, p.view),
    judul: 'Data Non ASN',
  }),
};
