// Recap exports (issue #3): the current view of a list as Excel (.xlsx) or CSV, streamed batch by
// batch (constant memory however many rows), with Indonesian column headers. The response is
// written while rows are read; the client sees bytes arrive from the first batch on.

import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ExportFormat, PelamarList, PelamarListRequest, PelamarRow } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { type ListScope, pelamarBatches } from './queries.js';

const STATUS: Record<string, string> = {
  BELUM: 'Belum diverifikasi',
  MS: 'Memenuhi Syarat',
  TMS: 'Tidak Memenuhi Syarat',
};

const COLUMNS: { header: string; width: number; value: (row: PelamarRow) => string | number }[] = [
  { header: 'Nomor Peserta', width: 20, value: (row) => row.noPeserta },
  { header: 'NIK', width: 20, value: (row) => row.nik },
  { header: 'Nama', width: 32, value: (row) => row.nama },
  { header: 'Gelar Depan', width: 10, value: (row) => row.gelarDepan ?? '' },
  { header: 'Gelar Belakang', width: 14, value: (row) => row.gelarBelakang ?? '' },
  { header: 'Jenis Kelamin', width: 12, value: (row) => (row.jenisKelamin === 'L' ? 'Laki-laki' : 'Perempuan') },
  { header: 'Jabatan', width: 36, value: (row) => row.jabatanNama },
  { header: 'Lokasi Formasi', width: 24, value: (row) => row.lokasiNama },
  { header: 'Jenis Formasi', width: 16, value: (row) => row.jenisFormasi },
  { header: 'Kualifikasi Pendidikan', width: 32, value: (row) => row.pendidikanNama },
  { header: 'Status Verifikasi', width: 22, value: (row) => STATUS[row.statusVerifikasi] ?? row.statusVerifikasi },
  { header: 'Tanggal Daftar', width: 14, value: (row) => row.tglDaftar },
  { header: 'Tanggal Verifikasi', width: 20, value: (row) => row.tglVerifikasi ?? '' },
  { header: 'Verifikator', width: 24, value: (row) => row.verifikatorNama ?? '' },
  { header: 'Status Supervisi', width: 16, value: (row) => row.statusSupervisi ?? '' },
  { header: 'Instansi', width: 36, value: (row) => row.instansi.nama },
];

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Writes respecting backpressure: a slow client slows the reading, not the memory. */
async function write(stream: PassThrough, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function writeCsv(out: PassThrough, batches: AsyncGenerator<PelamarRow[]>) {
  // BOM + semicolons: what Excel with an Indonesian locale opens correctly.
  await write(out, `\uFEFF${COLUMNS.map((column) => csvCell(column.header)).join(';')}\r\n`);
  for await (const batch of batches) {
    const lines = batch.map((row) => COLUMNS.map((column) => csvCell(column.value(row))).join(';'));
    await write(out, `${lines.join('\r\n')}\r\n`);
  }
  out.end();
}

async function writeXlsx(out: PassThrough, batches: AsyncGenerator<PelamarRow[]>, title: string) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Portal Verifikasi ASN';
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const row of batch) sheet.addRow(COLUMNS.map((column) => column.value(row))).commit();
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}

/** Starts producing the export into a stream the route sends; errors end the stream. */
export function exportPelamar(
  db: Kysely<DB>,
  list: PelamarList,
  scope: ListScope,
  request: Pick<PelamarListRequest, 'filter' | 'sorting' | 'searchTerm'>,
  format: ExportFormat,
  title: string,
): PassThrough {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const batches = pelamarBatches(db, list, scope, request);
  const produce = format === 'csv' ? writeCsv(out, batches) : writeXlsx(out, batches, title);
  produce.catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export const EXPORT_MIME: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
