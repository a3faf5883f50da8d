// The windows of the tracks' stages (jadwal_tahap; contract TAHAP). A change that needs its
// stage open reads the window as columns of the query that locks its row (one round trip) and
// refuses outside it with 403 DI_LUAR_JADWAL, naming the window.

import { formatWaktuPanjang, TAHAP_NAMA, type Tahap, TRACKS, type TrackId } from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export interface WindowState {
  mulai: Date | null;
  selesai: Date | null;
  buka: boolean | null;
}

/** The stage's window as columns `mulai`, `selesai`, `buka` of any query. */
export const windowColumns = (track: TrackId, tahap: Tahap) => [
  sql<Date | null>`(SELECT mulai FROM jadwal_tahap WHERE track = ${track} AND tahap = ${tahap})`.as('mulai'),
  sql<Date | null>`(SELECT selesai FROM jadwal_tahap WHERE track = ${track} AND tahap = ${tahap})`.as('selesai'),
  sql<
    boolean | null
  >`(SELECT now() BETWEEN mulai AND selesai FROM jadwal_tahap WHERE track = ${track} AND tahap = ${tahap})`.as('buka'),
];

/** Refuses (403 DI_LUAR_JADWAL) unless the window read by windowColumns is open now. */
export function checkWindow(state: WindowState | undefined, track: TrackId, tahap: Tahap): void {
  const nama = `${TAHAP_NAMA[tahap]} ${TRACKS[track].title}`;
  if (!state?.mulai || !state.selesai) {
    throw new AppError(403, 'DI_LUAR_JADWAL', `Jadwal ${nama} belum ditetapkan.`);
  }
  if (!state.buka) {
    const mulai = new Date(state.mulai);
    const selesai = new Date(state.selesai);
    throw new AppError(
      403,
      'DI_LUAR_JADWAL',
      `Di luar jadwal ${nama} (${formatWaktuPanjang(mulai)} – ${formatWaktuPanjang(selesai)}).`,
      { mulai, selesai },
    );
  }
}

/** Refuses outside the stage's window (one query). */
export async function requireWindow(db: Kysely<DB> | Transaction<DB>, track: TrackId, tahap: Tahap): Promise<void> {
  const state = await db.selectNoFrom(() => windowColumns(track, tahap)).executeTakeFirst();
  checkWindow(state, track, tahap);
}
