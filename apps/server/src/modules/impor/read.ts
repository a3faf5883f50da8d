// Issue #18: reading a selection-data file row by row, whatever its format — CSV (UTF-8 with or
// without BOM, `;` as Excel writes it in the Indonesian locale, or `,`), XLSX (the first sheet)
// or JSON Lines — as {row number, column → text}. Streams: a file of a million rows is never
// held whole. A file that is not UTF-8 is refused with a message saying so.

import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pipeline, Transform } from 'node:stream';
import { IMPOR_ERROR_CODES } from '@portal/contract';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../errors.js';

export type Format = 'csv' | 'xlsx' | 'jsonl';

export interface BarisMentah {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  baris: number;
  nilai: Record<string, string>;
}

export function formatOf(namaFile: string): Format | null {
  const ext = namaFile.toLowerCase().split('.').pop();
  if (ext === 'csv' || ext === 'txt') return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'jsonl' || ext === 'ndjson') return 'jsonl';
  return null;
}

const bukanUtf8 = () =>
  new AppError(
    400,
    IMPOR_ERROR_CODES.formatFile,
    'Berkas harus berformat UTF-8. Simpan ulang dari Excel dengan "CSV UTF-8 (Comma delimited)", atau unggah XLSX.',
  );

/** Column names as written in headers: "Nomor Peserta" and "nomor_peserta" are the same column. */
export const namaKolom = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Checks the bytes are UTF-8 as they pass (a character split between chunks is fine). */
function utf8Check(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        decoder.decode(chunk, { stream: true });
        done(null, chunk);
      } catch {
        done(bukanUtf8());
      }
    },
    flush(done) {
      try {
        decoder.decode();
        done();
      } catch {
        done(bukanUtf8());
      }
    },
  });
}

/** `;` or `,`: whichever the header line has more of (Excel in the Indonesian locale writes `;`). */
async function separatorOf(file: string): Promise<string> {
  const handle = await open(file);
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const first = buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/)[0] ?? '';
    const semicolons = first.split(';').length;
    const commas = first.split(',').length;
    return semicolons > commas ? ';' : ',';
  } finally {
    await handle.close();
  }
}

/** How every CSV is read: the header's names folded, rows of any length, blank lines skipped. */
const csvOptions = (delimiter: string) => ({
  delimiter,
  bom: true,
  columns: (header: string[]) => header.map(namaKolom),
  relax_column_count: true,
  skip_empty_lines: true,
  trim: true,
  info: true,
});

async function* bacaCsv(file: string): AsyncIterable<BarisMentah> {
  const delimiter = await separatorOf(file);
  const parser = parse(csvOptions(delimiter));
  // pipeline, not pipe: an encoding error must end the reading, not leave it waiting.
  pipeline(createReadStream(file), utf8Check(), parser, () => undefined);
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    yield { baris: info.lines, nilai: record };
  }
}

async function* bacaJsonl(file: string): AsyncIterable<BarisMentah> {
  const checked = utf8Check();
  pipeline(createReadStream(file), checked, () => undefined);
  const lines = createInterface({ input: checked, crlfDelay: Number.POSITIVE_INFINITY });
  let baris = 0;
  for await (const line of lines) {
    baris += 1;
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // Reported as a row that cannot be read, not as a broken file.
      yield { baris, nilai: { __rusak: 'baris bukan JSON yang sah' } };
      continue;
    }
    const nilai: Record<string, string> = {};
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, cell] of Object.entries(value))
        nilai[namaKolom(key)] = cell === null || cell === undefined ? '' : String(cell);
    } else nilai.__rusak = 'baris harus objek JSON';
    yield { baris, nilai };
  }
  // readline ends quietly when its input fails: the encoding error is thrown here.
  if (checked.errored) throw checked.errored;
}

/** A cell as text: dates as YYYY-MM-DD (and a time when there is one), numbers with a point. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

async function* bacaXlsx(file: string): AsyncIterable<BarisMentah> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', worksheets: 'emit' });
  for await (const sheet of reader) {
    let header: string[] | null = null;
    for await (const row of sheet) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
      if (!header) {
        header = values.map(namaKolom);
        continue;
      }
      if (values.every((v) => v.trim() === '')) continue;
      const nilai: Record<string, string> = {};
      header.forEach((name, i) => {
        if (name) nilai[name] = values[i] ?? '';
      });
      yield { baris: row.number, nilai };
    }
    return; // the first sheet only
  }
}

export function bacaBerkas(file: string, format: Format): AsyncIterable<BarisMentah> {
  if (format === 'csv') return bacaCsv(file);
  if (format === 'jsonl') return bacaJsonl(file);
  return bacaXlsx(file);
}

/** A small CSV held in memory (a document archive's manifest): the same rules as a CSV file. */
export function bacaManifest(text: string): BarisMentah[] {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  const delimiter = first.split(';').length > first.split(',').length ? ';' : ',';
  const records = parseSync(text, csvOptions(delimiter)) as {
    record: Record<string, string>;
    info: { lines: number };
  }[];
  return records.map(({ record, info }) => ({ baris: info.lines, nilai: record }));
}
