// Issue #34: the quality of verification. A blind second verification of a random sample: the
// national operator sets the sample rate per track (Jadwal Tahapan); every final MS/TMS a verifier
// saves is drawn against the rate in force, and the draw is recorded with the decision.

import { z } from 'zod';
import { TRACK_IDS } from '../tracks.js';

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
