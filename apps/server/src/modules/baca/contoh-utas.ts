// Issue #35 / #33: who draws the demo's documents. In the calling thread (PEMBUAT_LANGSUNG: tests,
// the seed command, the benches), or in a thread of its own (BuatUtas: the server, which draws
// them after listening and must keep answering requests meanwhile – a scanned page is about a
// second of CPU, and on the embedded default the database shares the request thread too).

import { Worker } from 'node:worker_threads';
import { type DokumenContoh, ijazahPdf, ktpJpeg, strPdf, transkripPdf } from './contoh.js';
import { skripUtas, UtasBerpesan } from './utas-kerja.js';

/** The documents the demo draws, by the function that draws each. */
export interface PembuatContoh {
  ktpJpeg: typeof ktpJpeg;
  transkripPdf: typeof transkripPdf;
  ijazahPdf: typeof ijazahPdf;
  strPdf: typeof strPdf;
}

export const PEMBUAT_LANGSUNG: PembuatContoh = { ktpJpeg, transkripPdf, ijazahPdf, strPdf };

export interface PesanContoh {
  id: number;
  fungsi: keyof PembuatContoh;
  args: unknown[];
}

/** An answer from the drawing thread (utas-contoh.ts). */
interface JawabanContoh {
  id: number;
  hasil?: DokumenContoh;
  gagal?: string;
}

/** Draws in a thread of its own (utas-contoh.ts), started on the first document, ended by tutup(). */
export class BuatUtas implements PembuatContoh {
  readonly #utas: UtasBerpesan<PesanContoh, DokumenContoh>;

  constructor(opsi: { nice: number }) {
    this.#utas = new UtasBerpesan<PesanContoh, DokumenContoh>({
      mulai: () => new Worker(skripUtas('utas-contoh'), { workerData: { nice: opsi.nice }, stdout: false }),
      jawaban: ({ hasil, gagal }: JawabanContoh) =>
        hasil ? { ...hasil, bytes: new Uint8Array(hasil.bytes) } : new Error(gagal ?? 'membuat dokumen demo gagal'),
      berhenti: 'utas pembuat dokumen demo berhenti',
    });
  }

  ktpJpeg: typeof ktpJpeg = (...args) => this.#utas.minta({ fungsi: 'ktpJpeg', args });
  transkripPdf: typeof transkripPdf = (...args) => this.#utas.minta({ fungsi: 'transkripPdf', args });
  ijazahPdf: typeof ijazahPdf = (...args) => this.#utas.minta({ fungsi: 'ijazahPdf', args });
  strPdf: typeof strPdf = (...args) => this.#utas.minta({ fungsi: 'strPdf', args });

  tutup(): Promise<void> {
    return this.#utas.tutup();
  }
}
