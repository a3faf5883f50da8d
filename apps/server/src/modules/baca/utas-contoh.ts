// Issue #35 / #33: the thread the demo’s documents are drawn in (contoh-utas.ts starts it). Drawing
// a scanned page (blur, noise, JPEG) is a second of CPU on the thread that does it; here it runs
// beside the thread that answers requests, at the lower priority BACA_NICE. Each message is one
// document to draw; the answer is the file, or why not.

import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PEMBUAT_LANGSUNG, type PesanContoh } from './contoh-utas.js';

const { nice } = workerData as { nice: number };
if (nice > 0) {
  try {
    os.setPriority(nice);
  } catch {
    // Not allowed to lower it (already lower): draw at the priority given.
  }
}

parentPort?.on('message', async ({ id, fungsi, args }: PesanContoh) => {
  try {
    const buat = PEMBUAT_LANGSUNG[fungsi] as (...a: unknown[]) => ReturnType<(typeof PEMBUAT_LANGSUNG)[typeof fungsi]>;
    parentPort?.postMessage({ id, hasil: await buat(...args) });
  } catch (error) {
    parentPort?.postMessage({ id, gagal: (error as Error).message ?? String(error) });
  }
});
