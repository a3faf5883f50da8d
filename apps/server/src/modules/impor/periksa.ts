// Issue #18 / #33: reading and checking an import's rows, without the database — what a check
// does between the file and its staging (cek.ts). A table (CSV, XLSX, JSON Lines) is read and
// checked in a thread of its own (utas-cek.ts), so the parsing of a million rows never holds the
// thread that answers requests; a document archive's manifest is read here, beside the store its
// files go into. Either way the rows come as batches, in the order of the file.

import { Worker } from 'node:worker_threads';
import { IMPOR_ERROR_CODES, type ImporJenis } from '@portal/contract';
import { AppError } from '../../errors.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { type GalatUtas, galatDariUtas, skripUtas } from '../baca/utas-kerja.js';
import { pembagiGiliran } from '../shared/giliran.js';
import { type Arsip, DOKUMEN_MAX_BYTES, MANIFEST, mimeOf } from './arsip.js';
import { type BarisDiperiksa, type BarisDitolak, JENIS_IMPOR, kunciOf, periksaBaris } from './kinds.js';
import { type BarisMentah, bacaBerkas, bacaManifest, formatOf } from './read.js';

/** Rows per batch (staged in one statement). */
export const BATCH_CEK = 2000;
/** The JavaScript heap a check's thread may use; its batches are small, a huge line is refused. */
const MEMORI_UTAS_CEK_MB = 512;

/** A row to stage: its key, what could be read of it, and whether a cell of it was refused. */
export interface BarisStaging {
  baris: number;
  kunci: string;
  data: string;
  ditolak: boolean;
}

/** Rows checked: those to stage, the refused cells, and how many rows of the file were read so far. */
export interface BatchCek {
  staged: BarisStaging[];
  rejected: BarisDitolak[];
  dibaca: number;
}

/** What is checked: the kind and the file (a table, or with `arsip` a document archive). */
export interface BerkasCek {
  jenis: ImporJenis;
  file: string;
  namaFile: string;
}

/** The rows of the file: a table (CSV, XLSX, JSON Lines), or a document archive's manifest. */
async function* barisBerkas(
  input: BerkasCek,
  files: BerkasStore | undefined,
  arsip: Arsip | null,
): AsyncIterable<BarisMentah & { berkas?: { sha256: string; mime: string; ukuran: number }; masalahBerkas?: string }> {
  if (!arsip) {
    const format = formatOf(input.namaFile);
    if (!format) {
      throw new AppError(
        400,
        IMPOR_ERROR_CODES.formatFile,
        'Berkas harus CSV, XLSX atau JSON Lines (.csv, .xlsx, .jsonl).',
      );
    }
    yield* bacaBerkas(input.file, format);
    return;
  }
  if (!arsip.entries.has(MANIFEST)) {
    throw new AppError(
      400,
      IMPOR_ERROR_CODES.formatFile,
      `Arsip harus memuat ${MANIFEST} (nomor_peserta;jenis;nama_file).`,
    );
  }
  if (!files) throw new Error('penyimpanan berkas tidak tersedia');
  const manifest = (await arsip.read(MANIFEST)).toString('utf8');
  for (const row of bacaManifest(manifest)) {
    const name = (row.nilai.nama_file ?? '').trim().replace(/^\.\//, '');
    const size = arsip.entries.get(name);
    // The file named is the cell nama_file's problem: the row's other cells are still checked.
    if (!name || size === undefined) {
      yield { ...row, masalahBerkas: `berkas "${name}" tidak ada di dalam arsip` };
      continue;
    }
    if (size > DOKUMEN_MAX_BYTES) {
      yield { ...row, masalahBerkas: `berkas "${name}" lebih dari ${DOKUMEN_MAX_BYTES / 1024 / 1024} MB` };
      continue;
    }
    const bytes = await arsip.read(name);
    const mime = mimeOf(bytes);
    if (!mime) {
      yield { ...row, masalahBerkas: `isi berkas "${name}" bukan PDF, JPEG atau PNG` };
      continue;
    }
    // Stored by content now (inert until a document row points at it): the apply needs no archive.
    const sha256 = await files.put(bytes);
    yield { ...row, berkas: { sha256, mime, ukuran: bytes.length } };
  }
}

/**
 * Reads and checks every row of the file, in batches of BATCH_CEK: every cell of every row
 * (periksaBaris), the refused rows staged too with what could be read of them. `beri` gives the
 * thread's turn away every few milliseconds (on the thread that answers requests; none in the
 * check's own thread).
 */
export async function* batchDiperiksa(
  input: BerkasCek,
  files: BerkasStore | undefined,
  arsip: Arsip | null,
  beri?: () => Promise<void>,
): AsyncGenerator<BatchCek> {
  const def = JENIS_IMPOR[input.jenis];
  const giliran = beri ? pembagiGiliran(beri) : null;
  let dibaca = 0;
  let staged: BarisStaging[] = [];
  let rejected: BarisDitolak[] = [];
  let kolomDiperiksa = false;
  for await (const { baris, nilai, berkas, masalahBerkas } of barisBerkas(input, files, arsip)) {
    if (!kolomDiperiksa) {
      kolomDiperiksa = true;
      const missing = def.kolom.filter((k) => k.wajib && !(k.nama in nilai)).map((k) => k.nama);
      if (missing.length > 0) {
        throw new AppError(
          400,
          IMPOR_ERROR_CODES.formatFile,
          `Kolom wajib tidak ada di baris judul: ${missing.join(', ')}. Unduh template untuk susunan kolom yang benar.`,
          { kolom: missing },
        );
      }
    }
    dibaca += 1;
    if (giliran && dibaca % 16 === 0) await giliran.mungkinBeri();
    // A line that is no row at all (not JSON) has no cells to check; any other row is checked
    // whole, a problem with the file it names included.
    const checked: Pick<BarisDiperiksa, 'data' | 'salah'> =
      '__rusak' in nilai
        ? {
            data: {},
            salah: [{ baris, kolom: null, nilai: null, pesan: nilai.__rusak ?? 'baris tidak terbaca', asli: nilai }],
          }
        : periksaBaris(def, baris, nilai);
    if (masalahBerkas) {
      checked.salah.push({
        baris,
        kolom: 'nama_file',
        nilai: nilai.nama_file ?? null,
        pesan: masalahBerkas,
        asli: nilai,
      });
    }
    rejected.push(...checked.salah);
    staged.push({
      baris,
      kunci: kunciOf(def, checked.data),
      data: JSON.stringify({ ...checked.data, ...berkas }),
      ditolak: checked.salah.length > 0,
    });
    if (staged.length >= BATCH_CEK || rejected.length >= BATCH_CEK) {
      yield { staged, rejected, dibaca };
      staged = [];
      rejected = [];
    }
  }
  if (staged.length > 0 || rejected.length > 0) yield { staged, rejected, dibaca };
}

/** A message of the check's thread (utas-cek.ts): the next batch, the end, or why it failed. */
export type PesanUtasCek = { batch: BatchCek } | { selesai: true } | { gagal: GalatUtas };

/**
 * The batches of a table's check, read and checked in a thread of its own at the CPU priority
 * `nice` (BACA_NICE): one batch ahead, so the thread reads and checks the next batch while this
 * one is staged, and never more (a million rows are never held). Ending the iteration early (the
 * staging failed) ends the thread.
 */
export async function* batchDiUtas(input: BerkasCek, nice: number): AsyncGenerator<BatchCek> {
  const worker = new Worker(skripUtas('utas-cek'), {
    workerData: { ...input, nice },
    resourceLimits: { maxOldGenerationSizeMb: MEMORI_UTAS_CEK_MB },
    stdout: false,
    stderr: false,
  });
  const masuk: PesanUtasCek[] = [];
  let berhenti: Error | null = null;
  let bangun: (() => void) | null = null;
  worker.on('message', (pesan: PesanUtasCek) => {
    masuk.push(pesan);
    bangun?.();
  });
  worker.on('error', (error: Error & { code?: string }) => {
    berhenti =
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new AppError(
            400,
            IMPOR_ERROR_CODES.formatFile,
            'Berkas memerlukan memori melebihi batas pemeriksaan (baris yang sangat panjang?). Periksa isinya, atau pecah menjadi beberapa berkas.',
          )
        : error;
    bangun?.();
  });
  worker.on('exit', () => {
    berhenti ??= new Error('utas pemeriksaan impor berhenti');
    bangun?.();
  });
  try {
    worker.postMessage('lanjut');
    for (;;) {
      while (masuk.length === 0) {
        if (berhenti) throw berhenti;
        await new Promise<void>((resolve) => {
          bangun = resolve;
        });
        bangun = null;
      }
      const pesan = masuk.shift() as PesanUtasCek;
      if ('selesai' in pesan) return;
      if ('gagal' in pesan) {
        throw galatDariUtas(pesan.gagal);
      }
      worker.postMessage('lanjut');
      yield pesan.batch;
    }
  } finally {
    await worker.terminate();
  }
}
