// Objections (issue #5, DOMAIN.md "Sanggah"): a TMS applicant objects once, one item per failed
// requirement, arguing from documents already uploaded. The track's supervisor answers each item
// (DITERIMA / DITOLAK with a reason) inside the answer window; when every item is accepted the
// objection is DITERIMA and, if it covered every reason of the TMS, the applicant becomes MS.
// BKN's wasdal checks the answers across instansi (DIPERIKSA / DITANDAI with a note); the Nakes
// admin may reset an answered objection to DIAJUKAN (the old answer stays in the audit trail).

import { z } from 'zod';
import { klaimAfirmasiSchema } from './afirmasi.js';
import { pelamarDetailSchema, tableRequestSchema } from './lists.js';
import { dbId, idParam, isoDate, recordVersion } from './primitives.js';
import { ALASAN_TMS_KODE } from './verifikasi.js';

export const STATUS_SANGGAH = ['DIAJUKAN', 'DITERIMA', 'DITOLAK'] as const;
export type StatusSanggah = (typeof STATUS_SANGGAH)[number];
export const JAWABAN_SANGGAH = ['DITERIMA', 'DITOLAK'] as const;
export type JawabanSanggah = (typeof JAWABAN_SANGGAH)[number];
/** Wasdal's check of an answer; BELUM: answered, not checked yet (a filter value only). */
export const CEK_SANGGAH = ['DIPERIKSA', 'DITANDAI'] as const;
export type CekSanggah = (typeof CEK_SANGGAH)[number];

/** What an objection is against: the verification (TMS) or the checker's affirmation decision. */
export const JENIS_SANGGAH = ['ADMINISTRASI', 'AFIRMASI'] as const;
export type JenisSanggah = (typeof JENIS_SANGGAH)[number];

/** The objection lists, the screen whose permission each carries (spec §2, §7) and their kind. */
export const SANGGAH_LISTS = {
  /** `{base}/sanggah/filter`: every objection of the instansi (all instansi for wasdal). */
  jawab: { screen: 'sanggah', segment: 'sanggah', jenis: 'ADMINISTRASI' },
  /** `{base}/reset-jawab-sanggah/filter`: answered objections, for the Nakes admin's reset. */
  reset: { screen: 'admin-reset-jawab-sanggah', segment: 'reset-jawab-sanggah', jenis: 'ADMINISTRASI' },
  /** `{base}/sanggah-afirmasi/filter`: objections against the checker's TIDAK_VALID decisions. */
  afirmasi: { screen: 'sanggah-afirmasi', segment: 'sanggah-afirmasi', jenis: 'AFIRMASI' },
} as const;
export type SanggahList = keyof typeof SANGGAH_LISTS;

export const sanggahFilterSchema = z
  .object({
    status: z.enum(STATUS_SANGGAH).optional(),
    cek: z.enum(['BELUM', ...CEK_SANGGAH]).optional(),
    /** National roles only: one instansi. */
    instansiId: idParam.optional(),
    diajukanDari: isoDate.optional(),
    diajukanSampai: isoDate.optional(),
  })
  .strict();
export type SanggahFilter = z.infer<typeof sanggahFilterSchema>;
export const SANGGAH_FILTER_KEYS = Object.keys(sanggahFilterSchema.shape) as (keyof SanggahFilter)[];

export const SANGGAH_SORT_COLUMNS = ['id', 'nama', 'diajukanAt', 'dijawabAt'] as const;
export const sanggahListRequestSchema = tableRequestSchema(sanggahFilterSchema, SANGGAH_SORT_COLUMNS);
export type SanggahListRequest = z.infer<typeof sanggahListRequestSchema>;

export const sanggahRowSchema = z.object({
  id: z.number(),
  pelamarId: z.number(),
  noPeserta: z.string(),
  nik: z.string(),
  nama: z.string(),
  jabatanNama: z.string(),
  instansi: z.object({ id: z.number(), kode: z.string(), nama: z.string() }),
  status: z.enum(STATUS_SANGGAH),
  jumlahButir: z.number(),
  diajukanAt: z.string(),
  dijawabAt: z.string().nullable(),
  penjawabNama: z.string().nullable(),
  cek: z.enum(CEK_SANGGAH).nullable(),
});
export type SanggahRow = z.infer<typeof sanggahRowSchema>;

export const sanggahSummarySchema = z.object({ status: z.enum(STATUS_SANGGAH), jumlah: z.number() });
export type SanggahSummary = z.infer<typeof sanggahSummarySchema>;

export const sanggahListResponseSchema = z.object({
  data: z.array(sanggahRowSchema),
  recordsTotal: z.number(),
  summaries: z.array(sanggahSummarySchema),
});

/**
 * One objected item: a TMS reason (ADMINISTRASI) or an affirmation claim (AFIRMASI), the
 * applicant's argument and the document it points to, and its answer.
 */
export const butirSanggahSchema = z.object({
  alasanTms: z.enum(ALASAN_TMS_KODE).optional(),
  afirmasiId: z.number().optional(),
  argumen: z.string(),
  dokumenId: z.number().nullable(),
  jawaban: z.enum(JAWABAN_SANGGAH).nullable(),
  alasanJawaban: z.string().nullable(),
});
export type ButirSanggah = z.infer<typeof butirSanggahSchema>;

export const sanggahDetailSchema = sanggahRowSchema.extend({
  jenis: z.enum(JENIS_SANGGAH),
  version: z.number(),
  butir: z.array(butirSanggahSchema),
  /** The applicant's verification became MS through this objection's answer. */
  mengubahStatus: z.boolean(),
  cekCatatan: z.string().nullable(),
  cekOlehNama: z.string().nullable(),
  cekAt: z.string().nullable(),
  pelamar: pelamarDetailSchema,
  /** AFIRMASI: the applicant's affirmation claims (the items point at them); empty otherwise. */
  klaim: z.array(klaimAfirmasiSchema),
  /** What the caller may do with it. */
  bolehJawab: z.boolean(),
  bolehCek: z.boolean(),
  bolehReset: z.boolean(),
});
export type SanggahDetail = z.infer<typeof sanggahDetailSchema>;

const alasan = z.string().trim().min(5, 'alasan wajib diisi (sedikitnya 5 karakter)').max(2000);

/** PUT {base}/sanggah/{id}: the answer to every item, on the version the supervisor saw. */
export const jawabSanggahSchema = z
  .object({
    version: recordVersion,
    butir: z
      .array(z.object({ jawaban: z.enum(JAWABAN_SANGGAH), alasan }).strict())
      .min(1)
      .max(20),
  })
  .strict();
export type JawabSanggah = z.infer<typeof jawabSanggahSchema>;

/** PUT {base}/sanggah/{id}/cek: wasdal marks an answer checked, or flags it with a note. */
export const cekSanggahSchema = z
  .object({
    version: recordVersion,
    status: z.enum(CEK_SANGGAH),
    catatan: z.string().trim().max(2000).nullable().default(null),
  })
  .strict()
  .refine((value) => value.status !== 'DITANDAI' || (value.catatan ?? '').length >= 5, {
    message: 'catatan wajib diisi saat menandai jawaban',
    path: ['catatan'],
  });
export type CekSanggahBody = z.infer<typeof cekSanggahSchema>;

/** PUT {base}/reset-jawab-sanggah/updateStatus: back to DIAJUKAN, with the reason. */
export const resetSanggahSchema = z
  .object({
    ids: z.array(dbId).min(1).max(100),
    status: z.literal('DIAJUKAN'),
    alasan,
  })
  .strict();
export type ResetSanggah = z.infer<typeof resetSanggahSchema>;

export const sanggahIdParamsSchema = z.object({ id: idParam });
