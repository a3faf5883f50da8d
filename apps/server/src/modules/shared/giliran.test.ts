// Background work gives way to people (giliran.ts): a real server, real requests; the clock and
// the pause's timer are faked so that nothing here depends on how fast the machine is.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/database.js';
import {
  beriGiliran,
  giliranPlugin,
  JEDA_SIBUK_MS,
  mengalahSebanding,
  orangBekerjaDiPostgres,
  orangSedangBekerja,
  PEKERJA_APLIKASI,
  pantauOrangLain,
  permintaanBerjalan,
} from './giliran.js';

let app: FastifyInstance;
let base = '';
let lepas: () => void = () => undefined;
let masuk: () => void = () => undefined;

beforeAll(async () => {
  app = Fastify();
  await app.register(giliranPlugin);
  // A verifier's request held open until the test lets it go.
  app.get('/api/kerja', async () => {
    masuk();
    await new Promise<void>((resolve) => {
      lepas = resolve;
    });
    return { ok: true };
  });
  app.get('/api/admin/impor/job', async () => ({ ok: true }));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  vi.useRealTimers();
  await app.close();
});

/** Whether `promise` has settled once the event loop has turned once more. */
async function selesaiSetelahSatuPutaran(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('giliran', () => {
  it('yields at once while nobody is at work, and pauses while a request is in flight or just answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    expect(orangSedangBekerja()).toBe(false);
    expect(await selesaiSetelahSatuPutaran(beriGiliran())).toBe(true);

    const dimulai = new Promise<void>((resolve) => {
      masuk = resolve;
    });
    const jawaban = fetch(`${base}/api/kerja`);
    await dimulai;
    expect(orangSedangBekerja()).toBe(true);
    const jeda = beriGiliran();
    expect(await selesaiSetelahSatuPutaran(jeda)).toBe(false);
    vi.advanceTimersByTime(JEDA_SIBUK_MS);
    await jeda;

    lepas();
    expect((await jawaban).status).toBe(200);
    // The server's side of the answer ends just after the client has it.
    for (let i = 0; i < 1000 && permintaanBerjalan() > 0; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(permintaanBerjalan()).toBe(0);
    expect(orangSedangBekerja()).toBe(true);
    // Answered just now still counts; a moment later nobody is at work.
    vi.advanceTimersByTime(100);
    expect(orangSedangBekerja()).toBe(false);
  });

  it("does not count the import screen's own polling", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    vi.advanceTimersByTime(100);
    expect(permintaanBerjalan()).toBe(0);
    const jawaban = fetch(`${base}/api/admin/impor/job`);
    expect(orangSedangBekerja()).toBe(false);
    expect((await jawaban).status).toBe(200);
    expect(permintaanBerjalan()).toBe(0);
    expect(orangSedangBekerja()).toBe(false);
  });

  it("a batch of the database's work waits half its own time while people are at work, not otherwise", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    vi.advanceTimersByTime(100);
    expect(await selesaiSetelahSatuPutaran(mengalahSebanding(400))).toBe(true);

    const dimulai = new Promise<void>((resolve) => {
      masuk = resolve;
    });
    const jawaban = fetch(`${base}/api/kerja`);
    await dimulai;
    const jeda = mengalahSebanding(400);
    vi.advanceTimersByTime(199);
    expect(await selesaiSetelahSatuPutaran(jeda)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await selesaiSetelahSatuPutaran(jeda)).toBe(true);
    lepas();
    expect((await jawaban).status).toBe(200);
    for (let i = 0; i < 1000 && permintaanBerjalan() > 0; i++) await new Promise((resolve) => setImmediate(resolve));
  });

  it('in a process that serves nobody, a batch waits while the probe says people are at work elsewhere (issue #33)', async () => {
    // The clock is the real one here: nobody's requests in this process were answered just now.
    vi.useRealTimers();
    await expect.poll(orangSedangBekerja, { timeout: 5_000, interval: 50 }).toBe(false);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let elsewhere = true;
    pantauOrangLain(async () => elsewhere);
    try {
      const jeda = mengalahSebanding(400);
      // The probe answers first; the pause starts then.
      expect(await selesaiSetelahSatuPutaran(jeda)).toBe(false);
      vi.advanceTimersByTime(199);
      expect(await selesaiSetelahSatuPutaran(jeda)).toBe(false);
      vi.advanceTimersByTime(1);
      expect(await selesaiSetelahSatuPutaran(jeda)).toBe(true);
      elsewhere = false;
      expect(await selesaiSetelahSatuPutaran(mengalahSebanding(400))).toBe(true);
      // A probe that fails (the database away) never holds the work.
      pantauOrangLain(() => Promise.reject(new Error('putus')));
      expect(await selesaiSetelahSatuPutaran(mengalahSebanding(400))).toBe(true);
    } finally {
      pantauOrangLain(null);
    }
  });
});

// The probe itself, on PostgreSQL: a database of its own, so other test files' sessions are not
// taken for people at work.
describe.runIf(process.env.DATABASE_URL)('people at work, as PostgreSQL sees them (issue #33)', () => {
  it("counts another session's running statement, not the workers' own nor its own", async () => {
    const url = new URL(process.env.DATABASE_URL as string);
    const nama = `giliran_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${nama}`);
    url.pathname = `/${nama}`;
    const worker = await openDatabase(
      { kind: 'postgres', url: url.toString(), poolSize: 3 },
      { applicationName: PEKERJA_APLIKASI },
    );
    const sesi = (applicationName?: string) =>
      new pg.Client({
        connectionString: url.toString(),
        ...(applicationName ? { application_name: applicationName } : {}),
      });
    const orang = sesi();
    const rekan = sesi(`${PEKERJA_APLIKASI}:cek`);
    try {
      await Promise.all([orang.connect(), rekan.connect()]);
      const tanya = orangBekerjaDiPostgres(worker.db);
      expect(await tanya(), 'nobody else at work').toBe(false);
      // Another worker's statement (a batch of an import) is not people.
      const batch = rekan.query('SELECT pg_sleep(1.5)');
      const berjalan = async () =>
        (
          await admin.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query LIKE 'SELECT pg_sleep%'",
            [nama],
          )
        ).rows[0].n;
      await expect.poll(berjalan, { timeout: 1_000, interval: 20 }).toBe(1);
      expect(await tanya()).toBe(false);
      await batch;
      // An instance's statement (a verifier's request) is.
      const kerja = orang.query('SELECT pg_sleep(1.5)');
      await expect.poll(tanya, { timeout: 1_000, interval: 50 }).toBe(true);
      await kerja;
      expect(await tanya()).toBe(false);
    } finally {
      await Promise.all([orang.end(), rekan.end(), worker.close()]);
      await admin.query(`DROP DATABASE ${nama}`);
      await admin.end();
    }
  }, 30_000);
});
