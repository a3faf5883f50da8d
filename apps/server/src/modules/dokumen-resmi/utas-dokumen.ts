// Issue #33: the thread an official document is laid out in (service.ts's tataDiUtas starts one per
// document), at the lower CPU priority BACA_NICE. The rows of the announcement are asked of the
// calling thread, which reads them from the database: `{ minta: pass }`, answered by a batch (one
// JSON text, made into rows here) or the pass's end, always one batch ahead, so the next batch is
// read while this one is laid out.

import { parentPort, workerData } from 'node:worker_threads';
import { galatKeUtas, turunkanPrioritas } from '../baca/utas-kerja.js';
import { type BarisPengumuman, barisKiriman } from './content.js';
import { type PesanKeUtasDokumen, type PesanUtasDokumen, type TugasTata, tataDokumen } from './tata.js';

const { nice, ...tugas } = workerData as TugasTata & { nice: number };
turunkanPrioritas(nice);
const kirim = (pesan: PesanUtasDokumen) => parentPort?.postMessage(pesan);

let jawab: ((pesan: PesanKeUtasDokumen) => void) | null = null;
parentPort?.on('message', (pesan: PesanKeUtasDokumen) => jawab?.(pesan));

const minta = (pass: 0 | 1) =>
  new Promise<PesanKeUtasDokumen>((resolve) => {
    jawab = resolve;
    kirim({ minta: pass });
  });

async function* baris(pass: 0 | 1): AsyncIterable<BarisPengumuman[]> {
  let berikut = minta(pass);
  for (;;) {
    const pesan = await berikut;
    if ('akhir' in pesan) return;
    berikut = minta(pass);
    yield barisKiriman(pesan.batch);
  }
}

tataDokumen(tugas, baris).then(
  (hasil) => kirim({ selesai: hasil }),
  (error: unknown) => kirim({ gagal: galatKeUtas(error) }),
);
