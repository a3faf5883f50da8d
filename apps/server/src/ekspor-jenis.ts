// Issue #33: the kinds of list export a worker writes (modules/export/job.ts), each the same maker
// its list's request streams with – named here, where the processes are put together, so the
// export module stays below the lists it writes.

import type { PembuatEkspor, PembuatSatuEkspor } from './modules/export/job.js';
import { pembuatEksporNonAsn } from './modules/nonasn/export.js';
import { pembuatEksporPelamar } from './modules/pelamar/export.js';

/** The job's request was written by the same kind's route (JSON of its own type). */
export const PEMBUAT_EKSPOR: PembuatEkspor = {
  PELAMAR: pembuatEksporPelamar as unknown as PembuatSatuEkspor,
  NONASN: pembuatEksporNonAsn as unknown as PembuatSatuEkspor,
};
