// The applicants' own generated documents (issue #35): their KTP, ijazah, transkrip and STR rows
// point at new files drawn from their registration, the discrepancies are recorded in demo_cacat,
// the KTP put in the ijazah's place is the KTP's file, a copied ijazah is another applicant's
// file, and a second run with the same seed changes nothing.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CacatDokumen, undiCacat } from '../../modules/baca/contoh.js';
import { dataDaftar } from '../../modules/baca/data-daftar.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestDb, type TestDb } from '../../test/test-app.js';
import { seedAccounts } from './accounts.js';
import { seedApplicants } from './applicants.js';
import { type DokumenContohResult, seedDokumenContoh } from './dokumen-contoh.js';

const SEED = 11;
const DIBACA = ['KTP', 'IJAZAH', 'TRANSKRIP', 'STR'];

let testDb: TestDb;
let filesDir: string;
let store: FolderBerkasStore;
let pelamar: { id: number; track: string; no_peserta: string }[];
let cpns: number[];
let nakes: number[];
let before: Map<string, string>;
let tetap: Map<number, CacatDokumen[]>;
let result: DokumenContohResult;

const key = (pelamarId: number, jenis: string) => `${pelamarId}:${jenis}`;

async function dokumen() {
  const rows = await testDb.db
    .selectFrom('dokumen')
    .innerJoin('berkas', 'berkas.sha256', 'dokumen.berkas_sha256')
    .select(['dokumen.pelamar_id', 'dokumen.jenis', 'dokumen.nama_file', 'dokumen.berkas_sha256', 'berkas.mime'])
    .execute();
  return new Map(rows.map((row) => [key(Number(row.pelamar_id), row.jenis), row]));
}

async function demoCacat() {
  const rows = await testDb.db
    .selectFrom('demo_cacat')
    .selectAll()
    .orderBy('pelamar_id')
    .orderBy('jenis_dokumen')
    .orderBy('cacat')
    .execute();
  return rows.map((row) => ({ pelamarId: Number(row.pelamar_id), jenisDokumen: row.jenis_dokumen, cacat: row.cacat }));
}

beforeAll(async () => {
  testDb = await createTestDb();
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
  store = new FolderBerkasStore(filesDir);
  await seedAccounts(testDb.db);
  await seedApplicants(testDb.db, store, {
    seed: 3,
    blocks: [
      { instansiId: 8, track: 'cpns', applicants: 7 },
      { instansiId: 8, track: 'nakes', applicants: 3 },
    ],
    withDocuments: true,
  });
  pelamar = (await testDb.db.selectFrom('pelamar').select(['id', 'track', 'no_peserta']).orderBy('id').execute()).map(
    (row) => ({ ...row, id: Number(row.id) }),
  );
  cpns = pelamar.filter((p) => p.track === 'cpns').map((p) => p.id);
  nakes = pelamar.filter((p) => p.track === 'nakes').map((p) => p.id);
  before = new Map([...(await dokumen())].map(([k, row]) => [k, row.berkas_sha256]));
  tetap = new Map<number, CacatDokumen[]>([
    [cpns[0]!, [{ jenisDokumen: 'KTP', cacat: 'NIK_TUKAR' }]],
    [cpns[1]!, [{ jenisDokumen: 'IJAZAH', cacat: 'KTP_DI_IJAZAH' }]],
    [cpns[2]!, [{ jenisDokumen: 'IJAZAH', cacat: 'IJAZAH_SAMA' }]],
    [
      cpns[3]!,
      [
        { jenisDokumen: 'TRANSKRIP', cacat: 'IPK_RENDAH' },
        { jenisDokumen: 'KTP', cacat: 'BURAM' },
      ],
    ],
    [cpns[4]!, []],
    [nakes[0]!, [{ jenisDokumen: 'STR', cacat: 'STR_KEDALUWARSA' }]],
  ]);
  // Batches of four: the copied ijazah comes from the same batch.
  result = await seedDokumenContoh(
    testDb.db,
    store,
    pelamar.map((p) => p.id),
    { seed: SEED, cacatTetap: tetap, ukuranBatch: 4 },
  );
}, 120_000);

afterAll(async () => {
  await testDb.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('dataDaftar', () => {
  it('loads what the applicants registered, with the formasi and the closing date in Jakarta', async () => {
    const data = await dataDaftar(testDb.db, [cpns[0]!, nakes[0]!, 999_999]);
    expect([...data.keys()].sort()).toEqual([cpns[0], nakes[0]].sort());
    const row = await testDb.db.selectFrom('pelamar').selectAll().where('id', '=', cpns[0]!).executeTakeFirstOrThrow();
    const d = data.get(cpns[0]!)!;
    expect(d).toMatchObject({ track: 'cpns', nik: row.nik, nama: row.nama, ipkMin: '3.00', tglTutup: '2024-09-20' });
    expect(d.ipk).toMatch(/^\d\.\d\d$/);
    for (const tanggal of [d.tanggalLahirKtp, d.tanggalLahirIjazah, d.tglIjazah])
      expect(tanggal).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(data.get(nakes[0]!)?.ipkMin).toBe('2.75');
    expect(await dataDaftar(testDb.db, [])).toEqual(new Map());
  });
});

describe('seedDokumenContoh', () => {
  it("points each applicant's KTP, ijazah, transkrip (and the nakes' STR) at new files of its own", async () => {
    const now = await dokumen();
    const dibaca = [...now.values()].filter((row) => DIBACA.includes(row.jenis));
    expect(dibaca).toHaveLength(pelamar.length * 3 + nakes.length);
    expect(result.dokumen).toBe(dibaca.length);
    for (const row of dibaca) {
      const id = Number(row.pelamar_id);
      expect(row.berkas_sha256).not.toBe(before.get(key(id, row.jenis)));
      expect(await store.exists(row.berkas_sha256)).toBe(true);
      const noPeserta = pelamar.find((p) => p.id === id)?.no_peserta;
      const ext = row.mime === 'image/jpeg' ? 'jpg' : 'pdf';
      expect(row.nama_file).toBe(`${row.jenis.toLowerCase()}_${noPeserta}.${ext}`);
      if (row.jenis === 'KTP') expect(row.mime).toBe('image/jpeg');
      if (row.jenis !== 'KTP' && !(row.jenis === 'IJAZAH' && id === cpns[1])) expect(row.mime).toBe('application/pdf');
    }
    // Every applicant's KTP is a different file; the other documents keep the shared specimen.
    const ktp = dibaca.filter((row) => row.jenis === 'KTP').map((row) => row.berkas_sha256);
    expect(new Set(ktp).size).toBe(pelamar.length);
    for (const [k, row] of now) if (!DIBACA.includes(row.jenis)) expect(row.berkas_sha256).toBe(before.get(k));
    const file = await store.open(ktp[0]!);
    const bytes = await buffer(file!);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  });

  it("stores the KTP's own file as the ijazah of KTP_DI_IJAZAH", async () => {
    const now = await dokumen();
    const ijazah = now.get(key(cpns[1]!, 'IJAZAH'))!;
    expect(ijazah.berkas_sha256).toBe(now.get(key(cpns[1]!, 'KTP'))?.berkas_sha256);
    expect(ijazah.mime).toBe('image/jpeg');
    expect(ijazah.nama_file.endsWith('.jpg')).toBe(true);
  });

  it("gives IJAZAH_SAMA another applicant's ijazah file", async () => {
    const now = await dokumen();
    const sha = now.get(key(cpns[2]!, 'IJAZAH'))?.berkas_sha256;
    const sama = pelamar.filter((p) => p.id !== cpns[2] && now.get(key(p.id, 'IJAZAH'))?.berkas_sha256 === sha);
    expect(sama).toHaveLength(1);
    // From the same batch of four.
    expect(pelamar.slice(0, 4).map((p) => p.id)).toContain(sama[0]?.id);
  });

  it('records every discrepancy: the fixed ones as asked, the others as drawn', async () => {
    const rows = await demoCacat();
    expect(rows).toHaveLength(result.cacat);
    for (const p of pelamar) {
      const expected = (tetap.get(p.id) ?? undiCacat(p.id, p.track as 'cpns' | 'nakes', SEED)).map((c) => ({
        pelamarId: p.id,
        ...c,
      }));
      const recorded = rows.filter((row) => row.pelamarId === p.id);
      expect(recorded.sort((a, b) => a.cacat.localeCompare(b.cacat))).toEqual(
        expected.sort((a, b) => a.cacat.localeCompare(b.cacat)),
      );
    }
    expect(rows).toContainEqual({ pelamarId: cpns[1], jenisDokumen: 'IJAZAH', cacat: 'KTP_DI_IJAZAH' });
    expect(rows).toContainEqual({ pelamarId: cpns[2], jenisDokumen: 'IJAZAH', cacat: 'IJAZAH_SAMA' });
    expect(rows).toContainEqual({ pelamarId: nakes[0], jenisDokumen: 'STR', cacat: 'STR_KEDALUWARSA' });
    expect(rows.filter((row) => row.pelamarId === cpns[4])).toEqual([]);
  });

  it('makes the same files again for the same seed, and records nothing twice', async () => {
    const first = await dokumen();
    const rows = await demoCacat();
    const again = await seedDokumenContoh(
      testDb.db,
      store,
      pelamar.map((p) => p.id),
      { seed: SEED, cacatTetap: tetap, ukuranBatch: 4 },
    );
    expect(again.dokumen).toBe(result.dokumen);
    const second = await dokumen();
    for (const [k, row] of first) expect(second.get(k)?.berkas_sha256, k).toBe(row.berkas_sha256);
    expect(await demoCacat()).toEqual(rows);
  });

  it('copies an ijazah from outside the batch when the batch has nobody else', async () => {
    const first = await dokumen();
    await seedDokumenContoh(testDb.db, store, [cpns[2]!], { seed: SEED, cacatTetap: tetap });
    const now = await dokumen();
    const sha = now.get(key(cpns[2]!, 'IJAZAH'))?.berkas_sha256;
    expect(sha).not.toBe(now.get(key(cpns[2]!, 'KTP'))?.berkas_sha256);
    const others = pelamar.filter((p) => p.id !== cpns[2]).map((p) => first.get(key(p.id, 'IJAZAH'))?.berkas_sha256);
    expect(others).toContain(sha);
    expect((await demoCacat()).filter((row) => row.pelamarId === cpns[2])).toEqual([
      { pelamarId: cpns[2], jenisDokumen: 'IJAZAH', cacat: 'IJAZAH_SAMA' },
    ]);
  });
});
