// The export writer's dates: WIB wall-clock in CSV as DD/MM/YYYY [HH.mm], in Excel as real dates.

import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExportColumn, formatCsvDate, wallClock, writeCsv, writeXlsx } from './sheet.js';

interface Row {
  nama: string;
  lahir: string;
  waktu: string | null;
}
const COLUMNS: ExportColumn<Row>[] = [
  { header: 'Nama', width: 10, value: (row) => row.nama },
  { header: 'Lahir', width: 10, kind: 'date', value: (row) => row.lahir },
  { header: 'Waktu', width: 10, kind: 'datetime', value: (row) => row.waktu },
];
const ROWS: Row[] = [
  { nama: 'Siti; "Ani"', lahir: '1990-02-28', waktu: '2024-09-05T21:21:00' },
  { nama: 'Budi', lahir: '1985-12-01', waktu: null },
];

async function* batches() {
  yield ROWS;
}

async function collect(produce: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  const done = new Promise((resolve) => out.on('end', resolve));
  await produce(out);
  await done;
  return Buffer.concat(chunks);
}

describe('export sheet', () => {
  it('reads WIB wall-clock as is, and an instant with an offset on the WIB clock', () => {
    expect(wallClock('2024-09-05T21:21:00')?.toISOString()).toBe('2024-09-05T21:21:00.000Z');
    expect(wallClock('2024-09-05T14:21:00Z')?.toISOString()).toBe('2024-09-05T21:21:00.000Z');
    expect(wallClock('bukan tanggal')).toBeNull();
    expect(formatCsvDate('2024-09-05', 'date')).toBe('05/09/2024');
    expect(formatCsvDate('2024-09-05T21:21:00', 'datetime')).toBe('05/09/2024 21.21');
  });

  it('writes CSV with DD/MM/YYYY dates and quoted cells', async () => {
    const text = (await collect((out) => writeCsv(out, COLUMNS, batches()))).toString('utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Nama;Lahir;Waktu',
      '"Siti; ""Ani""";28/02/1990;05/09/2024 21.21',
      'Budi;01/12/1985;',
      '',
    ]);
  });

  it('writes Excel dates as dates with an Indonesian format, not as text', async () => {
    const file = await collect((out) => writeXlsx(out, COLUMNS, batches(), 'Uji'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]?.getRow(2);
    expect(row?.getCell(2).value).toEqual(new Date('1990-02-28T00:00:00Z'));
    expect(row?.getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(row?.getCell(3).value).toEqual(new Date('2024-09-05T21:21:00Z'));
    expect(row?.getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(workbook.worksheets[0]?.getRow(3).getCell(3).value).toBeNull();
  });
});
