// The seeded affirmation claims (issue #5): PPPK Teknis and Nakes only, each track's categories,
// each claim with its evidence file, a mix of decisions; objections only against TIDAK_VALID
// decisions (accepted ones made their claims VALID); every claimant's AFIRMASI score equal to what
// the contract's rule makes of their VALID claims; a second run adds nothing.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AfirmasiTrack, ATURAN_AFIRMASI, type KategoriAfirmasi, nilaiAfirmasi } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestDb, type TestDb } from '../../test/test-app.js';
import { seedAccounts } from './accounts.js';
import { type AfirmasiSeedResult, seedAfirmasi } from './afirmasi.js';
import { seedApplicants } from './applicants.js';

let testDb: TestDb;
let filesDir: string;
let store: FolderBerkasStore;
let seeded: AfirmasiSeedResult;

beforeAll(async () => {
  testDb = await createTestDb();
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
  store = new FolderBerkasStore(filesDir);
  await seedAccounts(testDb.db);
  await seedApplicants(testDb.db, store, {
    seed: 5,
    blocks: [
      { instansiId: 4, track: 'pppk', applicants: 1500 },
      { instansiId: 6, track: 'nakes', applicants: 1500 },
      { instansiId: 3, track: 'cpns', applicants: 300 },
    ],
    withDocuments: false,
  });
  seeded = await seedAfirmasi(testDb.db, store);
}, 120_000);

afterAll(async () => {
  await testDb.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('seeded affirmation claims', () => {
  it('come from PPPK Teknis and Nakes applicants, in their track’s categories, with a mix of decisions', async () => {
    const rows = await testDb.db
      .selectFrom('afirmasi')
      .select(['track', 'kategori', 'status', 'diperiksa_oleh', 'alasan', 'berkas_sha256'])
      .execute();
    expect(rows.length).toBe(seeded.klaim);
    expect(rows.length).toBeGreaterThan(3000 * 0.1);
    for (const row of rows) {
      expect(Object.keys(ATURAN_AFIRMASI[row.track].persen)).toContain(row.kategori);
      expect(row.status === 'BELUM').toBe(row.alasan === null);
      if (row.status !== 'BELUM') expect(row.diperiksa_oleh).not.toBeNull();
    }
    for (const sha256 of new Set(rows.map((row) => row.berkas_sha256))) {
      expect(existsSync(path.join(filesDir, sha256.slice(0, 2), sha256))).toBe(true);
    }
    const statuses = new Set(rows.map((row) => row.status));
    expect([...statuses].sort()).toEqual(['BELUM', 'TIDAK_VALID', 'VALID']);
  });

  it('object only against TIDAK_VALID decisions, and each claimant’s score follows the VALID claims', async () => {
    const { rows: salah } = await sql<{ id: number }>`
      SELECT s.id FROM sanggah s, jsonb_array_elements(s.butir) b
      JOIN afirmasi a ON a.id = (b ->> 'afirmasiId')::bigint
      WHERE s.jenis = 'AFIRMASI'
        AND NOT (a.status = 'TIDAK_VALID' OR (a.status = 'VALID' AND s.mengubah_status))
    `.execute(testDb.db);
    expect(salah).toEqual([]);
    expect(seeded.sanggah).toBeGreaterThan(0);

    const claims = await testDb.db
      .selectFrom('afirmasi as a')
      .leftJoin('nilai as n', (join) =>
        join.onRef('n.pelamar_id', '=', 'a.pelamar_id').on('n.komponen', '=', 'AFIRMASI'),
      )
      .select(['a.pelamar_id', 'a.track', 'a.kategori', 'a.status', sql<string>`n.nilai::text`.as('nilai')])
      .execute();
    const byPelamar = new Map<number, { track: AfirmasiTrack; valid: KategoriAfirmasi[]; nilai: string | null }>();
    for (const claim of claims) {
      const entry = byPelamar.get(Number(claim.pelamar_id)) ?? { track: claim.track, valid: [], nilai: claim.nilai };
      if (claim.status === 'VALID') entry.valid.push(claim.kategori);
      byPelamar.set(Number(claim.pelamar_id), entry);
    }
    for (const { track, valid, nilai } of byPelamar.values()) {
      expect(Number(nilai)).toBe(nilaiAfirmasi(track, valid));
    }
    expect([...byPelamar.values()].some(({ valid }) => valid.length > 1)).toBe(true);
  });

  it('adds nothing on a second run', async () => {
    expect(await seedAfirmasi(testDb.db, store)).toEqual({ klaim: 0, sanggah: 0 });
  });
});
