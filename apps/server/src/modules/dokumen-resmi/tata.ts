// Issue #33: the laying out of an official document, in a thread of its own (utas-dokumen.ts). A
// quarter of a million applicants are a minute of CPU and a few hundred MB of pdfkit's and the
// workbook's garbage; in the thread that answers requests they slowed every verifier down and
// grew the server's memory past its target. Here nothing reads the database: the calling thread
// (service.ts) reads the rows and hands them over a batch at a time, as the written pass asks for
// them, and signs and stores the files this thread wrote.
//
// A document is laid out twice by the same code (pdf.ts): first into nothing to count its pages,
// then into its file; the announcement's Excel copy is written from the rows of the second pass,
// so the PDF and the workbook hold the very same rows (issue #31).

import { createWriteStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { kerjakanDiUtas } from '../baca/utas-kerja.js';
import {
  type BarisPengumuman,
  type IsiBeritaAcara,
  type IsiPengumuman,
  type KirimanBaris,
  tulisBeritaAcara,
  tulisPengumuman,
} from './content.js';
import { type Frame, OfficialPdf } from './pdf.js';
import { gambarTandaTangan, type Penanda, type TandaTanganTertunda, tempatTandaTangan } from './tte.js';
import { pengumumanXlsx } from './xlsx.js';

/** What a document says: the announcement's rows come separately (`baris`), the minutes' whole. */
export type Naskah =
  | { jenis: 'PENGUMUMAN'; isi: Omit<IsiPengumuman, 'baris'> }
  | { jenis: 'BERITA_ACARA'; isi: IsiBeritaAcara };

/** One document to lay out (sent to the thread: plain data only). */
export interface TugasTata {
  naskah: Naskah;
  frame: Omit<Frame, 'halaman' | 'tandaTangan'>;
  judul: string;
  /** Who signs, as the signature's mark and dictionary name them. */
  pemilik: Penanda['pemilik'];
  /** The signing time (ISO), the mark's and the signature's. */
  waktu: string;
  /** Where the PDF is written. */
  pdf: string;
  /** Where the announcement's Excel copy is written. */
  xlsx: string | null;
}

export interface HasilTata {
  halaman: number;
  /** Where the signature's dictionary begins in the PDF (tte.ts completes it there). */
  offsetTandaTangan: number;
  /** The applicants listed (the announcement; 0 for the minutes). */
  pelamar: number;
}

/** The announcement's rows of one pass (0: counting, 1: written), a batch at a time. */
export type SumberBaris = (pass: 0 | 1) => AsyncIterable<BarisPengumuman[]>;

/** The same, as the calling thread reads them (content.ts KirimanBaris). */
export type SumberKiriman = (pass: 0 | 1) => AsyncIterable<KirimanBaris>;

/**
 * The rows also handed to the Excel copy, a batch at a time: the PDF's reading waits until the
 * sheet took the previous batch, so both files hold the same rows in bounded memory.
 */
async function* salinKe<T>(rows: AsyncIterable<T>, salinan: PassThrough): AsyncIterable<T> {
  for await (const batch of rows) {
    if (salinan.destroyed) throw salinan.errored ?? new Error('salinan Excel berhenti');
    if (!salinan.write(batch)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          salinan.off('drain', done);
          salinan.off('close', done);
          resolve();
        };
        salinan.on('drain', done);
        salinan.on('close', done);
      });
    }
    yield batch;
  }
  salinan.end();
}

/** A Buffer again (a Buffer sent to a thread arrives as a plain Uint8Array). */
const buffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));

/** Lays the document out twice, writes its PDF (and the announcement's workbook) to their files. */
export async function tataDokumen(tugas: TugasTata, baris: SumberBaris): Promise<HasilTata> {
  const { naskah, judul } = tugas;
  const frame = {
    ...tugas.frame,
    qr: buffer(tugas.frame.qr),
    kop: { ...tugas.frame.kop, logo: tugas.frame.kop.logo && buffer(tugas.frame.kop.logo) },
  };
  let pelamar = 0;
  const tulis = async (pdf: OfficialPdf, rows: () => AsyncIterable<BarisPengumuman[]>) => {
    if (naskah.jenis === 'BERITA_ACARA') tulisBeritaAcara(pdf, naskah.isi);
    else pelamar = await tulisPengumuman(pdf, { ...naskah.isi, baris: rows });
  };

  const counting = new OfficialPdf({ ...frame, halaman: null }, null, { title: judul });
  await tulis(counting, () => baris(0));
  await counting.end();

  const waktu = new Date(tugas.waktu);
  let tertunda: TandaTanganTertunda | null = null;
  const tandaTangan: Frame['tandaTangan'] = (doc, kotak) => {
    gambarTandaTangan(doc, kotak, tugas.pemilik, waktu);
    tertunda = tempatTandaTangan(doc, kotak, tugas.pemilik, waktu);
  };
  const file = createWriteStream(tugas.pdf);
  const pdf = new OfficialPdf({ ...frame, halaman: counting.pages, tandaTangan }, file, { title: judul });
  const ditulis = new Promise<void>((resolve, reject) => {
    file.once('finish', resolve);
    file.once('error', reject);
  });
  ditulis.catch(() => undefined); // awaited below; a failure of the layout comes first
  if (tugas.xlsx && naskah.jenis === 'PENGUMUMAN') {
    const salinan = new PassThrough({ objectMode: true, highWaterMark: 1 });
    salinan.on('error', () => undefined); // reported by the sheet's writer below
    const xlsx = pipeline(pengumumanXlsx(judul, salinan), createWriteStream(tugas.xlsx));
    xlsx.catch(() => undefined); // awaited below
    try {
      await tulis(pdf, () => salinKe(baris(1), salinan));
    } catch (error) {
      salinan.destroy(error as Error);
      // The sheet's own failure, when it was the sheet that stopped the PDF.
      throw await xlsx.then(
        () => error,
        (sheetError: unknown) => sheetError,
      );
    }
    await pdf.end();
    await xlsx;
  } else {
    await tulis(pdf, () => baris(1));
    await pdf.end();
  }
  await ditulis;
  const offset = (tertunda as TandaTanganTertunda | null)?.offset;
  if (typeof offset !== 'number') throw new Error('blok tanda tangan dokumen tidak tergambar');
  return { halaman: pdf.pages, offsetTandaTangan: offset, pelamar };
}

/**
 * The JavaScript heap a document's thread may use. The layout keeps one page's word layouts and
 * one batch of rows; what grows past that is garbage, which a heap this size collects sooner.
 */
export const MEMORI_UTAS_DOKUMEN_MB = 128;

/**
 * Lays a document out in a thread of its own at the CPU priority `nice` (BACA_NICE): `baris` are
 * read here, in the calling thread, as the thread asks for them. Settles when the files are
 * written; the thread is ended whatever happens.
 */
export function tataDiUtas(tugas: TugasTata, baris: SumberKiriman, nice: number): Promise<HasilTata> {
  return kerjakanDiUtas<HasilTata, KirimanBaris>(
    { skrip: 'utas-dokumen', data: tugas, nice, memoriMb: MEMORI_UTAS_DOKUMEN_MB, nama: 'dokumen' },
    (pass) => baris(pass as 0 | 1),
  );
}
