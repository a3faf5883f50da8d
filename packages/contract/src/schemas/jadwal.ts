// The stages of each track's recruitment (DOMAIN.md: windows are configuration per track). An
// action outside its stage's window is refused with 403 DI_LUAR_JADWAL; the screens show the
// window and the time left (GET /api/jadwal).

import { z } from 'zod';
import { TRACK_IDS } from '../tracks.js';
import { isoDateTime } from './primitives.js';

export const TAHAP = [
  'PENDAFTARAN',
  'VERIFIKASI',
  'SANGGAH',
  'JAWAB_SANGGAH',
  'SANGGAH_NILAI',
  'JAWAB_SANGGAH_NILAI',
  'AFIRMASI',
  'JAWAB_SANGGAH_AFIRMASI',
  'KONFIRMASI_NONASN',
] as const;
export type Tahap = (typeof TAHAP)[number];

/** Each stage's name as a sentence names it ("Di luar jadwal {nama} …"). */
export const TAHAP_NAMA: Record<Tahap, string> = {
  PENDAFTARAN: 'pendaftaran',
  VERIFIKASI: 'verifikasi',
  SANGGAH: 'masa sanggah',
  JAWAB_SANGGAH: 'jawab sanggah',
  SANGGAH_NILAI: 'masa sanggah nilai',
  JAWAB_SANGGAH_NILAI: 'jawab sanggah nilai',
  AFIRMASI: 'validasi afirmasi',
  JAWAB_SANGGAH_AFIRMASI: 'jawab sanggah afirmasi',
  KONFIRMASI_NONASN: 'konfirmasi Non ASN',
};

export const jadwalSchema = z.array(
  z.object({
    track: z.enum(TRACK_IDS),
    tahap: z.enum(TAHAP),
    /** ISO instants. */
    mulai: z.string(),
    selesai: z.string(),
  }),
);
export type Jadwal = z.infer<typeof jadwalSchema>;

/**
 * Issue #18, Jadwal Tahapan: PUT /api/admin/jadwal changes one stage window of one track (ISO
 * instants; the screen enters and shows them in WIB). The end must come after the start.
 */
export const jadwalUbahSchema = z.object({
  track: z.enum(TRACK_IDS),
  tahap: z.enum(TAHAP),
  mulai: isoDateTime,
  selesai: isoDateTime,
});
export type JadwalUbah = z.infer<typeof jadwalUbahSchema>;
