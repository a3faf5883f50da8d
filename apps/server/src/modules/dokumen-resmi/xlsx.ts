// The announcement's table as Excel (issue #20: "plus the same table as XLSX"): the rows the PDF
// lists, with the same masked NIK, status words and reason labels, one row per applicant and the
// formasi in columns so the sheet can be filtered and sorted. Streamed batch by batch through the
// exports' one writer (export/sheet.ts), so no text cell can run as a formula (issue #30).

import { PassThrough } from 'node:stream';
import { maskNik, STATUS_VERIFIKASI_NAMA } from '@portal/contract';
import { type ExportColumn, writeXlsx } from '../export/sheet.js';
import { beriGiliran } from '../shared/giliran.js';
import { type BarisPengumuman, jenisNama, keterangan } from './content.js';

interface Bernomor {
  no: number;
  row: BarisPengumuman;
}

const COLUMNS: ExportColumn<Bernomor>[] = [
  { header: 'No.', width: 8, value: ({ no }) => no },
  { header: 'Jabatan', width: 36, value: ({ row }) => row.formasi.jabatan },
  { header: 'Lokasi Formasi', width: 28, value: ({ row }) => row.formasi.lokasi },
  { header: 'Jenis Formasi', width: 18, value: ({ row }) => jenisNama(row.formasi.jenis) },
  { header: 'Nomor Peserta', width: 20, value: ({ row }) => row.noPeserta },
  { header: 'Nama', width: 36, value: ({ row }) => row.nama },
  { header: 'NIK', width: 20, value: ({ row }) => maskNik(row.nik) },
  { header: 'Status', width: 24, value: ({ row }) => STATUS_VERIFIKASI_NAMA[row.status] },
  { header: 'Keterangan', width: 48, value: ({ row }) => keterangan(row) },
];

/** The rows numbered 1, 2, … across batches, as the PDF numbers them. */
async function* bernomor(baris: AsyncIterable<BarisPengumuman[]>): AsyncIterable<Bernomor[]> {
  let no = 0;
  for await (const batch of baris) yield batch.map((row) => ({ no: ++no, row }));
}

/**
 * Starts writing the workbook into a stream (kept with the announcement); an error ends the stream.
 * Written in the announcement's own thread (tata.ts), in slices that let its messages in (#33).
 */
export function pengumumanXlsx(judul: string, baris: AsyncIterable<BarisPengumuman[]>): PassThrough {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  writeXlsx(out, COLUMNS, bernomor(baris), judul, beriGiliran).catch((error: unknown) => out.destroy(error as Error));
  return out;
}
