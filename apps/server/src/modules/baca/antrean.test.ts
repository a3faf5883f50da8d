// Issue #35: the reading queue on a real database (PGlite, or PostgreSQL at DATABASE_URL): two
// workers read every document once, a changed file is read as it is now, a failing read is retried
// with backoff and ends in the dead-letter queue with its reason, and findings reach the detail API.

import type { Readable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { specimenPdf } from '../../db/seed/demo-files.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { PostgresBerkasStore } from '../../storage/postgres-berkas-store.js';
import { createTestDb, type TestDb } from '../../test/test-app.js';
import { ANTREAN_BACA_GAGAL, type Antrean, antreBaca, bukaAntrean } from './antrean.js';
import { Pembaca } from './pekerja.js';

const RAJA_AMPAT = 8;
const log = pino({ level: 'silent' });
const ULANG_CEPAT = { retryLimit: 2, retryDelay: 1, retryBackoff: true };

let testDb: TestDb;
let store: PostgresBerkasStore;
const antrean: Antrean[] = [];
const pembaca: Pembaca[] = [];

/** A store whose files of the given hashes fail to open: `kali` times, or always. */
function gagalkan(inner: BerkasStore, gagal: Map<string, number>): BerkasStore {
  return {
    ...inner,
    put: (bytes) => inner.put(bytes),
    putFile: (file, sha) => inner.putFile(file, sha),
    exists: (sha) => inner.exists(sha),
    list: () => inner.list(),
    hapus: (sha) => inner.hapus(sha),
    async open(sha): Promise<Readable | undefined> {
      const left = gagal.get(sha);
      if (left !== undefined && left > 0) {
        gagal.set(sha, left - 1);
        throw new Error(`penyimpanan uji menolak ${sha.slice(0, 8)}`);
      }
      return inner.open(sha);
    },
  };
}

async function tunggu<T>(cek: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await cek();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('waktu menunggu habis');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function gantiBerkas(pelamarId: number, jenis: string, judul: string): Promise<{ id: number; sha: string }> {
  const bytes = specimenPdf(judul);
  const sha = await store.put(bytes);
  await testDb.db
    .insertInto('berkas')
    .values({ sha256: sha, mime: 'application/pdf', size: bytes.length })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  const row = await testDb.db
    .updateTable('dokumen')
    .set({ berkas_sha256: sha })
    .where('pelamar_id', '=', pelamarId)
    .where('jenis', '=', jenis)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), sha };
}

const gagalTotal = new Map<string, number>();

beforeAll(async () => {
  testDb = await createTestDb();
  store = new PostgresBerkasStore(testDb.db);
  await seedAccounts(testDb.db);
  await seedApplicants(testDb.db, store, {
    seed: 35,
    withDocuments: true,
    blocks: [{ instansiId: RAJA_AMPAT, track: 'cpns', applicants: 3, undecided: true }],
  });
  for (let i = 0; i < 2; i++) {
    const opened = await bukaAntrean(testDb.sumberAntrean, { pollingIntervalSeconds: 0.5, ulang: ULANG_CEPAT });
    antrean.push(opened);
    const worker = new Pembaca(opened, testDb.db, gagalkan(store, gagalTotal), { jumlah: 1, log, relaiMs: 200 });
    pembaca.push(worker);
    await worker.mulai();
  }
}, 120_000);

afterAll(async () => {
  for (const worker of pembaca) await worker.berhenti();
  for (const opened of antrean) await opened.tutup();
  await testDb.close();
});

const dokumenDibaca = () =>
  testDb.db
    .selectFrom('dokumen')
    .where('jenis', 'in', ['KTP', 'IJAZAH', 'TRANSKRIP'])
    .select(['id', 'pelamar_id', 'jenis'])
    .orderBy('id')
    .execute();

const bacaanSelesai = async (ids: number[]) => {
  const rows = await testDb.db
    .selectFrom('dokumen_bacaan')
    .where('dokumen_id', 'in', ids)
    .where('status', 'in', ['SELESAI', 'GAGAL'])
    .select(['dokumen_id', 'status', 'pesan', 'mesin'])
    .execute();
  return rows.length === ids.length ? rows : undefined;
};

describe('antrean baca dokumen', () => {
  it('two workers read every document exactly once and store what they found', async () => {
    const docs = await dokumenDibaca();
    const ids = docs.map((doc) => Number(doc.id));
    expect(await antreBaca(testDb.db, ids)).toBe(ids.length);
    // Asking again while nothing changed queues nothing more.
    expect(await antreBaca(testDb.db, ids)).toBe(0);
    const rows = await tunggu(() => bacaanSelesai(ids));
    expect(rows.every((row) => row.status === 'SELESAI')).toBe(true);
    expect(rows[0]?.mesin).toMatch(/aturan-periksa/);

    const reads = await testDb.db
      .selectFrom('audit_event')
      .where('action', '=', 'BACA_DOKUMEN')
      .select(['details'])
      .execute();
    const perDokumen = new Map<number, number>();
    for (const read of reads) {
      const id = Number((read.details as { dokumenId: number }).dokumenId);
      perDokumen.set(id, (perDokumen.get(id) ?? 0) + 1);
    }
    expect([...perDokumen.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...perDokumen.values()].every((count) => count === 1)).toBe(true);

    // The placeholders are not real documents: each reading says what it could not find.
    const temuan = await testDb.db.selectFrom('temuan_dokumen').select(['pelamar_id', 'kode']).execute();
    expect(temuan.length).toBeGreaterThan(0);
    const pelamar = await testDb.db.selectFrom('pelamar').select(['id', 'temuan_otomatis']).execute();
    expect(pelamar.every((p) => p.temuan_otomatis > 0)).toBe(true);
  }, 90_000);

  it('reads a replaced file again, as it is now', async () => {
    const [first] = await dokumenDibaca();
    const pelamarId = Number(first?.pelamar_id);
    const { id, sha } = await gantiBerkas(pelamarId, 'KTP', 'Kartu Tanda Penduduk versi baru');
    expect(await antreBaca(testDb.db, [id])).toBe(1);
    await tunggu(async () => {
      const row = await testDb.db
        .selectFrom('dokumen_bacaan')
        .where('dokumen_id', '=', id)
        .select(['status', 'berkas_sha256', 'teks'])
        .executeTakeFirst();
      return row?.status === 'SELESAI' && row.berkas_sha256 === sha ? row : undefined;
    });
    const teks = await testDb.db
      .selectFrom('dokumen_bacaan')
      .where('dokumen_id', '=', id)
      .select('teks')
      .executeTakeFirst();
    expect(teks?.teks).toContain('versi baru');
  }, 60_000);

  it('retries a failing read with backoff and gives up into the dead-letter queue with the reason', async () => {
    const docs = await dokumenDibaca();
    const sekali = await gantiBerkas(Number(docs[1]?.pelamar_id), 'IJAZAH', 'Ijazah gagal sekali');
    const selalu = await gantiBerkas(Number(docs[2]?.pelamar_id), 'TRANSKRIP', 'Transkrip gagal selalu');
    gagalTotal.set(sekali.sha, 1);
    gagalTotal.set(selalu.sha, 99);
    await antreBaca(testDb.db, [sekali.id, selalu.id]);
    const rows = await tunggu(() => bacaanSelesai([sekali.id, selalu.id]), 60_000);
    const byId = new Map(rows.map((row) => [Number(row.dokumen_id), row]));
    expect(byId.get(sekali.id)?.status).toBe('SELESAI');
    expect(byId.get(selalu.id)?.status).toBe('GAGAL');
    expect(byId.get(selalu.id)?.pesan).toMatch(/gagal berulang kali/);
    // Three attempts in all (retryLimit 2), then the dead letter with the error.
    expect(gagalTotal.get(selalu.sha)).toBe(99 - 3);
    const [opened] = antrean;
    const dead = await tunggu(async () => {
      const job = await opened?.boss.fetch<{ dokumenId: number }>(ANTREAN_BACA_GAGAL, { includeMetadata: true });
      return job?.[0];
    }, 20_000);
    expect(dead.data.dokumenId).toBe(selalu.id);
    expect(JSON.stringify(dead.output)).toMatch(/penyimpanan uji menolak/);
  }, 90_000);

  // Issue #17 (faults): a backend terminated while a relay's transaction holds its connection
  // between two statements fails that transaction, not the process (pg reports the cut as an
  // 'error' event on the connection, which ends the process when nobody listens).
  it.runIf(process.env.DATABASE_URL)(
    "a transaction's connection cut between two statements fails the transaction, not the process",
    async () => {
      const [opened] = antrean;
      if (!opened) throw new Error('antrean belum dibuka');
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const cut = opened.transaksi(async (db) => {
          const { rows } = await db.executeSql('SELECT pg_backend_pid() AS pid', []);
          await admin.query('SELECT pg_terminate_backend($1)', [(rows[0] as { pid: number }).pid]);
          // The notice of the cut arrives while no statement is running.
          await new Promise((resolve) => setTimeout(resolve, 500));
          return db.executeSql('SELECT 1', []);
        });
        await expect(cut).rejects.toThrow();
        const after = await opened.transaksi((db) => db.executeSql('SELECT 1 AS n', []));
        expect(after.rows).toEqual([{ n: 1 }]);
      } finally {
        await admin.end();
      }
    },
  );
});
