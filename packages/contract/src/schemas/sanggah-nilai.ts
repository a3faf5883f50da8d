// Score objections (DOMAIN.md "Sanggah nilai"): an applicant objects about one score component,
// possibly another applicant's (same track and formasi). The answerer accepts it with a proposed
// corrected value (MENUNGGU_PERSETUJUAN) or rejects it; BKN's wasdal approves nationally, and an
// approval corrects the score, keeping the old and new values. Who answers what: docs/decisions.md.

import { z } from 'zod';
import type { TrackId } from '../tracks.js';
import { pelamarDetailSchema, tableRequestSchema } from './lists.js';
import { idParam, isoDate, recordVersion } from './primitives.js';

export const STATUS_SANGGAH_NILAI = [
  'DIAJUKAN',
  'MENUNGGU_PERSETUJUAN',
  'DITOLAK',
  'DISETUJUI',
  'TIDAK_DISETUJUI',
] as const;
export type StatusSanggahNilai = (typeof STATUS_SANGGAH_NILAI)[number];

/** The score components of table `nilai` (DOMAIN.md "Nilai"). */
export const KOMPONEN_NILAI = [
  'TWK',
  'TIU',
  'TKP',
  'TEKNIS',
  'MANAJERIAL_SOSIOKULTURAL',
  'WAWANCARA',
  'AFIRMASI',
] as const;
export type KomponenNilai = (typeof KOMPONEN_NILAI)[number];
/** Each component as people call it (issue #32: words, never codes). */
export const KOMPONEN_NILAI_NAMA: Record<KomponenNilai, string> = {
  TWK: 'TWK',
  TIU: 'TIU',
  TKP: 'TKP',
  TEKNIS: 'Kompetensi teknis',
  MANAJERIAL_SOSIOKULTURAL: 'Manajerial dan sosio-kultural',
  WAWANCARA: 'Wawancara',
  AFIRMASI: 'Afirmasi',
};
/** CPNS SKD: answered nationally by ROLE_JAWAB_SANGGAH_NILAI_SKD. */
export const KOMPONEN_SKD = ['TWK', 'TIU', 'TKP'] as const satisfies readonly KomponenNilai[];
const KOMPONEN_PPPK = ['TEKNIS', 'MANAJERIAL_SOSIOKULTURAL', 'WAWANCARA', 'AFIRMASI'] as const;
export const KOMPONEN_PER_TRACK: Record<TrackId, readonly KomponenNilai[]> = {
  cpns: KOMPONEN_SKD,
  pppk: KOMPONEN_PPPK,
  'pppk-guru': KOMPONEN_PPPK,
  nakes: KOMPONEN_PPPK,
};
export const isKomponenSkd = (komponen: KomponenNilai) => (KOMPONEN_SKD as readonly string[]).includes(komponen);

/**
 * The highest score of each component: SKD 150/175/225 (550 in all); PPPK teknis 500,
 * manajerial+sosiokultural 190, wawancara 40; afirmasi at most 100 % of the teknis maximum.
 */
export const NILAI_MAKS: Record<KomponenNilai, number> = {
  TWK: 150,
  TIU: 175,
  TKP: 225,
  TEKNIS: 500,
  MANAJERIAL_SOSIOKULTURAL: 190,
  WAWANCARA: 40,
  AFIRMASI: 500,
};

/** A yes/no filter as the list's URL state carries it ('true' / 'false') or as JSON. */
const yaTidak = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

export const sanggahNilaiFilterSchema = z
  .object({
    status: z.enum(STATUS_SANGGAH_NILAI).optional(),
    komponen: z.enum(KOMPONEN_NILAI).optional(),
    /** National roles only: one instansi. */
    instansiId: idParam.optional(),
    /** true: objections about another applicant's score; false: about the objector's own. */
    terkait: yaTidak.optional(),
    diajukanDari: isoDate.optional(),
    diajukanSampai: isoDate.optional(),
  })
  .strict();
export type SanggahNilaiFilter = z.infer<typeof sanggahNilaiFilterSchema>;
export const SANGGAH_NILAI_FILTER_KEYS = Object.keys(sanggahNilaiFilterSchema.shape) as (keyof SanggahNilaiFilter)[];

export const SANGGAH_NILAI_SORT_COLUMNS = ['id', 'nama', 'komponen', 'diajukanAt', 'dijawabAt'] as const;
export const sanggahNilaiListRequestSchema = tableRequestSchema(sanggahNilaiFilterSchema, SANGGAH_NILAI_SORT_COLUMNS);
export type SanggahNilaiListRequest = z.infer<typeof sanggahNilaiListRequestSchema>;

/** A score as text with two decimals ("85.00"), as numeric(6,2) holds it. */
const angka = z.string();

export const sanggahNilaiRowSchema = z.object({
  id: z.number(),
  pelamarId: z.number(),
  noPeserta: z.string(),
  nik: z.string(),
  nama: z.string(),
  jabatanNama: z.string(),
  instansi: z.object({ id: z.number(), kode: z.string(), nama: z.string() }),
  komponen: z.enum(KOMPONEN_NILAI),
  /** The other applicant whose score is objected to; null: the objector's own score. */
  terkait: z.object({ id: z.number(), nama: z.string(), noPeserta: z.string() }).nullable(),
  nilaiSaatDiajukan: angka,
  nilaiUsulan: angka.nullable(),
  status: z.enum(STATUS_SANGGAH_NILAI),
  diajukanAt: z.string(),
  dijawabAt: z.string().nullable(),
  penjawabNama: z.string().nullable(),
  disetujuiAt: z.string().nullable(),
});
export type SanggahNilaiRow = z.infer<typeof sanggahNilaiRowSchema>;

export const sanggahNilaiSummarySchema = z.object({ status: z.enum(STATUS_SANGGAH_NILAI), jumlah: z.number() });
export type SanggahNilaiSummary = z.infer<typeof sanggahNilaiSummarySchema>;

export const sanggahNilaiListResponseSchema = z.object({
  data: z.array(sanggahNilaiRowSchema),
  recordsTotal: z.number(),
  summaries: z.array(sanggahNilaiSummarySchema),
});

export const sanggahNilaiDetailSchema = sanggahNilaiRowSchema.extend({
  version: z.number(),
  argumen: z.string(),
  jawabanAlasan: z.string().nullable(),
  persetujuanAlasan: z.string().nullable(),
  penyetujuNama: z.string().nullable(),
  /** Set when approved: the score before and after the correction. */
  nilaiLama: angka.nullable(),
  nilaiBaru: angka.nullable(),
  /** The objector in full, with the trail. */
  pelamar: pelamarDetailSchema,
  /** The applicant whose score is objected to (the objector or the other one) and all its scores. */
  dinilai: z.object({
    pelamarId: z.number(),
    nama: z.string(),
    noPeserta: z.string(),
    nilai: z.array(z.object({ komponen: z.enum(KOMPONEN_NILAI), nilai: angka })),
  }),
  /** What the caller may do with it. */
  bolehJawab: z.boolean(),
  bolehSetujui: z.boolean(),
});
export type SanggahNilaiDetail = z.infer<typeof sanggahNilaiDetailSchema>;

const alasan = z.string().trim().min(5, 'alasan wajib diisi (sedikitnya 5 karakter)').max(2000);

export const JAWABAN_SANGGAH_NILAI = ['DITERIMA', 'DITOLAK'] as const;
export type JawabanSanggahNilai = (typeof JAWABAN_SANGGAH_NILAI)[number];

/**
 * PUT {base}/sanggah-nilai/{id}: accepted with the corrected value proposed (at most the
 * component's maximum, checked on the server against NILAI_MAKS), or rejected; a reason always.
 */
export const jawabSanggahNilaiSchema = z
  .object({
    version: recordVersion,
    jawaban: z.enum(JAWABAN_SANGGAH_NILAI),
    alasan,
    nilaiUsulan: z
      .number()
      .min(0, 'nilai usulan tidak boleh negatif')
      .max(Math.max(...Object.values(NILAI_MAKS)))
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'paling banyak dua angka desimal')
      .nullable()
      .default(null),
  })
  .strict()
  .refine((value) => value.jawaban === 'DITOLAK' || value.nilaiUsulan !== null, {
    message: 'nilai usulan wajib diisi saat sanggah diterima',
    path: ['nilaiUsulan'],
  })
  .refine((value) => value.jawaban === 'DITERIMA' || value.nilaiUsulan === null, {
    message: 'sanggah yang ditolak tidak membawa nilai usulan',
    path: ['nilaiUsulan'],
  });
export type JawabSanggahNilai = z.infer<typeof jawabSanggahNilaiSchema>;

export const PERSETUJUAN_SANGGAH_NILAI = ['DISETUJUI', 'TIDAK_DISETUJUI'] as const;

/** PUT {base}/sanggah-nilai/{id}/persetujuan: wasdal's national approval, with the reason. */
export const persetujuanSanggahNilaiSchema = z
  .object({
    version: recordVersion,
    status: z.enum(PERSETUJUAN_SANGGAH_NILAI),
    alasan,
  })
  .strict();
export type PersetujuanSanggahNilai = z.infer<typeof persetujuanSanggahNilaiSchema>;

/** GET {base}/sanggah-nilai/instansi: the instansi with objections on the track (the national filter). */

export const sanggahNilaiIdParamsSchema = z.object({ id: idParam });
