// Issue #35 (see README.md): the reading of documents measured against the recorded truth. Seeds
// applicants with demo documents – every kind of discrepancy on BENCH_PER_JENIS applicants, the
// others clean – reads them through the queue with one worker and then again with two, and prints
// per kind how many discrepancies were flagged, how many clean documents were flagged, and seconds
// per document and documents per minute, and (issue #32) what a screen is sent of each kind of
// document: the original, or the rendition its reading made. With Debian's `tesseract` installed
// it also reads the same pages with the native engine and prints its speed and accuracy beside
// tesseract.js'. Asserts nothing.
//
// Run: npx tsx bench/baca/run.ts   (BENCH_PELAMAR=120 BENCH_PER_JENIS=4; BENCH_NATIVE=0 skips the
// native engine; BENCH_PEKERJA=2 reads once, with two workers)

import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, sql } from 'kysely';
import pino from 'pino';
import { PGLITE_OPTIONS } from '../../apps/server/src/db/database.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import type { DB } from '../../apps/server/src/db/schema.js';
import { seedAccounts } from '../../apps/server/src/db/seed/accounts.js';
import { seedApplicants } from '../../apps/server/src/db/seed/applicants.js';
import { seedDokumenContoh } from '../../apps/server/src/db/seed/dokumen-contoh.js';
import { antreBaca, bukaAntrean } from '../../apps/server/src/modules/baca/antrean.js';
import { cacatTetap, JENIS_CACAT } from '../../apps/server/src/modules/baca/contoh.js';
import { nilaiKebenaran } from '../../apps/server/src/modules/baca/kebenaran.js';
import { Pembaca } from '../../apps/server/src/modules/baca/pekerja.js';
import { type MesinOcr, OcrNative } from '../../apps/server/src/modules/baca/pembaca.js';
import { PostgresBerkasStore } from '../../apps/server/src/storage/postgres-berkas-store.js';

const PELAMAR = Number(process.env.BENCH_PELAMAR ?? 120);
const PER_JENIS = Number(process.env.BENCH_PER_JENIS ?? 4);
/** The rounds' numbers of workers: "1,2" times one and then two; "2" alone is enough for accuracy. */
const PEKERJA = (process.env.BENCH_PEKERJA ?? '1,2').split(',').map(Number);
const log = pino({ level: 'silent' });

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function main() {
  const pglite = await PGlite.create(PGLITE_OPTIONS);
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  await migrate(db);
  const store = new PostgresBerkasStore(db);
  await seedAccounts(db);
  const share = { cpns: 0.35, pppk: 0.2, 'pppk-guru': 0.2, nakes: 0.25 } as const;
  await seedApplicants(db, store, {
    seed: 3500,
    withDocuments: true,
    blocks: (Object.keys(share) as (keyof typeof share)[]).map((track) => ({
      instansiId: { cpns: 3, pppk: 4, 'pppk-guru': 5, nakes: 6 }[track],
      track,
      applicants: Math.round(PELAMAR * share[track]),
      undecided: true,
    })),
  });
  const pelamar = await db.selectFrom('pelamar').select(['id', 'track']).orderBy('id').execute();
  const ids = pelamar.map((p) => Number(p.id));
  const tetap = cacatTetap(
    pelamar.map((p) => ({ id: Number(p.id), track: p.track })),
    PER_JENIS,
  );
  let started = performance.now();
  const made = await seedDokumenContoh(db, store, ids, { seed: 3500, cacatTetap: tetap });
  const generateS = (performance.now() - started) / 1000;
  const docs = (
    await db.selectFrom('dokumen').where('jenis', 'in', ['KTP', 'IJAZAH', 'TRANSKRIP', 'STR']).select('id').execute()
  ).map((doc) => Number(doc.id));
  console.log(
    `${ids.length} pelamar, ${docs.length} dokumen dibaca (${made.cacat} cacat tercatat); dibuat dalam ${generateS.toFixed(1)} s (${((generateS * 1000) / made.dokumen).toFixed(0)} ms per dokumen)`,
  );

  const antrean = await bukaAntrean({ kind: 'pglite', pglite }, { pollingIntervalSeconds: 0.5 });
  const native = process.env.BENCH_NATIVE === '0' ? null : OcrNative.cari();
  const engines: { nama: string; mesin?: () => MesinOcr }[] = [{ nama: 'tesseract.js' }];
  if (native) engines.push({ nama: native.mesin, mesin: () => native });
  else if (process.env.BENCH_NATIVE !== '0') {
    console.log('native tesseract not installed (apt-get install tesseract-ocr tesseract-ocr-ind to compare)');
  }

  for (const engine of engines) {
    const rounds: { pekerja: number; detik: number; perMenit: number; median: number; p95: number }[] = [];
    for (const pekerja of PEKERJA) {
      await antreBaca(db, docs, { ulang: true });
      const reader = new Pembaca(antrean, db, store, { jumlah: pekerja, log, relaiMs: 200, mesin: engine.mesin });
      started = performance.now();
      await reader.mulai();
      for (;;) {
        const left = await db
          .selectFrom('dokumen_bacaan')
          .where('status', 'in', ['ANTRE', 'DIBACA'])
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        if (Number(left.n) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const detik = (performance.now() - started) / 1000;
      await reader.berhenti();
      const durations = (await db.selectFrom('dokumen_bacaan').select('durasi_ms').execute()).map(
        (row) => Number(row.durasi_ms) / 1000,
      );
      rounds.push({
        pekerja,
        detik,
        perMenit: (docs.length / detik) * 60,
        median: quantile(durations, 0.5),
        p95: quantile(durations, 0.95),
      });
    }

    const nilai = await nilaiKebenaran(db, ids);
    console.log(`\n## ${engine.nama}\n\n| kind of discrepancy | seeded | flagged | share |\n|---|---|---|---|`);
    let total = 0;
    let caught = 0;
    for (const jenis of JENIS_CACAT) {
      const { jumlah, tertangkap } = nilai.perJenis[jenis];
      total += jumlah;
      caught += tertangkap;
      console.log(
        `| ${jenis} | ${jumlah} | ${tertangkap} | ${jumlah ? ((100 * tertangkap) / jumlah).toFixed(0) : '–'} % |`,
      );
    }
    console.log(`| **all** | ${total} | ${caught} | ${((100 * caught) / total).toFixed(1)} % |`);
    console.log(
      `\nclean documents flagged: ${nilai.bersih.ditandai} of ${nilai.bersih.jumlah} (${((100 * nilai.bersih.ditandai) / nilai.bersih.jumlah).toFixed(1)} %)`,
    );
    for (const contoh of nilai.bersih.contoh.slice(0, 10)) console.log(`  - ${contoh.kode}: ${contoh.pesan}`);
    // Issue #32: what a verifier's screen is sent of each kind, the original against its rendition.
    const kirim = await db
      .selectFrom('dokumen as d')
      .innerJoin('dokumen_bacaan as r', 'r.dokumen_id', 'd.id')
      .innerJoin('berkas as b', 'b.sha256', 'd.berkas_sha256')
      .leftJoin('berkas as t', 't.sha256', 'r.tampilan_sha256')
      .groupBy('d.jenis')
      .select((eb) => [
        'd.jenis',
        eb.fn.countAll<number>().as('n'),
        eb.fn.count<number>('t.sha256').as('ringkas'),
        eb.fn.sum<number>('b.size').as('asli'),
        sql<number>`sum(coalesce(t.size, b.size))`.as('dikirim'),
      ])
      .orderBy('d.jenis')
      .execute();
    console.log(
      '\n| document | read | with a rendition | original KB (mean) | sent KB (mean) | sent / original |\n|---|---|---|---|---|---|',
    );
    for (const k of kirim) {
      const n = Number(k.n);
      console.log(
        `| ${k.jenis} | ${n} | ${k.ringkas} | ${(Number(k.asli) / n / 1024).toFixed(0)} | ${(Number(k.dikirim) / n / 1024).toFixed(0)} | ${(Number(k.dikirim) / Number(k.asli)).toFixed(2)} |`,
      );
    }
    console.log('\n| workers | wall time | documents/min | median s/doc | p95 s/doc |\n|---|---|---|---|---|');
    for (const r of rounds) {
      console.log(
        `| ${r.pekerja} | ${r.detik.toFixed(0)} s | ${r.perMenit.toFixed(1)} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} |`,
      );
    }
  }
  await antrean.tutup();
  await db.destroy();
}

await main();
