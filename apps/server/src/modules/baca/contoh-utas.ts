// Issue #35 / #33: who draws the demo's documents. In the calling thread (PEMBUAT_LANGSUNG: tests,
// the seed command, the benches), or in a thread of its own (BuatUtas: the server, which draws
// them after listening and must keep answering requests meanwhile – a scanned page is about a
// second of CPU, and on the embedded default the database shares the request thread too).

import { Worker } from 'node:worker_threads';
import { type DokumenContoh, ijazahPdf, ktpJpeg, strPdf, transkripPdf } from './contoh.js';
import { skripUtas } from './skrip-utas.js';

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

/** Draws in a thread of its own (utas-contoh.ts), started on the first document, ended by tutup(). */
export class BuatUtas implements PembuatContoh {
  #worker: Worker | null = null;
  #nomor = 0;
  readonly #menunggu = new Map<number, { resolve: (file: DokumenContoh) => void; reject: (error: Error) => void }>();

  constructor(private readonly opsi: { nice: number }) {}

  ktpJpeg: typeof ktpJpeg = (...args) => this.#buat('ktpJpeg', args);
  transkripPdf: typeof transkripPdf = (...args) => this.#buat('transkripPdf', args);
  ijazahPdf: typeof ijazahPdf = (...args) => this.#buat('ijazahPdf', args);
  strPdf: typeof strPdf = (...args) => this.#buat('strPdf', args);

  #mulai(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(skripUtas('utas-contoh'), { workerData: { nice: this.opsi.nice }, stdout: false });
    worker.unref();
    worker.on('message', (pesan: { id: number; hasil?: DokumenContoh; gagal?: string }) => {
      const tunggu = this.#menunggu.get(pesan.id);
      if (!tunggu) return;
      this.#menunggu.delete(pesan.id);
      if (pesan.hasil) tunggu.resolve({ ...pesan.hasil, bytes: new Uint8Array(pesan.hasil.bytes) });
      else tunggu.reject(new Error(pesan.gagal ?? 'membuat dokumen demo gagal'));
    });
    const berakhir = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const [id, tunggu] of this.#menunggu) {
        this.#menunggu.delete(id);
        tunggu.reject(error);
      }
    };
    worker.on('error', berakhir);
    worker.on('exit', () => berakhir(new Error('utas pembuat dokumen demo berhenti')));
    this.#worker = worker;
    return worker;
  }

  #buat(fungsi: keyof PembuatContoh, args: unknown[]): Promise<DokumenContoh> {
    const worker = this.#mulai();
    const id = ++this.#nomor;
    return new Promise<DokumenContoh>((resolve, reject) => {
      this.#menunggu.set(id, { resolve, reject });
      worker.postMessage({ id, fungsi, args } satisfies PesanContoh);
    });
  }

  async tutup(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }
}
