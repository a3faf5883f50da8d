// Issue #31: the public check shows the list of an announcement as issued, so that a line of a
// printed copy can be compared: the same rows as its PDF and Excel copy (masked NIK, status word,
// reasons, formasi heading), unchanged after an accepted objection, searched by nomor peserta or
// part of a name, a page at a time; 404 for an unknown code and for the minutes, 410 for an
// announcement issued before lists were kept; a failed making leaves no rows behind.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BarisTerbit, DASAR_HUKUM_BAKU, type DaftarTerbit, ERROR_CODES } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';
import { dibuat, terimaSanggah, umumkan } from './uji-dokumen.js';

const INSTANSI = 3;
const PELAMAR = 180;
let ctx: TestContext;
let client: TestClient;
let dir: string;
let admin: string;

const pengumuman = {
  nomor: '800/300/BKPSDM/2026',
  tanggal: '2026-11-24',
  dasarHukum: DASAR_HUKUM_BAKU,
  penandatangan: { jabatan: 'Ketua Panitia Seleksi', nama: 'Dr. Sri Rahayu, M.Si.', nip: '197501012000032001' },
};

/** The applicant whose name the searches look for (planted before the announcement). */
const DICARI = { nama: 'Maria Émilia Rumbiak', gelarBelakang: 'S.Kom.' };
const DICARI_TERCETAK = 'Maria Émilia Rumbiak, S.Kom.';

/** Kept between the tests: the announcement issued in the first one. */
const terbit: { kode: string; pdf: Buffer; xlsx: Buffer } = { kode: '', pdf: Buffer.alloc(0), xlsx: Buffer.alloc(0) };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'daftar-terbit-'));
  ctx = await createTestApp({
    filesDir: dir,
    publicUrl: 'https://portal.uji.go.id',
    logLevel: process.env.DBG ? 'error' : 'silent',
    // The tests call the public list many times from one address; the limit has its own test.
    cekDokumen: { perMinute: 10_000, maxBytes: 50 * 1024 * 1024 },
  });
  client = new TestClient(ctx.app);
  await seedAccounts(ctx.db);
  await seedApplicants(ctx.db, new FolderBerkasStore(dir), {
    seed: 31,
    withDocuments: false,
    blocks: [{ instansiId: INSTANSI, track: 'cpns', applicants: PELAMAR }],
  });
  // Everyone decided and reviewed: a fifth TMS with one or two standard reasons.
  await sql`
    UPDATE pelamar SET
      status_verifikasi = CASE WHEN id % 5 = 0 THEN 'TMS' ELSE 'MS' END,
      alasan_tms = CASE WHEN id % 5 = 0 THEN
        CASE WHEN id % 2 = 0 THEN ARRAY['IPK', 'USIA'] ELSE ARRAY['DOKUMEN_TIDAK_TERBACA'] END END,
      verifikator_id = (SELECT id FROM app_user WHERE username = 'verifikator.cpns'),
      supervisor_id = (SELECT id FROM app_user WHERE username = 'supervisor.cpns'),
      status_supervisi = 'DISETUJUI', tgl_verifikasi = now(), tgl_supervisi = now()
    WHERE instansi_id = ${INSTANSI} AND track = 'cpns'`.execute(ctx.db);
  await sql`
    UPDATE pelamar SET nama = ${DICARI.nama}, gelar_depan = NULL, gelar_belakang = ${DICARI.gelarBelakang}
    WHERE id = (SELECT min(id) FROM pelamar WHERE instansi_id = ${INSTANSI} AND track = 'cpns' AND id % 5 <> 0)`.execute(
    ctx.db,
  );
  const user = await createUser(ctx.db, { roles: ['ROLE_ADMIN_CPNS'], flags: { isCpns: true }, instansiId: INSTANSI });
  admin = await client.loginToken(user.username, user.password);
  const kop = await client.request({
    method: 'PUT',
    url: '/api/cpns/admin/dokumen-resmi/kop',
    token: admin,
    payload: { alamat: 'Jalan H.R. Rasuna Said Kav. 6-7, Jakarta Selatan 12940', kota: 'Jakarta' },
  });
  expect(kop.statusCode, kop.body).toBe(200);
  const lockedBy = await ctx.db
    .selectFrom('app_user')
    .select('id')
    .where('username', '=', 'admin.cpns')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('final_verifikasi')
    .values({ instansi_id: INSTANSI, track: 'cpns', dikunci_oleh: lockedBy.id })
    .execute();
}, 90_000);

afterAll(async () => {
  await ctx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** An announcement asked for and made by the queue's worker step (issue #33). */
const terbitkan = (nomor: string) => umumkan(ctx, client, admin, { ...pengumuman, nomor });

const unduh = (kode: string, xlsx = false) =>
  client.request({ url: `/api/cpns/admin/dokumen-resmi/${kode}${xlsx ? '/xlsx' : ''}`, token: admin });

/** The public list, signed out, as the check page asks for it. */
const daftar = (kode: string, query: Record<string, string | number> = {}, remoteAddress?: string) =>
  client.request({
    url: `/api/cek-dokumen/${kode}/daftar`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

async function halaman(kode: string, query: Record<string, string | number> = {}): Promise<DaftarTerbit> {
  const res = await daftar(kode, query);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toMatch(/no-store/);
  return res.json();
}

/** Every row of the list (or of a search), page after page. */
async function semua(kode: string, q = ''): Promise<BarisTerbit[]> {
  const rows: BarisTerbit[] = [];
  for (let page = 1; ; page++) {
    const answer = await halaman(kode, { q, halaman: page });
    rows.push(...answer.baris);
    if (page * answer.perHalaman >= answer.total) {
      expect(rows).toHaveLength(answer.total);
      return rows;
    }
  }
}

/** The Excel copy's rows as the list's rows (its formasi columns as the PDF's heading). */
async function barisExcel(bytes: Buffer): Promise<BarisTerbit[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: BarisTerbit[] = [];
  (workbook.worksheets[0] as ExcelJS.Worksheet).eachRow((row, n) => {
    if (n === 1) return;
    const cell = (i: number) => String(row.getCell(i).value ?? '');
    rows.push({
      no: Number(row.getCell(1).value),
      formasi: `${cell(2)} · ${cell(3)} · Formasi ${cell(4)}`,
      noPeserta: cell(5),
      nama: cell(6),
      nik: cell(7),
      status: cell(8),
      keterangan: cell(9),
    });
  });
  return rows;
}

function pdfText(bytes: Buffer): string {
  const file = path.join(dir, `d-${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

/** Lists and their rows that belong to no issued document. */
const yatim = async () => ({
  daftar: await ctx.db
    .selectFrom('dokumen_resmi_daftar as l')
    .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM dokumen_resmi d WHERE d.kode = l.kode)`)
    .select('l.kode')
    .execute(),
  baris: (
    await ctx.db
      .selectFrom('dokumen_resmi_baris as b')
      .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM dokumen_resmi d WHERE d.kode = b.kode)`)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n,
});

describe('the list of an issued announcement on the public check (issue #31)', () => {
  it('holds the announcement as issued: the rows of its Excel copy and its PDF, numbered as printed', async () => {
    terbit.kode = dibuat(await terbitkan(pengumuman.nomor)).kode;
    terbit.pdf = (await unduh(terbit.kode)).rawPayload;
    terbit.xlsx = (await unduh(terbit.kode, true)).rawPayload;

    const first = await halaman(terbit.kode);
    expect(first).toMatchObject({ total: PELAMAR, halaman: 1, perHalaman: 20 });
    expect(first.baris.map((r) => r.no)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    const list = await semua(terbit.kode);
    expect(list).toEqual(await barisExcel(terbit.xlsx));
    // What the paper publishes: the NIK masked, the status as a word, a TMS applicant's reasons.
    for (const row of list) {
      expect(row.nik).toMatch(/^\d{6}\*{6}\d{4}$/);
      expect(['Memenuhi Syarat', 'Tidak Memenuhi Syarat']).toContain(row.status);
      expect(row.keterangan === '').toBe(row.status === 'Memenuhi Syarat');
    }
    expect(list.find((r) => r.nama === DICARI_TERCETAK)).toBeDefined();

    // The PDF: each row's line holds its number, nomor peserta and masked NIK; each formasi heading.
    const text = pdfText(terbit.pdf);
    const lines = text.split('\n');
    for (const row of list) {
      const line = lines.find((l) => l.includes(row.noPeserta)) ?? '';
      expect(line, row.noPeserta).toMatch(new RegExp(`^\\s*${row.no.toLocaleString('id-ID')}\\s`));
      expect(line).toContain(row.nik);
    }
    for (const formasi of new Set(list.map((r) => r.formasi))) {
      expect(text.replace(/\s+/g, ' ')).toContain(formasi);
    }
    // Complete, and nothing left over from the making.
    expect(await yatim()).toEqual({ daftar: [], baris: 0 });
  }, 60_000);

  it('finds a nomor peserta by its start and a name by the start of its words, a page at a time', async () => {
    expect(terbit.kode, 'the announcement of the first test').not.toBe('');
    const list = await semua(terbit.kode);
    const target = list[37] as BarisTerbit;

    // A whole nomor peserta: that row. Its start: every row that starts so, in the printed order.
    expect((await halaman(terbit.kode, { q: target.noPeserta })).baris).toEqual([target]);
    const prefix = target.noPeserta.slice(0, 6);
    const expected = list.filter((r) => r.noPeserta.startsWith(prefix));
    expect(expected.length).toBeGreaterThan(20);
    const found = await semua(terbit.kode, prefix);
    expect(found).toEqual(expected);
    const second = await halaman(terbit.kode, { q: prefix, halaman: 2 });
    expect(second).toMatchObject({ total: expected.length, halaman: 2, perHalaman: 20 });
    expect(second.baris).toEqual(expected.slice(20, 40));

    // A name: by part of it, each typed word the start of one of its words, without case or accents.
    const maria = list.find((r) => r.nama === DICARI_TERCETAK);
    for (const q of ['rumbiak', 'Rumb', 'emilia rumb', '  ÉMILIA   maria ', 'mar rum']) {
      const answer = await halaman(terbit.kode, { q });
      expect(answer.baris, q).toContainEqual(maria);
      for (const row of answer.baris) expect(row.nama.toLowerCase()).toMatch(/rum|emilia|maria|mar/);
    }
    expect((await halaman(terbit.kode, { q: 'emilia rumbiak' })).baris).toEqual([maria]);
    // Inside a word is not the start of one; no match is an empty page, not an error.
    for (const q of ['umbiak', 'rumbiak zzz', '%', '_', "'; --", '!!!', 'zz:* | !a']) {
      expect(await halaman(terbit.kode, { q }), q).toMatchObject({ baris: [], total: 0 });
    }
    // A common word: its every match, page after page, in the printed order.
    const kata = (target.nama.split(/[\s,.]+/)[0] ?? '').slice(0, 3);
    const byName = await semua(terbit.kode, kata);
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.map((r) => r.no)).toEqual([...byName.map((r) => r.no)].sort((a, b) => a - b));
    expect(byName).toContainEqual(target);

    // Pages: the last one short, past it empty (the total still said).
    const last = await halaman(terbit.kode, { halaman: 9 });
    expect(last.baris.map((r) => r.no)).toEqual(Array.from({ length: 20 }, (_, i) => 161 + i));
    expect(await halaman(terbit.kode, { halaman: 10 })).toMatchObject({ baris: [], total: PELAMAR });
    expect(await halaman(terbit.kode, { halaman: 1_000_000, q: 'maria' })).toMatchObject({ baris: [] });
  }, 60_000);

  it('refuses a bad page or a search too long with 400 in Indonesian', async () => {
    for (const query of [{ halaman: 0 }, { halaman: 'dua' }, { halaman: 1.5 }, { halaman: 1_000_001 }]) {
      const res = await daftar(terbit.kode, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ details: [{ field: expect.stringContaining('halaman') }] });
    }
    const long = await daftar(terbit.kode, { q: 'a'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([
      expect.objectContaining({ message: 'Kata pencarian paling banyak 100 karakter' }),
    ]);
    expect((await daftar(terbit.kode, { q: 'a'.repeat(100) })).statusCode).toBe(200);
    expect((await daftar(terbit.kode, { urut: 'nama' })).statusCode).toBe(400);
    expect((await daftar('bukan-kode')).statusCode).toBe(400);
  });

  it('stays as issued after an objection is accepted; the amendment lists the change', async () => {
    expect(terbit.kode, 'the announcement of the first test').not.toBe('');
    const noPeserta = await terimaSanggah(ctx, client);
    const now = await ctx.db
      .selectFrom('pelamar')
      .select('status_verifikasi')
      .where('no_peserta', '=', noPeserta)
      .executeTakeFirstOrThrow();
    expect(now.status_verifikasi).toBe('MS');

    const [row] = (await halaman(terbit.kode, { q: noPeserta })).baris;
    expect(row).toMatchObject({ noPeserta, status: 'Tidak Memenuhi Syarat', keterangan: expect.any(String) });
    expect(row?.keterangan).not.toBe('');
    expect(await semua(terbit.kode)).toEqual(await barisExcel(terbit.xlsx));

    const amended = dibuat(await terbitkan('800/301/BKPSDM/2026'));
    const [changed] = (await halaman(amended.kode, { q: noPeserta })).baris;
    expect(changed).toMatchObject({ noPeserta, status: 'Memenuhi Syarat', keterangan: '' });
    expect(await semua(amended.kode)).toEqual(await barisExcel((await unduh(amended.kode, true)).rawPayload));
  }, 60_000);

  it('answers 404 for an unknown code and for the minutes, 410 for a list that was not kept', async () => {
    const unknown = await daftar('ZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Dokumen dengan kode ini tidak ditemukan.' });

    const minutes = await client.request({
      method: 'POST',
      url: '/api/cpns/admin/dokumen-resmi/berita-acara',
      token: admin,
      payload: {
        nomor: 'BA/300/2026',
        tanggal: '2026-11-24',
        penandatangan: [pengumuman.penandatangan],
      },
    });
    expect(minutes.statusCode, minutes.body).toBe(201);
    const ba = await daftar(minutes.json().kode);
    expect(ba.statusCode).toBe(404);
    expect(ba.json()).toMatchObject({ error: 'BUKAN_PENGUMUMAN', message: expect.stringMatching(/berita acara/) });

    // An announcement issued before lists were kept (migration 0036): no list, rather than today's.
    const { kode } = dibuat(await terbitkan('800/302/BKPSDM/2026'));
    await ctx.db.deleteFrom('dokumen_resmi_baris').where('kode', '=', kode).execute();
    await ctx.db.deleteFrom('dokumen_resmi_daftar').where('kode', '=', kode).execute();
    const gone = await daftar(kode);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      error: 'DAFTAR_TIDAK_DISIMPAN',
      message: expect.stringMatching(/^Daftar pengumuman ini tidak disimpan ketika diterbitkan/),
    });
    // The check of the code itself still answers.
    expect((await client.request({ url: `/api/cek-dokumen/${kode}` })).statusCode).toBe(200);
  }, 60_000);

  it('leaves no rows behind when the making fails: while the rows are written, or when it is recorded', async () => {
    const before = await ctx.db
      .selectFrom('dokumen_resmi')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const failures = [
      // Storing the rows fails (180 applicants: one batch, one statement) while the PDF is laid out.
      {
        table: 'dokumen_resmi_baris',
        trigger:
          'CREATE TRIGGER gagal BEFORE INSERT ON dokumen_resmi_baris FOR EACH STATEMENT EXECUTE FUNCTION gagal_uji()',
      },
      // Everything is written and stored; recording the document fails.
      {
        table: 'dokumen_resmi',
        trigger: 'CREATE TRIGGER gagal BEFORE INSERT ON dokumen_resmi FOR EACH ROW EXECUTE FUNCTION gagal_uji()',
      },
    ];
    await sql`CREATE FUNCTION gagal_uji() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'kegagalan uji'; END $$`.execute(ctx.db);
    try {
      for (const failure of failures) {
        await sql.raw(failure.trigger).execute(ctx.db);
        try {
          // The job ends failed, saying so in Indonesian without the database's words.
          const { asked, job } = await terbitkan('800/303/BKPSDM/2026');
          expect(asked.statusCode, asked.body).toBe(202);
          expect(job, failure.table).toMatchObject({
            status: 'GAGAL',
            dokumen: null,
            pesan: expect.stringMatching(/^Pengumuman tidak dapat dibuat karena kesalahan pada server/),
          });
          expect(job?.pesan).not.toContain('kegagalan uji');
        } finally {
          await sql.raw(`DROP TRIGGER gagal ON ${failure.table}`).execute(ctx.db);
        }
        expect(await yatim(), failure.table).toEqual({ daftar: [], baris: 0 });
      }
    } finally {
      await sql`DROP FUNCTION gagal_uji()`.execute(ctx.db);
    }
    const after = await ctx.db
      .selectFrom('dokumen_resmi')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  }, 60_000);

  it('sweeps a list cut short over a day ago (a crash), and keeps one still being made', async () => {
    const baris = (kode: string) => ({
      kode,
      no: 1,
      no_peserta: '1',
      nama: 'Sisa',
      nik: '1',
      status: 'Memenuhi Syarat',
      keterangan: '',
      formasi: 'F',
    });
    await ctx.db
      .insertInto('dokumen_resmi_daftar')
      .values([
        { kode: 'SISAKEMRN2', dibuat_at: sql<Date>`now() - interval '2 days'` },
        { kode: 'SEDANGDBT2', dibuat_at: sql<Date>`now() - interval '1 minute'` },
      ])
      .execute();
    await ctx.db
      .insertInto('dokumen_resmi_baris')
      .values([baris('SISAKEMRN2'), baris('SEDANGDBT2')])
      .execute();
    dibuat(await terbitkan('800/304/BKPSDM/2026'));
    const left = await yatim();
    expect(left).toEqual({ daftar: [{ kode: 'SEDANGDBT2' }], baris: 1 });
    await ctx.db.deleteFrom('dokumen_resmi_baris').where('kode', '=', 'SEDANGDBT2').execute();
    await ctx.db.deleteFrom('dokumen_resmi_daftar').where('kode', '=', 'SEDANGDBT2').execute();
  }, 60_000);

  it('is counted with the check of the code: one limit per address for the page', async () => {
    // A second instance on the same database with a limit of 4: the count is shared (issue #30).
    const strict: FastifyInstance = await buildApp({
      config: { ...ctx.config, cekDokumen: { perMinute: 4, maxBytes: ctx.config.cekDokumen.maxBytes } },
      db: ctx.db,
    });
    try {
      const remoteAddress = '203.0.113.31';
      const get = (url: string) => strict.inject({ url, remoteAddress });
      const codes = [];
      for (const url of [
        `/api/cek-dokumen/${terbit.kode}`,
        `/api/cek-dokumen/${terbit.kode}/daftar`,
        `/api/cek-dokumen/${terbit.kode}/daftar?q=maria`,
        `/api/cek-dokumen/${terbit.kode}`,
      ]) {
        codes.push((await get(url)).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200]);
      const refused = await get(`/api/cek-dokumen/${terbit.kode}/daftar?halaman=2`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        error: ERROR_CODES.rateLimited,
        message: expect.stringMatching(/Coba lagi/),
      });
      expect((await get(`/api/cek-dokumen/${terbit.kode}`)).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
