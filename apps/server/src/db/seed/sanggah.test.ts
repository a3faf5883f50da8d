// The seeded objections (issue #5): from approved TMS applicants only, one item per TMS reason
// pointing at an uploaded document, a realistic mix of answers and checks, accepted ones made MS
// with the counters still equal to the rows, and a second run adds nothing.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpStatusCounts } from '../../modules/verifikasi/service.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestDb, type TestDb } from '../../test/test-app.js';
import { seedAccounts } from './accounts.js';
import { seedApplicants } from './applicants.js';
import { seedSanggah } from './sanggah.js';

let testDb: TestDb;
let filesDir: string;
let seeded: number;

beforeAll(async () => {
  testDb = await createTestDb();
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
  await seedAccounts(testDb.db);
  await seedApplicants(testDb.db, new FolderBerkasStore(filesDir), {
    seed: 3,
    blocks: [{ instansiId: 3, track: 'cpns', applicants: 4000 }],
    withDocuments: true,
  });
  seeded = await seedSanggah(testDb.db);
}, 120_000);

afterAll(async () => {
  await testDb.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('seeded objections', () => {
  it('come from about a fifth of the approved TMS applicants, one item per reason, each with its document', async () => {
    const { rows } = await sql<{ calon: number; sanggah: number; salah: number; tanpa_dokumen: number }>`
      SELECT (SELECT count(*)::int FROM pelamar WHERE status_supervisi = 'DISETUJUI'
                AND (status_verifikasi = 'TMS' OR id IN (SELECT pelamar_id FROM sanggah))) AS calon,
             (SELECT count(*)::int FROM sanggah) AS sanggah,
             (SELECT count(*)::int FROM sanggah s JOIN pelamar p ON p.id = s.pelamar_id
                WHERE jsonb_array_length(s.butir) <> cardinality(p.alasan_tms) OR p.status_supervisi <> 'DISETUJUI') AS salah,
             (SELECT count(*)::int FROM sanggah s, jsonb_array_elements(s.butir) b WHERE b->>'dokumenId' IS NULL) AS tanpa_dokumen
    `.execute(testDb.db);
    const figures = rows[0]!;
    expect(seeded).toBe(figures.sanggah);
    expect(figures.sanggah).toBeGreaterThan(figures.calon * 0.1);
    expect(figures.sanggah).toBeLessThan(figures.calon * 0.35);
    expect(figures.salah).toBe(0);
    expect(figures.tanpa_dokumen).toBe(0);
  });

  it('mixes open, accepted and rejected ones; accepted made MS; answers checked by wasdal', async () => {
    const { rows } = await sql<{ status: string; cek: string | null; ms: number; n: number }>`
      SELECT s.status, s.cek_status AS cek, count(*) FILTER (WHERE p.status_verifikasi = 'MS')::int AS ms, count(*)::int AS n
      FROM sanggah s JOIN pelamar p ON p.id = s.pelamar_id GROUP BY 1, 2 ORDER BY 1, 2
    `.execute(testDb.db);
    const statuses = new Set(rows.map((row) => row.status));
    expect(statuses).toEqual(new Set(['DIAJUKAN', 'DITERIMA', 'DITOLAK']));
    for (const row of rows) expect(row.ms, row.status).toBe(row.status === 'DITERIMA' ? row.n : 0);
    expect(rows.some((row) => row.cek === 'DITANDAI')).toBe(true);
    expect(rows.filter((row) => row.status === 'DIAJUKAN').every((row) => row.cek === null)).toBe(true);
    const wasdal = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM sanggah s JOIN app_user u ON u.id = s.cek_oleh WHERE u.username = 'wasdal'
    `.execute(testDb.db);
    expect(wasdal.rows[0]?.n).toBeGreaterThan(0);
  });

  it('keeps the status counters equal to the rows, and adds nothing on a second run', async () => {
    await rollUpStatusCounts(testDb.db);
    const { rows } = await sql<{ status_verifikasi: string; n: number }>`
      SELECT status_verifikasi, count(*)::int AS n FROM pelamar GROUP BY 1 ORDER BY 1
    `.execute(testDb.db);
    const counters = await testDb.db
      .selectFrom('pelamar_status_count')
      .select(['status_verifikasi', sql<number>`jumlah::int`.as('n')])
      .orderBy('status_verifikasi')
      .execute();
    expect(counters).toEqual(rows);
    expect(await seedSanggah(testDb.db)).toBe(0);
  });
});
