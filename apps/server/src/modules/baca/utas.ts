// Issue #35 / #33: where a reader reads a file. By default in a thread of its own (utas-baca.ts),
// so that pdf.js, the page normalisation and the OCR never hold the thread that answers requests
// (on the embedded default the reading shares the server's process), at the CPU priority BACA_NICE
// and with a memory limit per thread; a thread that exceeds it, crashes or hangs past the
// document's time is ended and a new one started for the next document. Tests and the bench may
// read in this thread with an engine of their own (BacaLangsung).

import { Worker } from 'node:worker_threads';
import { type BatasBaca, bacaBerkas, type HasilBaca, type MesinOcr, TidakTerbaca } from './pembaca.js';
import { skripUtas } from './skrip-utas.js';
import type { PesanBaca } from './utas-baca.js';

/** A reader of whole files: the reading, or TidakTerbaca with the reason. */
export interface PembacaBerkas {
  baca(bytes: Uint8Array, mime: string, batas: BatasBaca): Promise<HasilBaca>;
  tutup(): Promise<void>;
}

/** Reads in the calling thread with the given engine (tests, the bench's native engine). */
export class BacaLangsung implements PembacaBerkas {
  constructor(private readonly ocr: MesinOcr) {}
  baca(bytes: Uint8Array, mime: string, batas: BatasBaca): Promise<HasilBaca> {
    return bacaBerkas(bytes, mime, this.ocr, batas);
  }
  tutup(): Promise<void> {
    return this.ocr.tutup();
  }
}

/** Memory a reading thread may use (its JavaScript heap); a file needing more is not read. */
export const MEMORI_UTAS_MB = 768;
/** Time past a document's limit before its thread is ended (the reading ends itself before). */
const CADANGAN_MS = 15_000;

interface Menunggu {
  resolve: (hasil: HasilBaca) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class BacaUtas implements PembacaBerkas {
  #worker: Worker | null = null;
  #nomor = 0;
  readonly #menunggu = new Map<number, Menunggu>();

  constructor(private readonly opsi: { nice: number; memoriMb?: number }) {}

  #mulai(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(skripUtas('utas-baca'), {
      workerData: { nice: this.opsi.nice },
      resourceLimits: { maxOldGenerationSizeMb: this.opsi.memoriMb ?? MEMORI_UTAS_MB },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    worker.on(
      'message',
      (pesan: { id: number; hasil?: HasilBaca; gagal?: { tidakTerbaca: boolean; pesan: string } }) => {
        const tunggu = this.#menunggu.get(pesan.id);
        if (!tunggu) return;
        this.#menunggu.delete(pesan.id);
        clearTimeout(tunggu.timer);
        if (pesan.hasil) tunggu.resolve(pesan.hasil);
        else if (pesan.gagal?.tidakTerbaca) tunggu.reject(new TidakTerbaca(pesan.gagal.pesan));
        else tunggu.reject(new Error(pesan.gagal?.pesan ?? 'pembacaan gagal'));
      },
    );
    const berakhir = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const [id, tunggu] of this.#menunggu) {
        this.#menunggu.delete(id);
        clearTimeout(tunggu.timer);
        tunggu.reject(error);
      }
    };
    worker.on('error', (error: Error & { code?: string }) =>
      berakhir(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new TidakTerbaca('Dokumen memerlukan memori melebihi batas untuk dibaca otomatis.')
          : error,
      ),
    );
    worker.on('exit', () => berakhir(new Error('utas pembaca berhenti')));
    this.#worker = worker;
    return worker;
  }

  baca(bytes: Uint8Array, mime: string, batas: BatasBaca): Promise<HasilBaca> {
    const worker = this.#mulai();
    const id = ++this.#nomor;
    return new Promise<HasilBaca>((resolve, reject) => {
      // The reading keeps its own time; a thread still busy well past it is stuck: it is ended.
      const timer = setTimeout(
        () => {
          this.#menunggu.delete(id);
          reject(new TidakTerbaca('Waktu membaca dokumen habis.'));
          if (this.#worker === worker) this.#worker = null;
          void worker.terminate();
        },
        batas.detik * 1000 + CADANGAN_MS,
      );
      this.#menunggu.set(id, { resolve, reject, timer });
      worker.postMessage({ id, bytes, mime, batas } satisfies PesanBaca);
    });
  }

  async tutup(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }
}
