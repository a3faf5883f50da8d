// Objections (issue #5, DOMAIN.md "Sanggah", "Afirmasi"), against a TMS or against the checker's
// affirmation decisions (sanggah afirmasi), the changes: the supervisor's answer, wasdal's check
// and the Nakes admin's reset, each a guarded transition of the objection's row (its audit events
// on the applicant's trail); an accepted objection turns the applicant's TMS into MS in the same
// transaction (and a reset turns it back). The lists and the detail are in queries.ts.

import {
  type ButirSanggah,
  type CekSanggahBody,
  isAfirmasiTrack,
  type JawabSanggah,
  SANGGAH_LISTS,
  type SanggahList,
  type StatusSanggah,
  type TrackId,
  type UpdateStatusResult,
} from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { eachInTransaction, transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { terimaSanggahAfirmasi } from '../afirmasi/service.js';
import { type Actor, auditPelamar, type Change, pelamarEvents } from '../audit/audit.js';
import { requireWindow } from '../jadwal/window.js';
import { guardedTransition } from '../shared/guarded-transition.js';
import { inScope, NOT_FOUND, type SanggahScope, sanggahPelamar } from './queries.js';

const conflict = (code: string, message: string) => new AppError(409, code, message);

/** The stage whose window an answer needs. */
const TAHAP_JAWAB = { ADMINISTRASI: 'JAWAB_SANGGAH', AFIRMASI: 'JAWAB_SANGGAH_AFIRMASI' } as const;

/** The objection's row inside the scope with what its changes check (the transition locks it). */
function sanggahRow(trx: Transaction<DB>, scope: SanggahScope, list: SanggahList, sanggahId: number) {
  return sanggahPelamar(trx)
    .where(inScope(scope, list === 'reset' ? 'jawab' : list, sanggahId))
    .select([
      's.pelamar_id',
      's.instansi_id',
      's.status',
      's.version',
      's.butir',
      's.mengubah_status',
      's.cek_status',
      'p.status_verifikasi',
      'p.alasan_tms',
    ]);
}

/** What every change of an objection shares: its table, its row (only the objection's locked). */
const sanggahTransition = (trx: Transaction<DB>, scope: SanggahScope, list: SanggahList, sanggahId: number) =>
  ({
    table: 'sanggah',
    id: sanggahId,
    select: sanggahRow(trx, scope, list, sanggahId),
    lockOf: 's',
    notFound: NOT_FOUND,
  }) as const;

const versi = (seen: number) => ({
  seen,
  message: 'Sanggah ini telah diubah oleh pengguna lain. Muat ulang untuk melihat perubahan.',
});

const harusSudahDijawab = (message: string) => (row: { status: StatusSanggah }) => {
  if (row.status === 'DIAJUKAN') throw conflict('BELUM_DIJAWAB', message);
};

/** Sets the applicant's verification (TMS ↔ MS by an objection's answer or its reset). */
async function ubahStatusPelamar(
  trx: Transaction<DB>,
  actor: Actor,
  row: { pelamar_id: number | string; instansi_id: number },
  track: TrackId,
  from: 'TMS' | 'MS',
  to: 'TMS' | 'MS',
  change: Change,
) {
  const updated = await trx
    .updateTable('pelamar')
    .set({ status_verifikasi: to, version: sql`version + 1` })
    .where('id', '=', Number(row.pelamar_id))
    .where('status_verifikasi', '=', from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await auditPelamar(trx, actor, Number(row.pelamar_id), [{ ...change, from, to }], {
    instansiId: row.instansi_id,
    track,
    from,
    to,
  });
  return true;
}

/** An accepted objection against a TMS makes MS only when its items cover every reason. */
function clearsEveryReason(answered: ButirSanggah[], alasanTms: string[] | null): boolean {
  const covered = new Set<string | undefined>(answered.map((item) => item.alasanTms));
  return (alasanTms ?? []).every((alasan) => covered.has(alasan));
}

/**
 * The supervisor's answer to every item. DITERIMA when every item is accepted. Against a TMS, the
 * applicant becomes MS when the accepted items cover every reason of the TMS (DOMAIN.md); against
 * the checker (AFIRMASI), every accepted item's claim becomes VALID and the score follows.
 */
export async function jawabSanggah(
  db: Kysely<DB>,
  scope: SanggahScope,
  list: 'jawab' | 'afirmasi',
  actor: Actor,
  sanggahId: number,
  body: JawabSanggah,
): Promise<{ version: number; status: StatusSanggah; mengubahStatus: boolean }> {
  const jenis = SANGGAH_LISTS[list].jenis;
  return transaction(db, async (trx) => {
    // What the answer makes of the objection and the applicant, decided in `write`.
    let status: StatusSanggah = 'DIAJUKAN';
    let mengubahStatus = false;
    const { version } = await guardedTransition(trx, {
      ...sanggahTransition(trx, scope, list, sanggahId),
      window: { track: scope.track, tahap: TAHAP_JAWAB[jenis] },
      state: (row) => {
        if (row.status !== 'DIAJUKAN') throw conflict('SUDAH_DIJAWAB', 'Sanggah ini sudah dijawab.');
      },
      version: versi(body.version),
      check: (row) => {
        const jumlah = (row.butir as ButirSanggah[]).length;
        if (body.butir.length !== jumlah) {
          throw new AppError(400, 'VALIDATION_ERROR', `Setiap butir sanggah harus dijawab (${jumlah} butir).`);
        }
      },
      write: async (row) => {
        const answered = (row.butir as ButirSanggah[]).map((item, index) => {
          const answer = body.butir[index] as JawabSanggah['butir'][number];
          return { ...item, jawaban: answer.jawaban, alasanJawaban: answer.alasan };
        });
        status = answered.every((item) => item.jawaban === 'DITERIMA') ? 'DITERIMA' : 'DITOLAK';
        mengubahStatus =
          jenis === 'AFIRMASI'
            ? isAfirmasiTrack(scope.track) &&
              (await terimaSanggahAfirmasi(
                trx,
                actor,
                { id: Number(row.pelamar_id), instansiId: row.instansi_id, track: scope.track },
                answered.flatMap((item) => (item.jawaban === 'DITERIMA' && item.afirmasiId ? [item.afirmasiId] : [])),
                sanggahId,
              ))
            : status === 'DITERIMA' &&
              clearsEveryReason(answered, row.alasan_tms) &&
              row.status_verifikasi === 'TMS' &&
              (await ubahStatusPelamar(trx, actor, row, scope.track, 'TMS', 'MS', {
                action: 'SANGGAH_DITERIMA',
                reason: 'Sanggah diterima',
                details: { sanggahId },
              }));
        return {
          set: {
            butir: JSON.stringify(answered),
            status,
            dijawab_oleh: actor.id,
            dijawab_at: sql`now()`,
            mengubah_status: mengubahStatus,
          },
          audit: pelamarEvents(actor, row.pelamar_id, [
            ...answered.map((item) => ({
              action: 'JAWAB_BUTIR_SANGGAH',
              from: item.alasanTms ?? null,
              to: item.jawaban,
              reason: item.alasanJawaban,
              details: { sanggahId, jenis, ...(item.afirmasiId ? { afirmasiId: item.afirmasiId } : {}) },
            })),
            { action: 'JAWAB_SANGGAH', from: 'DIAJUKAN', to: status, details: { sanggahId, jenis, mengubahStatus } },
          ]),
        };
      },
    });
    return { version, status, mengubahStatus };
  });
}

/** Wasdal's check of an answer: checked, or flagged with a note (again later if need be). */
export async function cekSanggah(
  db: Kysely<DB>,
  scope: SanggahScope,
  actor: Actor,
  sanggahId: number,
  body: CekSanggahBody,
): Promise<{ version: number }> {
  return transaction(db, async (trx) => {
    const { version } = await guardedTransition(trx, {
      ...sanggahTransition(trx, scope, 'jawab', sanggahId),
      state: harusSudahDijawab('Sanggah ini belum dijawab; belum ada yang diperiksa.'),
      version: versi(body.version),
      write: (row) => ({
        set: { cek_status: body.status, cek_catatan: body.catatan, cek_oleh: actor.id, cek_at: sql`now()` },
        audit: pelamarEvents(actor, row.pelamar_id, [
          {
            action: 'CEK_JAWABAN_SANGGAH',
            from: row.cek_status,
            to: body.status,
            reason: body.catatan,
            details: { sanggahId },
          },
        ]),
      }),
    });
    return { version };
  });
}

/**
 * Reopens answered objections (the Nakes admin): back to DIAJUKAN with the answers cleared – the
 * old answer goes into the audit event – and an applicant made MS by it back to TMS. One
 * transaction per objection, so one refusal does not undo the others.
 */
export async function resetSanggah(
  db: Kysely<DB>,
  scope: SanggahScope,
  actor: Actor,
  ids: number[],
  alasan: string,
): Promise<UpdateStatusResult> {
  await requireWindow(db, scope.track, 'JAWAB_SANGGAH');
  return eachInTransaction(db, ids, async (trx, id) => {
    await guardedTransition(trx, {
      ...sanggahTransition(trx, scope, 'reset', id),
      state: harusSudahDijawab('Sanggah ini belum dijawab.'),
      write: async (row) => {
        const butir = row.butir as ButirSanggah[];
        if (row.mengubah_status) {
          await ubahStatusPelamar(trx, actor, row, scope.track, 'MS', 'TMS', {
            action: 'RESET_SANGGAH',
            reason: alasan,
            details: { sanggahId: id },
          });
        }
        return {
          set: {
            butir: JSON.stringify(butir.map((item) => ({ ...item, jawaban: null, alasanJawaban: null }))),
            status: 'DIAJUKAN' as const,
            dijawab_oleh: null,
            dijawab_at: null,
            mengubah_status: false,
            cek_status: null,
            cek_catatan: null,
            cek_oleh: null,
            cek_at: null,
          },
          audit: pelamarEvents(actor, row.pelamar_id, [
            {
              action: 'RESET_JAWABAN_SANGGAH',
              from: row.status,
              to: 'DIAJUKAN',
              reason: alasan,
              details: { sanggahId: id, jawabanLama: butir, cekLama: row.cek_status },
            },
          ]),
        };
      },
    });
    return {};
  });
}
