// Issue #30: an uploaded XLSX opened for exceljs's streaming reader without trusting it. exceljs
// unzips leniently (it believes each entry's local header, never checks a size, inflates without
// limit), so it never sees the upload itself: yauzl reads the archive by its central directory,
// inflates each entry exceljs uses while checking it against its declared size, and hands it on
// re-packed uncompressed — exceljs parses exactly the bytes checked here. An XML with a DOCTYPE
// (external entities, entity expansion: XXE) is refused before any parser sees it. Reading the
// rows is read.ts.

import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { IMPOR_ERROR_CODES } from '@portal/contract';
import yauzl from 'yauzl';
import { AppError } from '../../errors.js';

/** The entries exceljs's reader parses; no other entry is ever inflated for it. */
const DIBACA =
  /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|styles\.xml|worksheets\/sheet\d+\.xml)$/;
const LEMBAR = /^xl\/worksheets\/sheet\d+\.xml$/;
/** XML entries (checked for a DOCTYPE even when exceljs does not read them). */
const XML = /\.(xml|rels|vml)$/i;
const MAX_ENTRIES = 10_000;
/** Spreadsheet XML compresses 5–20×; a ZIP bomb a thousand times. The slack lets small files be. */
const MAX_RATIO = 100;
const SLACK_BYTES = 64 * 1024 * 1024;
const TOTAL_MAX_BYTES = 8 * 1024 * 1024 * 1024;
/** An entry's size as a ZIP local header without ZIP64 can say it. */
const ENTRY_MAX_BYTES = 0xffff_ffff;

const tolakBerkas = (message: string, details?: unknown) =>
  new AppError(400, IMPOR_ERROR_CODES.formatFile, message, details);

const bukanXlsx = () =>
  tolakBerkas(
    'Berkas bukan XLSX yang sah (isinya bukan arsip ZIP, atau dilindungi kata sandi). Simpan ulang dari Excel sebagai "Buku Kerja Excel (.xlsx)" tanpa kata sandi.',
  );

/** A library's complaint about the archive, as the operator's refusal (the cause kept in details). */
function rusak(error: unknown, nama?: string): AppError {
  if (error instanceof AppError) return error;
  const sebab = error instanceof Error ? error.message : String(error);
  if (/too many bytes/.test(sebab)) {
    return tolakBerkas(`Berkas XLSX ditolak: isi ${nama ?? 'arsip'} lebih besar dari ukuran yang dinyatakan.`, {
      berkas: nama,
      sebab,
    });
  }
  return tolakBerkas(
    `Berkas XLSX rusak${nama ? ` pada ${nama}` : ''}. Buka dan simpan ulang dari Excel, atau unggah CSV.`,
    { berkas: nama, sebab },
  );
}

/**
 * Finds `<!DOCTYPE` / `<!ENTITY` in an entry read chunk by chunk (the tail of the previous chunk
 * kept, so a declaration split between two chunks is found; NULs dropped, so UTF-16 is too).
 */
function pemeriksaDoctype(nama: string) {
  let ekor = Buffer.alloc(0);
  return (chunk: Buffer) => {
    const bytes = ekor.length ? Buffer.concat([ekor, chunk]) : chunk;
    if (bytes.includes('<!') || bytes.includes('<\0!')) {
      const text = bytes.toString('latin1').replaceAll('\0', '');
      if (/<!\s*(DOCTYPE|ENTITY)/i.test(text)) {
        throw tolakBerkas(
          `Berkas XLSX ditolak: ${nama} memuat deklarasi DOCTYPE, yang tidak pernah ditulis oleh Excel dan dapat dipakai untuk menyerang server.`,
          { berkas: nama },
        );
      }
    }
    ekor = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 32)));
  };
}

/** A ZIP local header of a stored (uncompressed) entry of known size: exceljs reads exactly `size` bytes. */
function localHeader(nama: string, size: number): Buffer {
  const name = Buffer.from(nama, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(0x0800, 6); // names in UTF-8
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(0x21, 12); // 1980-01-01
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/** The end of the re-packed archive (no central directory: a streaming reader does not need one). */
const AKHIR = (() => {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return end;
})();

/**
 * What stopped the re-packed stream, if something did. exceljs never hears of a stream that stops
 * midway (it waits on the entry), so its reading goes through `jaga`, which fails with the
 * refusal as soon as there is one.
 */
class Penjaga {
  galat: AppError | null = null;
  private menunggu: ((error: AppError) => void) | null = null;

  gagal(error: AppError): void {
    this.galat ??= error;
    this.menunggu?.(this.galat);
  }

  jaga<T>(step: Promise<T>): Promise<T> {
    if (this.galat) return Promise.reject(this.galat);
    // One waiter at a time (not Promise.race on a promise that may never settle: that would keep
    // every step of a million rows alive).
    return new Promise<T>((resolve, reject) => {
      this.menunggu = reject;
      step.then(
        (value) => {
          this.menunggu = null;
          resolve(value);
        },
        (error: unknown) => {
          this.menunggu = null;
          reject(this.galat ?? error);
        },
      );
    });
  }
}

export interface XlsxTerbuka {
  /** The re-packed archive, for `new ExcelJS.stream.xlsx.WorkbookReader(stream)`. */
  stream: Readable;
  /** A step of exceljs's reading, failing with the refusal once the stream stopped because of one. */
  jaga<T>(step: Promise<T>): Promise<T>;
  /**
   * Once exceljs has what it needs: the rest of the archive is checked too (an entry after the
   * first sheet may still declare a DOCTYPE or lie about its size), then the refusal, if any, thrown.
   */
  selesai(): Promise<void>;
  /** Stops the stream and closes the file (the reading may stop before the end: first sheet only). */
  tutup(): void;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(bukanXlsx()) : resolve(zip)),
    ),
  );
}

function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > MAX_ENTRIES) {
        reject(tolakBerkas(`Berkas XLSX ditolak: lebih dari ${MAX_ENTRIES.toLocaleString('id-ID')} bagian.`));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: unknown) => reject(rusak(error)));
    zip.readEntry();
  });
}

/**
 * Opens an uploaded XLSX: refused at once (400) when it is not a ZIP, has no worksheet, or would
 * inflate far beyond its size; refused while read when an entry holds a DOCTYPE, is larger than it
 * says or does not inflate.
 */
export async function bukaXlsx(file: string): Promise<XlsxTerbuka> {
  const zip = await openZip(file);
  let tertutup = false;
  const tutupZip = () => {
    if (!tertutup) zip.close();
    tertutup = true;
  };
  let dipakai: yauzl.Entry[];
  try {
    const { size } = await stat(file);
    const entries = await entriesOf(zip);
    dipakai = entries.filter((entry) => DIBACA.test(entry.fileName) || XML.test(entry.fileName));
    if (!dipakai.some((entry) => LEMBAR.test(entry.fileName))) {
      throw tolakBerkas('Berkas XLSX tidak memuat lembar kerja. Unduh template untuk susunan yang benar.');
    }
    const total = dipakai.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (
      dipakai.some((entry) => entry.uncompressedSize > ENTRY_MAX_BYTES) ||
      total > TOTAL_MAX_BYTES ||
      total > size * MAX_RATIO + SLACK_BYTES
    ) {
      throw tolakBerkas('Berkas XLSX ditolak: isinya jauh lebih besar dari berkasnya (dicurigai bom ZIP).');
    }
  } catch (error) {
    tutupZip();
    throw error;
  }

  const penjaga = new Penjaga();
  async function* kemas(): AsyncGenerator<Buffer> {
    let nama: string | undefined;
    try {
      for (const entry of dipakai) {
        nama = entry.fileName;
        const dibaca = DIBACA.test(nama);
        const periksa = pemeriksaDoctype(nama);
        const isi = await zip.openReadStreamPromise(entry);
        if (dibaca) yield localHeader(nama, entry.uncompressedSize);
        for await (const chunk of isi as AsyncIterable<Buffer>) {
          periksa(chunk);
          if (dibaca) yield chunk;
        }
      }
      yield AKHIR;
    } catch (error) {
      penjaga.gagal(rusak(error, nama));
    } finally {
      tutupZip();
    }
  }
  const stream = Readable.from(kemas(), { objectMode: false });
  return {
    stream,
    jaga: (step) => penjaga.jaga(step),
    selesai: async () => {
      stream.unpipe();
      for await (const _ of stream) {
        // Only checked (kemas), not kept.
      }
      if (penjaga.galat) throw penjaga.galat;
    },
    tutup: () => {
      stream.destroy();
      tutupZip();
    },
  };
}
