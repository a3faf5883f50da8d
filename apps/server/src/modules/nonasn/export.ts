// The Data Non ASN view as Excel (.xlsx) or CSV, streamed batch by batch (constant memory however
// many rows), with Indonesian headers – the applicant recaps' export (pelamar/export.ts) for these
// rows. The response is written while rows are read.

import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  type ExportFormat,
  KATEGORI_NONASN_NAMA,
  type NonAsnListRequest,
  type NonAsnRow,
  STATUS_KONFIRMASI_NAMA,
  SUMBER_DANA_NAMA,
} from '@portal/contract';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { type NonAsnScope, nonAsnBatches } from './queries.js';

const masaKerja = (bulan: number) => `${Math.floor(bulan / 12)} tahun ${bulan % 12} bulan`;

export const NONASN_EXPORT_COLUMNS: { header: string; width: number; value: (row: NonAsnRow) => string | number }[] = [
  { header: 'NIK', width: 20, value: (row) => row.nik },
  { header: 'Nama', width: 32, value: (row) => row.nama },
  { header: 'Tempat Lahir', width: 18, value: (row) => row.tempatLahir },
  { header: 'Tanggal Lahir', width: 14, value: (row) => row.tanggalLahir },
  { header: 'Unit Kerja', width: 32, value: (row) => row.unitKerja },
  { header: 'Jabatan', width: 28, value: (row) => row.jabatan },
  { header: 'Masa Kerja', width: 18, value: (row) => masaKerja(row.masaKerjaBulan) },
  { header: 'Kategori', width: 32, value: (row) => KATEGORI_NONASN_NAMA[row.kategori] },
  { header: 'Sumber Dana', width: 12, value: (row) => SUMBER_DANA_NAMA[row.sumberDana] },
  { header: 'Status Konfirmasi', width: 20, value: (row) => STATUS_KONFIRMASI_NAMA[row.statusKonfirmasi] },
  { header: 'Alasan', width: 36, value: (row) => row.alasan ?? '' },
  { header: 'Dikonfirmasi Oleh', width: 24, value: (row) => row.dikonfirmasiOleh ?? '' },
  { header: 'Waktu Konfirmasi', width: 20, value: (row) => row.dikonfirmasiAt ?? '' },
  { header: 'Instansi', width: 36, value: (row) => row.instansi.nama },
];

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

async function write(stream: PassThrough, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function writeCsv(out: PassThrough, batches: AsyncGenerator<NonAsnRow[]>) {
  // BOM + semicolons: what Excel with an Indonesian locale opens correctly.
  await write(out, `\uFEFF${NONASN_EXPORT_COLUMNS.map((column) => csvCell(column.header)).join(';')}\r\n`);
  for await (const batch of batches) {
    const lines = batch.map((row) => NONASN_EXPORT_COLUMNS.map((column) => csvCell(column.value(row))).join(';'));
    await write(out, `${lines.join('\r\n')}\r\n`);
  }
  out.end();
}

async function writeXlsx(out: PassThrough, batches: AsyncGenerator<NonAsnRow[]>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Portal Verifikasi ASN';
  const sheet = workbook.addWorksheet('Data Non ASN', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = NONASN_EXPORT_COLUMNS.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const row of batch) sheet.addRow(NONASN_EXPORT_COLUMNS.map((column) => column.value(row))).commit();
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}

/** Starts producing the export into a stream the route sends; errors end the stream. */
export function exportNonAsn(
  db: Kysely<DB>,
  scope: NonAsnScope,
  request: Pick<NonAsnListRequest, 'filter' | 'sorting' | 'searchTerm'>,
  format: ExportFormat,
): PassThrough {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const batches = nonAsnBatches(db, scope, request);
  const produce = format === 'csv' ? writeCsv(out, batches) : writeXlsx(out, batches);
  produce.catch((error: unknown) => out.destroy(error as Error));
  return out;
}
