// Issue #33: a list export over a size is made on the job queue rather than in its request (a
// million rows take minutes, longer than a proxy should hold a request). The export's call then
// answers 202 with the job instead of the file; the screen follows the job, then downloads the
// file, which is kept for the one who asked until it expires (it holds NIKs: never for good).

import { z } from 'zod';
import { EXPORT_FORMATS } from './lists.js';

export const EKSPOR_STATUS = ['MENUNGGU', 'BERJALAN', 'SELESAI', 'GAGAL'] as const;
export type EksporStatus = (typeof EKSPOR_STATUS)[number];

/** How long a finished export's file is kept for its download, in hours. */
export const EKSPOR_SIMPAN_JAM = 24;

/**
 * A list export's job (202 of a list's …/export; GET /api/ekspor/{id}): waiting for a worker,
 * being written (rows so far of the total), ready to download, or not made (why).
 */
export const eksporJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(EKSPOR_STATUS),
  format: z.enum(EXPORT_FORMATS),
  /** The file's name for the download, e.g. "admin-cpns-20261202.xlsx". */
  namaBerkas: z.string(),
  /** The screen whose list it is (its path), so the screen finds it again after a reload. */
  halaman: z.string(),
  selesai: z.number().int(),
  total: z.number().int(),
  /** The file's size in bytes, once made (SELESAI). */
  ukuran: z.number().int().nullable(),
  /** Why it was not made (GAGAL), in Indonesian. */
  pesan: z.string().nullable(),
  dibuatAt: z.string(),
  /** When the file is deleted (24 hours after it was made). */
  kedaluwarsaAt: z.string().nullable(),
});
export type EksporJob = z.infer<typeof eksporJobSchema>;

export const eksporParamsSchema = z.object({ id: z.uuid() }).strict();

/** GET /api/ekspor?halaman=…: the caller's export of that screen still running or not yet downloaded. */
export const eksporHalamanQuerySchema = z.object({ halaman: z.string().min(1).max(200) }).strict();
export const eksporTerakhirSchema = z.object({ ekspor: eksporJobSchema.nullable() });
export type EksporTerakhir = z.infer<typeof eksporTerakhirSchema>;
