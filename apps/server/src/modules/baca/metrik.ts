// Issue #35: the reading's progress at /metrics – documents read by outcome, seconds per document,
// and what waits in the queue (pg-boss's own counts; read at each scrape, any instance).

import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { ANTREAN_BACA, ANTREAN_BACA_GAGAL, type Antrean } from './antrean.js';
import type { HasilPekerjaan } from './pekerja.js';

export function metrikBaca(registry: Registry, antrean: Antrean): (hasil: HasilPekerjaan, detik: number) => void {
  const registers = [registry];
  const selesai = new Counter({
    name: 'portal_baca_dokumen_total',
    help: 'Dokumen yang dibaca otomatis menurut hasil (SELESAI, GAGAL: tidak dapat dibaca, LEWAT: berkasnya berubah)',
    labelNames: ['hasil'],
    registers,
  });
  const durasi = new Histogram({
    name: 'portal_baca_dokumen_detik',
    help: 'Lama membaca dan memeriksa satu dokumen',
    buckets: [0.5, 1, 2, 3, 5, 8, 13, 20, 40, 60],
    registers,
  });
  const antre = new Gauge({
    name: 'portal_baca_antrean',
    help: 'Pekerjaan baca dokumen di antrean menurut keadaan (menunggu, berjalan, gagal total)',
    labelNames: ['keadaan'],
    registers,
    async collect() {
      const [menunggu, sampaiSelesai, gagal] = await Promise.all([
        antrean.boss.getQueueSize(ANTREAN_BACA, { before: 'active' }),
        antrean.boss.getQueueSize(ANTREAN_BACA, { before: 'completed' }),
        antrean.boss.getQueueSize(ANTREAN_BACA_GAGAL, { before: 'completed' }),
      ]).catch(() => [Number.NaN, Number.NaN, Number.NaN]);
      antre.labels('menunggu').set(menunggu as number);
      antre.labels('berjalan').set((sampaiSelesai as number) - (menunggu as number));
      antre.labels('gagal').set(gagal as number);
    },
  });
  return (hasil, detik) => {
    selesai.labels(hasil.status).inc();
    if (hasil.status !== 'LEWAT') durasi.observe(detik);
  };
}
