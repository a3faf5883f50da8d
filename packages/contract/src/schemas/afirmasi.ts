// Affirmation points (issue #5, DOMAIN.md "Afirmasi"): PPPK Teknis and Nakes applicants claim extra
// points by category, each claim with its evidence document. The track's checker decides VALID /
// TIDAK_VALID with a reason inside the AFIRMASI window; the VALID claims' percentages of the
// maximum teknis score, summed and capped per track, are the applicant's AFIRMASI score.
// A TIDAK_VALID decision can be objected to (sanggah afirmasi, answered like a sanggah).

import { z } from 'zod';
import { NILAI_PER_TRACK } from '../demo-reference.js';
import { pelamarDetailSchema, tableRequestSchema } from './lists.js';
import { isoDate, recordVersion } from './primitives.js';

export const AFIRMASI_TRACKS = ['pppk', 'nakes'] as const;
export type AfirmasiTrack = (typeof AFIRMASI_TRACKS)[number];
export const isAfirmasiTrack = (track: string): track is AfirmasiTrack =>
  (AFIRMASI_TRACKS as readonly string[]).includes(track);

export const KATEGORI_AFIRMASI = ['USIA_PENGALAMAN', 'DISABILITAS', 'EKS_THK_II', 'PAPUA', 'DATABASE_NAKES'] as const;
export type KategoriAfirmasi = (typeof KATEGORI_AFIRMASI)[number];

/**
 * The rule per track (ours, after KepmenPANRB 968/2022 and the Nakes 2022 rules in DOMAIN.md):
 * each category's percentage of the maximum teknis score, and the cap on their sum.
 */
export const ATURAN_AFIRMASI: Record<
  AfirmasiTrack,
  { persen: Partial<Record<KategoriAfirmasi, number>>; batasPersen: number }
> = {
  pppk: { persen: { USIA_PENGALAMAN: 15, DISABILITAS: 10, EKS_THK_II: 10, PAPUA: 10 }, batasPersen: 25 },
  nakes: { persen: { DISABILITAS: 10, EKS_THK_II: 10, DATABASE_NAKES: 10 }, batasPersen: 20 },
};

/** The maximum teknis score of a track (the base of the percentages). */
export function nilaiMaksTeknis(track: AfirmasiTrack): number {
  return NILAI_PER_TRACK[track].find(([komponen]) => komponen === 'TEKNIS')?.[1] ?? 0;
}

/** The AFIRMASI score of an applicant from the categories of their VALID claims. */
export function nilaiAfirmasi(track: AfirmasiTrack, kategoriValid: readonly KategoriAfirmasi[]): number {
  const { persen, batasPersen } = ATURAN_AFIRMASI[track];
  const total = kategoriValid.reduce((sum, kategori) => sum + (persen[kategori] ?? 0), 0);
  return Math.round(nilaiMaksTeknis(track) * Math.min(total, batasPersen)) / 100;
}

export const STATUS_AFIRMASI = ['BELUM', 'VALID', 'TIDAK_VALID'] as const;
export type StatusAfirmasi = (typeof STATUS_AFIRMASI)[number];
export const KEPUTUSAN_AFIRMASI = ['VALID', 'TIDAK_VALID'] as const;

export const afirmasiFilterSchema = z
  .object({
    status: z.enum(STATUS_AFIRMASI).optional(),
    kategori: z.enum(KATEGORI_AFIRMASI).optional(),
    diajukanDari: isoDate.optional(),
    diajukanSampai: isoDate.optional(),
  })
  .strict();
export type AfirmasiFilter = z.infer<typeof afirmasiFilterSchema>;

export const AFIRMASI_SORT_COLUMNS = ['id', 'nama', 'diajukanAt', 'diperiksaAt'] as const;
export const afirmasiListRequestSchema = tableRequestSchema(afirmasiFilterSchema, AFIRMASI_SORT_COLUMNS);
export type AfirmasiListRequest = z.infer<typeof afirmasiListRequestSchema>;

export const afirmasiRowSchema = z.object({
  id: z.number(),
  pelamarId: z.number(),
  noPeserta: z.string(),
  nik: z.string(),
  nama: z.string(),
  jabatanNama: z.string(),
  kategori: z.enum(KATEGORI_AFIRMASI),
  /** The category's percentage of the maximum teknis score. */
  persen: z.number(),
  status: z.enum(STATUS_AFIRMASI),
  diajukanAt: z.string(),
  diperiksaAt: z.string().nullable(),
  pemeriksaNama: z.string().nullable(),
});
export type AfirmasiRow = z.infer<typeof afirmasiRowSchema>;

export const afirmasiListResponseSchema = z.object({
  data: z.array(afirmasiRowSchema),
  recordsTotal: z.number(),
  summaries: z.array(z.object({ status: z.enum(STATUS_AFIRMASI), jumlah: z.number() })),
});

/** One claim as shown beside another (the applicant's other claims, an objection's items). */
export const klaimAfirmasiSchema = z.object({
  id: z.number(),
  kategori: z.enum(KATEGORI_AFIRMASI),
  persen: z.number(),
  status: z.enum(STATUS_AFIRMASI),
  alasan: z.string().nullable(),
  namaFile: z.string(),
  mime: z.string(),
  diperiksaAt: z.string().nullable(),
  pemeriksaNama: z.string().nullable(),
});
export type KlaimAfirmasi = z.infer<typeof klaimAfirmasiSchema>;

export const afirmasiDetailSchema = afirmasiRowSchema.extend({
  version: z.number(),
  alasan: z.string().nullable(),
  namaFile: z.string(),
  mime: z.string(),
  /** Every claim of the applicant (this one included), and the AFIRMASI score they make now. */
  klaim: z.array(klaimAfirmasiSchema),
  nilaiAfirmasi: z.string().nullable(),
  pelamar: pelamarDetailSchema,
  bolehPeriksa: z.boolean(),
});
export type AfirmasiDetail = z.infer<typeof afirmasiDetailSchema>;

/** PUT {base}/afirmasi/{id}: the checker's decision, on the version they saw. */
export const periksaAfirmasiSchema = z
  .object({
    version: recordVersion,
    status: z.enum(KEPUTUSAN_AFIRMASI),
    alasan: z.string().trim().min(5, 'alasan wajib diisi (sedikitnya 5 karakter)').max(2000),
  })
  .strict();
export type PeriksaAfirmasi = z.infer<typeof periksaAfirmasiSchema>;

export const periksaAfirmasiResultSchema = z.object({
  version: z.number(),
  status: z.enum(KEPUTUSAN_AFIRMASI),
  nilaiLama: z.string().nullable(),
  nilaiBaru: z.string(),
});
