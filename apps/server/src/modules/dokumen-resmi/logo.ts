// Issue #30: a letterhead logo is kept only when it can be drawn. The bytes are read here as the
// PDF writer will read them — a PNG decoded in full (chunks and their CRCs, the image data
// inflated to exactly the size its header gives, every row's filter known), a JPEG walked segment
// by segment to its end — and then opened by pdfkit's own loader. Both checks run when the logo
// is saved (simpanKop) and again before a stored one is drawn (kopOf): pdfkit's PNG reader loops
// forever on some broken chunk lengths and throws from a callback (ending the process) on a bad
// filter, so nothing it has not been shown to read reaches it. No JPEG decoder is installed: a
// JPEG's entropy-coded data is not decoded, which pdfkit does not do either (it embeds the bytes).

import { crc32, inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

export type LogoMime = 'image/png' | 'image/jpeg';

/** A letterhead logo is drawn 56 pt wide: more than this is no logo. */
const MAX_SISI = 4000;
const MAX_PIKSEL_BYTES = 48 * 1024 * 1024;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per PNG colour type, and the bit depths each allows. */
const PNG_WARNA: Record<number, { channels: number; bits: number[] }> = {
  0: { channels: 1, bits: [1, 2, 4, 8, 16] },
  2: { channels: 3, bits: [8, 16] },
  3: { channels: 1, bits: [1, 2, 4, 8] },
  4: { channels: 2, bits: [8, 16] },
  6: { channels: 4, bits: [8, 16] },
};
/** Adam7: the seven passes of an interlaced PNG (x0, y0, dx, dy). */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

class Rusak extends Error {}
const rusak = (alasan: string): never => {
  throw new Rusak(alasan);
};

/** The PNG's rows as stored: [width in pixels, rows] of each pass (one pass when not interlaced). */
function lintasan(width: number, height: number, interlace: number): [number, number][] {
  if (interlace === 0) return [[width, height]];
  return ADAM7.map(([x0, y0, dx, dy]): [number, number] => [
    Math.ceil((width - x0) / dx),
    Math.ceil((height - y0) / dy),
  ]).filter(([w, h]) => w > 0 && h > 0);
}

function periksaPng(bytes: Buffer): void {
  if (!bytes.subarray(0, 8).equals(PNG_MAGIC)) rusak('bukan PNG');
  let pos = 8;
  let header: { width: number; height: number; bits: number; warna: number; interlace: number } | null = null;
  let palet = false;
  const idat: Buffer[] = [];
  let selesai = false;
  while (!selesai) {
    if (pos + 12 > bytes.length) rusak('PNG terpotong (tanpa IEND)');
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || length > bytes.length - pos - 12) rusak('bagian PNG rusak');
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (crc32(bytes.subarray(pos + 4, pos + 8 + length)) !== bytes.readUInt32BE(pos + 8 + length)) {
      rusak(`CRC bagian ${type} salah`);
    }
    if (!header && type !== 'IHDR') rusak('PNG tidak diawali IHDR');
    switch (type) {
      case 'IHDR': {
        if (header || length !== 13) rusak('IHDR rusak');
        header = {
          width: data.readUInt32BE(0),
          height: data.readUInt32BE(4),
          bits: data[8] ?? 0,
          warna: data[9] ?? 0,
          interlace: data[12] ?? 0,
        };
        const warna = PNG_WARNA[header.warna];
        if (!warna?.bits.includes(header.bits) || data[10] !== 0 || data[11] !== 0 || header.interlace > 1) {
          rusak('jenis PNG tidak dikenal');
        }
        if (header.width < 1 || header.height < 1 || header.width > MAX_SISI || header.height > MAX_SISI) {
          rusak(`ukuran gambar di luar 1–${MAX_SISI} piksel`);
        }
        break;
      }
      case 'PLTE':
        if (length === 0 || length % 3 !== 0 || length > 768) rusak('palet rusak');
        palet = true;
        break;
      case 'IDAT':
        idat.push(data);
        break;
      case 'IEND':
        selesai = true;
        break;
      default:
        // An unknown critical chunk (upper-case first letter) changes how the image is read.
        if (type.charCodeAt(0) < 0x61) rusak(`bagian ${type} tidak dikenal`);
    }
    pos += 12 + length;
  }
  if (!header || idat.length === 0) rusak('PNG tanpa data gambar');
  const { width, height, bits, warna, interlace } = header as NonNullable<typeof header>;
  if (warna === 3 && !palet) rusak('PNG berpalet tanpa palet');
  const bitsPerPixel = (PNG_WARNA[warna]?.channels ?? 1) * bits;
  const rows = lintasan(width, height, interlace).map(([w, h]) => ({ rowBytes: Math.ceil((w * bitsPerPixel) / 8), h }));
  const expected = rows.reduce((sum, { rowBytes, h }) => sum + h * (1 + rowBytes), 0);
  if (expected > MAX_PIKSEL_BYTES) rusak('gambar terlalu besar');
  let pixels = Buffer.alloc(0);
  try {
    pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    rusak('data gambar PNG tidak dapat diurai');
  }
  if (pixels.length !== expected) rusak('data gambar PNG tidak sesuai ukurannya');
  // Each row starts with its filter (0–4); pdfkit's reader throws out of a callback on any other.
  let at = 0;
  for (const { rowBytes, h } of rows) {
    for (let row = 0; row < h; row++) {
      if ((pixels[at] ?? 255) > 4) rusak('filter baris PNG tidak dikenal');
      at += 1 + rowBytes;
    }
  }
}

/** Start of frame markers (baseline, extended, progressive, lossless; Huffman or arithmetic). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function periksaJpeg(bytes: Buffer): void {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) rusak('bukan JPEG');
  let pos = 2;
  let frame = false;
  let scan = false;
  for (;;) {
    if (pos >= bytes.length) rusak('JPEG terpotong (tanpa EOI)');
    if (bytes[pos] !== 0xff) {
      // Entropy-coded data runs until a marker that is not a stuffed 0xFF00 or a restart.
      if (!scan) rusak('segmen JPEG rusak');
      pos += 1;
      continue;
    }
    const marker = bytes[pos + 1] ?? rusak('JPEG terpotong');
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (scan && (marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7))) {
      pos += 2;
      continue;
    }
    if (marker === 0xd9) {
      if (!scan) rusak('JPEG tanpa data gambar');
      return;
    }
    if (marker === 0xd8 || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7)) rusak('penanda JPEG salah tempat');
    if (marker === 0x01) {
      pos += 2;
      continue;
    }
    if (pos + 4 > bytes.length) rusak('JPEG terpotong');
    const length = bytes.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > bytes.length) rusak('panjang segmen JPEG salah');
    const segment = bytes.subarray(pos + 4, pos + 2 + length);
    // pdfkit takes the first of these (and 0xC8, 0xCC) for the frame: they must be a real one.
    if (SOF.has(marker) || marker === 0xc8 || marker === 0xcc) {
      if (!SOF.has(marker) || frame) rusak('bingkai JPEG rusak');
      const height = segment.length >= 6 ? segment.readUInt16BE(1) : 0;
      const width = segment.length >= 6 ? segment.readUInt16BE(3) : 0;
      const components = segment[5] ?? 0;
      if (![1, 3, 4].includes(components) || segment.length !== 6 + 3 * components) rusak('bingkai JPEG rusak');
      if (height < 1 || width < 1 || height > MAX_SISI || width > MAX_SISI) {
        rusak(`ukuran gambar di luar 1–${MAX_SISI} piksel`);
      }
      frame = true;
    }
    if (marker === 0xda) {
      if (!frame) rusak('JPEG tanpa bingkai sebelum data');
      scan = true;
    }
    pos += 2 + length;
  }
}

/**
 * Why the bytes cannot be drawn as a letterhead logo of this type (Indonesian, for the details of
 * a 400 and for the log), or null when they can.
 */
export function alasanLogoRusak(bytes: Buffer, mime: LogoMime): string | null {
  try {
    if (mime === 'image/png') periksaPng(bytes);
    else periksaJpeg(bytes);
  } catch (error) {
    if (error instanceof Rusak) return error.message;
    throw error;
  }
  try {
    // The loader the letterhead uses (not in pdfkit's type definitions; it throws strings too).
    const doc = new PDFDocument({ autoFirstPage: false });
    (doc as unknown as { openImage(src: Buffer): unknown }).openImage(bytes);
    return null;
  } catch {
    return 'tidak dapat dibuka oleh penulis PDF';
  }
}
