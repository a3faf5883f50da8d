// Issue #35: reads one stored file into pages of words. A born-digital PDF's own text is taken as
// it is; an image, or a PDF page without text, is normalised (grey, contrast stretched, large
// pages scaled down) and read by Tesseract 5 with the Indonesian model (tesseract.js, its model
// from the @tesseract.js-data/ind package folder: nothing is downloaded at run time). Tesseract runs
// in its own worker thread; it is ended and started again when a page takes too long. A reader
// calls this in a thread of its own (utas.ts), never in the one answering requests.
//
// Limits per document (a hostile or broken file becomes a reason, never a crash): the file's size,
// the pages read, the pixels of an image before it is decoded (decompression bombs), and the time.

import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Canvas, createCanvas, loadImage } from '@napi-rs/canvas';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { Baris, HalamanBaca } from './jenis.js';
import { AMBANG_KEYAKINAN_KATA } from './periksa.js';
import { gambarKecil, halamanTampilan, layakTampil, pdfDariGambar, type Tampilan } from './tampilan.js';

const require = createRequire(import.meta.url);
const TESSERACT_VERSI = (require('tesseract.js/package.json') as { version: string }).version;
const MODEL = '4.0.0_best_int';
const MODEL_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/ind/package.json')), MODEL);

/** The engine as findings record it. */
export const MESIN_OCR = `tesseract.js ${TESSERACT_VERSI} (Tesseract 5, ind ${MODEL})`;

export interface BatasBaca {
  /** Bytes of a file the reader opens at all. */
  ukuran: number;
  /** Pages read of a PDF; later pages are not read (the reading says so). */
  halaman: number;
  /** Pixels of one image or rendered page, checked before decoding. */
  piksel: number;
  /** Seconds for the whole document. */
  detik: number;
}

export const BATAS_BACA: BatasBaca = { ukuran: 20 * 1024 * 1024, halaman: 10, piksel: 40_000_000, detik: 60 };

/** The longest side a page is read at: larger scans are scaled down (≈ 200 dpi on A4). */
const SISI_MAKS = 2400;
/** PDF pages are rendered at this many pixels per point (200 dpi). */
const SKALA_PDF = 200 / 72;
/** A PDF page whose own text has at least this many letters or digits is born-digital. */
const TEKS_PDF_MIN = 20;

/** A file the reader refuses or cannot read; `message` says why, in Indonesian. */
export class TidakTerbaca extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TidakTerbaca';
  }
}

export interface HasilBaca {
  halaman: HalamanBaca[];
  /** The first page's 64-bit difference hash (16 hex digits); null for a text-only PDF. */
  sidik: string | null;
  mesin: string;
  /** Pages of the file, when more than were read. */
  halamanTotal: number;
  /** Issue #32: the file at the size a screen needs, when every page was drawn and it saves enough. */
  tampilan: Tampilan | null;
}

/** A deadline for the whole document: past it, the reading ends with a reason. */
class Tenggat {
  readonly at: number;
  constructor(detik: number) {
    this.at = Date.now() + detik * 1000;
  }
  sisa(): number {
    const left = this.at - Date.now();
    if (left <= 0) throw new TidakTerbaca('Waktu membaca dokumen habis.');
    return left;
  }
}

// ---------------------------------------------------------------------------------------------
// Images: size from the header, before anything is decoded.

/** Width and height from a JPEG's frame header or a PNG's IHDR; null when neither is found. */
export function ukuranGambar(bytes: Uint8Array): { lebar: number; tinggi: number } | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes.length >= 24) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { lebar: view.getUint32(16), tinggi: view.getUint32(20) };
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) {
      offset++;
      continue;
    }
    const marker = bytes[offset + 1] as number;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = ((bytes[offset + 2] as number) << 8) | (bytes[offset + 3] as number);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const tinggi = ((bytes[offset + 5] as number) << 8) | (bytes[offset + 6] as number);
      const lebar = ((bytes[offset + 7] as number) << 8) | (bytes[offset + 8] as number);
      return { lebar, tinggi };
    }
    offset += 2 + length;
  }
  return null;
}

function periksaPiksel(lebar: number, tinggi: number, batas: BatasBaca) {
  if (lebar <= 0 || tinggi <= 0) throw new TidakTerbaca('Ukuran gambar tidak sah.');
  if (lebar * tinggi > batas.piksel) {
    throw new TidakTerbaca(
      `Gambar terlalu besar untuk dibaca otomatis (${lebar}×${tinggi} piksel, batas ${Math.round(batas.piksel / 1e6)} megapiksel).`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Normalising a page before OCR, and its fingerprint.

/** Grey, contrast stretched between the 1st and 99th percentile, at most SISI_MAKS on its longest side. */
function normalkan(source: Canvas | Awaited<ReturnType<typeof loadImage>>, lebar: number, tinggi: number): Canvas {
  const { canvas, ctx, w, h } = gambarKecil(source, lebar, tinggi, SISI_MAKS);
  const image = ctx.getImageData(0, 0, w, h);
  const data = image.data;
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i += 4) {
    const grey = Math.round(
      0.299 * (data[i] as number) + 0.587 * (data[i + 1] as number) + 0.114 * (data[i + 2] as number),
    );
    data[i] = grey;
    histogram[grey] = (histogram[grey] as number) + 1;
  }
  const total = w * h;
  let low = 0;
  let high = 255;
  for (let seen = 0, v = 0; v < 256; v++) {
    seen += histogram[v] as number;
    if (seen >= total * 0.01) {
      low = v;
      break;
    }
  }
  for (let seen = 0, v = 255; v >= 0; v--) {
    seen += histogram[v] as number;
    if (seen >= total * 0.01) {
      high = v;
      break;
    }
  }
  const range = Math.max(1, high - low);
  for (let i = 0; i < data.length; i += 4) {
    const v = Math.max(0, Math.min(255, Math.round((((data[i] as number) - low) * 255) / range)));
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
    data[i + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
  return canvas;
}

/** A 64-bit difference hash: 9×8 grey cells, each bit "brighter than its right neighbour". */
export function sidikGambar(canvas: Canvas): string {
  const small = createCanvas(9, 8);
  const ctx = small.getContext('2d');
  ctx.drawImage(canvas, 0, 0, 9, 8);
  const data = ctx.getImageData(0, 0, 9, 8).data;
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const left = data[(y * 9 + x) * 4] as number;
      const right = data[(y * 9 + x + 1) * 4] as number;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

// ---------------------------------------------------------------------------------------------
// Tesseract: one worker per reader, started on first use and replaced after a timeout.

interface TesseractWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TesseractLine {
  text: string;
  confidence: number;
  words: TesseractWord[];
}

/** An OCR engine: words and lines of one normalised page image (PNG), within `ms` milliseconds. */
export interface MesinOcr {
  readonly mesin: string;
  baca(png: Buffer, lebar: number, tinggi: number, ms: number): Promise<HalamanBaca>;
  tutup(): Promise<void>;
}

/** Mean confidence of a page's words. */
const rerata = (baris: Baris[]) => {
  const words = baris.flatMap((line) => line.kata);
  return words.length ? words.reduce((sum, word) => sum + word.keyakinan, 0) / words.length : 0;
};

export class Ocr implements MesinOcr {
  readonly mesin = MESIN_OCR;
  #worker: Promise<Worker> | null = null;

  #mulai(): Promise<Worker> {
    this.#worker ??= createWorker('ind', OEM.LSTM_ONLY, {
      langPath: MODEL_PATH,
      gzip: true,
      cacheMethod: 'none',
      // Errors come back as rejected recognitions; nothing is printed.
      errorHandler: () => undefined,
    })
      .then(async (worker) => {
        // Pages are normalised to about 200 dpi; saying so keeps Tesseract from guessing (and printing it).
        await worker.setParameters({ user_defined_dpi: '200' });
        return worker;
      })
      .catch((error) => {
        this.#worker = null;
        throw error;
      });
    return this.#worker;
  }

  /** Words and lines of one normalised page image (PNG bytes), within `ms` milliseconds. */
  async baca(png: Buffer, lebar: number, tinggi: number, ms: number): Promise<HalamanBaca> {
    const worker = await this.#mulai();
    let timer: NodeJS.Timeout | undefined;
    const habis = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TidakTerbaca('Waktu membaca dokumen habis.')), ms);
    });
    try {
      const result = await Promise.race([
        worker.recognize(png, { rotateAuto: true }, { blocks: true, text: false }),
        habis,
      ]);
      const lines: TesseractLine[] = (result.data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) => paragraph.lines as unknown as TesseractLine[]),
      );
      const baris: Baris[] = lines
        .map((line) => ({
          teks: line.text.trim(),
          keyakinan: line.confidence,
          kata: line.words
            .filter((word) => word.text.trim() !== '')
            .map((word) => ({ teks: word.text.trim(), keyakinan: word.confidence, ...word.bbox })),
        }))
        .filter((line) => line.kata.length > 0);
      return { lebar, tinggi, baris, keyakinan: rerata(baris), sumber: 'OCR' };
    } catch (error) {
      // A recognition cut short leaves the worker busy: end it, the next page starts a new one.
      if (error instanceof TidakTerbaca) await this.tutup();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async tutup(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await (await worker.catch(() => null))?.terminate();
  }
}

/** Debian's `tesseract` (tesseract-ocr + tesseract-ocr-ind), when installed: one process per page. */
export class OcrNative implements MesinOcr {
  constructor(readonly mesin: string) {}

  /** The native engine when `tesseract` runs and has the Indonesian model; null otherwise. */
  static cari(): OcrNative | null {
    const version = spawnSync('tesseract', ['--version'], { encoding: 'utf8' });
    const langs = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
    if (version.status !== 0 || !/^ind$/m.test(langs.stdout ?? '')) return null;
    const line = (version.stdout || version.stderr).split('\n')[0]?.trim() ?? 'tesseract';
    return new OcrNative(`${line} (native, ind)`);
  }

  async baca(png: Buffer, lebar: number, tinggi: number, ms: number): Promise<HalamanBaca> {
    const tsv = await new Promise<string>((resolve, reject) => {
      const child = spawn('tesseract', ['stdin', 'stdout', '-l', 'ind', '--dpi', '200', '--oem', '1', 'tsv'], {
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new TidakTerbaca('Waktu membaca dokumen habis.'));
      }, ms);
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(Buffer.concat(chunks).toString('utf8'));
        else reject(new Error(`tesseract berhenti dengan kode ${code}`));
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(png);
    });
    // level page block par line word left top width height conf text
    const lines = new Map<string, Baris>();
    for (const row of tsv.split('\n').slice(1)) {
      const cells = row.split('\t');
      if (cells[0] !== '5' || cells.length < 12) continue;
      const text = (cells[11] ?? '').trim();
      if (!text) continue;
      const [left, top, width, height, conf] = cells.slice(6, 11).map(Number) as [
        number,
        number,
        number,
        number,
        number,
      ];
      const key = cells.slice(1, 5).join('.');
      const line = lines.get(key) ?? { teks: '', keyakinan: 0, kata: [] };
      line.kata.push({
        teks: text,
        keyakinan: Math.max(0, conf),
        x0: left,
        y0: top,
        x1: left + width,
        y1: top + height,
      });
      lines.set(key, line);
    }
    const baris = [...lines.values()].map((line) => ({
      ...line,
      teks: line.kata.map((word) => word.teks).join(' '),
      keyakinan: line.kata.reduce((sum, word) => sum + word.keyakinan, 0) / line.kata.length,
    }));
    return { lebar, tinggi, baris, keyakinan: rerata(baris), sumber: 'OCR' };
  }

  async tutup(): Promise<void> {}
}

// ---------------------------------------------------------------------------------------------
// A page on its side or upside down (a phone photo turned, a scan fed the wrong way round).
// Tesseract's own deskew corrects a few degrees only: a page with few clear words is read again
// turned a quarter, three quarters and half round, and the turn with the most clear words is kept,
// its boxes put back on the page as stored (the viewer outlines them on the original).

/** A page with fewer clear words than this may be turned. */
const KATA_JELAS_MIN = 8;
const PUTARAN = [90, 270, 180] as const;
type Putaran = (typeof PUTARAN)[number];

const kataJelas = (page: HalamanBaca) =>
  page.baris
    .flatMap((line) => line.kata)
    .filter((word) => word.keyakinan >= AMBANG_KEYAKINAN_KATA && (word.teks.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2)
    .length;

/** The page turned clockwise by `sudut` degrees. */
function putar(source: Canvas, sudut: Putaran): Canvas {
  const miring = sudut !== 180;
  const canvas = createCanvas(miring ? source.height : source.width, miring ? source.width : source.height);
  const ctx = canvas.getContext('2d');
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((sudut * Math.PI) / 180);
  ctx.drawImage(source, -source.width / 2, -source.height / 2);
  return canvas;
}

/** A page read turned by `sudut`, its boxes on the unturned page of `lebar` × `tinggi`. */
export function kembalikanPutaran(page: HalamanBaca, sudut: Putaran, lebar: number, tinggi: number): HalamanBaca {
  const titik = (x: number, y: number): [number, number] =>
    sudut === 90 ? [y, tinggi - x] : sudut === 270 ? [lebar - y, x] : [lebar - x, tinggi - y];
  const baris = page.baris.map((line) => ({
    ...line,
    kata: line.kata.map((word) => {
      const [ax, ay] = titik(word.x0, word.y0);
      const [bx, by] = titik(word.x1, word.y1);
      return { ...word, x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) };
    }),
  }));
  return { ...page, lebar, tinggi, baris };
}

/** OCR of one normalised page, turned round when it reads better so. */
async function bacaHalaman(normal: Canvas, ocr: MesinOcr, tenggat: Tenggat): Promise<HalamanBaca> {
  let terbaik = await ocr.baca(normal.encodeSync('png'), normal.width, normal.height, tenggat.sisa());
  let jelas = kataJelas(terbaik);
  if (jelas >= KATA_JELAS_MIN) return terbaik;
  for (const sudut of PUTARAN) {
    const turned = putar(normal, sudut);
    const read = await ocr.baca(turned.encodeSync('png'), turned.width, turned.height, tenggat.sisa());
    const count = kataJelas(read);
    if (count > jelas && count >= KATA_JELAS_MIN) {
      terbaik = kembalikanPutaran(read, sudut, normal.width, normal.height);
      jelas = count;
    }
    if (jelas >= 2 * KATA_JELAS_MIN) break;
  }
  return terbaik;
}

// ---------------------------------------------------------------------------------------------
// PDFs: pdf.js reads the text layer and renders pages without text (on @napi-rs/canvas).

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;
const loadPdfJs = () => {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
};

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** A born-digital page's own text as lines of words, boxes in the page's pixels at SKALA_PDF. */
function halamanTeks(items: PdfTextItem[], lebar: number, tinggi: number): HalamanBaca {
  const byLine = new Map<number, Baris>();
  for (const item of items) {
    const text = item.str.trim();
    if (!text) continue;
    const [, , , , x = 0, y = 0] = item.transform;
    const key = Math.round(y);
    const height = (item.height || Math.abs(item.transform[3] ?? 10)) * SKALA_PDF;
    const x0 = x * SKALA_PDF;
    const y1 = tinggi - y * SKALA_PDF;
    const line = byLine.get(key) ?? { teks: '', keyakinan: 100, kata: [] };
    let cursor = x0;
    const perChar = (item.width * SKALA_PDF) / Math.max(1, item.str.length);
    for (const part of item.str.split(/(\s+)/)) {
      if (part.trim()) {
        line.kata.push({
          teks: part,
          keyakinan: 100,
          x0: cursor,
          y0: y1 - height,
          x1: cursor + part.length * perChar,
          y1,
        });
      }
      cursor += part.length * perChar;
    }
    byLine.set(key, line);
  }
  const baris = [...byLine.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, line]) => {
      line.kata.sort((a, b) => a.x0 - b.x0);
      return { ...line, teks: line.kata.map((word) => word.teks).join(' ') };
    });
  return { lebar, tinggi, baris, keyakinan: 100, sumber: 'TEKS_PDF' };
}

/**
 * `ocr` null: only the rendition (issue #32) of a document the portal does not read (a pas foto, a
 * letter): its pages drawn, nothing read, hashed or checked.
 */
async function bacaPdf(
  bytes: Uint8Array,
  ocr: MesinOcr | null,
  batas: BatasBaca,
  tenggat: Tenggat,
): Promise<HasilBaca> {
  const { getDocument } = await loadPdfJs();
  let document: Awaited<ReturnType<typeof getDocument>['promise']>;
  try {
    document = await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      stopAtErrors: true,
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new TidakTerbaca('Berkas PDF dienkripsi atau berkata sandi.');
    throw new TidakTerbaca('Berkas PDF rusak atau tidak dapat dibuka.');
  }
  try {
    const halamanTotal = document.numPages;
    const halaman: HalamanBaca[] = [];
    let sidik: string | null = null;
    // Every page drawn (a scan): the pages as shown, made from what was drawn to be read.
    const gambar: { jpeg: Buffer; lebarPt: number; tinggiPt: number }[] = [];
    for (let nomor = 1; nomor <= Math.min(halamanTotal, batas.halaman); nomor++) {
      tenggat.sisa();
      const page = await document.getPage(nomor);
      const viewport = page.getViewport({ scale: SKALA_PDF });
      const lebar = Math.ceil(viewport.width);
      const tinggi = Math.ceil(viewport.height);
      periksaPiksel(lebar, tinggi, batas);
      const content = await page.getTextContent();
      const items = content.items.filter((item) => 'str' in item) as PdfTextItem[];
      const letters = items.reduce((sum, item) => sum + item.str.replace(/[^\p{L}\p{N}]/gu, '').length, 0);
      if (letters >= TEKS_PDF_MIN) {
        halaman.push(halamanTeks(items, lebar, tinggi));
        page.cleanup();
        continue;
      }
      const canvas = createCanvas(lebar, tinggi);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, lebar, tinggi);
      await page.render({ canvas: canvas as never, canvasContext: ctx as never, viewport }).promise;
      page.cleanup();
      gambar.push({
        jpeg: halamanTampilan(canvas, lebar, tinggi),
        lebarPt: viewport.width / SKALA_PDF,
        tinggiPt: viewport.height / SKALA_PDF,
      });
      if (!ocr) continue;
      const normal = normalkan(canvas, lebar, tinggi);
      if (nomor === 1) sidik = sidikGambar(normal);
      halaman.push(await bacaHalaman(normal, ocr, tenggat));
    }
    return {
      halaman,
      sidik,
      mesin: !ocr ? MESIN_TAMPILAN : halaman.some((page) => page.sumber === 'OCR') ? ocr.mesin : 'teks PDF',
      halamanTotal,
      tampilan:
        gambar.length === halamanTotal
          ? layakTampil({ bytes: await pdfDariGambar(gambar), mime: 'application/pdf' }, bytes.length)
          : null,
    };
  } finally {
    await document.destroy();
  }
}

async function bacaGambar(
  bytes: Uint8Array,
  ocr: MesinOcr | null,
  batas: BatasBaca,
  tenggat: Tenggat,
): Promise<HasilBaca> {
  const size = ukuranGambar(bytes);
  if (!size) throw new TidakTerbaca('Berkas gambar rusak atau bukan JPEG/PNG.');
  periksaPiksel(size.lebar, size.tinggi, batas);
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes));
  } catch {
    throw new TidakTerbaca('Berkas gambar rusak atau tidak dapat dibuka.');
  }
  const tampilan = layakTampil(
    { bytes: new Uint8Array(halamanTampilan(image, image.width, image.height)), mime: 'image/jpeg' },
    bytes.length,
  );
  if (!ocr) return { halaman: [], sidik: null, mesin: MESIN_TAMPILAN, halamanTotal: 1, tampilan };
  const normal = normalkan(image, image.width, image.height);
  const sidik = sidikGambar(normal);
  const halaman = await bacaHalaman(normal, ocr, tenggat);
  return { halaman: [halaman], sidik, mesin: ocr.mesin, halamanTotal: 1, tampilan };
}

/** What a document of a kind the portal does not read gets: its rendition only (issue #32). */
export const MESIN_TAMPILAN = 'tampilan ringkas saja';

/**
 * Reads one stored file (`ocr` null: draws its rendition only). Throws TidakTerbaca with the
 * reason when it cannot or may not.
 */
export async function bacaBerkas(
  bytes: Uint8Array,
  mime: string,
  ocr: MesinOcr | null,
  batas: BatasBaca = BATAS_BACA,
): Promise<HasilBaca> {
  if (bytes.length > batas.ukuran) {
    throw new TidakTerbaca(
      `Berkas terlalu besar untuk dibaca otomatis (batas ${Math.round(batas.ukuran / 1048576)} MB).`,
    );
  }
  const tenggat = new Tenggat(batas.detik);
  if (mime === 'application/pdf') return bacaPdf(bytes, ocr, batas, tenggat);
  if (mime === 'image/jpeg' || mime === 'image/png') return bacaGambar(bytes, ocr, batas, tenggat);
  throw new TidakTerbaca(`Jenis berkas ${mime} tidak dibaca otomatis.`);
}
