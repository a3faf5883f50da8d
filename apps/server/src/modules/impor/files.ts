// Issue #18: the files the import screen offers — each kind's XLSX template (made from the same
// column definitions the validator uses) and the rejected rows to fix and upload again (CSV or
// XLSX). Every cell goes through the exports' one formula guard (export/formula.ts, issue #30):
// a rejected row is exactly the row whose text may be hostile.

import type { ImporJenis } from '@portal/contract';
import ExcelJS from 'exceljs';
import { selAman } from '../export/formula.js';
import { type CellValue, csvCell } from '../export/sheet.js';
import { JENIS_IMPOR } from './kinds.js';

/** A stored cell (text from the file, or a number the check read) as a cell to write. */
const sel = (value: unknown): CellValue =>
  value === null || value === undefined ? null : typeof value === 'number' ? value : String(value);

/** A row for exceljs by column key: every value through the formula guard. */
const barisAman = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, selAman(sel(value))]));

export async function template(jenis: ImporJenis): Promise<Buffer> {
  const def = JENIS_IMPOR[jenis];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portal Verifikasi ASN';
  const data = workbook.addWorksheet('Data');
  data.columns = def.kolom.map((k) => ({ header: k.nama, key: k.nama, width: Math.max(14, k.nama.length + 4) }));
  // Every cell as text: Excel must not turn NIK into 3.17E+15 or a date into a serial number.
  for (const column of data.columns) column.numFmt = '@';
  data.addRow(barisAman(Object.fromEntries(def.kolom.map((k) => [k.nama, k.contoh]))));
  data.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet('Keterangan');
  help.columns = [
    { header: 'Kolom', key: 'nama', width: 24 },
    { header: 'Tipe', key: 'tipe', width: 16 },
    { header: 'Wajib', key: 'wajib', width: 8 },
    { header: 'Contoh', key: 'contoh', width: 26 },
    { header: 'Keterangan', key: 'keterangan', width: 70 },
  ];
  help.getRow(1).font = { bold: true };
  for (const k of def.kolom)
    help.addRow(
      barisAman({
        nama: k.nama,
        tipe: k.tipe,
        wajib: k.wajib ? 'ya' : 'tidak',
        contoh: k.contoh,
        keterangan: k.keterangan,
      }),
    );
  help.addRow({});
  help.addRow(
    barisAman({
      nama: 'Kunci',
      keterangan: `Baris dicocokkan dengan data yang ada menurut: ${def.kunci.join(' + ')}. Impor tidak pernah menghapus data.`,
    }),
  );
  help.addRow(
    barisAman({
      nama: 'Format',
      keterangan:
        'XLSX (lembar pertama), CSV UTF-8 dengan pemisah ; atau , , atau JSON Lines. Tanggal DD/MM/YYYY atau YYYY-MM-DD; desimal dengan koma atau titik.',
    }),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface Ditolak {
  baris: number;
  alasan: string;
  asli: Record<string, unknown>;
}

/** The rejected rows as they were, with their row number and why, first. */
export async function berkasDitolak(rows: Ditolak[], format: 'csv' | 'xlsx', jenis: ImporJenis): Promise<Buffer> {
  // The kind's columns in their order (jsonb keeps keys sorted), then any others the file had.
  const known = JENIS_IMPOR[jenis].kolom.map((k) => k.nama);
  const others = [...new Set(rows.flatMap((r) => Object.keys(r.asli)))].filter(
    (c) => !c.startsWith('__') && !known.includes(c),
  );
  const columns = [...known, ...others];
  const header = ['baris', 'alasan', ...columns];
  const values = rows.map((r) => [r.baris, r.alasan, ...columns.map((c) => sel(r.asli[c]))]);
  if (format === 'csv') {
    const lines = [header, ...values].map((line) => line.map(csvCell).join(';'));
    return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Ditolak');
  sheet.addRow(header.map(selAman)).font = { bold: true };
  for (const line of values) sheet.addRow(line.map(selAman));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
