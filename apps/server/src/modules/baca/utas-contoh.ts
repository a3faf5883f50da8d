// Issue #35 / #33: the thread the demo’s documents are drawn in (contoh-utas.ts starts it). Drawing
// a scanned page (blur, noise, JPEG) is a second of CPU on the thread that does it; here it runs
// beside the thread that answers requests, at the lower priority BACA_NICE. Each message is one
// document to draw; the answer is the file, or why not.

import { parentPort, workerData } from 'node:worker_threads';
import { PEMBUAT_LANGSUNG, type PesanContoh } from './contoh-utas.js';
import { turunkanPrioritas } from './utas-kerja.js';

turunkanPrioritas((workerData as { nice: number }).nice);

parentPort?.on('message', async ({ id, fungsi, args }: PesanContoh) => {
  try {
    const buat = PEMBUAT_LANGSUNG[fungsi] as (...a: unknown[]) => ReturnType<(typeof PEMBUAT_LANGSUNG)[typeof fungsi]>;
    parentPort?.postMessage({ id, hasil: await buat(...args) });
  } catch (error) {
    parentPort?.postMessage({ id, gagal: (error as Error).message ?? String(error) });
  }
});
