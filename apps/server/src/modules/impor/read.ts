// Issue #18: reading a selection-data file row by row, whatever its format — CSV (UTF-8 with or
// without BOM, `;` as Excel writes it in the Indonesian locale, or `,`), XLSX (the first sheet)
// or JSON Lines — as {row number, column → text}. Streams: a file of a million rows is never
// held whole. A file that is not UTF-8 is refused with a message saying so; so is every file the
// libraries cannot read (issue #30): their errors become a 400 naming what is wrong, here, where
// the file is read. An XLSX reaches exceljs only through xlsx.ts.

import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pipeline, Transform } from 'node:stream';
import { IMPOR_ERROR_CODES } from '@portal/contract';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../errors.js';
import { bukaXlsx } from './xlsx.js';

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

/** A row longer than this is no row of ours (35 columns of at most 300 characters): a quote left open. */
const CSV_MAX_RECORD_BYTES = 1024 * 1024;

/**
 * How every CSV is read: the header's names folded, rows of any length, blank lines skipped. A
 * quote inside a cell that does not start with one is the character itself (relax_quotes):
 * `Badan "Uji" Kutip` is a name, as Excel reads it too.
 */
const csvOptions = (delimiter: string) => ({
  delimiter,
  bom: true,
  columns: (header: string[]) => header.map(namaKolom),
  relax_column_count: true,
  relax_quotes: true,
  max_record_size: CSV_MAX_RECORD_BYTES,
  skip_empty_lines: true,
  trim: true,
  info: true,
});

/**
 * csv-parse's complaint as the operator's refusal. `baris` is the row after the last one read:
 * where an unclosed quote opened (csv-parse only knows where the file ended).
 */
function galatCsv(error: unknown, baris: number, awalan = ''): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('CSV_')) return error;
  const lines = (error as { lines?: unknown }).lines;
  const pada = typeof lines === 'number' && lines > 0 ? lines : baris;
  const tolak = (message: string, row: number) =>
    new AppError(400, IMPOR_ERROR_CODES.formatFile, `${awalan}${message}`, { baris: row, sebab: code });
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return tolak(
        `Tanda kutip (") yang dibuka pada baris ${baris} tidak pernah ditutup. Tutup tanda kutipnya, atau hapus bila tidak perlu.`,
        baris,
      );
    case 'CSV_MAX_RECORD_SIZE':
      return tolak(
        `Baris ${baris} terlalu panjang (lebih dari 1 MB), biasanya karena tanda kutip (") yang tidak ditutup.`,
        baris,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return tolak(
        `Tanda kutip (") pada baris ${pada} tidak sah: di dalam sel yang diapit tanda kutip, tulis "" untuk satu tanda kutip.`,
        pada,
      );
    default:
      return tolak(
        `Berkas CSV tidak dapat dibaca pada baris ${pada}. Simpan ulang dari Excel sebagai "CSV UTF-8".`,
        pada,
      );
  }
}

async function* bacaCsv(file: string): AsyncIterable<BarisMentah> {
  const delimiter = await separatorOf(file);
  const parser = parse(csvOptions(delimiter));
  // pipeline, not pipe: an encoding error must end the reading, not leave it waiting.
  pipeline(createReadStream(file), utf8Check(), parser, () => undefined);
  let terakhir = 1; // the header
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      terakhir = info.lines;
      yield { baris: info.lines, nilai: record };
    }
  } catch (error) {
    throw galatCsv(error, terakhir + 1);
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
  const xlsx = await bukaXlsx(file);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(xlsx.stream, { sharedStrings: 'cache', worksheets: 'emit' });
    const sheets = reader[Symbol.asyncIterator]();
    const first = await xlsx.jaga(sheets.next());
    if (!first.done) {
      // The first sheet only.
      const rows = (first.value as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
      let header: string[] | null = null;
      for (;;) {
        const step = await xlsx.jaga(rows.next());
        if (step.done) break;
        const row = step.value;
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
    }
    await xlsx.selesai();
  } finally {
    xlsx.tutup();
  }
}

const PESAN_RUSAK: Record<Format, string> = {
  csv: 'Berkas CSV tidak dapat dibaca. Simpan ulang dari Excel sebagai "CSV UTF-8".',
  xlsx: 'Berkas XLSX tidak dapat dibaca: isinya rusak atau tidak lengkap. Buka dan simpan ulang dari Excel, atau unggah CSV.',
  jsonl: 'Berkas JSON Lines tidak dapat dibaca.',
};

/**
 * The boundary where a file is read: what the parsing libraries throw (exceljs, csv-parse, the
 * ZIP readers) is the file's fault, a 400 naming the format. The server's own faults (the disk:
 * an error with a syscall) stay what they are.
 */
async function* dariBerkas(format: Format, rows: AsyncIterable<BarisMentah>): AsyncIterable<BarisMentah> {
  try {
    yield* rows;
  } catch (error) {
    if (error instanceof AppError || (error instanceof Error && 'syscall' in error)) throw error;
    throw new AppError(400, IMPOR_ERROR_CODES.formatFile, PESAN_RUSAK[format], {
      sebab: error instanceof Error ? error.message : String(error),
    });
  }
}

export function bacaBerkas(file: string, format: Format): AsyncIterable<BarisMentah> {
  if (format === 'csv') return dariBerkas(format, bacaCsv(file));
  if (format === 'jsonl') return dariBerkas(format, bacaJsonl(file));
  return dariBerkas(format, bacaXlsx(file));
}

const MANIFEST_NAMA = 'manifest.csv';

/** A small CSV held in memory (a document archive's manifest): the same rules as a CSV file. */
export function bacaManifest(text: string): BarisMentah[] {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  const delimiter = first.split(';').length > first.split(',').length ? ';' : ',';
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseSync(text, csvOptions(delimiter));
  } catch (error) {
    // Where the last whole row ended: the row after it is where the trouble starts.
    const read = (error as { bytes_records?: unknown }).bytes_records;
    const upTo = Buffer.from(text, 'utf8').subarray(0, typeof read === 'number' ? read : 0);
    const baris = Math.max(2, upTo.toString('utf8').split('\n').length);
    const galat = galatCsv(error, baris, `${MANIFEST_NAMA}: `);
    throw galat instanceof AppError
      ? galat
      : new AppError(400, IMPOR_ERROR_CODES.formatFile, `${MANIFEST_NAMA} tidak dapat dibaca.`);
  }
  return records.map(({ record, info }) => ({ baris: info.lines, nilai: record }));
}
