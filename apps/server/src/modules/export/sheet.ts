// The one writer of list exports (issue #3, #19): a list's columns to CSV or Excel, streamed batch
// by batch (constant memory however many rows). Cells are words, never codes (the columns map
// them); dates are real Excel dates (a serial with a DD/MM/YYYY format, sortable and filterable in
// Excel), written in CSV as the screens write them (contract format.ts: "05/09/2024",
// "05/09/2024 21.21 WIB"). Wall-clock times are WIB, the portal's clock. No text cell can run as a
// formula (formula.ts, issue #30). Also the download's headers, alike for every list.
//
// Issue #33: rows are written in slices of a few milliseconds, each followed by a turn of the event
// loop (a batch of 2,000 Excel rows is 40-90 ms of JavaScript), so the requests of everyone else
// are read and answered while an export is written in its request. An export job's file is
// written in a thread of its own (utas-ekspor.ts, job.ts): the instance's thread only reads the
// rows and their cells.

import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ExportFormat, formatTanggal, formatWaktu } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { giliranBerikut, pembagiGiliran } from '../shared/giliran.js';
import { selAman } from './formula.js';

export type CellValue = string | number | null;

export interface ExportColumn<Row> {
  header: string;
  width: number;
  value: (row: Row) => CellValue;
  /** A calendar date (`YYYY-MM-DD`) or a moment (`YYYY-MM-DDTHH:MM[:SS]`, WIB unless it has an offset). */
  kind?: 'date' | 'datetime';
}

const EXCEL_FORMAT = { date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm' } as const;
const WIB_OFFSET_MS = 7 * 3_600_000;

/**
 * The WIB wall-clock of a value as a Date whose UTC fields are that wall-clock (what Excel stores:
 * a serial without a zone). Null when the value is not a date.
 */
export function wallClock(value: string | null): Date | null {
  if (!value) return null;
  const hasOffset = /[zZ]$|[+-]\d{2}:?\d{2}$/.test(value);
  if (hasOffset) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : new Date(instant.getTime() + WIB_OFFSET_MS);
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!match) return null;
  const [, y, m, d, hh = '0', mm = '0', ss = '0'] = match;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm), Number(ss)));
}

/** "05/09/2024" or "05/09/2024 21.21 WIB", as every screen writes them (issue #32); empty for none. */
export function formatCsvDate(value: string | null, kind: 'date' | 'datetime'): string {
  if (!value) return '';
  return kind === 'date' ? formatTanggal(value) : formatWaktu(value);
}

/**
 * One CSV cell: text neutralised (formula.ts), then quoted when it holds a quote, a line break, a
 * tab or either separator — `,` too, so a program reading the file with commas (Excel in an
 * English locale) still sees the cell whole rather than a new cell starting mid-text (OWASP).
 */
export const csvCell = (value: CellValue | undefined): string => {
  const safe = selAman(value);
  const text = safe === null || safe === undefined ? '' : String(safe);
  return /[";,\n\r\t]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * Issue #33: the batches as they are, telling `hitung` how many rows each held once it has been
 * taken for writing (an export job's progress and heartbeat; a job cancelled stops there by throwing).
 */
export async function* terhitung<Row>(
  batches: AsyncIterable<Row[]>,
  hitung?: (rows: number) => Promise<void>,
): AsyncGenerator<Row[]> {
  for await (const batch of batches) {
    yield batch;
    await hitung?.(batch.length);
  }
}

/** Writes respecting backpressure: a slow client slows the reading, not the memory. */
async function write(stream: PassThrough, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

function csvValue<Row>(column: ExportColumn<Row>, row: Row): CellValue {
  const value = column.value(row);
  return column.kind && (typeof value === 'string' || value === null) ? formatCsvDate(value, column.kind) : value;
}

/** How a writer yields between its slices of rows (shared/giliran.ts). */
type Beri = () => Promise<void>;

export async function writeCsv<Row>(
  out: PassThrough,
  columns: ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
  beri: Beri = giliranBerikut,
) {
  // BOM + semicolons: what Excel with an Indonesian locale opens correctly.
  await write(out, `\uFEFF${columns.map((column) => csvCell(column.header)).join(';')}\r\n`);
  const giliran = pembagiGiliran(beri);
  for await (const batch of batches) {
    const lines: string[] = [];
    for (const row of batch) {
      lines.push(columns.map((column) => csvCell(csvValue(column, row))).join(';'));
      await giliran.mungkinBeri();
    }
    if (lines.length > 0) await write(out, `${lines.join('\r\n')}\r\n`);
  }
  out.end();
}

/** Never a formula object: text (neutralised), a number, a date or nothing. */
function xlsxValue<Row>(column: ExportColumn<Row>, row: Row): CellValue | Date {
  const value = column.value(row);
  const date = column.kind && typeof value === 'string' ? wallClock(value) : null;
  return date ?? selAman(value);
}

export async function writeXlsx<Row>(
  out: PassThrough,
  columns: ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
  sheetName: string,
  beri: Beri = giliranBerikut,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Portal Verifikasi ASN';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    style: column.kind ? { numFmt: EXCEL_FORMAT[column.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const giliran = pembagiGiliran(beri);
  for await (const batch of batches) {
    for (const row of batch) {
      sheet.addRow(columns.map((column) => xlsxValue(column, row))).commit();
      await giliran.mungkinBeri();
    }
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}

/** A list's export: its columns, its rows a batch at a time, and the sheet's name. */
export interface DaftarEkspor<Row> {
  kolom: ExportColumn<Row>[];
  batches: AsyncIterable<Row[]>;
  judul: string;
}

/**
 * A list's export as a stream the route sends, written while the rows are read; an error ends the
 * stream. It is what a person is waiting for: broken up, not slowed (issue #33).
 */
export function tulisDaftar<Row>({ kolom, batches, judul }: DaftarEkspor<Row>, format: ExportFormat): PassThrough {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const produce = format === 'csv' ? writeCsv(out, kolom, batches) : writeXlsx(out, kolom, batches, judul);
  produce.catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** A column as the export's thread gets it (plain data): its header, width and kind, not its reading. */
export type KolomLepas = Omit<ExportColumn<unknown>, 'value'>;

/** An export job's file, written in its thread (utas-ekspor.ts). */
export interface TugasEkspor {
  kolom: KolomLepas[];
  format: ExportFormat;
  judul: string;
  /** Where the file is written. */
  berkas: string;
}

export interface HasilEkspor {
  sha256: string;
  ukuran: number;
}

/**
 * Issue #33: a batch's cells, each column's `value` read where the rows are (the calling thread,
 * which has the list's columns), as one JSON text for the export's thread.
 */
export async function* selPerBatch<Row>(
  kolom: ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
): AsyncIterable<string> {
  for await (const batch of batches) yield JSON.stringify(batch.map((row) => kolom.map((column) => column.value(row))));
}

/**
 * In the export's thread: the file of `tugas` written from batches of cells (`selPerBatch`), by the
 * same writers the route streams with (dates and formulas are handled there, from the cell's
 * value and the column's kind), hashed as it is written.
 */
export async function tulisBerkasEkspor(tugas: TugasEkspor, sel: AsyncIterable<string>): Promise<HasilEkspor> {
  const kolom: ExportColumn<CellValue[]>[] = tugas.kolom.map((column, i) => ({
    ...column,
    value: (row) => row[i] ?? null,
  }));
  const batches = (async function* () {
    for await (const teks of sel) yield JSON.parse(teks) as CellValue[][];
  })();
  const hash = createHash('sha256');
  let ukuran = 0;
  await pipeline(
    tulisDaftar({ kolom, batches, judul: tugas.judul }, tugas.format),
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        ukuran += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(tugas.berkas),
  );
  return { sha256: hash.digest('hex'), ukuran };
}

export const EXPORT_MIME: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** An export's download name: `{name}-{YYYYMMDD}.{format}`. */
export function namaUnduhan(name: string, format: ExportFormat): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `${name}-${day}.${format}`;
}

/** Sends an export (being written, or a job's stored file) as a download, never cached. */
export function sendExport(reply: FastifyReply, fileName: string, format: ExportFormat, stream: Readable) {
  return reply
    .header('Content-Type', EXPORT_MIME[format])
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(stream);
}
