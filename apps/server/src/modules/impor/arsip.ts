// Issue #18, kind `dokumen`: the applicants' documents come as a ZIP (or, on the command line, a
// folder) holding `manifest.csv` (nomor_peserta; jenis; nama_file) and the files it names. Read
// defensively: names that climb out of the archive (`..`, absolute, backslashes) and archives
// that inflate far beyond their size (zip bombs) refuse the whole file; each file is checked by
// its content (PDF, JPEG or PNG), not its extension, and bounded in size.

import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { IMPOR_ERROR_CODES } from '@portal/contract';
import yauzl from 'yauzl';
import { AppError } from '../../errors.js';

/** Largest document accepted (SSCASN's own limit per upload is a few MB). */
export const DOKUMEN_MAX_BYTES = 10 * 1024 * 1024;
/** What an archive may inflate to, in all, and how much more than its own size. */
const TOTAL_MAX_BYTES = 8 * 1024 * 1024 * 1024;
const MAX_RATIO = 50;
const MAX_ENTRIES = 500_000;

export const MANIFEST = 'manifest.csv';

export interface Arsip {
  /** File names in the archive (normalised, "/" separated) and their sizes. */
  entries: Map<string, number>;
  read(name: string): Promise<Buffer>;
  close(): void;
}

const berbahaya = (message: string) => new AppError(400, IMPOR_ERROR_CODES.formatFile, message);

/** A name inside the archive, or a refusal when it could point outside it. */
function safeName(name: string): string {
  if (name.includes('\\') || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split('/').includes('..')) {
    throw berbahaya(`Arsip ditolak: nama berkas "${name.slice(0, 120)}" keluar dari folder arsip.`);
  }
  return name.replace(/^\.\//, '');
}

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(berbahaya('Berkas bukan arsip ZIP yang sah.')) : resolve(zip)),
    ),
  );

export async function bukaZip(file: string): Promise<Arsip> {
  const zip = await openZip(file);
  const { size } = await stat(file);
  const entries = new Map<string, number>();
  const raw = new Map<string, yauzl.Entry>();
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        const name = safeName(entry.fileName);
        total += entry.uncompressedSize;
        if (raw.size >= MAX_ENTRIES)
          throw berbahaya(`Arsip ditolak: lebih dari ${MAX_ENTRIES.toLocaleString('id-ID')} berkas.`);
        if (total > TOTAL_MAX_BYTES || total > Math.max(size, 1) * MAX_RATIO + 64 * 1024 * 1024) {
          throw berbahaya('Arsip ditolak: isinya jauh lebih besar dari arsipnya (dicurigai bom ZIP).');
        }
        entries.set(name, entry.uncompressedSize);
        raw.set(name, entry);
        zip.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    zip.on('end', () => resolve());
    // yauzl refuses hostile names itself ("invalid relative path", "absolute path").
    zip.on('error', (error: Error) =>
      reject(
        /relative path|absolute path|invalid characters/.test(error.message)
          ? berbahaya('Arsip ditolak: ada nama berkas yang keluar dari folder arsip.')
          : berbahaya('Arsip ZIP rusak atau tidak lengkap.'),
      ),
    );
    zip.readEntry();
  }).catch((error: unknown) => {
    zip.close();
    throw error;
  });
  return {
    entries,
    async read(name) {
      const entry = raw.get(name);
      if (!entry) throw new Error(`tidak ada ${name}`);
      const chunks: Buffer[] = [];
      let length = 0;
      try {
        const stream = await zip.openReadStreamPromise(entry);
        for await (const chunk of stream) {
          length += (chunk as Buffer).length;
          // Never trust the declared size alone: stop at the limit while inflating.
          if (length > Math.max(DOKUMEN_MAX_BYTES, name === MANIFEST ? 256 * 1024 * 1024 : 0)) {
            stream.destroy();
            throw berbahaya(`Arsip ditolak: ${name} lebih besar dari yang dinyatakan.`);
          }
          chunks.push(chunk as Buffer);
        }
      } catch (error) {
        // Issue #30: what yauzl or zlib say of a hostile or broken entry (larger or smaller than
        // declared, not inflatable, encrypted) is the archive's fault, not the server's.
        if (error instanceof AppError) throw error;
        const sebab = error instanceof Error ? error.message : String(error);
        throw new AppError(
          400,
          IMPOR_ERROR_CODES.formatFile,
          /too many bytes/.test(sebab)
            ? `Arsip ditolak: ${name} lebih besar dari yang dinyatakan.`
            : `Arsip ZIP rusak: ${name} tidak dapat dibuka.`,
          { berkas: name, sebab },
        );
      }
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}

/** A folder as an archive (the command line): the same names, read from disk, never outside it. */
export async function bukaFolder(root: string): Promise<Arsip> {
  const entries = new Map<string, number>();
  const walk = async (dir: string): Promise<void> => {
    for (const item of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) await walk(full);
      else if (item.isFile()) entries.set(path.relative(root, full).split(path.sep).join('/'), (await stat(full)).size);
    }
  };
  await walk(root);
  return {
    entries,
    read: (name) => readFile(path.join(root, safeName(name))),
    close: () => undefined,
  };
}

/** The document's kind by its first bytes, or null when it is none of PDF, JPEG, PNG. */
export function mimeOf(bytes: Buffer): 'application/pdf' | 'image/jpeg' | 'image/png' | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}
