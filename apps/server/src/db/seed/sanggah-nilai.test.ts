// The seeded score objections: about 2 % of the applicants with scores, some about another
// applicant of the same formasi, a mix of statuses consistent with who answers and approves,
// approved ones with the score corrected (old and new kept), and a second run adds nothing.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type KomponenNilai, NILAI_MAKS } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestDb, type TestDb } from '../../test/test-app.js';
import { seedAccounts } from './accounts.js';
import { seedApplicants } from './applicants.js';
import { seedSanggahNilai } from './sanggah-nilai.js';

let testDb: TestDb;
let filesDir: string;
let seeded: number;
/** The scores before the seed, to see what the approvals changed. */
let before: Map<string, number>;

const key = (pelamarId: number | string, komponen: string) => `${pelamarId}:${komponen}`;

beforeAll(async () => {
  testDb = await createTestDb();
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
  await seedAccounts(testDb.db);
  await seedApplicants(testDb.db, new FolderBerkasStore(filesDir), {
    seed: 5,
    blocks: [
      { instansiId: 3, track: 'cpns', applicants: 2500 },
      { instansiId: 6, track: 'nakes', applicants: 2500 },
      { instansiId: 5, track: 'pppk-guru', applicants: 1000 },
      { instansiId: 4, track: 'pppk', applicants: 300 },
    ],
    // Scores come with the documents.
    withDocuments: true,
  });
  const scores = await testDb.db.selectFrom('nilai').select(['pelamar_id', 'komponen', 'nilai']).execute();
  before = new Map(scores.map((row) => [key(row.pelamar_id, row.komponen), Number(row.nilai)]));
  seeded = await seedSanggahNilai(testDb.db);
}, 120_000);

afterAll(async () => {
  await testDb.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('seeded score objections', () => {
  it('come from about 2 % of the applicants with scores, on the tracks that have the screen', async () => {
    const { rows } = await sql<{ track: string; calon: number; sanggah: number }>`
      SELECT p.track, count(DISTINCT p.id)::int AS calon, count(s.id)::int AS sanggah
      FROM pelamar p LEFT JOIN sanggah_nilai s ON s.pelamar_id = p.id
      WHERE EXISTS (SELECT 1 FROM nilai n WHERE n.pelamar_id = p.id)
      GROUP BY 1 ORDER BY 1
    `.execute(testDb.db);
    const byTrack = new Map(rows.map((row) => [row.track, row]));
    expect(byTrack.get('pppk')?.sanggah).toBe(0);
    const total = rows.reduce((sum, row) => sum + row.sanggah, 0);
    expect(seeded).toBe(total);
    const calon = rows.filter((row) => row.track !== 'pppk').reduce((sum, row) => sum + row.calon, 0);
    expect(total).toBeGreaterThan(calon * 0.01);
    expect(total).toBeLessThan(calon * 0.03);
  });

  it('are about another applicant of the same formasi for some, with each track’s components', async () => {
    const { rows } = await sql<{ track: string; komponen: string; lain: boolean; n: number; salah: number }>`
      SELECT s.track, s.komponen, s.pelamar_terkait_id IS NOT NULL AS lain, count(*)::int AS n,
             count(*) FILTER (WHERE q.id IS NOT NULL AND (q.formasi_id <> p.formasi_id OR q.id = p.id))::int AS salah
      FROM sanggah_nilai s JOIN pelamar p ON p.id = s.pelamar_id LEFT JOIN pelamar q ON q.id = s.pelamar_terkait_id
      GROUP BY 1, 2, 3
    `.execute(testDb.db);
    const total = rows.reduce((sum, row) => sum + row.n, 0);
    const lain = rows.filter((row) => row.lain).reduce((sum, row) => sum + row.n, 0);
    expect(lain).toBeGreaterThan(total * 0.05);
    expect(lain).toBeLessThan(total * 0.3);
    expect(rows.every((row) => row.salah === 0)).toBe(true);
    for (const row of rows) {
      expect(['TWK', 'TIU', 'TKP'].includes(row.komponen), `${row.track} ${row.komponen}`).toBe(row.track === 'cpns');
    }
    // About another applicant on PPPK: their affirmation points, else teknis.
    const pppkLain = rows.filter((row) => row.lain && row.track !== 'cpns');
    expect(pppkLain.length).toBeGreaterThan(0);
    expect(pppkLain.every((row) => row.komponen === 'AFIRMASI' || row.komponen === 'TEKNIS')).toBe(true);
    expect(new Set(rows.filter((row) => row.track === 'nakes').map((row) => row.komponen)).size).toBeGreaterThan(2);
  });

  it('mix the statuses, answered and approved by the right accounts, never the answerer approving', async () => {
    const { rows } = await sql<{
      track: string;
      komponen: string;
      status: string;
      penjawab: string | null;
      penyetuju: string | null;
      argumen: string;
      nilai_usulan: string | null;
      nilai_saat_diajukan: string;
    }>`
      SELECT s.track, s.komponen, s.status, j.username AS penjawab, a.username AS penyetuju, s.argumen,
             s.nilai_usulan, s.nilai_saat_diajukan
      FROM sanggah_nilai s
      LEFT JOIN app_user j ON j.id = s.dijawab_oleh LEFT JOIN app_user a ON a.id = s.disetujui_oleh
    `.execute(testDb.db);
    const statuses = new Set(rows.map((row) => row.status));
    expect(statuses).toEqual(new Set(['DIAJUKAN', 'MENUNGGU_PERSETUJUAN', 'DITOLAK', 'DISETUJUI', 'TIDAK_DISETUJUI']));
    for (const row of rows) {
      if (row.status === 'DIAJUKAN') continue;
      const expected =
        row.track === 'cpns' ? 'penjawab.skd' : row.track === 'pppk-guru' ? 'wasdal' : 'supervisor.nakes';
      expect(row.penjawab, `${row.track} ${row.komponen}`).toBe(expected);
      if (row.penyetuju) expect(row.penyetuju).not.toBe(row.penjawab);
      if (row.nilai_usulan !== null) {
        expect(Number(row.nilai_usulan)).not.toBe(Number(row.nilai_saat_diajukan));
        expect(Number(row.nilai_usulan)).toBeLessThanOrEqual(NILAI_MAKS[row.komponen as KomponenNilai]);
      }
    }
    // The only demo wasdal answers PPPK Guru's: those wait for a second wasdal.
    expect(rows.some((row) => row.track === 'pppk-guru' && row.penyetuju !== null)).toBe(false);
    expect(rows.every((row) => row.argumen.length > 40)).toBe(true);
    // The demo instansi of supervisor.nakes and of CPNS have work in both open states.
    const open = await sql<{ instansi_id: number; track: string; status: string }>`
      SELECT DISTINCT instansi_id, track, status FROM sanggah_nilai WHERE status IN ('DIAJUKAN', 'MENUNGGU_PERSETUJUAN')
    `.execute(testDb.db);
    for (const [instansiId, track] of [
      [6, 'nakes'],
      [3, 'cpns'],
    ] as const) {
      const states = open.rows.filter((row) => row.instansi_id === instansiId && row.track === track);
      expect(states.map((row) => row.status).sort()).toEqual(['DIAJUKAN', 'MENUNGGU_PERSETUJUAN']);
    }
  });

  it('approved ones corrected the score, old and new kept; others left it; a second run adds nothing', async () => {
    const rows = await testDb.db
      .selectFrom('sanggah_nilai as s')
      .leftJoin('nilai as n', (join) =>
        join
          .on('n.komponen', '=', (eb) => eb.ref('s.komponen'))
          .on((eb) => eb('n.pelamar_id', '=', eb.fn.coalesce('s.pelamar_terkait_id', 's.pelamar_id'))),
      )
      .select([
        's.status',
        's.komponen',
        's.pelamar_id',
        's.pelamar_terkait_id',
        's.nilai_saat_diajukan',
        's.nilai_lama',
        's.nilai_baru',
        's.nilai_usulan',
        'n.nilai',
      ])
      .execute();
    const approved = rows.filter((row) => row.status === 'DISETUJUI');
    expect(approved.length).toBeGreaterThan(0);
    for (const row of approved) {
      const old = before.get(key(row.pelamar_terkait_id ?? row.pelamar_id, row.komponen));
      expect(row.nilai_lama === null ? undefined : Number(row.nilai_lama)).toBe(old);
      expect(Number(row.nilai_baru)).toBe(Number(row.nilai_usulan));
      expect(Number(row.nilai)).toBe(Number(row.nilai_baru));
    }
    for (const row of rows.filter((row) => row.status !== 'DISETUJUI')) {
      expect(row.nilai_lama).toBeNull();
      expect(row.nilai_baru).toBeNull();
    }
    expect(await seedSanggahNilai(testDb.db)).toBe(0);
  });
});
