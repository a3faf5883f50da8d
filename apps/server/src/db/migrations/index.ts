// The ordered list of migrations. Forward-only: add a new file, never edit a landed one.

import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-applicants.js';
import * as m0003 from './0003-name-search.js';
import * as m0004 from './0004-scoped-name-tokens.js';
import * as m0005 from './0005-verification.js';
import * as m0006 from './0006-waiting-index.js';
import * as m0007 from './0007-stages.js';
import * as m0008 from './0008-sanggah.js';
import * as m0009 from './0009-nonasn.js';
import * as m0010 from './0010-afirmasi.js';
import * as m0011 from './0011-sanggah-nilai.js';
import * as m0012 from './0012-supervisi-count.js';
import * as m0013 from './0013-akun.js';
import * as m0014 from './0014-oidc.js';
import * as m0015 from './0015-fewer-indexes.js';
import * as m0020 from './0020-berkas-isi.js';
import * as m0021 from './0021-dokumen-resmi.js';
import * as m0022 from './0022-impor.js';
import * as m0023 from './0023-dokumen-progres.js';
import * as m0024 from './0024-impor-sidik.js';
import * as m0025 from './0025-impor-unlogged.js';
import * as m0026 from './0026-impor-cek-status.js';
import * as m0030 from './0030-sesi-berubah.js';
import * as m0031 from './0031-fungsi-terikat.js';
import * as m0032 from './0032-kredensial.js';
import * as m0033 from './0033-rate-limit.js';
import * as m0034 from './0034-dokumen-beku.js';
import * as m0035 from './0035-kop-kota.js';
import * as m0036 from './0036-dokumen-baris.js';
import * as m0037 from './0037-dokumen-tte.js';
import * as m0038 from './0038-baca-dokumen.js';
import * as m0039 from './0039-temuan-nasional.js';
import * as m0040 from './0040-tampilan-dokumen.js';
import * as m0041 from './0041-impor-antrean.js';
import * as m0042 from './0042-sampel-verifikasi.js';
import * as m0043 from './0043-verifikasi-kedua.js';
import * as m0044 from './0044-dokumen-antrean.js';
import * as m0045 from './0045-ekspor-job.js';
import * as m0046 from './0046-impor-cek-antrean.js';

export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-applicants': m0002,
  '0003-name-search': m0003,
  '0004-scoped-name-tokens': m0004,
  '0005-verification': m0005,
  '0006-waiting-index': m0006,
  '0007-stages': m0007,
  '0008-sanggah': m0008,
  '0009-nonasn': m0009,
  '0010-afirmasi': m0010,
  '0011-sanggah-nilai': m0011,
  '0012-supervisi-count': m0012,
  '0013-akun': m0013,
  '0014-oidc': m0014,
  '0015-fewer-indexes': m0015,
  '0020-berkas-isi': m0020,
  '0021-dokumen-resmi': m0021,
  '0022-impor': m0022,
  '0023-dokumen-progres': m0023,
  '0024-impor-sidik': m0024,
  '0025-impor-unlogged': m0025,
  '0026-impor-cek-status': m0026,
  '0030-sesi-berubah': m0030,
  '0031-fungsi-terikat': m0031,
  '0032-kredensial': m0032,
  '0033-rate-limit': m0033,
  '0034-dokumen-beku': m0034,
  '0035-kop-kota': m0035,
  '0036-dokumen-baris': m0036,
  '0037-dokumen-tte': m0037,
  '0038-baca-dokumen': m0038,
  '0039-temuan-nasional': m0039,
  '0040-tampilan-dokumen': m0040,
  '0041-impor-antrean': m0041,
  '0042-sampel-verifikasi': m0042,
  '0043-verifikasi-kedua': m0043,
  '0044-dokumen-antrean': m0044,
  '0045-ekspor-job': m0045,
  '0046-impor-cek-antrean': m0046,
};
