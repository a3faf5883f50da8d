// Background work gives way to people (giliran.ts): a real server, real requests; the clock and
// the pause's timer are faked so that nothing here depends on how fast the machine is.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  beriGiliran,
  giliranPlugin,
  JEDA_SIBUK_MS,
  mengalahSebanding,
  orangSedangBekerja,
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
});
