// The instansi's confirmation of its Non-ASN records (issue #5, DOMAIN.md "Non-ASN konfirmasi"):
// proposed (DIKONFIRMASI) or not (TIDAK_DIUSULKAN, with the reason), under the head of instansi's
// SPTJM, inside the KONFIRMASI_NONASN window of PPPK. Each answer is a guarded transition of the
// record (the window read with it, the version the admin saw; the answer, its audit event and the
// counters' deltas in one statement). An answer may be changed until the deadline (it is the
// instansi's proposal), but only with a reason.

import type { KeputusanKonfirmasi, KonfirmasiBanyakResult } from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { eachInTransaction, transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../audit/audit.js';
import { requireWindow } from '../jadwal/window.js';
import { NONASN_COUNTER, nonAsnDelta, rollUpCounters } from '../shared/counter-deltas.js';
import { guardedTransition } from '../shared/guarded-transition.js';

export interface Jawaban {
  status: KeputusanKonfirmasi;
  alasan?: string | null | undefined;
  /** The version the admin saw; a bulk answer has none (it answers what each record is now). */
  version?: number;
}

const TRACK = 'pppk';
const TAHAP = 'KONFIRMASI_NONASN';
const STATUS_NAMA = { BELUM: 'belum dikonfirmasi', DIKONFIRMASI: 'dikonfirmasi', TIDAK_DIUSULKAN: 'tidak diusulkan' };

/** Folds the counters' deltas in (run now and then; safe from several instances at once). */
export async function rollUpNonAsnCounts(db: Kysely<DB>): Promise<number> {
  return rollUpCounters(db, 727203, [NONASN_COUNTER]);
}

/** One answer inside an open transaction; `withWindow`: read and check the window with the row. */
async function jawab(
  trx: Transaction<DB>,
  actor: Actor,
  id: number,
  jawaban: Jawaban,
  details: Record<string, unknown>,
  withWindow: boolean,
): Promise<{ id: number; version: number }> {
  const alasan = jawaban.alasan?.trim() || null;
  const { version } = await guardedTransition(trx, {
    table: 'nonasn',
    id,
    select: trx
      .selectFrom('nonasn')
      .where('id', '=', id)
      // Only the instansi's own records: another instansi's id is "not found", never "forbidden".
      .where('instansi_id', '=', actor.instansiId)
      .select(['version', 'status_konfirmasi', 'kategori', 'instansi_id']),
    notFound: 'Data Non ASN tidak ditemukan.',
    window: withWindow ? { track: TRACK, tahap: TAHAP } : undefined,
    version: {
      seen: jawaban.version,
      message:
        'Data Non ASN ini telah diubah oleh pengguna lain sejak Anda membukanya. Muat ulang untuk melihat keadaan terbaru.',
    },
    // Any answer may follow any other until the deadline, but not the same one, and a change only with a reason.
    check: ({ status_konfirmasi: from }) => {
      if (from === jawaban.status) {
        throw new AppError(409, 'TIDAK_BERUBAH', `Data ini sudah berstatus ${STATUS_NAMA[from]}.`);
      }
      if (from !== 'BELUM' && !alasan) {
        throw new AppError(
          400,
          'ALASAN_WAJIB',
          `Data ini sudah ${STATUS_NAMA[from]}; mengubah jawaban instansi memerlukan alasan.`,
          [{ field: 'body.alasan', message: 'wajib diisi untuk mengubah jawaban' }],
        );
      }
    },
    write: (row) => ({
      set: { status_konfirmasi: jawaban.status, alasan, dikonfirmasi_oleh: actor.id, dikonfirmasi_at: sql`now()` },
      audit: [
        {
          action: row.status_konfirmasi === 'BELUM' ? 'KONFIRMASI_NONASN' : 'UBAH_KONFIRMASI_NONASN',
          actorId: actor.id,
          actorUsername: actor.username,
          instansiId: row.instansi_id,
          entity: 'nonasn',
          entityId: id,
          from: row.status_konfirmasi,
          to: jawaban.status,
          reason: alasan,
          ip: actor.ip ?? null,
          details: { sptjm: true, ...details },
        },
      ],
      counters: nonAsnDelta(
        { instansiId: row.instansi_id, kategori: row.kategori },
        row.status_konfirmasi,
        jawaban.status,
      ),
    }),
  });
  return { id, version };
}

/** The admin's answer for one record, on the version they saw. */
export async function konfirmasiNonAsn(db: Kysely<DB>, actor: Actor, id: number, jawaban: Jawaban) {
  return transaction(db, (trx) => jawab(trx, actor, id, jawaban, {}, true));
}

/**
 * One answer for many records: the window is checked once (outside it the whole request is
 * refused), then each record on its own; the reply says which succeeded and why the others did not.
 */
export async function konfirmasiNonAsnBanyak(
  db: Kysely<DB>,
  actor: Actor,
  ids: number[],
  jawaban: Omit<Jawaban, 'version'>,
): Promise<KonfirmasiBanyakResult> {
  await requireWindow(db, TRACK, TAHAP);
  return eachInTransaction(db, ids, async (trx, id) => {
    const done = await jawab(trx, actor, id, jawaban, { massal: true }, false);
    return { version: done.version };
  });
}
