// Issue #35 / #33: a reader reads in a thread of its own – at the lower CPU priority it is given,
// the thread answering requests untouched – and what it finds or refuses crosses back intact: the
// reading, a refusal as TidakTerbaca with its Indonesian reason, a time limit, and a next document
// read after a refusal.

import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { specimenPdf } from '../../db/seed/demo-files.js';
import { ktpJpeg } from './contoh.js';
import { DATA_SITI, niceOfThreads } from './fixture.js';
import { BATAS_BACA, TidakTerbaca } from './pembaca.js';
import { BacaUtas } from './utas.js';

const NICE = 7;
const utas = new BacaUtas({ nice: NICE });
afterAll(() => utas.tutup());

const DATA = DATA_SITI;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe('BacaUtas', () => {
  it('reads a scanned KTP in its own thread, at the lower CPU priority, and hands back the words', async () => {
    const ktp = await ktpJpeg(DATA, [], 1);
    const hasil = await utas.baca(ktp.bytes, ktp.mime, BATAS_BACA);
    expect(hasil.mesin).toMatch(/^tesseract\.js 7/);
    expect(hasil.sidik).toMatch(/^[0-9a-f]{16}$/);
    const text = hasil.halaman[0]?.baris.map((line) => line.teks).join('\n') ?? '';
    expect(text).toContain(DATA.nik);
    expect(hasil.halaman[0]?.baris[0]?.kata[0]).toMatchObject({ x0: expect.any(Number), y1: expect.any(Number) });
    if (existsSync('/proc/self/task')) {
      const threads = niceOfThreads();
      // The reading thread and the OCR thread it started.
      expect(threads.filter((t) => t.nice === NICE).length).toBeGreaterThanOrEqual(2);
      // The thread answering requests keeps its own priority.
      expect(threads.find((t) => t.tid === process.pid)?.nice).toBe(0);
    }
  }, 90_000);

  it('hands back a refusal as TidakTerbaca with its reason, then reads the next document', async () => {
    const corrupt = await refusal(
      utas.baca(new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3]), 'application/pdf', BATAS_BACA),
    );
    expect(corrupt).toBeInstanceOf(TidakTerbaca);
    expect((corrupt as Error).message).toMatch(/PDF rusak/);
    const slow = await refusal(
      utas.baca((await ktpJpeg(DATA, [], 2)).bytes, 'image/jpeg', { ...BATAS_BACA, detik: 0.3 }),
    );
    expect(slow).toBeInstanceOf(TidakTerbaca);
    expect((slow as Error).message).toMatch(/Waktu membaca dokumen habis/);
    const specimen = await utas.baca(specimenPdf('Kartu Tanda Penduduk'), 'application/pdf', BATAS_BACA);
    expect(specimen.mesin).toBe('teks PDF');
  }, 90_000);
});
