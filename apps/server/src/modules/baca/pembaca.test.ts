// Issue #35: reading a stored file – born-digital text taken as it is, a scan read by OCR, and every
// hostile or broken file turned into a reason in Indonesian (never a crash): corrupt, encrypted,
// too large, a decompression bomb, too many pages, too slow; the engine goes on after a timeout.

import { createCanvas, loadImage } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { specimenPdf } from '../../db/seed/demo-files.js';
import { ktpJpeg } from './contoh.js';
import { DATA_SITI } from './fixture.js';
import { BATAS_BACA, bacaBerkas, kembalikanPutaran, Ocr, TidakTerbaca, ukuranGambar } from './pembaca.js';

const ocr = new Ocr();
afterAll(() => ocr.tutup());

function pdf(options: PDFKit.PDFDocumentOptions, pages: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ ...options, autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const text of pages) {
      doc.addPage();
      doc.fontSize(14).text(text);
    }
    doc.end();
  });
}

const DATA = DATA_SITI;

const refused = async (promise: Promise<unknown>, pesan: RegExp) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TidakTerbaca);
  expect((error as Error).message).toMatch(pesan);
};

describe('bacaBerkas', () => {
  it('takes a born-digital PDF’s own text, with boxes, without OCR', async () => {
    const result = await bacaBerkas(specimenPdf('Kartu Tanda Penduduk'), 'application/pdf', ocr);
    expect(result.mesin).toBe('teks PDF');
    expect(result.sidik).toBeNull();
    const [page] = result.halaman;
    expect(page?.sumber).toBe('TEKS_PDF');
    expect(page?.baris.map((line) => line.teks)).toContain('Kartu Tanda Penduduk');
    const word = page?.baris[0]?.kata[0];
    expect(word && word.x1 > word.x0 && word.y1 > word.y0 && word.x1 <= (page?.lebar ?? 0)).toBe(true);
  });

  it('reads a scanned KTP photo by OCR with its words’ boxes and a fingerprint', async () => {
    const ktp = await ktpJpeg(DATA, [], 1);
    const result = await bacaBerkas(ktp.bytes, ktp.mime, ocr);
    expect(result.mesin).toMatch(/^tesseract\.js 7/);
    expect(result.sidik).toMatch(/^[0-9a-f]{16}$/);
    const text = result.halaman[0]?.baris.map((line) => line.teks).join('\n') ?? '';
    expect(text).toContain(DATA.nik);
    expect(text).toMatch(/SITI RAHMAWATI/);
  }, 60_000);

  it('reads a KTP photo taken on its side, its words outlined where they are on the photo as stored', async () => {
    const ktp = await ktpJpeg(DATA, [], 1);
    const upright = await bacaBerkas(ktp.bytes, ktp.mime, ocr);
    const image = await loadImage(Buffer.from(ktp.bytes));
    // Turned a quarter anticlockwise, as a phone held the wrong way saves it.
    const canvas = createCanvas(image.height, image.width);
    const ctx = canvas.getContext('2d');
    ctx.translate(0, image.width);
    ctx.rotate(-Math.PI / 2);
    ctx.drawImage(image, 0, 0);
    const sideways = await bacaBerkas(canvas.encodeSync('jpeg', 92), 'image/jpeg', ocr);
    const page = sideways.halaman[0];
    const text = page?.baris.map((line) => line.teks).join('\n') ?? '';
    expect(text).toContain(DATA.nik);
    expect(text).toMatch(/SITI RAHMAWATI/);
    // The NIK's box, as a share of the stored (sideways) page, is the upright box turned.
    const box = (p: typeof page) => {
      const word = p?.baris.flatMap((line) => line.kata).find((w) => w.teks.includes(DATA.nik));
      if (!p || !word) throw new Error('NIK not read');
      return { x: (word.x0 + word.x1) / 2 / p.lebar, y: (word.y0 + word.y1) / 2 / p.tinggi };
    };
    const before = box(upright.halaman[0]);
    const after = box(page);
    expect(page?.lebar).toBeLessThan(page?.tinggi ?? 0);
    expect(after.x).toBeCloseTo(before.y, 1);
    expect(after.y).toBeCloseTo(1 - before.x, 1);
  }, 90_000);

  it('puts the boxes of a page read turned back on the page as stored', () => {
    const kata = { teks: 'NIK', keyakinan: 90, x0: 10, y0: 20, x1: 30, y1: 25 };
    const read = {
      lebar: 50,
      tinggi: 100,
      keyakinan: 90,
      sumber: 'OCR' as const,
      baris: [{ teks: 'NIK', keyakinan: 90, kata: [kata] }],
    };
    // A 100 × 50 page read turned a quarter clockwise (50 × 100): (x, y) there was (y, 50 − x) here.
    expect(kembalikanPutaran(read, 90, 100, 50).baris[0]?.kata[0]).toMatchObject({ x0: 20, y0: 20, x1: 25, y1: 40 });
    expect(kembalikanPutaran(read, 90, 100, 50)).toMatchObject({ lebar: 100, tinggi: 50 });
    // Turned three quarters: (x, y) there was (100 − y, x) here; half round: (100 − x, 50 − y).
    expect(kembalikanPutaran(read, 270, 100, 50).baris[0]?.kata[0]).toMatchObject({ x0: 75, y0: 10, x1: 80, y1: 30 });
    expect(kembalikanPutaran({ ...read, lebar: 100, tinggi: 50 }, 180, 100, 50).baris[0]?.kata[0]).toMatchObject({
      x0: 70,
      y0: 25,
      x1: 90,
      y1: 30,
    });
  });

  it('reads at most the page limit of a long PDF and says how many there were', async () => {
    const file = await pdf(
      {},
      Array.from({ length: 12 }, (_, i) => `Halaman ${i + 1} dari dokumen panjang uji`),
    );
    const result = await bacaBerkas(file, 'application/pdf', ocr, { ...BATAS_BACA, halaman: 3 });
    expect(result.halaman).toHaveLength(3);
    expect(result.halamanTotal).toBe(12);
  });

  it('turns hostile and broken files into a reason', async () => {
    await refused(bacaBerkas(Buffer.from('%PDF-1.7\n1 0 obj <<>> rusak'), 'application/pdf', ocr), /PDF rusak/);
    const encrypted = await pdf({ userPassword: 'rahasia', ownerPassword: 'rahasia' }, ['Isi rahasia']);
    await refused(bacaBerkas(encrypted, 'application/pdf', ocr), /dienkripsi/);
    await refused(bacaBerkas(Buffer.alloc(2048, 1), 'image/jpeg', ocr), /rusak atau bukan JPEG/);
    await refused(
      bacaBerkas(Buffer.alloc(4096), 'application/pdf', ocr, { ...BATAS_BACA, ukuran: 1024 }),
      /terlalu besar.*batas/,
    );
    await refused(bacaBerkas(Buffer.from('GIF89a'), 'image/gif', ocr), /tidak dibaca otomatis/);
    // A JPEG whose header claims 60,000 × 60,000 pixels is refused before anything is decoded.
    const bomb = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0xea, 0x60, 0xea, 0x60, 0x03, 0, 0, 0, 0]);
    expect(ukuranGambar(bomb)).toEqual({ lebar: 60_000, tinggi: 60_000 });
    await refused(bacaBerkas(bomb, 'image/jpeg', ocr), /terlalu besar.*megapiksel/);
    // A PNG's page that is too large, by its IHDR.
    const png = Buffer.alloc(32);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    await refused(bacaBerkas(png, 'image/png', ocr), /megapiksel/);
  });

  it('ends a reading that takes too long, and the engine reads the next one', async () => {
    const ktp = await ktpJpeg(DATA, [], 2);
    await refused(bacaBerkas(ktp.bytes, ktp.mime, ocr, { ...BATAS_BACA, detik: 0.6 }), /Waktu membaca dokumen habis/);
    const again = await bacaBerkas(ktp.bytes, ktp.mime, ocr);
    expect(again.halaman[0]?.baris.length).toBeGreaterThan(5);
  }, 60_000);
});
