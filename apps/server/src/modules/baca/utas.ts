// Issue #35 / #33: where a reader reads a file. By default in a thread of its own (utas-baca.ts),
// so that pdf.js, the page normalisation and the OCR never hold the thread that answers requests
// (on the embedded default the reading shares the server's process), at the CPU priority BACA_NICE
// and with a memory limit per thread; a thread that exceeds it, crashes or hangs past the
// document's time is ended and a new one started for the next document. Tests and the bench may
// read in this thread with an engine of their own (BacaLangsung).

import { Worker } from 'node:worker_threads';
import { type BatasBaca, bacaBerkas, type HasilBaca, type MesinOcr, TidakTerbaca } from './pembaca.js';
import type { PesanBaca } from './utas-baca.js';
import { skripUtas, UtasBerpesan } from './utas-kerja.js';

/**
 * A reader of whole files: the reading, or TidakTerbaca with the reason. `hanyaTampilan`: the
 * rendition only, for a kind of document the portal does not read (issue #32).
 */
export interface PembacaBerkas {
  baca(bytes: Uint8Array, mime: string, batas: BatasBaca, hanyaTampilan?: boolean): Promise<HasilBaca>;
  tutup(): Promise<void>;
}

/** Reads in the calling thread with the given engine (tests, the bench's native engine). */
export class BacaLangsung implements PembacaBerkas {
  constructor(private readonly ocr: MesinOcr) {}
  baca(bytes: Uint8Array, mime: string, batas: BatasBaca, hanyaTampilan = false): Promise<HasilBaca> {
    return bacaBerkas(bytes, mime, hanyaTampilan ? null : this.ocr, batas);
  }
  tutup(): Promise<void> {
    return this.ocr.tutup();
  }
}

/** Memory a reading thread may use (its JavaScript heap); a file needing more is not read. */
export const MEMORI_UTAS_MB = 768;
/** Time past a document's limit before its thread is ended (the reading ends itself before). */
const CADANGAN_MS = 15_000;

/** An answer from a reading thread (utas-baca.ts). */
interface JawabanBaca {
  id: number;
  hasil?: HasilBaca;
  gagal?: { tidakTerbaca: boolean; pesan: string };
}

export class BacaUtas implements PembacaBerkas {
  readonly #utas: UtasBerpesan<PesanBaca, HasilBaca>;

  constructor(opsi: { nice: number; memoriMb?: number }) {
    this.#utas = new UtasBerpesan<PesanBaca, HasilBaca>({
      mulai: () =>
        new Worker(skripUtas('utas-baca'), {
          workerData: { nice: opsi.nice },
          resourceLimits: { maxOldGenerationSizeMb: opsi.memoriMb ?? MEMORI_UTAS_MB },
          stdout: false,
          stderr: false,
        }),
      jawaban: ({ hasil, gagal }: JawabanBaca) =>
        hasil ?? (gagal?.tidakTerbaca ? new TidakTerbaca(gagal.pesan) : new Error(gagal?.pesan ?? 'pembacaan gagal')),
      galat: (error) =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new TidakTerbaca('Dokumen memerlukan memori melebihi batas untuk dibaca otomatis.')
          : error,
      berhenti: 'utas pembaca berhenti',
    });
  }

  baca(bytes: Uint8Array, mime: string, batas: BatasBaca, hanyaTampilan = false): Promise<HasilBaca> {
    // The reading keeps its own time; a thread still busy well past it is stuck: it is ended.
    return this.#utas.minta(
      { bytes, mime, batas, hanyaTampilan },
      { ms: batas.detik * 1000 + CADANGAN_MS, habis: () => new TidakTerbaca('Waktu membaca dokumen habis.') },
    );
  }

  tutup(): Promise<void> {
    return this.#utas.tutup();
  }
}
