// The applicant generator (issue #3): deterministic, realistic, consistent with the formasi,
// counters equal to the rows, documents pointing at real files stored once.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JENIS_FORMASI_NAMA, LOKASI_FORMASI } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestDb, type TestDb } from '../../test/test-app.js';
import { seedAccounts } from './accounts.js';
import { type ApplicantSeedResult, seedApplicants } from './applicants.js';
import { DEMO_SEED, demoBlocks, planBlocks } from './index.js';
import { DEMO_NONASN, planNonAsn, seedNonAsn } from './nonasn.js';

let testDb: TestDb;
let filesDir: string;
let result: ApplicantSeedResult;
const blocks = [
  { instansiId: 3, track: 'cpns' as const, applicants: 300 },
  { instansiId: 6, track: 'nakes' as const, applicants: 200 },
];

beforeAll(async () => {
  testDb = await createTestDb();
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
  await seedAccounts(testDb.db);
  result = await seedApplicants(testDb.db, new FolderBerkasStore(filesDir), { seed: 7, blocks, withDocuments: true });
}, 60_000);

afterAll(async () => {
  await testDb.close();
  rmSync(filesDir, { recursive: true, force: true });
});

/** The rows of `table` counted per `keys`, and what its counter table keeps per the same keys. */
async function countedAndKept(
  table: 'pelamar' | 'nonasn',
  counter: 'pelamar_status_count' | 'nonasn_count',
  keys: readonly string[],
) {
  const columns = sql.join(keys.map((key) => sql.ref(key)));
  const [counted, kept] = await Promise.all([
    sql<Record<string, unknown>>`
      SELECT ${columns}, count(*)::int AS n FROM ${sql.table(table)} GROUP BY ${columns} ORDER BY ${columns}
    `.execute(testDb.db),
    sql<
      Record<string, unknown>
    >`SELECT ${columns}, jumlah::int AS n FROM ${sql.table(counter)} ORDER BY ${columns}`.execute(testDb.db),
  ]);
  return { counted: counted.rows, kept: kept.rows };
}

describe('applicant generator', () => {
  it('loads every planned applicant with documents and scores', () => {
    expect(result.applicants).toBe(500);
    expect(result.documents).toBe(300 * 7 + 200 * 7);
    expect(result.scores).toBe(500 * 3);
    expect(result.formasi).toBeGreaterThan(10);
  });

  it('makes NIKs with a valid structure: region, birth date (+40 for women), sequence', async () => {
    const rows = await testDb.db
      .selectFrom('pelamar')
      .select(['nik', 'jenis_kelamin', sql<string>`to_char(tanggal_lahir_ktp, 'DDMMYY')`.as('lahir')])
      .execute();
    for (const row of rows) {
      expect(row.nik).toMatch(/^\d{16}$/);
      const day = Number(row.nik.slice(6, 8)) - (row.jenis_kelamin === 'P' ? 40 : 0);
      expect(`${String(day).padStart(2, '0')}${row.nik.slice(8, 12)}`).toBe(row.lahir);
    }
    expect(new Set(rows.map((row) => row.nik)).size).toBe(rows.length);
  });

  it('gives applicants the study programme their formasi asks for (with rare exceptions)', async () => {
    const { rows } = await sql<{ matching: number; total: number }>`
      SELECT count(*) AS total,
             count(*) FILTER (WHERE f.pendidikan_nama LIKE '%' || split_part(p.prodi, ' (', 1) || '%'
                                 OR f.pendidikan_nama LIKE '%' || split_part(p.prodi, ' ', 1) || '%') AS matching
      FROM pelamar p JOIN formasi f ON f.id = p.formasi_id
    `.execute(testDb.db);
    const [counts] = rows;
    expect(Number(counts?.matching) / Number(counts?.total)).toBeGreaterThan(0.9);
  });

  it('is deterministic: the same seed gives the same people', async () => {
    const other = await createTestDb();
    const otherFiles = mkdtempSync(path.join(tmpdir(), 'berkas-'));
    try {
      await seedAccounts(other.db);
      await seedApplicants(other.db, new FolderBerkasStore(otherFiles), { seed: 7, blocks, withDocuments: false });
      const people = (db: TestDb['db']) =>
        db
          .selectFrom('pelamar')
          .select(['nik', 'nama', 'no_peserta', 'prodi', 'status_verifikasi'])
          .orderBy('no_peserta')
          .execute();
      expect(await people(other.db)).toEqual(await people(testDb.db));
    } finally {
      await other.close();
      rmSync(otherFiles, { recursive: true, force: true });
    }
  });

  it('keeps the status counters equal to the rows', async () => {
    const { counted, kept } = await countedAndKept('pelamar', 'pelamar_status_count', [
      'instansi_id',
      'track',
      'status_verifikasi',
    ]);
    expect(kept).toEqual(counted);
    expect(new Set(counted.map((row) => row.status_verifikasi))).toEqual(new Set(['BELUM', 'MS', 'TMS']));
  });

  it('stores each demo file once, as a real PDF or JPEG', async () => {
    const files = await testDb.db.selectFrom('berkas').selectAll().execute();
    expect(files.length).toBeLessThanOrEqual(12);
    for (const file of files) {
      const bytes = readFileSync(path.join(filesDir, file.sha256.slice(0, 2), file.sha256));
      expect(bytes.length).toBe(file.size);
      if (file.mime === 'application/pdf') {
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      } else {
        expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      }
    }
  });

  it('searches names without regard to case or diacritics', async () => {
    const first = await testDb.db.selectFrom('pelamar').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await testDb.db.updateTable('pelamar').set({ nama: 'Śiti Nurhalizá' }).where('id', '=', first.id).execute();
    const found = await testDb.db
      .selectFrom('pelamar')
      .select('nama_cari')
      .where('nama_cari', 'like', sql<string>`portal_normalise(${'SITI NURH'}) || '%'`)
      .execute();
    expect(found.map((row) => row.nama_cari)).toContain('siti nurhaliza');
  });
});

describe('planBlocks', () => {
  it('splits a million by track share and gives one instansi a quarter', () => {
    const plan = planBlocks(1_000_000);
    expect(plan.reduce((sum, block) => sum + block.applicants, 0)).toBe(1_000_000);
    expect(plan[0]).toEqual({ instansiId: 3, track: 'cpns', applicants: 250_000 });
  });
});

describe('Non-ASN generator', () => {
  let loaded: number;
  beforeAll(async () => {
    loaded = (await seedNonAsn(testDb.db, DEMO_NONASN, 7)).records;
  }, 60_000);

  it('loads every planned record with a valid, unique NIK', async () => {
    const planned = DEMO_NONASN.reduce((sum, block) => sum + block.records, 0);
    expect(loaded).toBe(planned);
    const rows = await testDb.db
      .selectFrom('nonasn')
      .select(['nik', sql<string>`to_char(tanggal_lahir, 'DDMMYY')`.as('lahir')])
      .execute();
    expect(rows).toHaveLength(planned);
    for (const row of rows) {
      expect(row.nik).toMatch(/^\d{16}$/);
      const day = Number(row.nik.slice(6, 8));
      expect(`${String(day > 40 ? day - 40 : day).padStart(2, '0')}${row.nik.slice(8, 12)}`).toBe(row.lahir);
    }
    expect(new Set(rows.map((row) => row.nik)).size).toBe(rows.length);
  });

  it('mixes the statuses, answered by the instansi admin, with a reason for every Tidak Diusulkan', async () => {
    const { rows } = await sql<{
      instansi_id: number;
      status: string;
      n: number;
      tanpa_alasan: number;
      tanpa_admin: number;
    }>`
      SELECT n.instansi_id, n.status_konfirmasi AS status, count(*)::int AS n,
             count(*) FILTER (WHERE n.status_konfirmasi = 'TIDAK_DIUSULKAN' AND n.alasan IS NULL)::int AS tanpa_alasan,
             count(*) FILTER (WHERE n.status_konfirmasi <> 'BELUM'
               AND NOT coalesce(u.authorities && ARRAY['ROLE_ADMIN_PPPK', 'ROLE_ADMIN_PPPK_GURU', 'ROLE_ADMIN_PPPK_NAKES']
                                AND u.instansi_id = n.instansi_id, false))::int AS tanpa_admin
      FROM nonasn n LEFT JOIN app_user u ON u.id = n.dikonfirmasi_oleh
      GROUP BY 1, 2
    `.execute(testDb.db);
    expect(new Set(rows.filter((row) => row.instansi_id === 4).map((row) => row.status))).toEqual(
      new Set(['BELUM', 'DIKONFIRMASI', 'TIDAK_DIUSULKAN']),
    );
    // Raja Ampat's confirmation has not started.
    expect(rows.filter((row) => row.instansi_id === 8).map((row) => row.status)).toEqual(['BELUM']);
    expect(rows.every((row) => row.tanpa_alasan === 0 && row.tanpa_admin === 0)).toBe(true);
  });

  it('keeps the counters equal to the rows', async () => {
    const { counted, kept } = await countedAndKept('nonasn', 'nonasn_count', [
      'instansi_id',
      'kategori',
      'status_konfirmasi',
    ]);
    expect(kept).toEqual(counted);
  });

  it('plans a bulk load over the demo instansi to the exact total', () => {
    const plan = planNonAsn(300_000);
    expect(plan.reduce((sum, block) => sum + block.records, 0)).toBe(300_000);
    expect(plan[0]).toEqual({ instansiId: 4, records: 90_000 });
  });
});

/** Proper case in Indonesian style: every word capitalised but the small ones ("dan", "di", …). */
const SMALL_WORDS = new Set(['dan', 'di', 'ke', 'dari', 'atau', 'yang', 'untuk', 'pada', 'dengan']);
const isProperCase = (label: string) =>
  label.split(/[\s/]+/).every((word) => {
    const letters = word.replace(/^[^\p{L}]+/u, '');
    return letters === '' || SMALL_WORDS.has(letters) || /^\p{Lu}/u.test(letters);
  });

describe('demo formasi (issue #31)', () => {
  let demo: TestDb;
  let formasi: { instansi: string; kode: string; lokasi_kode: string; lokasi_nama: string; jenis: string }[];
  beforeAll(async () => {
    demo = await createTestDb();
    const files = mkdtempSync(path.join(tmpdir(), 'berkas-'));
    try {
      await seedAccounts(demo.db);
      await seedApplicants(demo.db, new FolderBerkasStore(files), {
        seed: DEMO_SEED,
        blocks: demoBlocks(400),
        withDocuments: false,
      });
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
    formasi = await demo.db
      .selectFrom('formasi as f')
      .innerJoin('instansi as i', 'i.id', 'f.instansi_id')
      .select(['i.nama as instansi', 'i.kode', 'f.lokasi_kode', 'f.lokasi_nama', 'f.jenis_formasi as jenis'])
      .execute();
  }, 60_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('lie in their kabupaten/kota instansi’s own kecamatan, a province’s in its kabupaten/kota', () => {
    const regional = formasi.filter((f) => /^Pemerintah (Kabupaten|Kota|Provinsi) /.test(f.instansi));
    expect(new Set(regional.map((f) => f.instansi)).size).toBe(4);
    for (const f of regional) {
      const prefix = f.instansi.startsWith('Pemerintah Provinsi ') ? f.kode.slice(0, 2) : f.kode;
      expect(f.lokasi_kode.startsWith(prefix), `${f.instansi}: ${f.lokasi_kode} ${f.lokasi_nama}`).toBe(true);
      expect(LOKASI_FORMASI[f.kode]).toContainEqual([f.lokasi_kode, f.lokasi_nama]);
    }
  });

  it('put Raja Ampat’s formasi in Waisai and its districts, never in Jayapura, Padang or Pontianak', () => {
    const rajaAmpat = formasi.filter((f) => f.instansi === 'Pemerintah Kabupaten Raja Ampat');
    expect(rajaAmpat.length).toBeGreaterThan(0);
    expect(rajaAmpat.map((f) => f.lokasi_nama)).toContain('Distrik Kota Waisai');
    expect(rajaAmpat.every((f) => f.lokasi_nama.startsWith('Distrik '))).toBe(true);
  });

  it('keep a ministry’s formasi across the country', () => {
    const kemenkum = formasi.filter((f) => f.instansi === 'Kementerian Hukum');
    expect(new Set(kemenkum.map((f) => f.lokasi_kode.slice(0, 2))).size).toBeGreaterThan(1);
  });

  it('are labelled in proper case: places and kinds ("Formasi Daerah Tertinggal")', () => {
    expect(Object.values(JENIS_FORMASI_NAMA).filter((label) => !isProperCase(label))).toEqual([]);
    expect(`Formasi ${JENIS_FORMASI_NAMA.DAERAH_TERTINGGAL}`).toBe('Formasi Daerah Tertinggal');
    expect([...new Set(formasi.map((f) => f.lokasi_nama))].filter((label) => !isProperCase(label))).toEqual([]);
    expect(isProperCase('Formasi Daerah tertinggal')).toBe(false);
    expect(isProperCase('Dinas Pekerjaan Umum dan Penataan Ruang')).toBe(true);
  });
});
