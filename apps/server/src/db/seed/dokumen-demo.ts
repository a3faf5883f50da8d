// Issue #35: the demo's own documents, made after the server listens (npm start stays healthy in
// seconds): every Raja Ampat applicant and `jumlah` others spread over the four tracks get a KTP,
// ijazah, transkrip (and STR for Nakes) generated from their registration, a known share with
// deliberate discrepancies (demo_cacat), and are put up for reading. Raja Ampat's six carry fixed
// discrepancies, so the demo and the browser tests know what each one shows, and are read first.
//
// Resumable: an applicant whose KTP already has a reading is done; a restart goes on with the rest
// (the generation is deterministic, so a half-made batch is made again identically).

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { antreBaca } from '../../modules/baca/antrean.js';
import type { JenisCacat } from '../../modules/baca/contoh.js';
import type { PembuatContoh } from '../../modules/baca/contoh-utas.js';
import type { JenisDibaca } from '../../modules/baca/jenis.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import type { DB } from '../schema.js';
import { seedDokumenContoh } from './dokumen-contoh.js';
import { DEMO_SEED } from './index.js';

const RAJA_AMPAT = 8;
/** Read before the others: the small instansi a whole cycle is shown on. */
const PRIORITAS_RAJA_AMPAT = 10;
const BATCH = 25;

/** Raja Ampat's applicants in nomor peserta order per track, and what each one's documents show. */
const CACAT_RAJA_AMPAT: Record<'cpns' | 'nakes', { jenisDokumen: JenisDibaca; cacat: JenisCacat }[][]> = {
  cpns: [[{ jenisDokumen: 'KTP', cacat: 'NIK_TUKAR' }], [], [{ jenisDokumen: 'TRANSKRIP', cacat: 'IPK_RENDAH' }]],
  nakes: [[{ jenisDokumen: 'STR', cacat: 'STR_KEDALUWARSA' }], [{ jenisDokumen: 'KTP', cacat: 'NAMA_EJAAN' }], []],
};

/** The applicants given documents: Raja Ampat's, then `jumlah` others, an equal share per track. */
async function sasaran(db: Kysely<DB>, jumlah: number) {
  const raja = await db
    .selectFrom('pelamar')
    .where('instansi_id', '=', RAJA_AMPAT)
    .select(['id', 'track', 'no_peserta'])
    .orderBy('track')
    .orderBy('no_peserta')
    .execute();
  const perTrack = Math.ceil(jumlah / 4);
  // Each track's first applicants in its largest instansi, those still waiting first, in the
  // verifier's queue order (nomor peserta): the ones a demo verifier opens. The largest instansi is
  // counted once per track (as a subquery per row it took 8 s on the embedded database, and every
  // request after a fresh start waited for it).
  const others = await sql<{ id: number; track: string; n: number }>`
    WITH terbesar AS (
      SELECT DISTINCT ON (track) track, instansi_id FROM pelamar
      GROUP BY track, instansi_id ORDER BY track, count(*) DESC, instansi_id
    )
    SELECT id, track, n FROM (
      SELECT p.id, p.track,
             row_number() OVER (PARTITION BY p.track ORDER BY p.status_verifikasi <> 'BELUM', p.no_peserta) AS n
      FROM pelamar p JOIN terbesar t ON t.track = p.track AND t.instansi_id = p.instansi_id
      WHERE p.instansi_id <> ${RAJA_AMPAT}
    ) ranked WHERE n <= ${perTrack} ORDER BY n, id
  `.execute(db);
  // The first waiting Nakes applicant's KTP shows another NIK (the browser test opens it).
  const etalase = others.rows.find((row) => row.track === 'nakes' && Number(row.n) === 1);
  return { raja, others: others.rows.map((row) => Number(row.id)), etalase: etalase ? Number(etalase.id) : null };
}

/** Those still without a read (or queued) KTP. */
async function belum(db: Kysely<DB>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const done = await db
    .selectFrom('dokumen as d')
    .innerJoin('dokumen_bacaan as r', 'r.dokumen_id', 'd.id')
    .where('d.pelamar_id', 'in', ids)
    .where('d.jenis', '=', 'KTP')
    .select('d.pelamar_id')
    .execute();
  const set = new Set(done.map((row) => Number(row.pelamar_id)));
  return ids.filter((id) => !set.has(id));
}

async function antreDokumen(db: Kysely<DB>, pelamarIds: number[], prioritas: number) {
  const docs = await db
    .selectFrom('dokumen')
    .where('pelamar_id', 'in', pelamarIds)
    .where('jenis', 'in', ['KTP', 'IJAZAH', 'TRANSKRIP', 'STR'])
    .select('id')
    .execute();
  return antreBaca(
    db,
    docs.map((doc) => Number(doc.id)),
    { prioritas },
  );
}

export interface DokumenDemoResult {
  pelamar: number;
  dokumen: number;
  ms: number;
}

export async function lengkapiDokumenDemo(
  db: Kysely<DB>,
  store: BerkasStore,
  log: Logger,
  jumlah: number,
  pembuat?: PembuatContoh,
): Promise<DokumenDemoResult> {
  const started = performance.now();
  const { raja, others, etalase } = await sasaran(db, jumlah);
  let pelamar = 0;
  let dokumen = 0;
  const rajaIds = await belum(
    db,
    raja.map((row) => Number(row.id)),
  );
  if (rajaIds.length) {
    const cacatTetap = new Map<number, { jenisDokumen: JenisDibaca; cacat: JenisCacat }[]>();
    for (const track of ['cpns', 'nakes'] as const) {
      const ofTrack = raja.filter((row) => row.track === track);
      for (const [index, row] of ofTrack.entries()) {
        cacatTetap.set(Number(row.id), CACAT_RAJA_AMPAT[track][index] ?? []);
      }
    }
    const made = await seedDokumenContoh(db, store, rajaIds, { seed: DEMO_SEED, cacatTetap, pembuat });
    dokumen += made.dokumen;
    pelamar += rajaIds.length;
    await antreDokumen(db, rajaIds, PRIORITAS_RAJA_AMPAT);
  }
  const rest = await belum(db, others);
  for (let i = 0; i < rest.length; i += BATCH) {
    const ids = rest.slice(i, i + BATCH);
    const cacatTetap = new Map<number, { jenisDokumen: JenisDibaca; cacat: JenisCacat }[]>();
    if (etalase !== null && ids.includes(etalase))
      cacatTetap.set(etalase, [{ jenisDokumen: 'KTP', cacat: 'NIK_TUKAR' }]);
    const made = await seedDokumenContoh(db, store, ids, { seed: DEMO_SEED, cacatTetap, pembuat });
    dokumen += made.dokumen;
    pelamar += ids.length;
    await antreDokumen(db, ids, 0);
    if ((i / BATCH) % 20 === 0) log.info({ pelamar, dari: rest.length }, 'dokumen demo dibuat');
  }
  return { pelamar, dokumen, ms: Math.round(performance.now() - started) };
}
