// The files behind demo documents: one real one-page PDF per document type and one JPEG photo,
// generated here, so a million applicants point at a dozen files (content addressing).

import type { BerkasMime } from '../../storage/berkas-store.js';

/** A 120×160 JPEG placeholder portrait marked "CONTOH" (drawn once on a canvas, 1.9 KB). */
const PAS_FOTO_JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA' +
  'AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA' +
  'ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA' +
  'AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
  'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA' +
  'AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAA0JCgsK' +
  'CA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYV' +
  'FSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCACgAHgDASIAAhEB' +
  'AxEB/8QAGgABAAMBAQEAAAAAAAAAAAAAAAMFBgQCAf/EADUQAAICAgADBAgEBgMAAAAAAAABAgMEEQUhMRIiQVETFCMyYXGR' +
  '0RUkUqEGMzRygfCxweH/xAAXAQEBAQEAAAAAAAAAAAAAAAAAAgED/8QAHREBAQADAQADAQAAAAAAAAAAAAECERJRAxMxYf/a' +
  'AAwDAQACEQMRAD8A3wALSAAACovVmbxuzElk30VU0xnGNU+w5tt82/JaIX6W/NxeHPiNkqlTOyV1UlGVrUta2vLx0Xx/XPv+' +
  'L0GVvuz+16nj5dsp05nYrscuc+45dmT8efJnRRe+KvPsWRk1RhXXOMa7XFwl2ZbXL49fkVfi1N7ZPl3daaIGZo9PHh3DYrNy' +
  'lLPlFW2ytcnHk3qO+jZ54ndk4Ec7Fpy8iyMaqrYzlZucG7EnHtdeaH1buts+3U3pqAU2PlZd38Qwrvotxoeqyfo5WKSk+0uf' +
  'J6LkjLHl0xy6AASoAAAAAAABy5nDsTNlGeTT2pQ5RkpOLS8tpo828KwbceqiePFV0/y1FuLj8muZ2A3q+p5njlr4dh1V0wro' +
  'UY0z7cEm+Uta38evifasDFpnkTqqUZZL3bpvvdfp1fQ6QOr6czxzT4fiTwY4U6VLHikowbfLXTn1I48JwIY1mPHH9na057lJ' +
  'uTT2tve/3O0Dq+nM8RPGpeUspw9soOtS2/d3vWuhKAY0AAaAAAAAAAAFbmcVhU3ChKcl1l4L7nji+Y4/lqnptd9r/gpy8cfU' +
  'XJPbmZF3v2y15J6RD2nve3s+AtKerMyKfctlryb2i1w+KwtahelCT6S8H9ijBlkrZbGtBVcIzHL8tY9tLuP/AKLU52aXLsAB' +
  'jQAAAAAPNs1XVKyXSKbPRy8SeuH2teSX7iMrPTnKycpze5Se2eQDs5gAAAAD1Ccq5xnB6lF7Rqa5qyqM10kkzKGj4a98Pqfw' +
  'a/cjNWLqABCwAAAAAIM2Dsw7Yrq48icAZIHVxDG9WyZRS7kucfkcp2cgAAAAANNhQdeHVF9VHmUfD8b1nJjFruR5y+RoyM6r' +
  'GAAIWAAAAAAAAhy8aGVS658n4S8mZ7Jxbcazs2R5eEl0Zpz5OEZxcZxUovqmjZlpNm2TBfW8Jx584OVb+D2iH8FW/wCoev7P' +
  '/S+onmqcmxsW3Js7NceXjJ9EXFXCceHOblY/i9I7oQjCKjCKjFdEkZc/GzFFiY0MWlVw5vxl5smAIWAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAB5sshVBzskoxXiwPQbSW30KfJ4vJtxxo6X6pfYrrb7bnu2yUvmypjU3JopZmNB6lfDfwezx+I4e9emX0ZnAV' +
  'xGdNNHMxpvUb4b+L0TppraMkSVX20vdVko/JmcHTUgp8bi7TUcmO1+qP2LauyFsFOuSlF+KJssVLt6ABjQAAAABHkXwx6XZY' +
  '+S6LzZncrKsyrO1N8l7sfBEnEcp5OQ9P2ceUfuch0xmnO3YACmAAAAAAT4uVZi2dqD5P3o+DIABqce+GRSrK3yfVeTJDO8Oy' +
  'njZC2/Zy5S+5ojlZp0l2AAxocvE7vQ4U2nqUu6v8nUVXHZezpj5tv/fqbP1l/FOADq5gAAAAAAAAAAGj4Zd6bCg2+9Huv/Bn' +
  'C54FL2d0fJp/79CcvxuP6tAAc3R//9k=';

const JUDUL: Record<string, string> = {
  KTP: 'Kartu Tanda Penduduk',
  IJAZAH: 'Ijazah',
  TRANSKRIP: 'Transkrip Nilai',
  SWAFOTO: 'Swafoto dengan KTP',
  SURAT_LAMARAN: 'Surat Lamaran',
  SURAT_PERNYATAAN: 'Surat Pernyataan',
  SURAT_PENGALAMAN_KERJA: 'Surat Keterangan Pengalaman Kerja',
  SERTIFIKAT_PENDIDIK: 'Sertifikat Pendidik',
  STR: 'Surat Tanda Registrasi',
  BUKTI_USIA_PENGALAMAN: 'Surat Keterangan Masa Kerja (Afirmasi)',
  BUKTI_DISABILITAS: 'Surat Keterangan Disabilitas (Afirmasi)',
  BUKTI_EKS_THK_II: 'Surat Keputusan Tenaga Honorer Eks THK-II (Afirmasi)',
  BUKTI_PAPUA: 'Surat Keterangan Orang Asli Papua (Afirmasi)',
  BUKTI_DATABASE_NAKES: 'Bukti Terdaftar pada Pangkalan Data Tenaga Kesehatan (Afirmasi)',
};

function escapePdfText(text: string): string {
  return text.replace(/[\\()]/g, (character) => `\\${character}`);
}

/** A valid one-page A4 PDF (Helvetica) with a title and a "specimen" note. */
export function specimenPdf(title: string): Uint8Array {
  const content = [
    'BT /F1 20 Tf 72 760 Td',
    `(${escapePdfText(title)}) Tj`,
    '0 -32 Td /F1 12 Tf',
    '(Dokumen contoh untuk demo Portal Verifikasi ASN - bukan dokumen asli.) Tj',
    'ET',
    '0.8 0.85 0.9 RG 4 w 60 80 475 700 re S',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export interface DemoFile {
  jenis: string;
  namaFile: string;
  mime: BerkasMime;
  bytes: Uint8Array;
}

/** The demo file of a document type: the photo is a JPEG, everything else a PDF. */
export function demoFile(jenis: string): DemoFile {
  if (jenis === 'PAS_FOTO') {
    return { jenis, namaFile: 'pas_foto.jpg', mime: 'image/jpeg', bytes: Buffer.from(PAS_FOTO_JPEG_BASE64, 'base64') };
  }
  return {
    jenis,
    namaFile: `${jenis.toLowerCase()}.pdf`,
    mime: 'application/pdf',
    bytes: specimenPdf(JUDUL[jenis] ?? jenis),
  };
}
