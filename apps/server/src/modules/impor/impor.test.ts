// Issue #18: loading selection data through the API the Impor Data screen uses — who may, the
// check that changes nothing, every rejection class, apply as a job, idempotent re-import,
// conflicts with work already done, counters that agree with the rows, encodings and separators,
// the template, cancel between whole batches, and the stage-window edit.

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, IMPOR_PATH, type ImporJob } from '@portal/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../db/seed/accounts.js';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app.js';
import { cekBerkas } from './cek.js';
import { DOCS_END, DOCS_START, kolomMarkdown } from './docs.js';
import { JENIS_IMPOR } from './kinds.js';
import { APPLY_BATCH, batalkanJob, jalankanJob, mulaiTerapkan } from './terapkan.js';

let ctx: TestContext;
let client: TestClient;
let token: string;
let dir: string;

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
function multipart(filename: string, content: Buffer | string) {
  const boundary = `----uji${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const cek = (jenis: string, filename: string, content: Buffer | string, as = token) =>
  client.request({ method: 'POST', url: `/api/admin/impor/${jenis}/cek`, token: as, ...multipart(filename, content) });

/** Applies a check and waits for its job to end. */
async function terapkan(cekId: string): Promise<ImporJob> {
  const started = await client.request({ method: 'POST', url: `/api/admin/impor/cek/${cekId}/terapkan`, token });
  expect(started.statusCode, started.body).toBe(202);
  for (let i = 0; i < 200; i++) {
    const job = (await client.request({ url: `/api/admin/impor/jobs/${started.json().id}`, token })).json() as ImporJob;
    if (job.status !== 'BERJALAN') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('job did not end');
}

/** The applicants' columns as the import defines them (the template's header). */
const PELAMAR_HEADER = JENIS_IMPOR.pelamar.kolom.map((k) => k.nama);

function pelamarRow(over: Record<string, string> = {}): string[] {
  const base: Record<string, string> = {
    track: 'cpns',
    nomor_peserta: '99140100000000001',
    nik: '3171012505990001',
    nomor_register: 'REG-1',
    instansi_kode: '9901',
    jabatan_kode: 'JF-UJI',
    lokasi_kode: 'LOK-1',
    jenis_formasi: 'UMUM',
    pendidikan_kode: 'S1-HUKUM',
    nama: 'Siti Rahmawati',
    gelar_depan: '',
    gelar_belakang: 'S.H.',
    nama_ijazah: '',
    tempat_lahir_ktp: 'Bandung',
    tanggal_lahir_ktp: '25/05/1999',
    tempat_lahir_ijazah: 'Bandung',
    tanggal_lahir_ijazah: '25/05/1999',
    jenis_kelamin: 'P',
    agama: 'Islam',
    jenis_disabilitas: '',
    domisili_provinsi: 'Jawa Barat',
    domisili_kabupaten: 'Kota Bandung',
    alamat: 'Jl. Merdeka No. 1',
    email: 'siti@contoh.id',
    no_hp: '081234567890',
    lembaga_pendidikan: 'Universitas Padjadjaran',
    prodi: 'Ilmu Hukum',
    no_ijazah: 'UNPAD/2021/1',
    tgl_ijazah: '30/08/2021',
    tahun_lulus: '2021',
    akreditasi_lembaga: 'Unggul',
    akreditasi_prodi: 'A',
    ipk: '3,45',
    lokasi_ujian: 'Kanreg III BKN Bandung',
    tanggal_daftar: '2024-09-05',
    ...over,
  };
  return PELAMAR_HEADER.map((h) => base[h] ?? '');
}

const csv = (rows: string[][], sep = ';') => rows.map((r) => r.join(sep)).join('\r\n');

/** The admin list's counters for one instansi and track, and a recount of the rows. */
async function counters(instansiId: number) {
  const rows = await sql<{ s: string; n: number }>`
    SELECT status_verifikasi AS s, count(*)::int AS n FROM pelamar WHERE instansi_id = ${instansiId} AND track = 'cpns' GROUP BY 1`.execute(
    ctx.db,
  );
  const kept = await sql<{ s: string; n: number }>`
    SELECT status_verifikasi AS s, sum(jumlah)::int AS n FROM (
      SELECT status_verifikasi, jumlah FROM pelamar_status_count WHERE instansi_id = ${instansiId} AND track = 'cpns'
      UNION ALL SELECT status_verifikasi, delta FROM pelamar_status_delta WHERE instansi_id = ${instansiId} AND track = 'cpns') x
    GROUP BY 1`.execute(ctx.db);
  const asMap = (r: { s: string; n: number }[]) =>
    Object.fromEntries(r.filter((x) => x.n !== 0).map((x) => [x.s, x.n]));
  return { rows: asMap(rows.rows), counters: asMap(kept.rows) };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'impor-uji-'));
  ctx = await createTestApp({ filesDir: dir, loginRateLimitPerMinute: 10_000 });
  client = new TestClient(ctx.app);
  await seedAccounts(ctx.db);
  token = await client.loginToken('superadmin', DEMO_PASSWORD);
}, 60_000);

afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('docs/impor.md', () => {
  it('lists every column of every kind exactly as the validator reads them (npm run impor:docs)', () => {
    const doc = readFileSync(path.resolve(__dirname, '../../../../../docs/impor.md'), 'utf8');
    expect(doc).toContain(`${DOCS_START}\n\n${kolomMarkdown()}\n\n${DOCS_END}`);
  });
});

describe('who may import (issue #18)', () => {
  it('answers the national operator only: 403 for every other demo role', async () => {
    for (const account of DEMO_ACCOUNTS.filter((a) => a.username !== 'superadmin' && !a.totp)) {
      const other = await client.loginToken(account.username, DEMO_PASSWORD);
      expect((await client.request({ url: '/api/admin/impor/jenis', token: other })).statusCode, account.username).toBe(
        403,
      );
      expect((await cek('instansi', 'i.csv', 'kode;nama;jenis', other)).statusCode).toBe(403);
      const jadwal = await client.request({
        method: 'PUT',
        url: '/api/admin/jadwal',
        token: other,
        payload: { track: 'cpns', tahap: 'VERIFIKASI', mulai: '2026-01-01T00:00:00Z', selesai: '2026-02-01T00:00:00Z' },
      });
      expect(jadwal.statusCode).toBe(403);
    }
    expect(IMPOR_PATH).toBe('/admin/impor');
    expect(
      (await client.request({ url: '/api/admin/impor/jenis', token }))
        .json()
        .jenis.map((j: { jenis: string }) => j.jenis),
    ).toEqual(['instansi', 'formasi', 'pelamar', 'nilai', 'dokumen', 'nonasn', 'jadwal']);
  });
});

describe('an import from check to apply (issue #18)', () => {
  it('checks without changing anything, applies as a job, and a second import changes nothing', async () => {
    const file = csv([
      ['kode', 'nama', 'jenis'],
      ['9901', 'Badan Uji Impor', 'pusat'],
      ['9902', 'Kota Uji', 'kota'],
    ]);
    const checked = await cek('instansi', 'instansi.csv', `\uFEFF${file}`);
    expect(checked.statusCode, checked.body).toBe(200);
    const report = checked.json();
    expect(report).toMatchObject({ dibaca: 2, baru: 1, ditolak: 1, sama: 0, berubah: 0, konflik: 0 });
    expect(report.penolakan).toEqual([
      { baris: 3, kolom: 'jenis', nilai: 'kota', pesan: expect.stringMatching(/pusat, daerah/) },
    ]);
    expect(
      await ctx.db.selectFrom('instansi').select('id').where('kode', '=', '9901').executeTakeFirst(),
    ).toBeUndefined();

    const analyzed = () =>
      sql<{ n: number }>`SELECT coalesce(analyze_count, 0)::int AS n FROM pg_stat_user_tables
        WHERE relname = 'instansi' AND schemaname = current_schema()`
        .execute(ctx.db)
        .then((r) => r.rows[0]?.n ?? 0);
    const analyzedBefore = await analyzed();
    const job = await terapkan(report.id);
    expect(job).toMatchObject({ status: 'SELESAI', total: 1, selesai: 1, baru: 1, ditolak: 1 });
    // The planner's statistics of what the import wrote are refreshed (a million new rows would
    // otherwise be planned as the table was before).
    await expect.poll(analyzed).toBeGreaterThan(analyzedBefore);
    expect(await ctx.db.selectFrom('instansi').select('nama').where('kode', '=', '9901').executeTakeFirst()).toEqual({
      nama: 'Badan Uji Impor',
    });

    const again = (await cek('instansi', 'instansi.csv', `\uFEFF${file}`)).json();
    expect(again).toMatchObject({ baru: 0, berubah: 0, sama: 1 });
    expect(await terapkan(again.id)).toMatchObject({ status: 'SELESAI', total: 0, baru: 0, berubah: 0 });

    // The staged rows are unlogged: a crash of PostgreSQL empties them (as TRUNCATE does here).
    // The check is then refused at apply, not applied as "nothing to do".
    const lost = (await cek('instansi', 'instansi.csv', `\uFEFF${file}`)).json();
    await sql`TRUNCATE impor_baris, impor_tolak`.execute(ctx.db);
    const refused = await client.request({ method: 'POST', url: `/api/admin/impor/cek/${lost.id}/terapkan`, token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/hilang karena basis data dimulai ulang/);

    const audit = await ctx.db
      .selectFrom('audit_event')
      .select(['action', 'details'])
      .where('entity_id', '=', report.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['IMPOR_CEK', 'IMPOR_TERAPKAN']);
    expect(audit[0]?.details).toMatchObject({ namaFile: 'instansi.csv', sha256: report.sha256 });
  });

  it('reads formasi with commas as separator and decimal commas; rejects unknown references', async () => {
    const header = [
      'instansi_kode',
      'track',
      'jabatan_kode',
      'lokasi_kode',
      'jenis_formasi',
      'pendidikan_kode',
      'jabatan_nama',
      'lokasi_nama',
      'pendidikan_nama',
      'prodi',
      'usia_min',
      'usia_max',
      'ipk_min',
      'jumlah_kebutuhan',
    ];
    const row = [
      '9901',
      'cpns',
      'JF-UJI',
      'LOK-1',
      'UMUM',
      'S1-HUKUM',
      'Analis Uji',
      'Kota Uji',
      'S-1 Hukum',
      'Ilmu Hukum',
      '18',
      '35',
      '"3,00"',
      '2',
    ];
    const unknown = [...row];
    unknown[0] = '0000';
    const report = (await cek('formasi', 'formasi.csv', csv([header, row, unknown], ','))).json();
    expect(report).toMatchObject({ baru: 1, ditolak: 1 });
    expect(report.penolakan[0]).toMatchObject({ baris: 3, pesan: 'instansi_kode tidak dikenal' });
    expect(await terapkan(report.id)).toMatchObject({ status: 'SELESAI', baru: 1 });
    const formasi = await ctx.db
      .selectFrom('formasi')
      .select(['ipk_min', 'jumlah'])
      .where('jabatan_kode', '=', 'JF-UJI')
      .execute();
    expect(formasi).toEqual([{ ipk_min: expect.stringMatching(/^3(\.00)?$/), jumlah: 2 }]);
  });

  it('takes applicants: every rejection class, counters agree with the rows, conflicts never overwrite work', async () => {
    const instansi = (
      await ctx.db.selectFrom('instansi').select('id').where('kode', '=', '9901').executeTakeFirstOrThrow()
    ).id;
    const before = await counters(instansi);
    const rows = [
      PELAMAR_HEADER,
      pelamarRow(),
      pelamarRow({ nomor_peserta: '99140100000000002', nik: '31710125059900', nama: 'Bayu' }),
      pelamarRow({ nomor_peserta: '99140100000000003', nik: '3171012505990003', jabatan_kode: 'TIDAK-ADA' }),
      pelamarRow({ nomor_peserta: '99140100000000004', nik: '3171012505990001' }),
      pelamarRow(),
      pelamarRow({ nomor_peserta: '99140100000000006', nik: '3171012505990006', tanggal_lahir_ktp: '31/02/1999' }),
    ];
    const report = (await cek('pelamar', 'pelamar.csv', csv(rows))).json();
    expect(report, JSON.stringify(report.penolakan)).toMatchObject({ dibaca: 6, baru: 1, ditolak: 5 });
    const byRow = Object.fromEntries(report.penolakan.map((p: { baris: number; pesan: string }) => [p.baris, p.pesan]));
    expect(byRow[3]).toMatch(/NIK harus 16 angka/);
    expect(byRow[4]).toMatch(/formasi tidak dikenal/);
    expect(byRow[5]).toMatch(/NIK ganda dalam berkas: sama dengan baris 2/);
    expect(byRow[6]).toMatch(/Kunci ganda dalam berkas: sama dengan baris 2/);
    expect(byRow[7]).toMatch(/tanggal tidak ada/);
    // The rejected rows, to fix and upload again; a formula-looking cell stays text.
    const back = await client.request({ url: `/api/admin/impor/cek/${report.id}/ditolak?format=csv`, token });
    expect(back.body.split('\r\n')[0]).toContain('baris;alasan;track;nomor_peserta');
    expect(back.body).toContain('NIK harus 16 angka');

    expect(await terapkan(report.id)).toMatchObject({ status: 'SELESAI', baru: 1 });
    const after = await counters(instansi);
    expect(after.rows).toEqual(after.counters);
    expect((after.rows.BELUM ?? 0) - (before.rows.BELUM ?? 0)).toBe(1);
    const added = await ctx.db
      .selectFrom('pelamar')
      .selectAll()
      .where('no_peserta', '=', '99140100000000001')
      .executeTakeFirstOrThrow();
    expect(added).toMatchObject({
      nama: 'Siti Rahmawati',
      gelar_belakang: 'S.H.',
      ipk: expect.stringMatching(/^3\.45/),
      instansi_id: instansi,
      // The fingerprint of its import row: the same file again is told apart by it alone.
      impor_sidik: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    // The same file again: nothing changes. A changed row for a decided applicant: a conflict.
    expect((await cek('pelamar', 'pelamar.csv', csv(rows.slice(0, 2)))).json()).toMatchObject({ sama: 1, berubah: 0 });
    // Work started between the check and the apply wins too: a claim taken in between.
    const ahead = (
      await cek('pelamar', 'pelamar.csv', csv([PELAMAR_HEADER, pelamarRow({ nama: 'Siti Belum Diklaim' })]))
    ).json();
    expect(ahead).toMatchObject({ berubah: 1 });
    const verifier = await ctx.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'verifikator.cpns')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('pelamar')
      .set({ klaim_oleh: verifier.id, klaim_at: new Date() })
      .where('id', '=', added.id)
      .execute();
    expect(await terapkan(ahead.id)).toMatchObject({ status: 'SELESAI', berubah: 0, konflik: 1 });
    await ctx.db.updateTable('pelamar').set({ klaim_oleh: null, klaim_at: null }).where('id', '=', added.id).execute();
    expect(
      (await ctx.db.selectFrom('pelamar').select('nama').where('id', '=', added.id).executeTakeFirstOrThrow()).nama,
    ).toBe('Siti Rahmawati');
    await ctx.db.updateTable('pelamar').set({ status_verifikasi: 'MS' }).where('id', '=', added.id).execute();
    await ctx.db
      .insertInto('pelamar_status_delta')
      .values([
        { instansi_id: instansi, track: 'cpns', status_verifikasi: 'BELUM', delta: -1 },
        { instansi_id: instansi, track: 'cpns', status_verifikasi: 'MS', delta: 1 },
      ])
      .execute();
    const changed = (
      await cek('pelamar', 'pelamar.csv', csv([PELAMAR_HEADER, pelamarRow({ nama: 'Siti Diubah' })]))
    ).json();
    expect(changed).toMatchObject({ konflik: 1, berubah: 0 });
    expect(changed.konflikList[0]).toMatchObject({ baris: 2, alasan: expect.stringMatching(/sudah diverifikasi/) });
    await terapkan(changed.id);
    expect(
      (await ctx.db.selectFrom('pelamar').select('nama').where('id', '=', added.id).executeTakeFirstOrThrow()).nama,
    ).toBe('Siti Rahmawati');
  });

  it('reads the XLSX template it hands out and JSON Lines; refuses a file that is not UTF-8', async () => {
    const res = await client.request({ url: '/api/admin/impor/jadwal/template', token });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Data', 'Keterangan']);
    const sheet = workbook.getWorksheet('Data') as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([undefined, 'track', 'tahap', 'mulai', 'selesai']);
    sheet.getRow(2).values = ['nakes', 'SANGGAH', '01/12/2026 08:00', '05/12/2026 23:59'];
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const report = (await cek('jadwal', 'jadwal.xlsx', filled)).json();
    expect(report).toMatchObject({ dibaca: 1, ditolak: 0 });
    await terapkan(report.id);
    const window = await ctx.db
      .selectFrom('jadwal_tahap')
      .selectAll()
      .where('track', '=', 'nakes')
      .where('tahap', '=', 'SANGGAH')
      .executeTakeFirstOrThrow();
    expect(new Date(window.mulai).toISOString()).toBe('2026-12-01T01:00:00.000Z');

    const jsonl = `${JSON.stringify({ nomor_peserta: '99140100000000001', komponen: 'TWK', nilai: '85,5' })}\nbukan json\n`;
    const nilai = (await cek('nilai', 'nilai.jsonl', jsonl)).json();
    expect(nilai, JSON.stringify(nilai)).toMatchObject({ dibaca: 2, baru: 1, ditolak: 1 });

    const latin1 = Buffer.from('kode;nama;jenis\r\n9903;Kabupaten Pidié;daerah\r\n', 'latin1');
    const refused = await cek('instansi', 'latin1.csv', latin1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'IMPOR_FORMAT', message: expect.stringMatching(/UTF-8/) });
  });

  it('one job per kind; a cancel leaves whole batches in and the rest untouched', async () => {
    const rows = [
      ['kode', 'nama', 'jenis'],
      ...Array.from({ length: APPLY_BATCH * 2 + 10 }, (_, i) => [
        `8${String(i).padStart(5, '0')}`,
        `Instansi Massal ${i}`,
        'daerah',
      ]),
    ];
    const file = path.join(dir, 'massal.csv');
    writeFileSync(file, csv(rows));
    const oleh = { id: null, nama: 'uji' };
    const report = await cekBerkas(ctx.db, { jenis: 'instansi', file, namaFile: 'massal.csv', oleh });
    expect(report.baru).toBe(APPLY_BATCH * 2 + 10);
    const job = await mulaiTerapkan(ctx.db, report.id, oleh);
    await expect(mulaiTerapkan(ctx.db, report.id, oleh)).rejects.toMatchObject({
      statusCode: 409,
      code: 'IMPOR_BERJALAN',
    });
    const ended = await jalankanJob(ctx.db, job.id, async (progress) => {
      if (progress.selesai === APPLY_BATCH) await batalkanJob(ctx.db, job.id);
    });
    expect(ended).toMatchObject({ status: 'DIBATALKAN', selesai: APPLY_BATCH });
    const inserted = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM instansi WHERE nama LIKE 'Instansi Massal %'`.execute(ctx.db);
    expect(inserted.rows[0]?.n).toBe(APPLY_BATCH);
  }, 60_000);

  it('a check longer than its answer goes on, is followed to its end, and cannot be applied before', async () => {
    const rows = [
      ['kode', 'nama', 'jenis'],
      ...Array.from({ length: 3000 }, (_, i) => [`7${String(i).padStart(5, '0')}`, `Instansi Lama ${i}`, 'daerah']),
    ];
    const file = path.join(dir, 'lama.csv');
    writeFileSync(file, csv(rows));
    const oleh = { id: null, nama: 'uji' };
    let removed = false;
    const answer = await cekBerkas(
      ctx.db,
      { jenis: 'instansi', file, namaFile: 'lama.csv', oleh },
      {
        tungguMs: 0,
        setelah: async () => {
          removed = true;
        },
      },
    );
    expect(answer).toMatchObject({ status: 'MEMERIKSA', pesan: null });
    const follow = (id: string) => client.request({ url: `/api/admin/impor/cek/${id}`, token });
    await expect.poll(async () => (await follow(answer.id)).json().status, { timeout: 30_000 }).toBe('SELESAI');
    expect((await follow(answer.id)).json()).toMatchObject({ dibaca: 3000, baru: 3000 });
    expect(removed).toBe(true);

    // Still running elsewhere: not applied. A check whose process stopped beating a minute ago
    // is failed by the next reader, with the reason on the report and at apply.
    const running = randomUUID();
    await ctx.db
      .insertInto('impor_cek')
      .values({
        id: running,
        jenis: 'instansi',
        nama_file: 'x.csv',
        sha256: 'x',
        ukuran: 1,
        dibuat_oleh: null,
        dibuat_oleh_nama: 'uji',
        status: 'MEMERIKSA',
      })
      .execute();
    await expect(mulaiTerapkan(ctx.db, running, oleh)).rejects.toMatchObject({
      statusCode: 409,
      code: 'IMPOR_CEK_BELUM_SELESAI',
      message: expect.stringMatching(/belum selesai/),
    });
    await sql`UPDATE impor_cek SET detak_at = now() - interval '2 minutes' WHERE id = ${running}`.execute(ctx.db);
    expect((await follow(running)).json()).toMatchObject({
      status: 'GAGAL',
      pesan: expect.stringMatching(/terhenti/),
    });
    await expect(mulaiTerapkan(ctx.db, running, oleh)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/gagal: Pemeriksaan terhenti/),
    });
  }, 60_000);

  it('changes one stage window, audited and in effect at once', async () => {
    const res = await client.request({
      method: 'PUT',
      url: '/api/admin/jadwal',
      token,
      payload: {
        track: 'pppk',
        tahap: 'VERIFIKASI',
        mulai: '2026-11-01T01:00:00.000Z',
        selesai: '2026-12-31T16:59:00.000Z',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const jadwal = (await client.request({ url: '/api/jadwal', token })).json();
    expect(JSON.stringify(jadwal)).toContain('2026-12-31T16:59:00');
    const wrong = await client.request({
      method: 'PUT',
      url: '/api/admin/jadwal',
      token,
      payload: { track: 'pppk', tahap: 'VERIFIKASI', mulai: '2026-12-01T00:00:00Z', selesai: '2026-11-01T00:00:00Z' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/selesai harus sesudah waktu mulai/);
    // The stages' order: verification may not start before registration has.
    const put = (tahap: string, mulai: string, selesai: string) =>
      client.request({
        method: 'PUT',
        url: '/api/admin/jadwal',
        token,
        payload: { track: 'pppk', tahap, mulai, selesai },
      });
    expect((await put('PENDAFTARAN', '2026-10-01T01:00:00.000Z', '2026-10-31T16:59:00.000Z')).statusCode).toBe(200);
    const outOfOrder = await put('VERIFIKASI', '2026-09-01T01:00:00.000Z', '2026-12-31T16:59:00.000Z');
    expect(outOfOrder.statusCode).toBe(400);
    expect(outOfOrder.json().message).toMatch(/verifikasi tidak boleh mulai sebelum pendaftaran dimulai/);
    const audit = await ctx.db
      .selectFrom('audit_event')
      .select('action')
      .where('entity_id', '=', 'pppk/VERIFIKASI')
      .execute();
    expect(audit).toEqual([{ action: 'UBAH_JADWAL' }]);
  });
});

/** A ZIP made by Python's zipfile (any names, even hostile ones): entries name → bytes. */
function zip(file: string, entries: Record<string, Buffer | string>) {
  const script = `
import sys, zipfile, base64, json
entries = json.loads(sys.stdin.read())
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
    for name, data in entries.items():
        z.writestr(zipfile.ZipInfo(name), base64.b64decode(data), zipfile.ZIP_DEFLATED)
`;
  const input = JSON.stringify(
    Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
  );
  execFileSync('python3', ['-c', script, file], { input });
  return readFileSync(file);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe('documents from a ZIP with a manifest (issue #18)', () => {
  it('stores PDF/JPEG/PNG by content, rejects the rest row by row, and shows them on the applicant', async () => {
    const manifest = [
      'nomor_peserta;jenis;nama_file',
      '99140100000000001;KTP;ktp/99140100000000001.pdf',
      '99140100000000001;PAS_FOTO;foto.png',
      '99140100000000001;IJAZAH;palsu.pdf',
      '99140100000000001;STR;str.pdf',
      '99140100000000001;TRANSKRIP;hilang.pdf',
      '11111111111111111;KTP;ktp/99140100000000001.pdf',
    ].join('\r\n');
    const bytes = zip(path.join(dir, 'dokumen.zip'), {
      'manifest.csv': manifest,
      'ktp/99140100000000001.pdf': PDF,
      'foto.png': PNG,
      'palsu.pdf': 'MZ bukan pdf',
      'str.pdf': PDF,
    });
    // The applicant of the earlier test is decided; a fresh, untouched one takes the documents.
    await ctx.db
      .updateTable('pelamar')
      .set({ status_verifikasi: 'BELUM' })
      .where('no_peserta', '=', '99140100000000001')
      .execute();
    const report = (await cek('dokumen', 'dokumen.zip', bytes)).json();
    expect(report, JSON.stringify(report.penolakan)).toMatchObject({ dibaca: 6, baru: 2, ditolak: 4 });
    const pesan = report.penolakan.map((p: { pesan: string }) => p.pesan).join(' | ');
    expect(pesan).toMatch(/isi berkas "palsu.pdf" bukan PDF, JPEG atau PNG/);
    expect(pesan).toMatch(/jenis dokumen ini tidak dipakai pada jalur pelamar/);
    expect(pesan).toMatch(/berkas "hilang.pdf" tidak ada di dalam arsip/);
    expect(pesan).toMatch(/nomor peserta tidak dikenal/);
    expect(await terapkan(report.id)).toMatchObject({ status: 'SELESAI', baru: 2 });
    const docs = await ctx.db
      .selectFrom('dokumen as d')
      .innerJoin('pelamar as p', 'p.id', 'd.pelamar_id')
      .innerJoin('berkas as b', 'b.sha256', 'd.berkas_sha256')
      .select(['d.jenis', 'd.nama_file', 'b.mime'])
      .where('p.no_peserta', '=', '99140100000000001')
      .orderBy('d.jenis')
      .execute();
    expect(docs).toEqual([
      { jenis: 'KTP', nama_file: '99140100000000001.pdf', mime: 'application/pdf' },
      { jenis: 'PAS_FOTO', nama_file: 'foto.png', mime: 'image/png' },
    ]);
    // The same archive again: nothing changes.
    expect((await cek('dokumen', 'dokumen.zip', bytes)).json()).toMatchObject({ baru: 0, berubah: 0, sama: 2 });
  });

  it('refuses archives that climb out of their folder or inflate like a bomb', async () => {
    const traversal = zip(path.join(dir, 'naik.zip'), {
      'manifest.csv': 'nomor_peserta;jenis;nama_file',
      '../../etc/evil.pdf': PDF,
    });
    const refused = await cek('dokumen', 'naik.zip', traversal);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/keluar dari folder arsip/);
    const bomb = zip(path.join(dir, 'bom.zip'), {
      'manifest.csv': 'nomor_peserta;jenis;nama_file',
      'nol.pdf': Buffer.alloc(120 * 1024 * 1024),
    });
    const refusedBomb = await cek('dokumen', 'bom.zip', bomb);
    expect(refusedBomb.statusCode).toBe(400);
    expect(refusedBomb.json().message).toMatch(/bom ZIP/);
    expect((await cek('dokumen', 'bukan.zip', 'bukan zip')).json().message).toMatch(/bukan arsip ZIP/);
  }, 60_000);
});

describe('non-ASN records (issue #18)', () => {
  it('adds records with their counters, changes unanswered ones, leaves answered ones alone', async () => {
    const header =
      'instansi_kode;nik;nama;tempat_lahir;tanggal_lahir;unit_kerja;jabatan;masa_kerja_bulan;kategori;no_sk;tgl_sk;sumber_dana';
    const row = (nik: string, nama: string, kategori = 'R2') =>
      `9901;${nik};${nama};Bogor;12/03/1988;Dinas Pendidikan;Tenaga Administrasi;84;${kategori};800/12/SK/2019;02/01/2019;APBD`;
    const first = (
      await cek(
        'nonasn',
        'nonasn.csv',
        [header, row('3201010101880001', 'Budi'), row('3201010101880002', 'Ani')].join('\n'),
      )
    ).json();
    expect(first).toMatchObject({ baru: 2, ditolak: 0 });
    await terapkan(first.id);
    const instansi = (
      await ctx.db.selectFrom('instansi').select('id').where('kode', '=', '9901').executeTakeFirstOrThrow()
    ).id;
    const recount = async () => {
      const rows = await sql<{
        k: string;
        n: number;
      }>`SELECT kategori || '/' || status_konfirmasi AS k, count(*)::int AS n
        FROM nonasn WHERE instansi_id = ${instansi} GROUP BY 1`.execute(ctx.db);
      const kept = await sql<{
        k: string;
        n: number;
      }>`SELECT kategori || '/' || status_konfirmasi AS k, sum(j)::int AS n FROM (
          SELECT kategori, status_konfirmasi, jumlah AS j FROM nonasn_count WHERE instansi_id = ${instansi}
          UNION ALL SELECT kategori, status_konfirmasi, delta FROM nonasn_count_delta WHERE instansi_id = ${instansi}) x
        GROUP BY 1 HAVING sum(j) <> 0`.execute(ctx.db);
      return {
        rows: Object.fromEntries(rows.rows.map((r) => [r.k, r.n])),
        kept: Object.fromEntries(kept.rows.map((r) => [r.k, r.n])),
      };
    };
    expect((await recount()).rows).toEqual({ 'R2/BELUM': 2 });
    expect((await recount()).kept).toEqual({ 'R2/BELUM': 2 });
    // Ani answered by the instansi; a new file moves Budi to R3 and tries to change Ani.
    await ctx.db
      .updateTable('nonasn')
      .set({ status_konfirmasi: 'DIKONFIRMASI' })
      .where('nik', '=', '3201010101880002')
      .execute();
    await ctx.db
      .insertInto('nonasn_count_delta')
      .values([
        { instansi_id: instansi, kategori: 'R2', status_konfirmasi: 'BELUM', delta: -1 },
        { instansi_id: instansi, kategori: 'R2', status_konfirmasi: 'DIKONFIRMASI', delta: 1 },
      ])
      .execute();
    const second = (
      await cek(
        'nonasn',
        'nonasn.csv',
        [header, row('3201010101880001', 'Budi', 'R3'), row('3201010101880002', 'Ani Diubah')].join('\n'),
      )
    ).json();
    expect(second).toMatchObject({ berubah: 1, konflik: 1 });
    expect(await terapkan(second.id)).toMatchObject({ status: 'SELESAI', berubah: 1 });
    const after = await recount();
    expect(after.rows).toEqual({ 'R3/BELUM': 1, 'R2/DIKONFIRMASI': 1 });
    expect(after.kept).toEqual(after.rows);
  });
});
