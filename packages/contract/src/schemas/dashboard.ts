// The role-aware dashboard (`GET /api/dashboard`): one section per track the user works in, each
// with the figures of the roles they hold there (cards and chart series), all read from counters
// or small index ranges on the server. Cards and charts are open lists keyed by a label key (the
// SPA's texts live in its catalogue), so another module adds a figure without a schema change.

import { z } from 'zod';
import { TRACK_IDS } from '../tracks.js';

/**
 * Which role a figure serves: `nasional`, national monitors' applicant figures (sum over every
 * instansi); `nonasn`, the national non-ASN confirmation progress (MENPAN, BKN).
 */
export const PERAN_DASHBOARD = [
  'verifikator',
  'supervisor',
  'admin',
  'monitoring',
  'wasdal',
  'nasional',
  'nonasn',
  'checker',
] as const;
export type PeranDashboard = (typeof PERAN_DASHBOARD)[number];

/** Decisions by supervision state, as the supervision counters key them. */
export const KEADAAN_SUPERVISI = ['MENUNGGU', 'DISETUJUI', 'DIKEMBALIKAN'] as const;
export type KeadaanSupervisi = (typeof KEADAAN_SUPERVISI)[number];

export const dashboardCardSchema = z.object({
  /** Label key in the SPA's catalogue (`dashboard.kartu`), e.g. `menungguVerifikasi`. */
  key: z.string(),
  peran: z.enum(PERAN_DASHBOARD),
  value: z.number(),
  /** The whole the value is part of: the card shows "dari {total}" and a percentage. */
  total: z.number().nullable(),
  /** `ya-tidak`: 1 or 0 (e.g. final verification locked). */
  format: z.enum(['jumlah', 'ya-tidak']),
  /** The screen where that work is done. */
  href: z.string().nullable(),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

export const dashboardPointSchema = z.object({
  /** A category's key (a status) or, for `harian` charts, a day `YYYY-MM-DD` (Jakarta). */
  label: z.string(),
  value: z.number(),
});

export const dashboardChartSchema = z.object({
  /** Label key in the SPA's catalogue (`dashboard.grafik`), e.g. `statusVerifikasi`. */
  key: z.string(),
  peran: z.enum(PERAN_DASHBOARD),
  /** `kategori`: parts of a whole (a stacked bar); `harian`: one bar per day, oldest first. */
  kind: z.enum(['kategori', 'harian']),
  points: z.array(dashboardPointSchema),
});
export type DashboardChart = z.infer<typeof dashboardChartSchema>;

export const dashboardSectionSchema = z.object({
  track: z.enum(TRACK_IDS),
  /** `instansi`: the user's own; `nasional`: every instansi. */
  cakupan: z.enum(['instansi', 'nasional']),
  peran: z.array(z.enum(PERAN_DASHBOARD)),
  cards: z.array(dashboardCardSchema),
  charts: z.array(dashboardChartSchema),
});
export type DashboardSection = z.infer<typeof dashboardSectionSchema>;

export const dashboardResponseSchema = z.object({
  /** Today in Jakarta, `YYYY-MM-DD` (the day "today" figures count). */
  tanggal: z.string(),
  sections: z.array(dashboardSectionSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
