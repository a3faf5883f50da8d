// The applicant lists (issue #3): which lists exist, the screen each serves, what they filter and
// sort on, and the request and row shapes – one definition for the server's validation and
// OpenAPI and for the SPA's list machinery. Lists: `POST /api/{track}/{list}/filter`
// (ARCHITECTURE.md), body = the spec's table state, answer `{data, recordsTotal, summaries}`.

import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import type { TrackScreen } from '../routes.js';
import { bacaanSchema, TEMUAN_OTOMATIS, temuanDokumenSchema } from './bacaan.js';
import { idParam, isoDate, pageNumber } from './primitives.js';
import { JENIS_FORMASI, STATUS_SUPERVISI, STATUS_VERIFIKASI } from './status.js';
import { verifikasiDetailSchema } from './verifikasi.js';

/** Each applicant list and the screen (route segment) whose permission it carries. */
export const PELAMAR_LISTS = {
  admin: 'rekap-pelamar',
  verifikator: 'verifikasi',
  'rekap-verifikasi': 'rekap-verifikasi',
  supervisor: 'supervisi',
  'my-supervisi': 'rekap-supervisi',
} as const satisfies Record<string, TrackScreen>;
export type PelamarList = keyof typeof PELAMAR_LISTS;

/**
 * Where each list is served under `/api/{track}`: its segment, and for the verifier's recap the
 * spec's "my-verifier" mode of the verifier list (`verifikator/filter?mode=my-verifier`).
 */
export const PELAMAR_LIST_ENDPOINT: Record<PelamarList, { segment: string; mode?: 'my-verifier' }> = {
  admin: { segment: 'admin' },
  verifikator: { segment: 'verifikator' },
  'rekap-verifikasi': { segment: 'verifikator', mode: 'my-verifier' },
  supervisor: { segment: 'supervisor' },
  'my-supervisi': { segment: 'my-supervisi' },
};

/** The URL of a list's call: `/{track}/{segment}{tail}` plus its mode. */
export function pelamarListUrl(track: string, list: PelamarList, tail = ''): string {
  const { segment, mode } = PELAMAR_LIST_ENDPOINT[list];
  return `/${track}/${segment}${tail}${mode ? `?mode=${mode}` : ''}`;
}

export const listModeQuerySchema = z.object({ mode: z.literal('my-verifier').optional() }).strict();

/** Sortable columns: each has an index that serves "instansi + track, ordered by it". */
export const PELAMAR_SORT_COLUMNS = [
  'id',
  'nama',
  'noPeserta',
  'tglDaftar',
  'statusVerifikasi',
  'temuanOtomatis',
] as const;
export type PelamarSortColumn = (typeof PELAMAR_SORT_COLUMNS)[number];

const code = z.string().trim().min(1).max(40);

/**
 * The verifier's own work in their list (issue #32), each matching a dashboard tile: applicants
 * they hold and have not decided, decisions the supervisor returned to them, and what they decided
 * today or ever, and (issue #34) the blind second verifications they may take. Without it the
 * list is the queue.
 */
export const KERJA_SAYA = ['dikerjakan', 'dikembalikan', 'hari-ini', 'semua', 'kedua'] as const;
export type KerjaSaya = (typeof KERJA_SAYA)[number];

export const pelamarFilterSchema = z
  .object({
    statusVerifikasi: z.enum(STATUS_VERIFIKASI).optional(),
    statusSupervisi: z.enum(STATUS_SUPERVISI).optional(),
    jabatanKode: code.optional(),
    lokasiKode: code.optional(),
    pendidikanKode: code.optional(),
    jenisFormasi: z.enum(JENIS_FORMASI).optional(),
    tglDaftarDari: isoDate.optional(),
    tglDaftarSampai: isoDate.optional(),
    tglVerifikasiDari: isoDate.optional(),
    tglVerifikasiSampai: isoDate.optional(),
    verifikatorId: idParam.optional(),
    kerjaSaya: z.enum(KERJA_SAYA).optional(),
    /** Issue #35: the worst finding of the documents' reading (none / periksa / berat). */
    temuanOtomatis: z.enum(TEMUAN_OTOMATIS).optional(),
  })
  .strict();
export type PelamarFilter = z.infer<typeof pelamarFilterSchema>;
export const PELAMAR_FILTER_KEYS = Object.keys(pelamarFilterSchema.shape) as (keyof PelamarFilter)[];

const pageSize = z
  .number()
  .int()
  .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), {
    message: `harus salah satu dari ${PAGE_SIZES.join(', ')}`,
  });

/**
 * The spec's table state for one list (its filter and sortable columns); the server reads
 * filter, page, size, sorting and the search term. Every list of the portal is asked this way.
 */
export function tableRequestSchema<F extends z.ZodTypeAny, C extends readonly [string, ...string[]]>(
  filter: F,
  sortColumns: C,
) {
  return z
    .object({
      filter: filter.default({} as never),
      paginator: z
        .object({
          page: pageNumber,
          pageSize,
          total: z.number().optional(),
          pageSizes: z.array(z.number()).optional(),
        })
        .strict(),
      sorting: z
        .object({ column: z.enum(sortColumns), direction: z.enum(['asc', 'desc']) })
        .strict()
        .default({ column: 'id' as C[number], direction: 'asc' }),
      searchTerm: z.string().max(100).default(''),
      grouping: z.unknown().optional(),
      entityId: z.unknown().optional(),
    })
    .strict();
}

export const pelamarListRequestSchema = tableRequestSchema(pelamarFilterSchema, PELAMAR_SORT_COLUMNS);
export type PelamarListRequest = z.infer<typeof pelamarListRequestSchema>;

export const KEADAAN_VERIFIKASI_KEDUA = ['MENUNGGU', 'KEPUTUSAN_SAYA', 'SEPAKAT', 'BERBEDA'] as const;
export type KeadaanVerifikasiKedua = (typeof KEADAAN_VERIFIKASI_KEDUA)[number];

export const pelamarRowSchema = z.object({
  id: z.number(),
  nik: z.string().describe('Lengkap bagi admin, verifikator dan supervisor instansi; disamarkan bagi pemantau'),
  noPeserta: z.string(),
  nama: z.string(),
  gelarDepan: z.string().nullable(),
  gelarBelakang: z.string().nullable(),
  jenisKelamin: z.enum(['L', 'P']),
  jabatanNama: z.string(),
  lokasiNama: z.string(),
  jenisFormasi: z.enum(JENIS_FORMASI),
  pendidikanNama: z.string(),
  statusVerifikasi: z.enum(STATUS_VERIFIKASI),
  statusSupervisi: z.enum(STATUS_SUPERVISI).nullable(),
  tglDaftar: z.string(),
  tglVerifikasi: z.string().nullable(),
  verifikatorNama: z.string().nullable(),
  alasanTms: z.array(z.string()).nullable(),
  /** The caller holds this applicant (verifier's queue). */
  klaimSaya: z.boolean(),
  /** Who holds this undecided applicant now (a claim in force), so the queue says who works on what. */
  klaimNama: z.string().nullable(),
  /** Issue #35: the worst finding of the documents' reading so far (TIDAK_ADA before any). */
  temuanOtomatis: z.enum(TEMUAN_OTOMATIS),
  /**
   * Issue #34, for the caller: MENUNGGU – a second verification to make (nothing of the first
   * shown); KEPUTUSAN_SAYA – the caller's own decision waits for a colleague's second verification;
   * SEPAKAT / BERBEDA – both are in and agreed or not; null – not sampled.
   */
  verifikasiKedua: z.enum(KEADAAN_VERIFIKASI_KEDUA).nullable(),
  instansi: z.object({ id: z.number(), kode: z.string(), nama: z.string() }),
});
export type PelamarRow = z.infer<typeof pelamarRowSchema>;

export const statusSummarySchema = z.object({ statusVerifikasi: z.enum(STATUS_VERIFIKASI), jumlah: z.number() });
export type StatusSummary = z.infer<typeof statusSummarySchema>;

export const pelamarListResponseSchema = z.object({
  data: z.array(pelamarRowSchema),
  recordsTotal: z.number(),
  summaries: z.array(statusSummarySchema),
});
export type PelamarListResponse = z.infer<typeof pelamarListResponseSchema>;

/** One applicant in full, as the detail page shows it (read-only). */
export const pelamarDetailSchema = pelamarRowSchema.extend({
  noRegister: z.string(),
  tempatLahirKtp: z.string(),
  tanggalLahirKtp: z.string(),
  tempatLahirIjazah: z.string(),
  tanggalLahirIjazah: z.string(),
  agama: z.string(),
  jenisDisabilitas: z.string().nullable(),
  domisili: z.string(),
  alamat: z.string(),
  email: z.string(),
  noHp: z.string(),
  lembagaPendidikan: z.string(),
  akreditasiLembaga: z.string(),
  prodi: z.string(),
  akreditasiProdi: z.string(),
  noIjazah: z.string(),
  tglIjazah: z.string(),
  tahunLulus: z.number(),
  ipk: z.string(),
  lokasiUjian: z.string(),
  tglSupervisi: z.string().nullable(),
  supervisorNama: z.string().nullable(),
  dokumen: z.array(
    z.object({
      id: z.number(),
      jenis: z.string(),
      namaFile: z.string(),
      mime: z.string(),
      ukuran: z.number(),
      diunggahAt: z.string(),
      /** Issue #35: the document's reading; null for documents the portal does not read. */
      bacaan: bacaanSchema.nullable(),
      /**
       * Issue #32: the document at the size a screen needs (JPEG pages ≤ 1400 px, in a PDF for a PDF),
       * made when it was read and kept only when much smaller than the original; null: only the
       * original. Its file is the document's call path + `/tampilan`.
       */
      tampilan: z.object({ mime: z.string(), ukuran: z.number() }).nullable(),
    }),
  ),
  /** Issue #35: what the reading of the documents found against the registration. */
  temuanDokumen: z.array(temuanDokumenSchema),
  nilai: z.array(z.object({ komponen: z.string(), nilai: z.string() })),
  verifikasi: verifikasiDetailSchema,
});
export type PelamarDetail = z.infer<typeof pelamarDetailSchema>;

export const pelamarIdParamsSchema = z.object({ id: idParam });
export const dokumenParamsSchema = pelamarIdParamsSchema.extend({ dokumenId: idParam });

/** The recap lists, which can be downloaded (issue #3). */
export const PELAMAR_EXPORT_LISTS: readonly PelamarList[] = ['admin', 'rekap-verifikasi', 'my-supervisi'];
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** An export: the view (filter, order, search) of the list, and the file format. */
export const pelamarExportRequestSchema = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    filter: pelamarFilterSchema.default({}),
    sorting: pelamarListRequestSchema.shape.sorting,
    searchTerm: z.string().max(100).default(''),
  })
  .strict();
export type PelamarExportRequest = z.infer<typeof pelamarExportRequestSchema>;
