// Non-ASN data and its confirmation (issue #5, DOMAIN.md "Non-ASN konfirmasi"): the categories and
// statuses, the Data Non ASN list (`POST /api/pppk/nonasn/filter`), one record's detail and the
// instansi's confirmation of it (one, or many at once, backed by the SPTJM), and the confirmation
// dashboard (`POST /api/pppk/dashboard-konfirmasi/filter`). The Non-ASN screens live under PPPK
// Teknis (spec §2), so `{base}` is `/api/pppk`.

import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import type { Role } from '../roles.js';
import { EXPORT_FORMATS } from './lists.js';
import { dbId, idParam, pageNumber, recordVersion } from './primitives.js';
import { riwayatSchema } from './verifikasi.js';

/** DOMAIN.md: eks THK-II, the BKN database, and the R1–R5 priority groups. */
export const KATEGORI_NONASN = ['EKS_THK_II', 'DATABASE', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type KategoriNonAsn = (typeof KATEGORI_NONASN)[number];
export const KATEGORI_NONASN_NAMA: Record<KategoriNonAsn, string> = {
  EKS_THK_II: 'Eks Tenaga Honorer Kategori II',
  DATABASE: 'Database BKN',
  R1: 'R1 – Eks THK-II lulus passing grade',
  R2: 'R2 – Eks THK-II',
  R3: 'R3 – Non ASN database BKN',
  R4: 'R4 – Non ASN lulus passing grade',
  R5: 'R5 – Non ASN lainnya',
};

export const SUMBER_DANA = ['APBN', 'APBD', 'BLUD', 'BOS', 'LAINNYA'] as const;
export type SumberDana = (typeof SUMBER_DANA)[number];
export const SUMBER_DANA_NAMA: Record<SumberDana, string> = {
  APBN: 'APBN',
  APBD: 'APBD',
  BLUD: 'BLUD',
  BOS: 'Dana BOS',
  LAINNYA: 'Lainnya',
};

export const STATUS_KONFIRMASI = ['BELUM', 'DIKONFIRMASI', 'TIDAK_DIUSULKAN'] as const;
export type StatusKonfirmasi = (typeof STATUS_KONFIRMASI)[number];
export const STATUS_KONFIRMASI_NAMA: Record<StatusKonfirmasi, string> = {
  BELUM: 'Belum dikonfirmasi',
  DIKONFIRMASI: 'Dikonfirmasi',
  TIDAK_DIUSULKAN: 'Tidak diusulkan',
};

/** The instansi's admins, who confirm their own instansi's records; everyone else reads. */
export const NONASN_ADMIN_ROLES: readonly Role[] = ['ROLE_ADMIN_PPPK', 'ROLE_ADMIN_PPPK_GURU', 'ROLE_ADMIN_PPPK_NAKES'];
export const isNonAsnAdmin = (authorities: readonly { authority: string }[]) =>
  authorities.some((a) => (NONASN_ADMIN_ROLES as readonly string[]).includes(a.authority));

export const NONASN_PAGE = '/pppk/rekap-nonasn';
export const DASHBOARD_KONFIRMASI_PAGE = '/pppk/dashboard-konfirmasi';

const pageSize = z
  .number()
  .int()
  .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), {
    message: `harus salah satu dari ${PAGE_SIZES.join(', ')}`,
  });

const paginatorSchema = z
  .object({
    page: pageNumber,
    pageSize,
    total: z.number().optional(),
    pageSizes: z.array(z.number()).optional(),
  })
  .strict();

/** Filters of the Data Non ASN list; `instansiId` only narrows a national role's view. */
export const nonAsnFilterSchema = z
  .object({
    instansiId: idParam.optional(),
    kategori: z.enum(KATEGORI_NONASN).optional(),
    statusKonfirmasi: z.enum(STATUS_KONFIRMASI).optional(),
  })
  .strict();
export type NonAsnFilter = z.infer<typeof nonAsnFilterSchema>;
export const NONASN_FILTER_KEYS = Object.keys(nonAsnFilterSchema.shape) as (keyof NonAsnFilter)[];

/** Sortable columns: each has an index serving "instansi, ordered by it" (migration 0008). */
export const NONASN_SORT_COLUMNS = ['id', 'nama', 'kategori', 'statusKonfirmasi'] as const;
export type NonAsnSortColumn = (typeof NONASN_SORT_COLUMNS)[number];

const nonAsnSortingSchema = z
  .object({ column: z.enum(NONASN_SORT_COLUMNS), direction: z.enum(['asc', 'desc']) })
  .strict()
  .default({ column: 'id', direction: 'asc' });

/** The spec's table state (same shape as every list). */
export const nonAsnListRequestSchema = z
  .object({
    filter: nonAsnFilterSchema.default({}),
    paginator: paginatorSchema,
    sorting: nonAsnSortingSchema,
    searchTerm: z.string().max(100).default(''),
    grouping: z.unknown().optional(),
    entityId: z.unknown().optional(),
  })
  .strict();
export type NonAsnListRequest = z.infer<typeof nonAsnListRequestSchema>;

export const nonAsnExportRequestSchema = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    filter: nonAsnFilterSchema.default({}),
    sorting: nonAsnSortingSchema,
    searchTerm: z.string().max(100).default(''),
  })
  .strict();
export type NonAsnExportRequest = z.infer<typeof nonAsnExportRequestSchema>;

export const nonAsnRowSchema = z.object({
  id: z.number(),
  nik: z.string().describe('Lengkap bagi admin instansi; disamarkan bagi pemantau'),
  nama: z.string(),
  tempatLahir: z.string(),
  tanggalLahir: z.string(),
  unitKerja: z.string(),
  jabatan: z.string(),
  /** Months of service. */
  masaKerjaBulan: z.number(),
  kategori: z.enum(KATEGORI_NONASN),
  sumberDana: z.enum(SUMBER_DANA),
  statusKonfirmasi: z.enum(STATUS_KONFIRMASI),
  alasan: z.string().nullable(),
  dikonfirmasiOleh: z.string().nullable(),
  /** Local time in Jakarta, `YYYY-MM-DDTHH:MM:SS`. */
  dikonfirmasiAt: z.string().nullable(),
  instansi: z.object({ id: z.number(), kode: z.string(), nama: z.string() }),
});
export type NonAsnRow = z.infer<typeof nonAsnRowSchema>;

export const konfirmasiSummarySchema = z.object({ statusKonfirmasi: z.enum(STATUS_KONFIRMASI), jumlah: z.number() });
export type KonfirmasiSummary = z.infer<typeof konfirmasiSummarySchema>;

export const nonAsnListResponseSchema = z.object({
  data: z.array(nonAsnRowSchema),
  recordsTotal: z.number(),
  summaries: z.array(konfirmasiSummarySchema),
});
export type NonAsnListResponse = z.infer<typeof nonAsnListResponseSchema>;

export const nonAsnDetailSchema = nonAsnRowSchema.extend({
  noSk: z.string(),
  tglSk: z.string(),
  version: z.number(),
  /** The record's audit trail, oldest first. */
  riwayat: z.array(riwayatSchema),
});
export type NonAsnDetail = z.infer<typeof nonAsnDetailSchema>;

export const nonAsnIdParamsSchema = z.object({ id: idParam });

/** What an answer can be: proposed, or not proposed (with the reason). */
export const KEPUTUSAN_KONFIRMASI = ['DIKONFIRMASI', 'TIDAK_DIUSULKAN'] as const;
export type KeputusanKonfirmasi = (typeof KEPUTUSAN_KONFIRMASI)[number];

const alasanSchema = z.string().trim().max(1000).nullable().optional();

/** "Not proposed" always needs its reason (DOMAIN.md). */
function requireAlasan(
  value: { status: KeputusanKonfirmasi; alasan?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.status === 'TIDAK_DIUSULKAN' && !value.alasan) {
    ctx.addIssue({ code: 'custom', path: ['alasan'], message: 'alasan wajib diisi untuk Tidak Diusulkan' });
  }
}

/**
 * PUT /api/pppk/nonasn/{id}: the instansi's answer for one record, on the version the admin saw,
 * made under the head of instansi's SPTJM (the admin ticks that they answer under it).
 */
export const konfirmasiNonAsnSchema = z
  .object({
    status: z.enum(KEPUTUSAN_KONFIRMASI),
    alasan: alasanSchema,
    version: recordVersion,
    sptjm: z.literal(true, { message: 'konfirmasi harus dinyatakan di bawah SPTJM kepala instansi' }),
  })
  .strict()
  .superRefine(requireAlasan);
export type KonfirmasiNonAsn = z.infer<typeof konfirmasiNonAsnSchema>;

/** PUT /api/pppk/nonasn/updateStatus: one answer for many records; the reply says per id. */
export const konfirmasiNonAsnBanyakSchema = z
  .object({
    ids: z.array(dbId).min(1).max(500),
    status: z.enum(KEPUTUSAN_KONFIRMASI),
    alasan: alasanSchema,
    sptjm: z.literal(true, { message: 'konfirmasi harus dinyatakan di bawah SPTJM kepala instansi' }),
  })
  .strict()
  .superRefine(requireAlasan);
export type KonfirmasiNonAsnBanyak = z.infer<typeof konfirmasiNonAsnBanyakSchema>;

export const konfirmasiResultSchema = z.object({ id: z.number(), version: z.number() });

/** Per id: done (with its new version), or why not (code and Indonesian message). */
export const konfirmasiBanyakResultSchema = z.array(
  z.object({
    id: z.number(),
    ok: z.boolean(),
    version: z.number().optional(),
    error: z.string().optional(),
    message: z.string().optional(),
  }),
);
export type KonfirmasiBanyakResult = z.infer<typeof konfirmasiBanyakResultSchema>;

// The confirmation dashboard: per instansi × kategori, from the maintained counters.

export const dashboardKonfirmasiFilterSchema = z
  .object({
    instansiId: idParam.optional(),
    kategori: z.enum(KATEGORI_NONASN).optional(),
  })
  .strict();
export type DashboardKonfirmasiFilter = z.infer<typeof dashboardKonfirmasiFilterSchema>;
export const DASHBOARD_KONFIRMASI_FILTER_KEYS = Object.keys(
  dashboardKonfirmasiFilterSchema.shape,
) as (keyof DashboardKonfirmasiFilter)[];

export const DASHBOARD_KONFIRMASI_SORT_COLUMNS = ['instansi', 'kategori', 'total', 'persen'] as const;
export type DashboardKonfirmasiSortColumn = (typeof DASHBOARD_KONFIRMASI_SORT_COLUMNS)[number];
export const DASHBOARD_KONFIRMASI_DEFAULT_SORTING = { column: 'instansi', direction: 'asc' } as const;

export const dashboardKonfirmasiRequestSchema = z
  .object({
    filter: dashboardKonfirmasiFilterSchema.default({}),
    paginator: paginatorSchema,
    sorting: z
      .object({ column: z.enum(DASHBOARD_KONFIRMASI_SORT_COLUMNS), direction: z.enum(['asc', 'desc']) })
      .strict()
      .default(DASHBOARD_KONFIRMASI_DEFAULT_SORTING),
    searchTerm: z.string().max(100).default(''),
    grouping: z.unknown().optional(),
    entityId: z.unknown().optional(),
  })
  .strict();
export type DashboardKonfirmasiRequest = z.infer<typeof dashboardKonfirmasiRequestSchema>;

const progressShape = {
  total: z.number(),
  dikonfirmasi: z.number(),
  tidakDiusulkan: z.number(),
  belum: z.number(),
  /** Answered (dikonfirmasi + tidak diusulkan) as a percentage of the total, one decimal. */
  persen: z.number(),
};

export const dashboardKonfirmasiRowSchema = z.object({
  /** `{instansiId}-{kategori}`. */
  id: z.string(),
  instansi: z.object({ id: z.number(), kode: z.string(), nama: z.string() }),
  kategori: z.enum(KATEGORI_NONASN),
  ...progressShape,
});
export type DashboardKonfirmasiRow = z.infer<typeof dashboardKonfirmasiRowSchema>;

/** The totals of the whole view (kategori null) and of each kategori in it. */
export const dashboardKonfirmasiSummarySchema = z.object({
  kategori: z.enum(KATEGORI_NONASN).nullable(),
  ...progressShape,
});
export type DashboardKonfirmasiSummary = z.infer<typeof dashboardKonfirmasiSummarySchema>;

export const dashboardKonfirmasiResponseSchema = z.object({
  data: z.array(dashboardKonfirmasiRowSchema),
  recordsTotal: z.number(),
  summaries: z.array(dashboardKonfirmasiSummarySchema),
});
export type DashboardKonfirmasiResponse = z.infer<typeof dashboardKonfirmasiResponseSchema>;

/** GET /api/pppk/nonasn/instansi: the instansi a national role can narrow the views to. */
export const instansiOptionsSchema = z.array(z.object({ id: z.number(), kode: z.string(), nama: z.string() }));
export type InstansiOptions = z.infer<typeof instansiOptionsSchema>;
