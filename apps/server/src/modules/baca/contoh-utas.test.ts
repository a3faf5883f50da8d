// Issue #35 / #33: the server draws the demo's documents in a thread of its own, at the lower CPU
// priority, so that drawing a scanned page never holds the thread that answers requests. What the
// thread draws is byte for byte what the calling thread draws (the demo's truth depends on it).

import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BuatUtas, PEMBUAT_LANGSUNG } from './contoh-utas.js';
import { DATA_SITI, niceOfThreads } from './fixture.js';

const NICE = 12;
const utas = new BuatUtas({ nice: NICE });
afterAll(() => utas.tutup());

describe('BuatUtas', () => {
  it('draws the same files as the calling thread, in a thread at the lower priority', async () => {
    const [ktp, transkrip, str] = await Promise.all([
      utas.ktpJpeg(DATA_SITI, ['NIK_TUKAR'], 7),
      utas.transkripPdf(DATA_SITI, [], 7),
      utas.strPdf({ ...DATA_SITI, track: 'nakes' }, [], 7, 'STR-0001'),
    ]);
    if (existsSync('/proc/self/task')) {
      expect(niceOfThreads().filter((t) => t.nice === NICE).length).toBeGreaterThanOrEqual(1);
      expect(niceOfThreads().find((t) => t.tid === process.pid)?.nice).toBe(0);
    }
    expect(ktp.mime).toBe('image/jpeg');
    expect(ktp.bytes).toBeInstanceOf(Uint8Array);
    expect(
      Buffer.from(ktp.bytes).equals(Buffer.from((await PEMBUAT_LANGSUNG.ktpJpeg(DATA_SITI, ['NIK_TUKAR'], 7)).bytes)),
    ).toBe(true);
    expect(
      Buffer.from(transkrip.bytes).equals(Buffer.from((await PEMBUAT_LANGSUNG.transkripPdf(DATA_SITI, [], 7)).bytes)),
    ).toBe(true);
    expect(str.mime).toBe('application/pdf');
  }, 60_000);

  it('ends its thread when closed, and starts a new one for the next document', async () => {
    await utas.tutup();
    const file = await utas.ijazahPdf(DATA_SITI, [], 7);
    expect(Buffer.from(file.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  }, 60_000);
});
