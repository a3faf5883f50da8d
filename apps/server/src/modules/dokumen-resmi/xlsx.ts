// The announcement's table as Excel (issue #20: "plus the same table as XLSX"): the rows the PDF
// lists, with the same masked NIK, status words and reason labels, one row per applicant and the
// formasi in columns so the sheet can be filtered and sorted. Streamed batch by batch.

import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { maskNik, STATUS_VERIFIKASI_NAMA } from '@portal/contract';
import ExcelJS from 'exceljs';
import { type BarisPengumuman, jenisNama, keterangan } from './content.js';

const COLUMNS: { header: string; width: number; value: (row: BarisPengumuman, no: number) => string | number }[] = [
  { header: 'No.', width: 8, value: (_row, no) => no },
  { header: 'Jabatan', width: 36, value: (row) => row.formasi.jabatan },
  { header: 'Lokasi Formasi', width: 28, value: (row) => row.formasi.lokasi },
  { header: 'Jenis Formasi', width: 18, value: (row) => jenisNama(row.formasi.jenis) },
  { header: 'Nomor Peserta', width: 20, value: (row) => row.noPeserta },
  { header: 'Nama', width: 36, value: (row) => row.nama },
  { header: 'NIK', width: 20, value: (row) => maskNik(row.nik) },
  { header: 'Status', width: 24, value: (row) => STATUS_VERIFIKASI_NAMA[row.status] },
  { header: 'Keterangan', width: 48, value: keterangan },
];

/** Starts writing the workbook into a stream the route sends; an error ends the stream. */
export function pengumumanXlsx(judul: string, baris: AsyncIterable<BarisPengumuman[]>): PassThrough {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const produce = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Portal Verifikasi ASN';
    const sheet = workbook.addWorksheet(judul.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map((column) => ({ header: column.header, width: column.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let no = 0;
    for await (const batch of baris) {
      for (const row of batch) {
        no += 1;
        sheet.addRow(COLUMNS.map((column) => column.value(row, no))).commit();
      }
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  produce().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
