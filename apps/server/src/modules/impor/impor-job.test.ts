// Issue #18: the import screen's rules that need no imported rows – the column documentation,
// who may import, one job per kind and cancel between whole batches, a check that outlives its
// answer, the stage-window edit, and hostile archives. The imports themselves: impor.test.ts.

import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, IMPOR_PATH } from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hapusBilaTakDipakai } from '../shared/berkas-sementara.js';
import { cekBerkas, jalankanCek } from './cek.js';
import { DOCS_END, DOCS_START, kolomMarkdown } from './docs.js';
import { csv, PDF, useImporFixture, zip } from './fixture.js';
import { batalkanJob, batchTerapkan, jalankanJob, mulaiTerapkan } from './terapkan.js';

const fx = useImporFixture();
const { api } = fx;

describe('docs/impor.md', () => {
  it('lists every column of every kind exactly as the validator reads them (npm run impor:docs)', () => {
    const doc = readFileSync(path.resolve(__dirname, '../../../../../docs/impor.md'), 'utf8');
    expect(doc).toContain(`${DOCS_START}\n\n${kolomMarkdown()}\n\n${DOCS_END}`);
  });
});

describe('who may import (issue #18)', () => {
  it('answers the national operator only: 403 for every other demo role', async () => {
    for (const account of DEMO_ACCOUNTS.filter((a) => a.username !== 'superadmin' && !a.totp)) {
      const other = await api.client.loginToken(account.username, DEMO_PASSWORD);
      expect(
        (await api.client.request({ url: '/api/admin/impor/jenis', token: other })).statusCode,
        account.username,
      ).toBe(403);
      expect((await fx.cek('instansi', 'i.csv', 'kode;nama;jenis', other)).statusCode).toBe(403);
      const jadwal = await api.client.request({
        method: 'PUT',
        url: '/api/admin/jadwal',
        token: other,
        payload: { track: 'cpns', tahap: 'VERIFIKASI', mulai: '2026-01-01T00:00:00Z', selesai: '2026-02-01T00:00:00Z' },
      });
      expect(jadwal.statusCode).toBe(403);
    }
    expect(IMPOR_PATH).toBe('/admin/impor');
    expect(
      (await api.client.request({ url: '/api/admin/impor/jenis', token: fx.token }))
        .json()
        .jenis.map((j: { jenis: string }) => j.jenis),
    ).toEqual(['instansi', 'formasi', 'pelamar', 'nilai', 'dokumen', 'nonasn', 'jadwal']);
  });
});

describe('an import from check to apply (issue #18)', () => {
  it('one job per kind; a cancel leaves whole batches in and the rest untouched', async () => {
    const APPLY_BATCH = batchTerapkan(api.ctx.db);
    const rows = [
      ['kode', 'nama', 'jenis'],
      ...Array.from({ length: APPLY_BATCH * 2 + 10 }, (_, i) => [
        `8${String(i).padStart(5, '0')}`,
        `Instansi Massal ${i}`,
        'daerah',
      ]),
    ];
    const file = path.join(api.filesDir, 'massal.csv');
    writeFileSync(file, csv(rows));
    const oleh = { id: null, nama: 'uji' };
    const report = await cekBerkas(api.ctx.db, { jenis: 'instansi', file, namaFile: 'massal.csv', oleh });
    expect(report.baru).toBe(APPLY_BATCH * 2 + 10);
    const job = await mulaiTerapkan(api.ctx.db, report.id, oleh, { langsung: true });
    await expect(mulaiTerapkan(api.ctx.db, report.id, oleh)).rejects.toMatchObject({
      statusCode: 409,
      code: 'IMPOR_BERJALAN',
    });
    const ended = await jalankanJob(api.ctx.db, job.id, async (progress) => {
      if (progress.selesai === APPLY_BATCH) await batalkanJob(api.ctx.db, job.id);
    });
    expect(ended).toMatchObject({ status: 'DIBATALKAN', selesai: APPLY_BATCH });
    const inserted = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM instansi WHERE nama LIKE 'Instansi Massal %'`.execute(api.ctx.db);
    expect(inserted.rows[0]?.n).toBe(APPLY_BATCH);
  }, 60_000);

  it("an apply runs on the job queue; a dead worker's job is ended and the next goes to a live worker (issue #33)", async () => {
    const oleh = { id: null, nama: 'uji' };
    const checked = async (name: string, prefix: string, n: number) => {
      const file = path.join(api.filesDir, name);
      writeFileSync(
        file,
        csv([
          ['kode', 'nama', 'jenis'],
          ...Array.from({ length: n }, (_, i) => [`${prefix}${String(i).padStart(4, '0')}`, `${name} ${i}`, 'daerah']),
        ]),
      );
      return cekBerkas(api.ctx.db, { jenis: 'instansi', file, namaFile: name, oleh });
    };
    // A worker took this job and its process died: the heartbeat stopped two minutes ago.
    const dead = await mulaiTerapkan(api.ctx.db, (await checked('mati.csv', '61', 20)).id, oleh, { langsung: true });
    await sql`UPDATE impor_job SET dikerjakan_at = now() - interval '2 minutes', detak_at = now() - interval '2 minutes'
      WHERE id = ${dead.id}`.execute(api.ctx.db);

    // The next apply of the same kind is not blocked by it; it is queued, not run by the request…
    const next = await checked('hidup.csv', '62', 30);
    const started = await api.client.request({
      method: 'POST',
      url: `/api/admin/impor/cek/${next.id}/terapkan`,
      token: fx.token,
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'BERJALAN', menunggu: true, selesai: 0 });
    const job = (id: string) => api.client.request({ url: `/api/admin/impor/jobs/${id}`, token: fx.token });
    expect((await job(dead.id)).json()).toMatchObject({
      status: 'GAGAL',
      pesan: expect.stringMatching(/pekerja atau server dimulai ulang.*terapkan ulang/),
    });
    // …and a live worker takes it and runs it to its end.
    await expect
      .poll(async () => (await job(started.json().id)).json().status, { timeout: 20_000, interval: 100 })
      .toBe('SELESAI');
    expect((await job(started.json().id)).json()).toMatchObject({ baru: 30, selesai: 30, menunggu: false });
    const inserted = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM instansi WHERE nama LIKE 'hidup.csv %'`.execute(api.ctx.db);
    expect(inserted.rows[0]?.n).toBe(30);
  }, 60_000);

  it('a job waiting for a worker is cancelled at once; a job is never run twice (issue #33)', async () => {
    const oleh = { id: null, nama: 'uji' };
    const check = async (name: string, prefix: string) => {
      const file = path.join(api.filesDir, name);
      writeFileSync(
        file,
        csv([
          ['kode', 'nama', 'jenis'],
          ...Array.from({ length: 12 }, (_, i) => [`${prefix}${String(i).padStart(4, '0')}`, `${name} ${i}`, 'daerah']),
        ]),
      );
      return (await cekBerkas(api.ctx.db, { jenis: 'instansi', file, namaFile: name, oleh })).id;
    };
    // Kept off the queue (as the CLI's is): nobody takes it until it is run.
    const waiting = await mulaiTerapkan(api.ctx.db, await check('tunggu.csv', '63'), oleh, { langsung: true });
    expect(waiting).toMatchObject({ status: 'BERJALAN', menunggu: true });
    const cancelled = await api.client.request({
      method: 'POST',
      url: `/api/admin/impor/jobs/${waiting.id}/batal`,
      token: fx.token,
    });
    expect(cancelled.json()).toMatchObject({
      status: 'DIBATALKAN',
      menunggu: false,
      pesan: expect.stringMatching(/sebelum dimulai/),
    });
    expect(await jalankanJob(api.ctx.db, waiting.id)).toMatchObject({ status: 'DIBATALKAN', selesai: 0 });

    const twice = await mulaiTerapkan(api.ctx.db, await check('dua.csv', '64'), oleh, { langsung: true });
    // Two callers at once (two workers handed the same job): one claims it, the other leaves it.
    await Promise.all([jalankanJob(api.ctx.db, twice.id), jalankanJob(api.ctx.db, twice.id)]);
    expect(await jalankanJob(api.ctx.db, twice.id)).toMatchObject({ status: 'SELESAI', baru: 12, selesai: 12 });
    const audits = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_event
      WHERE action = 'IMPOR_TERAPKAN' AND details->>'job' = ${twice.id}`.execute(api.ctx.db);
    expect(audits.rows[0]?.n).toBe(1);
  }, 60_000);

  it('the server answers its health check while a large check runs beside it (on the embedded default too)', async () => {
    // Issue #33: a check gives way between its batches; the figure itself is bench/impor's, the
    // bound here only catches a check that holds the process (or the embedded database) for seconds.
    const rows = [
      ['kode', 'nama', 'jenis'],
      ...Array.from({ length: 40_000 }, (_, i) => [`8${String(i).padStart(6, '0')}`, `Instansi Besar ${i}`, 'daerah']),
    ];
    const file = path.join(api.filesDir, 'besar.csv');
    writeFileSync(file, csv(rows));
    const answer = await cekBerkas(
      api.ctx.db,
      { jenis: 'instansi', file, namaFile: 'besar.csv', oleh: { id: null, nama: 'uji' } },
      { tungguMs: 0 },
    );
    expect(answer.status).toBe('MEMERIKSA');
    const waktu: number[] = [];
    let status = answer.status;
    while (status === 'MEMERIKSA') {
      const started = performance.now();
      const health = await api.client.request({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      waktu.push(performance.now() - started);
      status = (await api.client.request({ url: `/api/admin/impor/cek/${answer.id}`, token: fx.token })).json().status;
      // As a monitor polls: the check's file reads need the turns a tight loop of calls would take.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('SELESAI');
    expect(waktu.length, 'health asked while the check ran').toBeGreaterThan(2);
    expect(Math.max(...waktu), `health answered in ${waktu.map(Math.round).join(', ')} ms`).toBeLessThan(2_000);
  }, 120_000);

  it('a table is read and checked in a thread of its own, with the same report and rows as in the request thread (issue #33)', async () => {
    const rows = [
      ['kode', 'nama', 'jenis'],
      ...Array.from({ length: 5000 }, (_, i) => [`6${String(i).padStart(5, '0')}`, `Instansi Utas ${i}`, 'daerah']),
    ];
    rows[1234] = ['6001233', 'Instansi Tanpa Jenis', 'entah'];
    rows[4321] = ['6004320', '', 'pusat'];
    const file = path.join(api.filesDir, 'utas.csv');
    writeFileSync(file, csv(rows));
    const oleh = { id: null, nama: 'uji' };
    const threads: number[] = [];
    const counted = (worker: { threadId: number }) => threads.push(worker.threadId);
    process.on('worker', counted);
    const staged = async (id: string) =>
      (
        await sql<{ baris: number; kunci: string; data: unknown; hasil: string }>`
          SELECT baris, kunci, data, hasil FROM impor_baris WHERE cek_id = ${id} ORDER BY baris`.execute(api.ctx.db)
      ).rows;
    try {
      const here = await cekBerkas(
        api.ctx.db,
        { jenis: 'instansi', file, namaFile: 'utas.csv', oleh },
        { utasMulai: Infinity },
      );
      expect(threads, 'checked in the calling thread').toEqual([]);
      const apart = await cekBerkas(
        api.ctx.db,
        { jenis: 'instansi', file, namaFile: 'utas.csv', oleh },
        { utasMulai: 0 },
      );
      expect(threads, 'checked in a thread of its own').toHaveLength(1);
      const { id: _a, dibuat: _b, ...report } = apart;
      const { id: _c, dibuat: _d, ...expected } = here;
      expect(report).toEqual(expected);
      expect(report).toMatchObject({ status: 'SELESAI', dibaca: 5000, baru: 4998, ditolak: 2 });
      expect(report.penolakan.map((t) => [t.baris, t.kolom])).toEqual([
        [1235, 'jenis'],
        [4322, 'nama'],
      ]);
      expect(await staged(apart.id)).toEqual(await staged(here.id));

      // What the thread cannot read is refused with the same reason, naming the row.
      const broken = path.join(api.filesDir, 'utas-rusak.csv');
      writeFileSync(broken, `${csv(rows.slice(0, 3000))}\r\n6009999;"Badan Uji;pusat\r\n6010000;x;pusat\r\n`);
      await expect(
        cekBerkas(api.ctx.db, { jenis: 'instansi', file: broken, namaFile: 'utas-rusak.csv', oleh }, { utasMulai: 0 }),
      ).rejects.toMatchObject({
        statusCode: 400,
        code: 'IMPOR_FORMAT',
        message: expect.stringMatching(/^Tanda kutip \("\) yang dibuka pada baris 3001 tidak pernah ditutup/),
      });
      expect(threads).toHaveLength(2);
    } finally {
      process.off('worker', counted);
    }
  }, 60_000);

  it('a check longer than its answer goes on, is followed to its end, and cannot be applied before', async () => {
    const rows = [
      ['kode', 'nama', 'jenis'],
      ...Array.from({ length: 3000 }, (_, i) => [`7${String(i).padStart(5, '0')}`, `Instansi Lama ${i}`, 'daerah']),
    ];
    const file = path.join(api.filesDir, 'lama.csv');
    writeFileSync(file, csv(rows));
    const oleh = { id: null, nama: 'uji' };
    let removed = false;
    const answer = await cekBerkas(
      api.ctx.db,
      { jenis: 'instansi', file, namaFile: 'lama.csv', oleh },
      {
        tungguMs: 0,
        setelah: async () => {
          removed = true;
        },
      },
    );
    expect(answer).toMatchObject({ status: 'MEMERIKSA', pesan: null });
    const follow = (id: string) => api.client.request({ url: `/api/admin/impor/cek/${id}`, token: fx.token });
    await expect.poll(async () => (await follow(answer.id)).json().status, { timeout: 30_000 }).toBe('SELESAI');
    expect((await follow(answer.id)).json()).toMatchObject({ dibaca: 3000, baru: 3000 });
    // The upload is removed once the check's work has ended, just after its report says SELESAI.
    await expect.poll(() => removed).toBe(true);

    // Still running elsewhere: not applied. A check whose process stopped beating a minute ago
    // is failed by the next reader, with the reason on the report and at apply.
    const running = randomUUID();
    await api.ctx.db
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
    await expect(mulaiTerapkan(api.ctx.db, running, oleh)).rejects.toMatchObject({
      statusCode: 409,
      code: 'IMPOR_CEK_BELUM_SELESAI',
      message: expect.stringMatching(/belum selesai/),
    });
    await sql`UPDATE impor_cek SET detak_at = now() - interval '2 minutes' WHERE id = ${running}`.execute(api.ctx.db);
    expect((await follow(running)).json()).toMatchObject({
      status: 'GAGAL',
      pesan: expect.stringMatching(/terhenti/),
    });
    await expect(mulaiTerapkan(api.ctx.db, running, oleh)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/gagal: Pemeriksaan terhenti/),
    });
  }, 60_000);

  it("a large upload is checked by an import worker on the job queue; a dead worker's check is failed, a waiting one is not (issue #33)", async () => {
    const { db } = api.ctx;
    const antre = (id: string, unggahan: string, diambil: boolean) =>
      sql`INSERT INTO impor_cek (id, jenis, nama_file, sha256, ukuran, dibuat_oleh, dibuat_oleh_nama, status,
          unggahan, diantre, diambil_at, detak_at)
        VALUES (${id}, 'instansi', 'x.csv', ${unggahan}, 1, null, 'uji', 'MEMERIKSA', ${unggahan}, true,
          ${diambil ? sql`now() - interval '2 minutes'` : null}, now() - interval '2 minutes')`.execute(db);
    // A worker took this one and its process died two minutes ago; its upload is still stored.
    const dead = randomUUID();
    const deadFile = await api.store.put(Buffer.from('kode;nama;jenis\r\n'));
    await antre(dead, deadFile, true);
    // This one no worker has taken yet (handed to the queue, never picked up): waiting, not dead.
    const waiting = randomUUID();
    const waitingFile = await api.store.put(Buffer.from('kode;nama;jenis\r\n9;x;daerah\r\n'));
    await antre(waiting, waitingFile, false);

    const rows = [
      ['kode', 'nama', 'jenis'],
      ...Array.from({ length: 36_000 }, (_, i) => [`5${String(i).padStart(6, '0')}`, `Instansi Antre ${i}`, 'daerah']),
    ];
    rows[777] = ['5000776', 'Instansi Tanpa Jenis', 'entah'];
    const content = csv(rows);
    expect(Buffer.byteLength(content), 'large enough for the queue').toBeGreaterThan(1024 * 1024);
    const answer = await fx.cek('instansi', 'antre.csv', content);
    expect([200, 202]).toContain(answer.statusCode);
    const follow = (id: string) => api.client.request({ url: `/api/admin/impor/cek/${id}`, token: fx.token });
    const id = answer.json().id as string;
    await expect.poll(async () => (await follow(id)).json().status, { timeout: 60_000, interval: 200 }).toBe('SELESAI');
    expect((await follow(id)).json()).toMatchObject({
      dibaca: 36_000,
      baru: 35_999,
      ditolak: 1,
      namaFile: 'antre.csv',
    });
    expect((await follow(id)).json().penolakan).toEqual([expect.objectContaining({ baris: 778, kolom: 'jenis' })]);

    // The queue's worker checked it: handed over, taken, and its upload gone from the store.
    const row = await db.selectFrom('impor_cek').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ diantre: true, unggahan: null });
    expect(row.diambil_at).not.toBeNull();
    expect(await api.store.exists(row.sha256)).toBe(false);
    // Taken once: a second worker handed the same check leaves it.
    expect(await jalankanCek(db, api.store, id, { nice: 0 })).toBeNull();

    // The dead worker's check was failed and its upload deleted; the waiting one waits, its upload kept.
    expect((await follow(dead)).json()).toMatchObject({ status: 'GAGAL', pesan: expect.stringMatching(/terhenti/) });
    expect(await api.store.exists(deadFile)).toBe(false);
    expect((await follow(waiting)).json()).toMatchObject({ status: 'MEMERIKSA', dibaca: 0 });
    expect(await api.store.exists(waitingFile)).toBe(true);
    // Nor does an expired export's cleanup delete bytes an upload still holds.
    expect(await hapusBilaTakDipakai(db, api.store, waitingFile)).toBe(false);
    expect(await api.store.exists(waitingFile)).toBe(true);
    await db.deleteFrom('impor_cek').where('id', '=', waiting).execute();
  }, 120_000);

  it('changes one stage window, audited and in effect at once', async () => {
    const res = await api.client.request({
      method: 'PUT',
      url: '/api/admin/jadwal',
      token: fx.token,
      payload: {
        track: 'pppk',
        tahap: 'VERIFIKASI',
        mulai: '2026-11-01T01:00:00.000Z',
        selesai: '2026-12-31T16:59:00.000Z',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const jadwal = (await api.client.request({ url: '/api/jadwal', token: fx.token })).json();
    expect(JSON.stringify(jadwal)).toContain('2026-12-31T16:59:00');
    const wrong = await api.client.request({
      method: 'PUT',
      url: '/api/admin/jadwal',
      token: fx.token,
      payload: { track: 'pppk', tahap: 'VERIFIKASI', mulai: '2026-12-01T00:00:00Z', selesai: '2026-11-01T00:00:00Z' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/selesai harus sesudah waktu mulai/);
    // The stages' order: verification may not start before registration has.
    const put = (tahap: string, mulai: string, selesai: string) =>
      api.client.request({
        method: 'PUT',
        url: '/api/admin/jadwal',
        token: fx.token,
        payload: { track: 'pppk', tahap, mulai, selesai },
      });
    expect((await put('PENDAFTARAN', '2026-10-01T01:00:00.000Z', '2026-10-31T16:59:00.000Z')).statusCode).toBe(200);
    const outOfOrder = await put('VERIFIKASI', '2026-09-01T01:00:00.000Z', '2026-12-31T16:59:00.000Z');
    expect(outOfOrder.statusCode).toBe(400);
    expect(outOfOrder.json().message).toMatch(/verifikasi tidak boleh mulai sebelum pendaftaran dimulai/);
    const audit = await api.ctx.db
      .selectFrom('audit_event')
      .select('action')
      .where('entity_id', '=', 'pppk/VERIFIKASI')
      .execute();
    expect(audit).toEqual([{ action: 'UBAH_JADWAL' }]);
  });
});

describe('documents from a ZIP with a manifest (issue #18)', () => {
  it('refuses archives that climb out of their folder or inflate like a bomb', async () => {
    const traversal = zip(path.join(api.filesDir, 'naik.zip'), {
      'manifest.csv': 'nomor_peserta;jenis;nama_file',
      '../../etc/evil.pdf': PDF,
    });
    const refused = await fx.cek('dokumen', 'naik.zip', traversal);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/keluar dari folder arsip/);
    const bomb = zip(path.join(api.filesDir, 'bom.zip'), {
      'manifest.csv': 'nomor_peserta;jenis;nama_file',
      'nol.pdf': Buffer.alloc(120 * 1024 * 1024),
    });
    const refusedBomb = await fx.cek('dokumen', 'bom.zip', bomb);
    expect(refusedBomb.statusCode).toBe(400);
    expect(refusedBomb.json().message).toMatch(/bom ZIP/);
    expect((await fx.cek('dokumen', 'bukan.zip', 'bukan zip')).json().message).toMatch(/bukan arsip ZIP/);
  }, 60_000);
});
