// Issue #33: the thread an official document is laid out in (tata.ts's tataDiUtas starts one per
// document), at the lower CPU priority BACA_NICE. The rows of the announcement are asked of the
// calling thread, which reads them from the database (utas-kerja.ts `layaniKerja`): a batch is one
// JSON text, made into rows here, always one batch ahead, so the next batch is read while this one
// is laid out.

import { layaniKerja } from '../baca/utas-kerja.js';
import { barisKiriman, type KirimanBaris } from './content.js';
import { type TugasTata, tataDokumen } from './tata.js';

layaniKerja<TugasTata, KirimanBaris, Awaited<ReturnType<typeof tataDokumen>>>((tugas, batch) =>
  tataDokumen(tugas, async function* (pass) {
    for await (const kiriman of batch(pass)) yield barisKiriman(kiriman);
  }),
);
