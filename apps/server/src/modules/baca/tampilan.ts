// Issue #32: a document at the size a screen needs. A scanned page of several MB is not what a
// verifier on a slow link should wait for: while a document is read (its pages are decoded and
// drawn there anyway), each page is also kept as a JPEG of at most TAMPILAN_SISI pixels, an image
// as one such JPEG and a PDF as a PDF of them, page sizes unchanged (a region read on a page is in
// the same place on its rendition). The original stays one click away in the viewer.

import type { Canvas, Image, SKRSContext2D } from '@napi-rs/canvas';
import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';

/** The longest side of a page as shown: an A4 page at ≈ 120 dpi, a phone photo ≈ 1400 × 1050. */
export const TAMPILAN_SISI = 1400;
/** JPEG quality of a page as shown: the text of a scan stays sharp at 100 %. */
const MUTU_JPEG = 70;
/** A rendition is kept only when at most this share of the original's size: else the original is it. */
export const HEMAT_MIN = 0.75;

export interface Tampilan {
  bytes: Uint8Array;
  mime: 'image/jpeg' | 'application/pdf';
}

/**
 * A page drawn on white at most `sisi` pixels on its longest side (never enlarged): what the
 * reader normalises before OCR and what a screen is sent. `halus`: the finer downscaling (the
 * rendition; the OCR input keeps the default it was tuned with).
 */
export function gambarKecil(
  source: Canvas | Image,
  lebar: number,
  tinggi: number,
  sisi: number,
  halus = false,
): { canvas: Canvas; ctx: SKRSContext2D; w: number; h: number } {
  const skala = Math.min(1, sisi / Math.max(lebar, tinggi));
  const w = Math.max(1, Math.round(lebar * skala));
  const h = Math.max(1, Math.round(tinggi * skala));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  if (halus) ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, w, h);
  return { canvas, ctx, w, h };
}

/**
 * One page drawn at most TAMPILAN_SISI on its longest side, in colour as it was scanned, as JPEG.
 * Encoded synchronously (in the reading thread): the asynchronous encode() of @napi-rs/canvas 0.1
 * can outlive its canvas and crash the process (tampilan.test.ts).
 */
export function halamanTampilan(source: Canvas | Image, lebar: number, tinggi: number): Buffer {
  return gambarKecil(source, lebar, tinggi, TAMPILAN_SISI, true).canvas.encodeSync('jpeg', MUTU_JPEG);
}

/** Page images, each filling a page of the given size in points, as a PDF without a text layer. */
export async function pdfDariGambar(
  halaman: { jpeg: Buffer; lebarPt: number; tinggiPt: number }[],
  info: { producer: string; dibuat?: Date } = { producer: 'Portal Verifikasi ASN' },
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    margin: 0,
    autoFirstPage: false,
    compress: false,
    info: {
      Producer: info.producer,
      Creator: info.producer,
      CreationDate: info.dibuat ?? new Date(Date.UTC(2024, 0, 1)),
    },
  });
  const bagian: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => bagian.push(chunk));
  const selesai = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  for (const page of halaman) {
    doc.addPage({ size: [page.lebarPt, page.tinggiPt], margin: 0 });
    doc.image(page.jpeg, 0, 0, { width: page.lebarPt, height: page.tinggiPt });
  }
  doc.end();
  await selesai;
  return new Uint8Array(Buffer.concat(bagian));
}

/** The rendition when it saves enough against the original's size; null: show the original. */
export function layakTampil(tampilan: Tampilan, ukuranAsli: number): Tampilan | null {
  return tampilan.bytes.length <= ukuranAsli * HEMAT_MIN ? tampilan : null;
}
