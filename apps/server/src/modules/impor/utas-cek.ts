// Issue #33: the thread an import's table is read and checked in (periksa.ts's batchDiUtas starts
// one per check). Parsing and checking a million rows is minutes of CPU; here it runs beside the
// thread that answers requests, at the lower priority BACA_NICE. Each 'lanjut' from the check asks
// for the next batch; the answer is the batch, the end, or why the file cannot be checked.

import { parentPort, workerData } from 'node:worker_threads';
import { galatKeUtas, turunkanPrioritas } from '../baca/utas-kerja.js';
import { type BerkasCek, batchDiperiksa, type PesanUtasCek } from './periksa.js';

const { nice, ...input } = workerData as BerkasCek & { nice: number };
turunkanPrioritas(nice);
const batches = batchDiperiksa(input, undefined, null);
const kirim = (pesan: PesanUtasCek) => parentPort?.postMessage(pesan);

parentPort?.on('message', async () => {
  try {
    const next = await batches.next();
    kirim(next.done ? { selesai: true } : { batch: next.value });
  } catch (error) {
    kirim({ gagal: galatKeUtas(error) });
  }
});
