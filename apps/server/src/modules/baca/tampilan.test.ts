// Issue #32: a document at the size a screen needs, made while it is read. A 300-dpi scan of
// several pages becomes a PDF of the same pages and page sizes at a fraction of the bytes; a phone
// photo becomes a JPEG of at most 1400 px; a file already small, or a born-digital PDF, keeps only
// its original. The OCR engine here answers nothing: what is tested is what is drawn, not read.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { specimenPdf } from '../../db/seed/demo-files.js';
import { ktpJpeg } from './contoh.js';
import { DATA_SITI } from './fixture.js';
import type { HalamanBaca } from './jenis.js';
import { bacaBerkas, MESIN_TAMPILAN, type MesinOcr, ukuranGambar } from './pembaca.js';
import { HEMAT_MIN, pdfDariGambar, TAMPILAN_SISI } from './tampilan.js';

const diam: MesinOcr = {
  mesin: 'uji',
  baca: async (_png, lebar, tinggi): Promise<HalamanBaca> => ({
    lebar,
    tinggi,
    baris: [],
    keyakinan: 0,
    sumber: 'OCR',
  }),
  tutup: async () => undefined,
};

/** A colour page as a scanner gives it: lines of text on tinted paper with the paper's grain. */
async function pindaian(lebar: number, tinggi: number, mutu: number): Promise<Buffer> {
  const canvas = createCanvas(lebar, tinggi);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f1e8';
  ctx.fillRect(0, 0, lebar, tinggi);
  ctx.fillStyle = '#222';
  ctx.font = `${Math.round(lebar / 50)}px sans-serif`;
  for (let i = 0; i < 50; i++)
    ctx.fillText(`TRANSKRIP AKADEMIK baris ${i} 3,47 Sangat Memuaskan`, lebar / 16, (i + 2) * (tinggi / 54));
  let seed = 7;
  for (let i = 0; i < 200_000; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    ctx.fillStyle = `rgba(0,0,0,${(seed % 8) / 100})`;
    ctx.fillRect(seed % lebar, (seed >> 8) % tinggi, 2, 2);
  }
  return canvas.encodeSync('jpeg', mutu);
}

async function halamanPdf(bytes: Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const viewport = (await doc.getPage(n)).getViewport({ scale: 1 });
    pages.push({ lebar: Math.round(viewport.width), tinggi: Math.round(viewport.height) });
  }
  await doc.destroy();
  return pages;
}

describe('tampilan ringkas dokumen', () => {
  it('makes a 300-dpi scan of two pages a PDF of the same pages at a fraction of its size', async () => {
    const halaman = await Promise.all([pindaian(2480, 3508, 90), pindaian(2480, 3508, 90)]);
    const asli = await pdfDariGambar(halaman.map((jpeg) => ({ jpeg, lebarPt: 595.28, tinggiPt: 841.89 })));
    const hasil = await bacaBerkas(asli, 'application/pdf', diam);
    expect(hasil.tampilan?.mime).toBe('application/pdf');
    const tampilan = hasil.tampilan?.bytes ?? new Uint8Array();
    expect(tampilan.length).toBeLessThan(asli.length * 0.25);
    expect(await halamanPdf(tampilan)).toEqual(await halamanPdf(asli));
    // Its page images are drawn at most TAMPILAN_SISI on the longest side.
    const jpeg = Buffer.from(tampilan);
    const awal = jpeg.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
    expect(ukuranGambar(jpeg.subarray(awal))).toEqual({ lebar: 990, tinggi: TAMPILAN_SISI });
  }, 60_000);

  it('makes a phone photo a JPEG of at most 1400 px, in its proportions', async () => {
    const foto = await pindaian(4000, 3000, 92);
    const hasil = await bacaBerkas(foto, 'image/jpeg', diam);
    expect(hasil.tampilan?.mime).toBe('image/jpeg');
    expect(ukuranGambar(hasil.tampilan?.bytes ?? new Uint8Array())).toEqual({ lebar: TAMPILAN_SISI, tinggi: 1050 });
    expect(hasil.tampilan?.bytes.length ?? Number.POSITIVE_INFINITY).toBeLessThan(foto.length * HEMAT_MIN);
  }, 60_000);

  it('draws a kind the portal does not read into its rendition without reading it', async () => {
    const foto = await pindaian(4000, 3000, 92);
    const gambar = await bacaBerkas(foto, 'image/jpeg', null);
    expect(gambar).toMatchObject({ halaman: [], sidik: null, mesin: MESIN_TAMPILAN, tampilan: { mime: 'image/jpeg' } });
    const surat = await pdfDariGambar([{ jpeg: await pindaian(2480, 3508, 90), lebarPt: 595.28, tinggiPt: 841.89 }]);
    const pdf = await bacaBerkas(surat, 'application/pdf', null);
    expect(pdf).toMatchObject({
      halaman: [],
      sidik: null,
      mesin: MESIN_TAMPILAN,
      tampilan: { mime: 'application/pdf' },
    });
  }, 60_000);

  it('keeps only the original when it is already small, or born-digital', async () => {
    const ktp = await ktpJpeg(DATA_SITI, [], 1);
    expect((await bacaBerkas(ktp.bytes, ktp.mime, diam)).tampilan).toBeNull();
    expect((await bacaBerkas(specimenPdf('Kartu Tanda Penduduk'), 'application/pdf', diam)).tampilan).toBeNull();
  }, 60_000);
});

describe('encoding a drawn page', () => {
  // @napi-rs/canvas 0.1 (the build pdf.js uses) lets an asynchronous encode() run on after its
  // canvas was collected: the process died with a segmentation fault in about one fresh start in
  // three while the demo's documents were drawn and read (Brooooooklyn/canvas#1312, fixed in 1.0.6).
  // Pages are encoded with encodeSync() in the reading and drawing threads.
  it('never uses the asynchronous encoder anywhere in the server', () => {
    const src = path.resolve(__dirname, '../..');
    const found: string[] = [];
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!/\.ts$/.test(file)) continue;
      const text = readFileSync(path.join(src, file), 'utf8');
      for (const [i, line] of text.split('\n').entries()) {
        if (/\.(encode|toDataURLAsync|toBlob)\((["'`])(png|jpeg|webp|avif|gif)/.test(line))
          found.push(`${file}:${i + 1}`);
      }
    }
    expect(found).toEqual([]);
  });
});
