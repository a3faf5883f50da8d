// Issue #35 / #33: the thread a reader reads in (utas.ts starts it). Decoding, rendering and
// normalising pages is heavy work in JavaScript; here it runs beside the thread that answers
// requests, at the lower CPU priority BACA_NICE, with its own engine (whose OCR thread it starts
// inherits the priority). Each message is one file; the answer is the reading, or why not.

import { parentPort, workerData } from 'node:worker_threads';
import { type BatasBaca, bacaBerkas, Ocr, TidakTerbaca } from './pembaca.js';
import { turunkanPrioritas } from './utas-kerja.js';

export interface PesanBaca {
  id: number;
  bytes: Uint8Array;
  mime: string;
  batas: BatasBaca;
  /** The rendition only, nothing read (a kind of document the portal does not read). */
  hanyaTampilan: boolean;
}

turunkanPrioritas((workerData as { nice: number }).nice);
const ocr = new Ocr();

parentPort?.on('message', async ({ id, bytes, mime, batas, hanyaTampilan }: PesanBaca) => {
  try {
    parentPort?.postMessage({ id, hasil: await bacaBerkas(bytes, mime, hanyaTampilan ? null : ocr, batas) });
  } catch (error) {
    parentPort?.postMessage({
      id,
      gagal: { tidakTerbaca: error instanceof TidakTerbaca, pesan: (error as Error).message ?? String(error) },
    });
  }
});
parentPort?.on('close', () => void ocr.tutup());
