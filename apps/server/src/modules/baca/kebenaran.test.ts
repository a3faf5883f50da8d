// Issue #35: the whole reading against the recorded truth, on a real database – demo documents
// generated with one of each kind of discrepancy and clean ones beside them, read by OCR through
// the queue, and every discrepancy found on its document while the clean documents stay unflagged;
// the scans are also kept at the size a screen needs (issue #32).

import { createCanvas } from '@napi-rs/canvas';
import { DEMO_PASSWORD, type PelamarDetail } from '@portal/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { seedDokumenContoh } from '../../db/seed/dokumen-contoh.js';
import { PostgresBerkasStore } from '../../storage/postgres-berkas-store.js';
import { listBody } from '../../test/api-fixture.js';
import { createTestDb, TEST_JWT_SECRET, TestClient, type TestDb } from '../../test/test-app.js';
import { type Antrean, antreBaca, bukaAntrean } from './antrean.js';
import { cacatTetap, JENIS_CACAT } from './contoh.js';
import { nilaiKebenaran } from './kebenaran.js';
import { Pembaca } from './pekerja.js';
import { ukuranGambar } from './pembaca.js';
import { TAMPILAN_SISI } from './tampilan.js';

const RAJA_AMPAT = 8;
let testDb: TestDb;
let store: PostgresBerkasStore;
let antrean: Antrean;
let pembaca: Pembaca;
let pelamarIds: number[];

beforeAll(async () => {
  testDb = await createTestDb();
  store = new PostgresBerkasStore(testDb.db);
  await seedAccounts(testDb.db);
  await seedApplicants(testDb.db, store, {
    seed: 3535,
    withDocuments: true,
    blocks: [
      { instansiId: RAJA_AMPAT, track: 'cpns', applicants: 12, undecided: true },
      { instansiId: RAJA_AMPAT, track: 'nakes', applicants: 3, undecided: true },
    ],
  });
  const pelamar = await testDb.db
    .selectFrom('pelamar')
    .select(['id', 'track'])
    .orderBy('track')
    .orderBy('id')
    .execute();
  pelamarIds = pelamar.map((p) => Number(p.id));
  // One of each kind (the STR one on a Nakes applicant), the rest clean.
  const tetap = cacatTetap(pelamar.map((p) => ({ id: Number(p.id), track: p.track })));
  await seedDokumenContoh(testDb.db, store, pelamarIds, { seed: 3535, cacatTetap: tetap });
  const docs = await testDb.db
    .selectFrom('dokumen')
    .where('jenis', 'in', ['KTP', 'IJAZAH', 'TRANSKRIP', 'STR'])
    .select('id')
    .execute();
  await antreBaca(
    testDb.db,
    docs.map((doc) => Number(doc.id)),
  );
  antrean = await bukaAntrean(testDb.sumberAntrean, { pollingIntervalSeconds: 0.5 });
  pembaca = new Pembaca(antrean, testDb.db, store, { jumlah: 1, log: pino({ level: 'silent' }), relaiMs: 200 });
  await pembaca.mulai();
}, 120_000);

afterAll(async () => {
  await pembaca?.berhenti();
  await antrean?.tutup();
  await testDb.close();
});

describe('pembacaan dokumen terhadap kebenaran yang dicatat', () => {
  it('finds every seeded discrepancy on its document and flags no clean document', async () => {
    const deadline = Date.now() + 280_000;
    let nilai = await nilaiKebenaran(testDb.db, pelamarIds);
    while (nilai.belumDibaca > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      nilai = await nilaiKebenaran(testDb.db, pelamarIds);
    }
    expect(nilai.belumDibaca).toBe(0);
    expect(nilai.perJenis).toEqual(
      Object.fromEntries(JENIS_CACAT.map((jenis) => [jenis, { jumlah: 1, tertangkap: 1 }])),
    );
    expect(nilai.bersih.contoh).toEqual([]);
    expect(nilai.bersih.jumlah).toBeGreaterThan(30);
  }, 300_000);

  it('shows the findings in the detail and the audit trail, and the lists filter by them', async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET }),
      db: testDb.db,
    });
    try {
      const client = new TestClient(app);
      const [nik] = await testDb.db
        .selectFrom('demo_cacat as c')
        .innerJoin('pelamar as p', 'p.id', 'c.pelamar_id')
        .where('c.cacat', '=', 'NIK_TUKAR')
        .select(['p.id', 'p.track', 'p.nik'])
        .execute();
      expect(nik).toBeDefined();
      const track = nik?.track === 'cpns' ? 'cpns' : 'nakes';
      const verifier = await client.loginToken('verifikator.rajaampat', DEMO_PASSWORD);
      const res = await client.request({ method: 'GET', url: `/api/${track}/verifikator/${nik?.id}`, token: verifier });
      expect(res.statusCode).toBe(200);
      const detail = res.json() as PelamarDetail;
      const ktp = detail.dokumen.find((dokumen) => dokumen.jenis === 'KTP');
      expect(ktp?.bacaan).toMatchObject({ status: 'SELESAI', mesin: expect.stringMatching(/tesseract\.js 7/) });
      const finding = detail.temuanDokumen.find((temuan) => temuan.kode === 'NIK_BERBEDA');
      expect(finding).toMatchObject({
        dokumenId: ktp?.id,
        jenisDokumen: 'KTP',
        tingkat: 'BERAT',
        nilaiDaftar: nik?.nik,
        alasan: 'DOKUMEN_TIDAK_TERBACA',
      });
      expect(finding?.nilaiBaca).not.toBe(nik?.nik);
      expect(finding?.nilaiBaca).toMatch(/^\d{16}$/);
      // The region it was read from, on the first page, inside the page.
      expect(finding?.kotak?.halaman).toBe(1);
      expect(finding?.kotak?.x).toBeGreaterThanOrEqual(0);
      expect((finding?.kotak?.x ?? 1) + (finding?.kotak?.w ?? 1)).toBeLessThanOrEqual(1);

      // The queue's filter "Temuan otomatis: berat" holds the applicant; "tidak ada" does not.
      const berat = await client.request({
        method: 'POST',
        url: `/api/${track}/verifikator/filter`,
        token: verifier,
        payload: listBody({ temuanOtomatis: 'BERAT' }),
      });
      expect(berat.statusCode).toBe(200);
      const rows = (berat.json() as { data: { id: number; temuanOtomatis: string }[] }).data;
      expect(rows.map((row) => row.id)).toContain(Number(nik?.id));
      expect(rows.every((row) => row.temuanOtomatis === 'BERAT')).toBe(true);
      // Sorted by it, the "berat" come first.
      const sorted = await client.request({
        method: 'POST',
        url: `/api/${track}/verifikator/filter`,
        token: verifier,
        payload: { ...listBody(), sorting: { column: 'temuanOtomatis', direction: 'desc' } },
      });
      expect((sorted.json() as { data: { temuanOtomatis: string }[] }).data[0]?.temuanOtomatis).toBe('BERAT');
      const tidakAda = await client.request({
        method: 'POST',
        url: `/api/${track}/verifikator/filter`,
        token: verifier,
        payload: listBody({ temuanOtomatis: 'TIDAK_ADA' }),
      });
      expect((tidakAda.json() as { data: { id: number }[] }).data.map((row) => row.id)).not.toContain(Number(nik?.id));

      // The admin's view of the record holds the reading in its audit trail, with the engine.
      const admin = await client.loginToken('admin.rajaampat', DEMO_PASSWORD);
      const answer = await client.request({ method: 'GET', url: `/api/${track}/admin/${nik?.id}`, token: admin });
      expect(answer.statusCode, answer.body).toBe(200);
      const seen = answer.json() as PelamarDetail;
      const dibaca = seen.verifikasi.riwayat?.filter((entry) => entry.aksi === 'BACA_DOKUMEN') ?? [];
      expect(dibaca.length).toBe(seen.dokumen.filter((dokumen) => dokumen.bacaan).length);
      expect(
        dibaca.some((entry) => /KTP: \d+ temuan/.test(entry.ke ?? '') && /tesseract\.js/.test(entry.alasan ?? '')),
      ).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('serves a scan at the size a screen needs beside its original, in the same scope (issue #32)', async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET }),
      db: testDb.db,
      files: store,
    });
    try {
      const client = new TestClient(app);
      const ringkas = await testDb.db
        .selectFrom('dokumen_bacaan as r')
        .innerJoin('dokumen as d', 'd.id', 'r.dokumen_id')
        .innerJoin('pelamar as p', 'p.id', 'd.pelamar_id')
        .where('r.tampilan_sha256', 'is not', null)
        .select(['d.id', 'd.jenis', 'p.id as pelamar_id', 'p.track'])
        .execute();
      // The generated scans (ijazah, transkrip, STR) at 150 dpi are shown at ≈ 120 dpi.
      expect(ringkas.length).toBeGreaterThan(0);
      expect(ringkas.every((row) => row.jenis !== 'KTP')).toBe(true);
      const [doc] = ringkas;
      const track = doc?.track === 'cpns' ? 'cpns' : 'nakes';
      const path = `/api/${track}/verifikator/${doc?.pelamar_id}/dokumen/${doc?.id}`;
      const verifier = await client.loginToken('verifikator.rajaampat', DEMO_PASSWORD);
      const detail = (
        await client.request({ method: 'GET', url: `/api/${track}/verifikator/${doc?.pelamar_id}`, token: verifier })
      ).json() as PelamarDetail;
      const item = detail.dokumen.find((dokumen) => dokumen.id === Number(doc?.id));
      expect(item?.tampilan).toMatchObject({ mime: 'application/pdf' });

      const asli = await client.request({ method: 'GET', url: path, token: verifier });
      const tampil = await client.request({ method: 'GET', url: `${path}/tampilan`, token: verifier });
      expect(asli.statusCode).toBe(200);
      expect(tampil.statusCode).toBe(200);
      expect(tampil.headers['content-type']).toBe('application/pdf');
      expect(tampil.rawPayload.length).toBe(item?.tampilan?.ukuran);
      expect(tampil.rawPayload.length).toBeLessThanOrEqual(asli.rawPayload.length * 0.75);
      expect(tampil.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(tampil.headers['content-disposition']).toMatch(/-ringkas\.pdf"$/);

      // A document without one says so in Indonesian; another instansi's verifier gets neither.
      const ktp = detail.dokumen.find((dokumen) => dokumen.jenis === 'KTP');
      expect(ktp?.tampilan).toBeNull();
      const none = await client.request({
        method: 'GET',
        url: `/api/${track}/verifikator/${doc?.pelamar_id}/dokumen/${ktp?.id}/tampilan`,
        token: verifier,
      });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ message: expect.stringMatching(/belum tersedia/) });
      const lain = await client.loginToken('verifikator.cpns', DEMO_PASSWORD);
      const luar = await client.request({ method: 'GET', url: `${path}/tampilan`, token: lain });
      expect(luar.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('gives a kind it does not read (a pas foto) its rendition only: nothing read, found or audited', async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET }),
      db: testDb.db,
      files: store,
    });
    try {
      const foto = await testDb.db
        .selectFrom('dokumen as d')
        .innerJoin('pelamar as p', 'p.id', 'd.pelamar_id')
        .where('d.jenis', '=', 'PAS_FOTO')
        .where('p.track', '=', 'cpns')
        .select(['d.id', 'p.id as pelamar_id'])
        .orderBy('d.id')
        .executeTakeFirstOrThrow();
      // A 12-megapixel phone photo, as applicants upload them: grain the JPEG cannot smooth away.
      const canvas = createCanvas(4000, 3000);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#c9d7e8';
      ctx.fillRect(0, 0, 4000, 3000);
      let seed = 11;
      for (let i = 0; i < 300_000; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        ctx.fillStyle = `rgba(40,30,20,${(seed % 10) / 100})`;
        ctx.fillRect(seed % 4000, (seed >> 8) % 3000, 3, 3);
      }
      const bytes = canvas.encodeSync('jpeg', 92);
      const sha = await store.put(bytes);
      await testDb.db
        .insertInto('berkas')
        .values({ sha256: sha, mime: 'image/jpeg', size: bytes.length })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      await testDb.db
        .updateTable('dokumen')
        .set({ berkas_sha256: sha, nama_file: 'pas-foto.jpg' })
        .where('id', '=', foto.id)
        .execute();
      await antreBaca(testDb.db, [Number(foto.id)]);
      const deadline = Date.now() + 60_000;
      let row = await testDb.db
        .selectFrom('dokumen_bacaan')
        .where('dokumen_id', '=', foto.id)
        .select(['status', 'tampilan_sha256'])
        .executeTakeFirstOrThrow();
      while (row.status !== 'SELESAI' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        row = await testDb.db
          .selectFrom('dokumen_bacaan')
          .where('dokumen_id', '=', foto.id)
          .select(['status', 'tampilan_sha256'])
          .executeTakeFirstOrThrow();
      }
      expect(row.status).toBe('SELESAI');

      const client = new TestClient(app);
      const verifier = await client.loginToken('verifikator.rajaampat', DEMO_PASSWORD);
      const detail = (
        await client.request({ method: 'GET', url: `/api/cpns/verifikator/${foto.pelamar_id}`, token: verifier })
      ).json() as PelamarDetail;
      const item = detail.dokumen.find((dokumen) => dokumen.id === Number(foto.id));
      expect(item).toMatchObject({ jenis: 'PAS_FOTO', bacaan: null, tampilan: { mime: 'image/jpeg' } });
      expect(detail.temuanDokumen.filter((temuan) => temuan.dokumenId === Number(foto.id))).toEqual([]);
      const path = `/api/cpns/verifikator/${foto.pelamar_id}/dokumen/${foto.id}`;
      const tampil = await client.request({ method: 'GET', url: `${path}/tampilan`, token: verifier });
      expect(tampil.statusCode).toBe(200);
      expect(tampil.headers['content-type']).toBe('image/jpeg');
      expect(ukuranGambar(tampil.rawPayload)).toEqual({ lebar: TAMPILAN_SISI, tinggi: 1050 });
      expect(tampil.rawPayload.length).toBeLessThan(bytes.length * 0.25);
      expect(tampil.headers['content-disposition']).toMatch(/pas-foto-ringkas\.jpg"$/);

      // Drawing a rendition is not a reading in the applicant's history.
      const admin = await client.loginToken('admin.rajaampat', DEMO_PASSWORD);
      const seen = (
        await client.request({ method: 'GET', url: `/api/cpns/admin/${foto.pelamar_id}`, token: admin })
      ).json() as PelamarDetail;
      const dibaca = seen.verifikasi.riwayat?.filter((entry) => entry.aksi === 'BACA_DOKUMEN') ?? [];
      expect(dibaca.some((entry) => /PAS_FOTO/.test(entry.ke ?? ''))).toBe(false);
    } finally {
      await app.close();
    }
  }, 90_000);
});
