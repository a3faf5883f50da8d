// Issue #33: the thread an export job's file is written in (job.ts's kerjakanEkspor starts one per
// job), at the lower CPU priority BACA_NICE: a million rows of Excel are minutes of XML and
// compression. The calling thread reads the rows and their cells (utas-kerja.ts `layaniKerja`), a
// batch at a time, one batch ahead.

import { layaniKerja } from '../baca/utas-kerja.js';
import { type HasilEkspor, type TugasEkspor, tulisBerkasEkspor } from './sheet.js';

layaniKerja<TugasEkspor, string, HasilEkspor>((tugas, batch) => tulisBerkasEkspor(tugas, batch(0)));
