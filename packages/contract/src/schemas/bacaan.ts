// Issue #35: what the portal read on an applicant's documents (OCR or a PDF's own text) and what it
// found against the registration. Findings inform; the verifier decides (ARCHITECTURE.md).

import { z } from 'zod';
import { ALASAN_TMS_KODE } from './verifikasi.js';

/** A document's reading: waiting in the queue, being read, read, or not readable automatically. */
export const STATUS_BACAAN = ['ANTRE', 'DIBACA', 'SELESAI', 'GAGAL'] as const;
export type StatusBacaan = (typeof STATUS_BACAAN)[number];

export const STATUS_BACAAN_LABEL: Record<StatusBacaan, string> = {
  ANTRE: 'Menunggu dibaca',
  DIBACA: 'Sedang dibaca',
  SELESAI: 'Sudah dibaca',
  GAGAL: 'Tidak dapat dibaca otomatis',
};

/** What a check can find on a document. */
export const KODE_TEMUAN_DOKUMEN = [
  'NIK_BERBEDA',
  'NIK_TIDAK_SAH',
  'NAMA_BERBEDA',
  'NAMA_MIRIP',
  'LAHIR_BERBEDA',
  'JENIS_KELAMIN_BERBEDA',
  'PRODI_BERBEDA',
  'LEMBAGA_BERBEDA',
  'NO_IJAZAH_BERBEDA',
  'IPK_BERBEDA',
  'IPK_DI_BAWAH_SYARAT',
  'STR_KEDALUWARSA',
  'JENIS_DOKUMEN_SALAH',
  'HALAMAN_KOSONG',
  'TIDAK_TERBACA',
  'DOKUMEN_GANDA',
] as const;
export type KodeTemuanDokumen = (typeof KODE_TEMUAN_DOKUMEN)[number];

/** How much a finding weighs: "periksa" asks for a look, "berat" suggests a TMS reason. */
export const TINGKAT_TEMUAN = ['PERIKSA', 'BERAT'] as const;
export type TingkatTemuan = (typeof TINGKAT_TEMUAN)[number];

/** The list filter and sort "Temuan otomatis": none, only "periksa", at least one "berat". */
export const TEMUAN_OTOMATIS = ['TIDAK_ADA', 'PERIKSA', 'BERAT'] as const;
export type TemuanOtomatis = (typeof TEMUAN_OTOMATIS)[number];
export const TEMUAN_OTOMATIS_LABEL: Record<TemuanOtomatis, string> = {
  TIDAK_ADA: 'Tidak ada',
  PERIKSA: 'Perlu diperiksa',
  BERAT: 'Berat',
};

/** Where on a page a value was read, as fractions of the page's width and height (0–1). */
export const kotakSchema = z.object({
  halaman: z.number(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
});
export type Kotak = z.infer<typeof kotakSchema>;

export const temuanDokumenSchema = z.object({
  id: z.number(),
  dokumenId: z.number(),
  /** The document's type (KTP, IJAZAH, …). */
  jenisDokumen: z.string(),
  kode: z.enum(KODE_TEMUAN_DOKUMEN),
  tingkat: z.enum(TINGKAT_TEMUAN),
  /** The field, in words ("NIK", "Nama", "IPK"). */
  kolom: z.string(),
  nilaiBaca: z.string().nullable(),
  nilaiDaftar: z.string().nullable(),
  /** The reading's confidence, 0–100. */
  keyakinan: z.number(),
  /** The engine and its version ("tesseract.js 7.0.0 / ind 4.0.0_best_int"). */
  mesin: z.string(),
  pesan: z.string(),
  /** The standard TMS reason it suggests ("berat" findings only). */
  alasan: z.enum(ALASAN_TMS_KODE).nullable(),
  kotak: kotakSchema.nullable(),
  /** DOKUMEN_GANDA: the other applicant's nomor peserta. */
  pelamarLain: z.string().nullable(),
});
export type TemuanDokumen = z.infer<typeof temuanDokumenSchema>;

/** A document's reading state, beside the document in the detail. */
export const bacaanSchema = z.object({
  status: z.enum(STATUS_BACAAN),
  mesin: z.string().nullable(),
  /** Why it could not be read (GAGAL), in Indonesian. */
  pesan: z.string().nullable(),
  dibacaAt: z.string().nullable(),
});
export type Bacaan = z.infer<typeof bacaanSchema>;
