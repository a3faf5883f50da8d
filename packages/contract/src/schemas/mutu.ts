// Issue #34: the quality of verification. A blind second verification of a random sample: the
// national operator sets the sample rate per track (Jadwal Tahapan); every final MS/TMS a verifier
// saves is drawn against the rate in force, and the draw is recorded with the decision.

import { z } from 'zod';
import { TRACK_IDS } from '../tracks.js';
import { EXPORT_FORMATS } from './lists.js';
import { idParam, isoDate } from './primitives.js';

/** The sample rate of a track until the national operator sets one (per cent of final decisions). */
export const SAMPEL_PERSEN_BAWAAN = 5;

export const sampelVerifikasiSchema = z.array(
  z.object({
    track: z.enum(TRACK_IDS),
    /** Per cent of final decisions sent to a second verifier (0: none). */
    persen: z.number(),
    /** When and by whom (the user's name) it was last set; null: the default, never set. */
    diubahAt: z.string().nullable(),
    diubahOleh: z.string().nullable(),
  }),
);
export type SampelVerifikasi = z.infer<typeof sampelVerifikasiSchema>;

/** PUT /api/admin/sampel-verifikasi: one track's rate, 0–100 with at most one decimal. */
export const sampelUbahSchema = z.object({
  track: z.enum(TRACK_IDS),
  persen: z
    .number({ message: 'harus berupa angka' })
    .min(0, 'tidak boleh kurang dari 0')
    .max(100, 'tidak boleh lebih dari 100')
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, 'paling banyak satu angka di belakang koma'),
});
export type SampelUbah = z.infer<typeof sampelUbahSchema>;

/** Below this many second verifications a verifier's agreement and kappa are not judged. */
export const PASANGAN_MINIMUM = 20;

/** GET /api/{track}/mutu-verifikasi: the span of WIB days, and (national roles) one instansi. */
export const mutuQuerySchema = z
  .object({
    dari: isoDate.optional(),
    sampai: isoDate.optional(),
    instansiId: idParam.optional(),
  })
  .strict();
export type MutuQuery = z.infer<typeof mutuQuerySchema>;

export const mutuExportQuerySchema = mutuQuerySchema.extend({ format: z.enum(EXPORT_FORMATS) }).strict();

const jumlah = z.number().int();

/** The quality of verification (issue #34): per verifier, per TMS reason, per day. */
export const mutuVerifikasiSchema = z.object({
  verifikator: z.array(
    z.object({
      verifikatorId: z.number(),
      nama: z.string(),
      keputusan: jumlah,
      tms: jumlah,
      /** Median seconds from claim to save; null without a claimed decision. */
      medianDetik: z.number().nullable(),
      disupervisi: jumlah,
      dikembalikan: jumlah,
      /** TMS that an accepted objection turned MS. */
      dibatalkanSanggah: jumlah,
      /** Their decisions verified again blind, and how the second verifier agreed. */
      pasangan: jumlah,
      kesepakatan: z.number().nullable(),
      kappa: z.number().nullable(),
      /** At least PASANGAN_MINIMUM pairs: otherwise "terlalu sedikit untuk dinilai". */
      cukup: z.boolean(),
    }),
  ),
  alasan: z.array(z.object({ alasan: z.string(), dipakai: jumlah, dikembalikan: jumlah, dibatalkanSanggah: jumlah })),
  harian: z.array(
    z.object({ hari: z.string(), keputusan: jumlah, dikembalikan: jumlah, medianDetik: z.number().nullable() }),
  ),
  /** National callers: the instansi with decisions on this track, to narrow the view to one. */
  instansi: z.array(z.object({ id: z.number(), nama: z.string() })).nullable(),
});
export type MutuVerifikasi = z.infer<typeof mutuVerifikasiSchema>;
