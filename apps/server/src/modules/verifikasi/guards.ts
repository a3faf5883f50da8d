// What a verification change reads and refuses on (issue #4): the applicant's row as the changes
// check it, the track's VERIFIKASI window and the admin's final lock of the instansi's results, and
// the claim of another verifier. The changes themselves are in service.ts and claim.ts.

import { formatWaktuPanjang, SAMPEL_PERSEN_BAWAAN, TRACKS, type TrackId } from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { checkWindow, type WindowState, windowColumns } from '../jadwal/window.js';
import { klaimBerlaku } from '../pelamar/queries.js';

/** A verifikasi_kedua row as JSON (to_jsonb): timestamps are ISO strings. */
export interface VerifikasiKeduaRow {
  pertama_oleh: number;
  pertama_hasil: 'MS' | 'TMS';
  pertama_alasan: string[];
  pertama_catatan: string | null;
  pertama_cek: unknown;
  pertama_at: string;
  kedua_oleh: number | null;
  kedua_hasil: 'MS' | 'TMS' | null;
  kedua_alasan: string[] | null;
  kedua_catatan: string | null;
  kedua_cek: unknown;
  kedua_at: string | null;
  sepakat: boolean | null;
}

export interface TrackScope {
  track: TrackId;
  instansiId: number;
  klaimMenit: number;
}

export const conflict = (code: string, message: string, details?: unknown) => new AppError(409, code, message, details);
export const NOT_FOUND = 'Data pelamar tidak ditemukan.';
/** Issue #34: the first verifier of a sampled applicant may not take it for its second verification. */
export const VERIFIKASI_KEDUA_SENDIRI =
  'Keputusan Anda atas pelamar ini sedang diperiksa ulang (verifikasi kedua) oleh verifikator lain; pelamar ini tidak dapat Anda ambil lagi.';

const lockedMessage = (track: TrackId, at: Date) =>
  `Hasil verifikasi ${TRACKS[track].title} instansi ini sudah dikunci (final verifikasi ${formatWaktuPanjang(at)}); keputusan tidak dapat diubah.`;

/** The admin's final lock of the instansi's results as a column of any query. */
const dikunciColumn = (track: TrackId, instansiId: number) =>
  sql<Date | null>`(SELECT dikunci_at FROM final_verifikasi WHERE instansi_id = ${instansiId} AND track = ${track})`.as(
    'dikunci_at',
  );

export interface OpenState extends WindowState {
  dikunci_at: Date | null;
}

/** Refuses (409 SUDAH_FINAL) once the admin has locked the instansi's results for the track. */
export function checkNotFinal(state: { dikunci_at: Date | null } | undefined, track: TrackId): void {
  if (state?.dikunci_at) throw conflict('SUDAH_FINAL', lockedMessage(track, new Date(state.dikunci_at)));
}

/**
 * Refuses outside the track's verification window (DOMAIN.md: windows are configuration) and once
 * the admin has locked the instansi's results.
 */
export function checkOpen(state: OpenState | undefined, track: TrackId): void {
  checkWindow(state, track, 'VERIFIKASI');
  checkNotFinal(state, track);
}

/** The window and the lock as columns of any query (read with the row a change locks). */
export const openColumns = (track: TrackId, instansiId: number) => [
  ...windowColumns(track, 'VERIFIKASI'),
  dikunciColumn(track, instansiId),
];

export async function requireOpen(db: Kysely<DB> | Transaction<DB>, track: TrackId, instansiId: number): Promise<void> {
  const state = await db.selectNoFrom(() => openColumns(track, instansiId)).executeTakeFirst();
  checkOpen(state, track);
}

/** Refuses once the admin has locked the instansi's results for the track. */
export async function requireNotFinal(
  db: Kysely<DB> | Transaction<DB>,
  instansiId: number,
  track: TrackId,
): Promise<void> {
  const lock = await db
    .selectFrom('final_verifikasi')
    .where('instansi_id', '=', instansiId)
    .where('track', '=', track)
    .select('dikunci_at')
    .executeTakeFirst();
  checkNotFinal(lock, track);
}

/** The applicant's row inside the scope with what a claim, a decision or a review checks. */
export function pelamarRow(trx: Transaction<DB>, scope: TrackScope, pelamarId: number) {
  return trx
    .selectFrom('pelamar')
    .where('id', '=', pelamarId)
    .where('track', '=', scope.track)
    .where('instansi_id', '=', scope.instansiId)
    .select([
      'version',
      'status_verifikasi',
      'status_supervisi',
      'verifikator_id',
      'klaim_oleh',
      'klaim_at',
      klaimBerlaku(scope).as('klaim_berlaku'),
      // Issue #34: the blind second verification – the first verifier while it waits, whether the
      // two agreed once both are in, the pair itself, and the sample rate in force for the track.
      'kedua_dari',
      'kedua_sepakat',
      sql<VerifikasiKeduaRow | null>`(SELECT to_jsonb(k) FROM verifikasi_kedua k WHERE k.pelamar_id = pelamar.id)`.as(
        'kedua',
      ),
      sql<string | number>`coalesce((SELECT persen FROM sampel_verifikasi WHERE track = ${scope.track}),
        ${SAMPEL_PERSEN_BAWAAN})`.as('sampel_persen'),
      // The applicant's documents, which a decision's checks must name.
      sql<(string | number)[]>`ARRAY(SELECT d.id FROM dokumen d WHERE d.pelamar_id = pelamar.id)`.as('dokumen_ids'),
      dikunciColumn(scope.track, scope.instansiId),
    ]);
}

/** 409 SEDANG_DIKERJAKAN naming the verifier who holds the applicant. */
export async function sedangDikerjakan(trx: Transaction<DB>, holderId: number): Promise<AppError> {
  const user = await trx.selectFrom('app_user').where('id', '=', holderId).select('fullname').executeTakeFirst();
  return conflict('SEDANG_DIKERJAKAN', `Pelamar ini sedang dikerjakan oleh ${user?.fullname ?? 'pengguna lain'}.`);
}
