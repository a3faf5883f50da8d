// The instansi's confirmation of its Non-ASN records (issue #5, DOMAIN.md "Non-ASN konfirmasi"):
// proposed (DIKONFIRMASI) or not (TIDAK_DIUSULKAN, with the reason), under the head of instansi's
// SPTJM, inside the KONFIRMASI_NONASN window of PPPK. Each answer is one transaction that locks the
// record (reading the window with it), checks the version the admin saw, writes the answer with the
// version bumped, and appends the audit event and the counters' deltas in one statement. An answer
// may be changed until the deadline (it is the instansi's proposal), but only with a reason.

import type { KeputusanKonfirmasi, KonfirmasiBanyakResult } from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { eachInTransaction, transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { type Actor, auditRow } from '../audit/audit.js';
import { checkWindow, requireWindow, windowColumns } from '../jadwal/window.js';

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
  return transaction(db, async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(727203) AS locked`.execute(trx);
    if (!rows[0]?.locked) return 0;
    const result = await sql`
      WITH folded AS (DELETE FROM nonasn_count_delta RETURNING instansi_id, kategori, status_konfirmasi, delta)
      INSERT INTO nonasn_count (instansi_id, kategori, status_konfirmasi, jumlah)
      SELECT instansi_id, kategori, status_konfirmasi, sum(delta) FROM folded GROUP BY 1, 2, 3
      ON CONFLICT (instansi_id, kategori, status_konfirmasi)
        DO UPDATE SET jumlah = nonasn_count.jumlah + excluded.jumlah
    `.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
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
  const row = await trx
    .selectFrom('nonasn')
    .where('id', '=', id)
    // Only the instansi's own records: another instansi's id is "not found", never "forbidden".
    .where('instansi_id', '=', actor.instansiId)
    .select(['id', 'version', 'status_konfirmasi', 'kategori', 'instansi_id', ...windowColumns(TRACK, TAHAP)])
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Data Non ASN tidak ditemukan.');
  if (withWindow) checkWindow(row, TRACK, TAHAP);
  if (jawaban.version !== undefined && row.version !== jawaban.version) {
    throw new AppError(
      409,
      'KONFLIK_VERSI',
      'Data Non ASN ini telah diubah oleh pengguna lain sejak Anda membukanya. Muat ulang untuk melihat keadaan terbaru.',
      { version: row.version },
    );
  }
  const from = row.status_konfirmasi;
  if (from === jawaban.status) {
    throw new AppError(409, 'TIDAK_BERUBAH', `Data ini sudah berstatus ${STATUS_NAMA[from]}.`);
  }
  const alasan = jawaban.alasan?.trim() || null;
  if (from !== 'BELUM' && !alasan) {
    throw new AppError(
      400,
      'ALASAN_WAJIB',
      `Data ini sudah ${STATUS_NAMA[from]}; mengubah jawaban instansi memerlukan alasan.`,
      [{ field: 'body.alasan', message: 'wajib diisi untuk mengubah jawaban' }],
    );
  }
  const updated = await trx
    .updateTable('nonasn')
    .set({
      status_konfirmasi: jawaban.status,
      alasan,
      dikonfirmasi_oleh: actor.id,
      dikonfirmasi_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  const event = auditRow({
    action: from === 'BELUM' ? 'KONFIRMASI_NONASN' : 'UBAH_KONFIRMASI_NONASN',
    actorId: actor.id,
    actorUsername: actor.username,
    instansiId: row.instansi_id,
    entity: 'nonasn',
    entityId: id,
    from,
    to: jawaban.status,
    reason: alasan,
    ip: actor.ip ?? null,
    details: { sptjm: true, ...details },
  });
  // The audit event and the counters' deltas in one statement (no hot counter row: PERFORMANCE.md).
  await trx
    .with('delta', (db) =>
      db.insertInto('nonasn_count_delta').values([
        { instansi_id: row.instansi_id, kategori: row.kategori, status_konfirmasi: from, delta: -1 },
        { instansi_id: row.instansi_id, kategori: row.kategori, status_konfirmasi: jawaban.status, delta: 1 },
      ]),
    )
    .insertInto('audit_event')
    .values(event)
    .execute();
  return { id, version: updated.version };
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
