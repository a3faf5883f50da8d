// Issue #33: a list export over EKSPOR_LANGSUNG_MAKS rows is a job: answered 202, written by a
// worker (from the real queue too), followed, downloaded by the one who asked only, cancelled at its
// next batch, ended as failed when its worker died or the server failed (never in the server's
// words), and its file deleted once it expired (the store keeps equal bytes once: the file stays
// while another export holds it). Up to the limit the file still streams from its request.

import type { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { seedNonAsn } from '../../db/seed/nonasn.js';
import { PEMBUAT_EKSPOR } from '../../ekspor-jenis.js';
import { openBerkasStore } from '../../storage/open-berkas-store.js';
import { useApiFixture } from '../../test/api-fixture.js';
import { createUser } from '../../test/test-app.js';
import { bukaAntrean } from '../baca/antrean.js';
import { bersihkanEkspor, kerjakanEkspor, PekerjaEkspor, type PembuatEkspor, type PenulisEkspor } from './job.js';
import { tulisDaftar } from './sheet.js';

const CPNS_INSTANSI = 3; // admin.cpns's instansi
const BOGOR = 4; // admin.pppk's instansi
const BATAS = 3;

const api = useApiFixture({
  config: { ekspor: { pekerja: 0, langsungMaks: BATAS } },
  applicants: { seed: 33, blocks: [{ instansiId: CPNS_INSTANSI, track: 'cpns', applicants: 8 }] },
  seed: async ({ ctx }) => {
    await seedNonAsn(ctx.db, [{ instansiId: BOGOR, records: 5, unanswered: true }], 33);
  },
});

const body = (format: 'csv' | 'xlsx', searchTerm = '') => ({
  format,
  filter: {},
  sorting: { column: 'nama', direction: 'asc' },
  searchTerm,
});
const minta = (format: 'csv' | 'xlsx' = 'csv', username = 'admin.cpns') =>
  api.call(username, 'POST', '/api/cpns/admin/export', body(format));
const penulis = (pembuat: PembuatEkspor = PEMBUAT_EKSPOR): PenulisEkspor => ({
  db: api.ctx.db,
  files: openBerkasStore(api.ctx.config, api.ctx.db),
  pembuat,
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Jobs left by a test would hold the next test's request back (one per user and screen). */
afterEach(async () => {
  await api.ctx.db.deleteFrom('ekspor_job').execute();
});

describe('a large list export on the job queue (issue #33)', () => {
  it('streams an export within the limit from its request, as before', async () => {
    const few = await api.call('admin.pppk', 'POST', '/api/pppk/nonasn/export', {
      ...body('csv'),
      filter: {},
      sorting: { column: 'nama', direction: 'asc' },
      searchTerm: 'zzzz-tidak-ada',
    });
    expect(few.statusCode, few.body).toBe(200);
    expect(few.headers['content-type']).toMatch(/text\/csv/);
  });

  it('answers 202 with the job, which a worker writes and its owner alone follows and downloads', async () => {
    const asked = await minta('csv');
    expect(asked.statusCode, asked.body).toBe(202);
    const job = asked.json();
    expect(job).toMatchObject({
      status: 'MENUNGGU',
      format: 'csv',
      halaman: '/cpns/rekap-pelamar',
      namaBerkas: expect.stringMatching(/^rekap-pelamar-cpns-\d{8}\.csv$/),
      ukuran: null,
      pesan: null,
    });
    // One at a time per user and screen.
    const again = await minta('xlsx');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'EKSPOR_SEDANG_DIBUAT' });
    // Not ready yet.
    const early = await api.call('admin.cpns', 'GET', `/api/ekspor/${job.id}/berkas`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'EKSPOR_BELUM_SELESAI' });
    // The screen finds it after a reload.
    const reload = await api.call('admin.cpns', 'GET', '/api/ekspor?halaman=/cpns/rekap-pelamar');
    expect(reload.json()).toMatchObject({ ekspor: { id: job.id, status: 'MENUNGGU' } });
    // Nobody else does.
    const other = await createUser(api.ctx.db, {
      roles: ['ROLE_ADMIN_CPNS'],
      flags: { isCpns: true },
      instansiId: CPNS_INSTANSI,
    });
    api.passwords.set(other.username, other.password);
    expect((await api.call(other.username, 'GET', `/api/ekspor/${job.id}`)).statusCode).toBe(404);
    expect((await api.call(other.username, 'GET', `/api/ekspor/${job.id}/berkas`)).statusCode).toBe(404);
    expect((await api.call(other.username, 'POST', `/api/ekspor/${job.id}/batal`)).statusCode).toBe(404);
    expect((await api.call(other.username, 'GET', '/api/ekspor?halaman=/cpns/rekap-pelamar')).json()).toEqual({
      ekspor: null,
    });

    expect(await kerjakanEkspor(penulis(), job.id)).toBe('SELESAI');
    expect(await kerjakanEkspor(penulis(), job.id)).toBeNull();
    const done = (await api.call('admin.cpns', 'GET', `/api/ekspor/${job.id}`)).json();
    expect(done).toMatchObject({ status: 'SELESAI', selesai: 8, total: 8, ukuran: expect.any(Number) });
    expect(Date.parse(done.kedaluwarsaAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const file = await api.call('admin.cpns', 'GET', `/api/ekspor/${job.id}/berkas`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.namaBerkas}"`);
    expect(file.headers['cache-control']).toMatch(/no-store/);
    expect(file.rawPayload.length).toBe(done.ukuran);
    // The same file as the request would have streamed.
    const { permintaan } = await api.ctx.db
      .selectFrom('ekspor_job')
      .select('permintaan')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    const streamed = await bytesOf(tulisDaftar(PEMBUAT_EKSPOR.PELAMAR.daftar(api.ctx.db, permintaan), 'csv'));
    expect(file.rawPayload.equals(streamed)).toBe(true);
    const rows = parse(file.rawPayload, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(8);
    // Downloaded: a reload no longer offers it; it can still be fetched until it expires.
    expect((await api.call('admin.cpns', 'GET', '/api/ekspor?halaman=/cpns/rekap-pelamar')).json()).toEqual({
      ekspor: null,
    });
    expect((await api.call('admin.cpns', 'GET', `/api/ekspor/${job.id}/berkas`)).statusCode).toBe(200);
  });

  it('writes Data Non ASN as a job too, Excel included', async () => {
    const asked = await api.call('admin.pppk', 'POST', '/api/pppk/nonasn/export', body('xlsx'));
    expect(asked.statusCode, asked.body).toBe(202);
    const { id } = asked.json();
    expect(await kerjakanEkspor(penulis(), id)).toBe('SELESAI');
    const file = await api.call('admin.pppk', 'GET', `/api/ekspor/${id}/berkas`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('writes the file in a thread of its own: the same rows as the request streams; a thread that dies fails its job only', async () => {
    // Issue #33: the workbook's XML and its compression run beside the thread that answers requests.
    const threads: Worker[] = [];
    const started = (worker: Worker) => threads.push(worker);
    process.on('worker', started);
    try {
      const { id } = (await minta('xlsx')).json();
      expect(await kerjakanEkspor(penulis(), id)).toBe('SELESAI');
      expect(threads).toHaveLength(1);
      const file = await api.call('admin.cpns', 'GET', `/api/ekspor/${id}/berkas`);
      const { permintaan } = await api.ctx.db
        .selectFrom('ekspor_job')
        .select('permintaan')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const streamed = await bytesOf(tulisDaftar(PEMBUAT_EKSPOR.PELAMAR.daftar(api.ctx.db, permintaan), 'xlsx'));
      const cells = async (bytes: Buffer) => {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
        const rows: unknown[][] = [];
        workbook.worksheets[0]?.eachRow((row) => void rows.push((row.values as unknown[]).slice(1)));
        return rows;
      };
      const written = await cells(file.rawPayload);
      expect(written).toHaveLength(1 + 8);
      expect(written).toEqual(await cells(streamed));
      // Dates stay real dates through the thread.
      expect(written.slice(1).every((row) => row[11] instanceof Date)).toBe(true);
      await api.ctx.db.deleteFrom('ekspor_job').execute();

      // The thread ends as it asks for its first rows (killed, its memory limit reached): this job
      // fails in the general words, the next is written.
      const asked = (await minta('xlsx')).json();
      const henti = (worker: Worker) => worker.once('message', () => void worker.terminate());
      process.on('worker', henti);
      try {
        expect(await kerjakanEkspor(penulis(), asked.id)).toBe('GAGAL');
      } finally {
        process.off('worker', henti);
      }
      expect((await api.call('admin.cpns', 'GET', `/api/ekspor/${asked.id}`)).json()).toMatchObject({
        status: 'GAGAL',
        pesan: expect.stringMatching(/^Berkas unduhan tidak dapat dibuat karena kesalahan pada server/),
      });
      await api.ctx.db.deleteFrom('ekspor_job').execute();
      const next = (await minta('csv')).json();
      expect(await kerjakanEkspor(penulis(), next.id)).toBe('SELESAI');
      expect(threads).toHaveLength(3);
    } finally {
      process.off('worker', started);
    }
  });

  it('is taken from the real queue by a worker of any process, and followed to its end', async () => {
    const antrean = await bukaAntrean(api.ctx.sumberAntrean, { pollingIntervalSeconds: 0.5 });
    const pekerja = new PekerjaEkspor(antrean, penulis(), {
      jumlah: 1,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      relaiMs: 100,
      pollingIntervalSeconds: 0.5,
    });
    await pekerja.mulai();
    try {
      let job = (await minta('xlsx')).json();
      for (let i = 0; i < 300 && (job.status === 'MENUNGGU' || job.status === 'BERJALAN'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        job = (await api.call('admin.cpns', 'GET', `/api/ekspor/${job.id}`)).json();
      }
      expect(job).toMatchObject({ status: 'SELESAI', selesai: 8, total: 8 });
    } finally {
      await pekerja.berhenti();
      await antrean.tutup();
    }
  }, 60_000);

  it('cancels a job waiting at once, and one being written at its next batch, keeping no file', async () => {
    const waiting = (await minta()).json();
    const cancelled = await api.call('admin.cpns', 'POST', `/api/ekspor/${waiting.id}/batal`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'GAGAL', pesan: 'Unduhan dibatalkan.' });
    expect(await kerjakanEkspor(penulis(), waiting.id)).toBeNull();
    const ended = await api.call('admin.cpns', 'POST', `/api/ekspor/${waiting.id}/batal`);
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({ error: 'EKSPOR_SUDAH_BERAKHIR' });

    // Cancelled by its owner while the worker writes it (between two batches).
    const running = (await minta()).json();
    const store = openBerkasStore(api.ctx.config, api.ctx.db);
    const before: string[] = [];
    for await (const sha of store.list()) before.push(sha);
    const pembuat: PembuatEkspor = {
      ...PEMBUAT_EKSPOR,
      PELAMAR: {
        jumlah: async () => 2,
        daftar: () => ({
          kolom: [{ header: 'Baris', width: 10, value: (row) => row as string }],
          judul: 'Uji',
          batches: (async function* () {
            yield ['baris pertama'];
            await api.call('admin.cpns', 'POST', `/api/ekspor/${running.id}/batal`);
            yield ['baris kedua'];
          })(),
        }),
      },
    };
    expect(await kerjakanEkspor(penulis(pembuat), running.id)).toBe('GAGAL');
    const row = await api.ctx.db
      .selectFrom('ekspor_job')
      .select(['status', 'pesan', 'selesai', 'berkas_sha256'])
      .where('id', '=', running.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'GAGAL', pesan: 'Unduhan dibatalkan.', selesai: 1, berkas_sha256: null });
    const after: string[] = [];
    for await (const sha of store.list()) after.push(sha);
    expect(after.sort()).toEqual(before.sort());
  });

  it("ends a job whose worker died, and a server failure, in its own words and not the server's", async () => {
    const stale = (await minta()).json();
    await api.ctx.db
      .updateTable('ekspor_job')
      .set({ status: 'BERJALAN', diubah_at: sql<Date>`now() - interval '5 minutes'` })
      .where('id', '=', stale.id)
      .execute();
    expect((await api.call('admin.cpns', 'GET', `/api/ekspor/${stale.id}`)).json()).toMatchObject({
      status: 'GAGAL',
      pesan: expect.stringMatching(/terhenti karena proses pembuatnya berhenti/),
    });

    const failing = (await minta()).json();
    const errors: unknown[] = [];
    const pembuat: PembuatEkspor = {
      ...PEMBUAT_EKSPOR,
      PELAMAR: {
        jumlah: async () => 5,
        daftar: () => ({
          kolom: [{ header: 'Baris', width: 10, value: (row) => row as string }],
          judul: 'Uji',
          batches: (async function* () {
            yield* [];
            throw new Error('relation "pelamar" does not exist');
          })(),
        }),
      },
    };
    const log = { error: (e: unknown) => void errors.push(e) } as Pick<Logger, 'error'>;
    expect(await kerjakanEkspor(penulis(pembuat), failing.id, log)).toBe('GAGAL');
    const job = (await api.call('admin.cpns', 'GET', `/api/ekspor/${failing.id}`)).json();
    expect(job.pesan).toMatch(/kesalahan pada server/);
    expect(job.pesan).not.toMatch(/relation|pelamar"/);
    expect(errors).toHaveLength(1);
  });

  it('deletes an expired file and its row, but keeps a file another export still holds', async () => {
    const store = openBerkasStore(api.ctx.config, api.ctx.db);
    const first = (await minta()).json();
    await kerjakanEkspor(penulis(), first.id);
    const second = (await minta()).json();
    await kerjakanEkspor(penulis(), second.id);
    const rows = await api.ctx.db
      .selectFrom('ekspor_job')
      .select(['id', 'berkas_sha256'])
      .where('id', 'in', [first.id, second.id])
      .execute();
    const [sha] = new Set(rows.map((row) => row.berkas_sha256));
    expect(rows).toHaveLength(2);
    // The same view written twice is the same bytes: one file.
    expect(rows.every((row) => row.berkas_sha256 === sha)).toBe(true);
    const expire = (id: string) =>
      api.ctx.db
        .updateTable('ekspor_job')
        .set({ kedaluwarsa_at: sql<Date>`now() - interval '1 minute'` })
        .where('id', '=', id)
        .execute();

    await expire(first.id);
    // Expired is gone for its owner at once, before it is cleaned.
    expect((await api.call('admin.cpns', 'GET', `/api/ekspor/${first.id}/berkas`)).statusCode).toBe(404);
    expect(await bersihkanEkspor(api.ctx.db, store)).toBe(0);
    expect(await store.exists(sha as string)).toBe(true);
    expect((await api.call('admin.cpns', 'GET', `/api/ekspor/${second.id}/berkas`)).statusCode).toBe(200);

    await expire(second.id);
    expect(await bersihkanEkspor(api.ctx.db, store)).toBe(1);
    expect(await store.exists(sha as string)).toBe(false);
    expect(await api.ctx.db.selectFrom('ekspor_job').select('id').execute()).toEqual([]);
    const gone = await api.call('admin.cpns', 'GET', `/api/ekspor/${second.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/disimpan 24 jam/);
  });

  it('refuses a malformed id or page with a 400, never a 500', async () => {
    expect((await api.call('admin.cpns', 'GET', '/api/ekspor/bukan-uuid')).statusCode).toBe(400);
    expect((await api.call('admin.cpns', 'GET', '/api/ekspor')).statusCode).toBe(400);
    expect((await api.call('admin.cpns', 'GET', `/api/ekspor?halaman=${'x'.repeat(500)}`)).statusCode).toBe(400);
  });
});
