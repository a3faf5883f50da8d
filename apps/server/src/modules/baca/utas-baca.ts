// Issue #35 / #33: the thread a reader reads in (utas.ts starts it). Decoding, rendering and
// normalising pages is heavy work in JavaScript; here it runs beside the thread that answers
// requests, at the lower CPU priority BACA_NICE, with its own engine (whose OCR thread it starts
// inherits the priority). Each message is one file; the answer is the reading, or why not.

import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { type BatasBaca, bacaBerkas, Ocr, TidakTerbaca } from './pembaca.js';

export interface PesanBaca {
  id: number;
  bytes: Uint8Array;
  mime: string;
  batas: BatasBaca;
}

const { nice } = workerData as { nice: number };
if (nice > 0) {
  try {
    os.setPriority(nice);
  } catch {
    // Not allowed to lower it (already lower): read at the priority given.
  }
}
const ocr = new Ocr();

parentPort?.on('message', async ({ id, bytes, mime, batas }: PesanBaca) => {
  try {
    parentPort?.postMessage({ id, hasil: await bacaBerkas(bytes, mime, ocr, batas) });
  } catch (error) {
    parentPort?.postMessage({
      id,
      gagal: { tidakTerbaca: error instanceof TidakTerbaca, pesan: (error as Error).message ?? String(error) },
    });
  }
});
parentPort?.on('close', () => void ocr.tutup());
