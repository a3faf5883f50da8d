// Issue #34: the Mutu Verifikasi screen's per-verifier table as Excel or CSV, through the one
// writer of list exports (its columns, in the screen's words and formats).

import { PassThrough } from 'node:stream';
import { type ExportFormat, formatAngka, formatBagian, formatPersen, type MutuVerifikasi } from '@portal/contract';
import { type ExportColumn, writeCsv, writeXlsx } from '../export/sheet.js';

type Baris = MutuVerifikasi['verifikator'][number];

export const KOLOM_MUTU: ExportColumn<Baris>[] = [
  { header: 'Verifikator', width: 28, value: (v) => v.nama },
  { header: 'Keputusan', width: 12, value: (v) => v.keputusan },
  { header: 'TMS', width: 8, value: (v) => v.tms },
  {
    header: 'Median detik per keputusan',
    width: 16,
    value: (v) => (v.medianDetik === null ? null : Math.round(v.medianDetik)),
  },
  { header: 'Disupervisi', width: 12, value: (v) => v.disupervisi },
  { header: 'Dikembalikan supervisor', width: 14, value: (v) => v.dikembalikan },
  {
    header: 'Bagian dikembalikan',
    width: 14,
    value: (v) => (v.disupervisi === 0 ? '' : formatBagian(v.dikembalikan, v.disupervisi)),
  },
  { header: 'Verifikasi kedua (pasangan)', width: 14, value: (v) => v.pasangan },
  {
    header: 'Kesepakatan',
    width: 12,
    value: (v) => (v.kesepakatan === null ? '' : formatPersen(v.kesepakatan * 100)),
  },
  {
    header: 'Kappa Cohen',
    width: 12,
    value: (v) => (v.kappa === null ? '' : formatAngka(v.kappa, 2)),
  },
  { header: 'Penilaian', width: 24, value: (v) => (v.cukup ? 'Cukup data' : 'Terlalu sedikit untuk dinilai') },
  { header: 'Dibatalkan karena sanggah', width: 14, value: (v) => v.dibatalkanSanggah },
];

export function eksporMutu(laporan: MutuVerifikasi, format: ExportFormat): PassThrough {
  const out = new PassThrough();
  async function* satu() {
    yield laporan.verifikator;
  }
  const produce =
    format === 'csv' ? writeCsv(out, KOLOM_MUTU, satu()) : writeXlsx(out, KOLOM_MUTU, satu(), 'Mutu Verifikasi');
  produce.catch((error: unknown) => out.destroy(error as Error));
  return out;
}
