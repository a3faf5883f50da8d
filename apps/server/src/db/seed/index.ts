// The demo seed run by `npm start` on an empty embedded database: the demo accounts, then a few
// thousand generated applicants per track spread over the demo instansi, with documents and
// scores. `npm run seed` (seed-cli.ts) loads larger sizes with the same generator.

import type { Kysely } from 'kysely';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { catatKeputusanLama } from '../keputusan-lama.js';
import type { DB } from '../schema.js';
import { seedAccounts } from './accounts.js';
import { seedAfirmasi } from './afirmasi.js';
import { type ApplicantSeedResult, type SeedBlock, seedApplicants } from './applicants.js';
import { attributeDecisions } from './jadwal.js';
import { DEMO_NONASN, type NonAsnSeedResult, seedNonAsn } from './nonasn.js';
import { seedSanggah } from './sanggah.js';
import { seedSanggahNilai } from './sanggah-nilai.js';
import { seedVerifikasiKedua } from './verifikasi-kedua.js';

export const DEMO_SEED = 20240820;

/** Where each track's applicants go: the instansi of that track's demo accounts, plus the city of
 * operator.multi (DOMAIN.md; contract demo-accounts.ts), the first holding the most. */
const TRACK_INSTANSI: { track: SeedBlock['track']; instansi: number[]; share: number }[] = [
  { track: 'cpns', instansi: [3, 7, 1, 2], share: 0.39 },
  { track: 'pppk', instansi: [4, 7], share: 0.27 },
  { track: 'pppk-guru', instansi: [5, 7], share: 0.18 },
  { track: 'nakes', instansi: [6, 7], share: 0.16 },
];

/** `total` applicants in 2023's track proportions; the first CPNS instansi gets a quarter of all. */
export function planBlocks(total: number): SeedBlock[] {
  const blocks: SeedBlock[] = [];
  for (const { track, instansi, share } of TRACK_INSTANSI) {
    const trackTotal = Math.round(total * share);
    const [main, ...others] = instansi as [number, ...number[]];
    const mainCount = track === 'cpns' ? Math.round(total * 0.25) : Math.round(trackTotal * 0.75);
    blocks.push({ instansiId: main, track, applicants: mainCount });
    const rest = trackTotal - mainCount;
    others.forEach((instansiId, index) => {
      const count = Math.floor(rest / others.length) + (index < rest % others.length ? 1 : 0);
      blocks.push({ instansiId, track, applicants: count });
    });
  }
  return blocks;
}

/** Raja Ampat: three applicants in each of its two tracks, for a cycle finished in minutes. */
const SMALL_INSTANSI = 8;
const SMALL_INSTANSI_BLOCKS: SeedBlock[] = [
  { instansiId: SMALL_INSTANSI, track: 'cpns', applicants: 3, undecided: true },
  { instansiId: SMALL_INSTANSI, track: 'nakes', applicants: 3, undecided: true },
];

/** Demo size: a few thousand applicants per track. */
export const DEMO_APPLICANTS = 12_000;

/** The demo's blocks: `total` applicants over the demo instansi, plus Raja Ampat's few. */
export const demoBlocks = (total: number): SeedBlock[] => [...planBlocks(total), ...SMALL_INSTANSI_BLOCKS];

export interface DemoSeedResult {
  accounts: boolean;
  applicants?: ApplicantSeedResult;
  nonAsn?: NonAsnSeedResult;
}

/** Seeds the demo data once (nothing when the database already has users). */
export async function seedDemo(db: Kysely<DB>, store: BerkasStore): Promise<DemoSeedResult> {
  const accounts = await seedAccounts(db);
  if (!accounts) return { accounts };
  const applicants = await seedApplicants(db, store, {
    seed: DEMO_SEED,
    blocks: demoBlocks(DEMO_APPLICANTS),
    withDocuments: true,
  });
  await attributeDecisions(db);
  // Issue #34: the demo's decisions recorded for the quality measures, each with a claim time.
  await catatKeputusanLama(db, { durasiContoh: true });
  // Issue #34: second verifications made and waiting, so Mutu Verifikasi has agreement to show.
  await seedVerifikasiKedua(db);
  await seedSanggah(db);
  await seedAfirmasi(db, store);
  await seedSanggahNilai(db);
  const nonAsn = await seedNonAsn(db, DEMO_NONASN, DEMO_SEED);
  return { accounts, applicants, nonAsn };
}
