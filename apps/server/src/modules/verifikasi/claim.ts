// The verifier's claim on an applicant (issue #4): this one, or the next waiting one. Two verifiers
// never hold the same applicant: a claim is a conditional UPDATE of a locked row, and the next one
// is taken from rows locked with SKIP LOCKED. A claim is not a decision: it bumps no version.

import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { type Actor, auditPelamar } from '../audit/audit.js';
import { klaimBerlaku } from '../pelamar/queries.js';
import {
  checkOpen,
  conflict,
  NOT_FOUND,
  type OpenState,
  openColumns,
  pelamarRow,
  requireOpen,
  sedangDikerjakan,
  type TrackScope,
  VERIFIKASI_KEDUA_SENDIRI,
} from './guards.js';

/** Claims one applicant: waiting and free (or its claim lapsed), or already this verifier's. */
export async function ambilPelamar(db: Kysely<DB>, scope: TrackScope, actor: Actor, pelamarId: number) {
  await requireOpen(db, scope.track, scope.instansiId);
  return transaction(db, async (trx) => {
    const row = await pelamarRow(trx, scope, pelamarId).forUpdate().executeTakeFirst();
    if (!row) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
    if (row.klaim_oleh === actor.id) return { id: pelamarId };
    // Issue #34: a sampled decision goes to a colleague for the blind second verification.
    if (row.kedua_dari === actor.id) throw conflict('VERIFIKASI_KEDUA_SENDIRI', VERIFIKASI_KEDUA_SENDIRI);
    if (row.status_verifikasi !== 'BELUM') {
      throw conflict('SUDAH_DIVERIFIKASI', 'Pelamar ini sudah diverifikasi.');
    }
    if (row.klaim_oleh !== null && row.klaim_berlaku) throw await sedangDikerjakan(trx, row.klaim_oleh);
    await trx
      .updateTable('pelamar')
      .set({ klaim_oleh: actor.id, klaim_at: sql`now()` })
      .where('id', '=', pelamarId)
      .execute();
    await auditPelamar(trx, actor, pelamarId, [{ action: 'KLAIM', to: actor.username }]);
    return { id: pelamarId };
  });
}

/**
 * Gives back an applicant this verifier holds and has not decided (issue #32: a claim can be
 * released, so a colleague need not wait for it to lapse). A decision returned by the supervisor
 * stays with its verifier: it is theirs to change, not a claim.
 */
export async function lepasPelamar(db: Kysely<DB>, scope: TrackScope, actor: Actor, pelamarId: number) {
  return transaction(db, async (trx) => {
    const row = await pelamarRow(trx, scope, pelamarId).forUpdate().executeTakeFirst();
    if (!row) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
    if (row.klaim_oleh !== actor.id || row.status_verifikasi !== 'BELUM') {
      throw conflict('BUKAN_KLAIM_ANDA', 'Pelamar ini tidak sedang Anda kerjakan; tidak ada yang dilepas.');
    }
    await trx.updateTable('pelamar').set({ klaim_oleh: null, klaim_at: null }).where('id', '=', pelamarId).execute();
    await auditPelamar(trx, actor, pelamarId, [{ action: 'LEPAS_KLAIM', from: actor.username }]);
    return { id: pelamarId };
  });
}

/**
 * Claims the next applicant for this verifier: one they already hold (claimed, or returned by a
 * supervisor) first, else the first registered waiting one nobody holds (index
 * pelamar_menunggu_idx). Null when the queue is empty.
 */
export async function ambilBerikutnya(
  db: Kysely<DB>,
  scope: TrackScope,
  actor: Actor,
  kecuali: number[],
): Promise<{ id: number } | null> {
  const skip = kecuali.length > 0 ? kecuali : [0];
  const berlaku = klaimBerlaku(scope);
  // The window and the lock come with the claim (state; nothing is claimed unless open) and are
  // checked on its answer.
  const state = db.selectNoFrom(() => openColumns(scope.track, scope.instansiId));
  // Rows another transaction is claiming right now are skipped, not waited for; an empty answer
  // while rows were locked means "try again", so a few rounds are made. One statement a round:
  // what this verifier holds, else a new claim and its audit event (bench/verify: the claim was
  // the slowest step while it took five round trips).
  for (let round = 0; round < 5; round += 1) {
    const { rows } = await sql<OpenState & { id: string | number | null }>`
      WITH state AS ${state},
      open AS (SELECT 1 FROM state WHERE buka AND dikunci_at IS NULL),
      held AS (
        SELECT id FROM pelamar
        WHERE klaim_oleh = ${actor.id} AND track = ${scope.track} AND instansi_id = ${scope.instansiId}
          AND id <> ALL(${skip}::bigint[]) AND EXISTS (SELECT 1 FROM open)
        ORDER BY id LIMIT 1
      ),
      picked AS (
        SELECT id FROM pelamar
        WHERE instansi_id = ${scope.instansiId} AND track = ${scope.track} AND status_verifikasi = 'BELUM'
          AND (klaim_oleh IS NULL OR NOT ${berlaku}) AND id <> ALL(${skip}::bigint[])
          AND (kedua_dari IS NULL OR kedua_dari <> ${actor.id})
          AND NOT EXISTS (SELECT 1 FROM held) AND EXISTS (SELECT 1 FROM open)
        ORDER BY tgl_daftar, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      ),
      claimed AS (
        UPDATE pelamar SET klaim_oleh = ${actor.id}, klaim_at = now()
        WHERE id = (SELECT id FROM picked) AND status_verifikasi = 'BELUM' AND (klaim_oleh IS NULL OR NOT ${berlaku})
        RETURNING id
      ),
      logged AS (
        INSERT INTO audit_event (action, actor_id, actor_username, instansi_id, entity, entity_id, to_value, ip)
        SELECT 'KLAIM', ${actor.id}, ${actor.username}, ${actor.instansiId}, 'pelamar', id::text, ${actor.username},
               ${actor.ip ?? null}
        FROM claimed
      )
      SELECT state.*, mine.id FROM state
      LEFT JOIN (SELECT id FROM held UNION ALL SELECT id FROM claimed) mine ON true
    `.execute(db);
    checkOpen(rows[0], scope.track);
    const claimed = rows[0]?.id == null ? null : Number(rows[0].id);
    if (claimed !== null) return { id: claimed };
    const waiting = await db
      .selectFrom('pelamar')
      .where('instansi_id', '=', scope.instansiId)
      .where('track', '=', scope.track)
      .where('status_verifikasi', '=', 'BELUM')
      .where((eb) => eb.or([eb('klaim_oleh', 'is', null), eb.not(berlaku)]))
      .where((eb) => eb.or([eb('kedua_dari', 'is', null), eb('kedua_dari', '<>', actor.id)]))
      .where('id', 'not in', skip)
      .select('id')
      .limit(1)
      .executeTakeFirst();
    if (!waiting) return null;
  }
  return null;
}
