// Verification and supervision (issue #4, DOMAIN.md): the claim on the next applicant, the
// verifier's decision, the supervisor's review (one or many), and the admin's final lock. Every
// change is one transaction that locks the applicant's row, checks the state it finds (so the
// refusal names the real reason), writes the change with the version bumped, appends the status
// counters' deltas and the audit events. Two verifiers never hold or decide the same applicant:
// the claim is a conditional UPDATE on rows taken with SKIP LOCKED, and a decision needs the claim.

import {
  type FinalVerifikasi,
  type KeadaanSupervisi,
  type keputusanSupervisiSchema,
  type keputusanVerifikasiSchema,
  TRACKS,
  type TrackId,
  type UpdateStatusResult,
} from '@portal/contract';
import { type Kysely, type QueryCreator, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { eachInTransaction, transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { type Actor, auditPelamar as audit, recordAudit, withAuditPelamar } from '../audit/audit.js';
import { checkWindow, formatWaktu, type WindowState, windowColumns } from '../jadwal/window.js';
import { hariJakarta } from '../pelamar/queries.js';

export interface TrackScope {
  track: TrackId;
  instansiId: number;
  klaimMenit: number;
}

const conflict = (code: string, message: string, details?: unknown) => new AppError(409, code, message, details);
const notFound = () => new AppError(404, 'NOT_FOUND', 'Data pelamar tidak ditemukan.');

const lockedMessage = (track: TrackId, at: Date) =>
  `Hasil verifikasi ${TRACKS[track].title} instansi ini sudah dikunci (final verifikasi ${formatWaktu(at)} WIB); keputusan tidak dapat diubah.`;

interface OpenState extends WindowState {
  dikunci_at: Date | null;
}

/**
 * Refuses outside the track's verification window (DOMAIN.md: windows are configuration) and once
 * the admin has locked the instansi's results.
 */
function checkOpen(state: OpenState | undefined, track: TrackId): void {
  checkWindow(state, track, 'VERIFIKASI');
  if (state?.dikunci_at) throw conflict('SUDAH_FINAL', lockedMessage(track, new Date(state.dikunci_at)));
}

/** The window and the lock as columns of any query (read with the row a change locks). */
const openColumns = (track: TrackId, instansiId: number) => [
  ...windowColumns(track, 'VERIFIKASI'),
  sql<Date | null>`(SELECT dikunci_at FROM final_verifikasi WHERE instansi_id = ${instansiId} AND track = ${track})`.as(
    'dikunci_at',
  ),
];

async function requireOpen(db: Kysely<DB> | Transaction<DB>, track: TrackId, instansiId: number): Promise<void> {
  const state = await db.selectNoFrom(() => openColumns(track, instansiId)).executeTakeFirst();
  checkOpen(state, track);
}

/** Refuses once the admin has locked the instansi's results for the track. */
async function requireNotFinal(db: Kysely<DB> | Transaction<DB>, instansiId: number, track: TrackId): Promise<void> {
  const lock = await db
    .selectFrom('final_verifikasi')
    .where('instansi_id', '=', instansiId)
    .where('track', '=', track)
    .select('dikunci_at')
    .executeTakeFirst();
  if (lock) throw conflict('SUDAH_FINAL', lockedMessage(track, new Date(lock.dikunci_at)));
}

/** Folds the deltas into the counters (run now and then; safe to run from several instances). */
export async function rollUpStatusCounts(db: Kysely<DB>): Promise<number> {
  return transaction(db, async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(727201) AS locked`.execute(trx);
    if (!rows[0]?.locked) return 0;
    const result = await sql`
      WITH folded AS (DELETE FROM pelamar_status_delta RETURNING instansi_id, track, status_verifikasi, delta)
      INSERT INTO pelamar_status_count (instansi_id, track, status_verifikasi, jumlah)
      SELECT instansi_id, track, status_verifikasi, sum(delta) FROM folded GROUP BY 1, 2, 3
      ON CONFLICT (instansi_id, track, status_verifikasi)
        DO UPDATE SET jumlah = pelamar_status_count.jumlah + excluded.jumlah
    `.execute(trx);
    // The supervision counters (migration 0012), the same way.
    const supervisi = await sql`
      WITH folded AS (DELETE FROM pelamar_supervisi_delta RETURNING instansi_id, track, status_supervisi, delta)
      INSERT INTO pelamar_supervisi_count (instansi_id, track, status_supervisi, jumlah)
      SELECT instansi_id, track, status_supervisi, sum(delta) FROM folded GROUP BY 1, 2, 3
      ON CONFLICT (instansi_id, track, status_supervisi)
        DO UPDATE SET jumlah = pelamar_supervisi_count.jumlah + excluded.jumlah
    `.execute(trx);
    return Number(result.numAffectedRows ?? 0) + Number(supervisi.numAffectedRows ?? 0);
  });
}

/**
 * The supervision counters' deltas of one change (migration 0012: append-only, no hot counter row),
 * written by the change's own UPDATE (a CTE: no round trip of their own): a decision enters
 * MENUNGGU (from DIKEMBALIKAN when it was returned), a review leaves it.
 */
function supervisiDelta(scope: TrackScope, from: KeadaanSupervisi | null, to: KeadaanSupervisi) {
  const key = { instansi_id: scope.instansiId, track: scope.track };
  return (db: QueryCreator<DB>) =>
    db
      .insertInto('pelamar_supervisi_delta')
      .values([
        ...(from ? [{ ...key, status_supervisi: from, delta: -1 }] : []),
        { ...key, status_supervisi: to, delta: 1 },
      ]);
}

const klaimBerlaku = (klaimMenit: number) => sql<boolean>`klaim_at > now() - make_interval(mins => ${klaimMenit})`;

/** The applicant's row inside the scope, locked for the rest of the transaction. */
async function lockRow(trx: Transaction<DB>, scope: TrackScope, pelamarId: number) {
  const row = await trx
    .selectFrom('pelamar')
    .where('id', '=', pelamarId)
    .where('track', '=', scope.track)
    .where('instansi_id', '=', scope.instansiId)
    .select([
      'id',
      'version',
      'status_verifikasi',
      'status_supervisi',
      'verifikator_id',
      'klaim_oleh',
      klaimBerlaku(scope.klaimMenit).as('klaim_berlaku'),
      // The applicant's documents, which a decision's checks must name.
      sql<(string | number)[]>`ARRAY(SELECT d.id FROM dokumen d WHERE d.pelamar_id = pelamar.id)`.as('dokumen_ids'),
      ...openColumns(scope.track, scope.instansiId),
    ])
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function nameOf(trx: Transaction<DB> | Kysely<DB>, userId: number | null): Promise<string> {
  if (userId === null) return 'pengguna lain';
  const user = await trx.selectFrom('app_user').where('id', '=', userId).select('fullname').executeTakeFirst();
  return user?.fullname ?? 'pengguna lain';
}

/** Claims one applicant: waiting and free (or its claim lapsed), or already this verifier's. */
export async function ambilPelamar(db: Kysely<DB>, scope: TrackScope, actor: Actor, pelamarId: number) {
  await requireOpen(db, scope.track, scope.instansiId);
  return transaction(db, async (trx) => {
    const row = await lockRow(trx, scope, pelamarId);
    if (row.klaim_oleh === actor.id) return { id: pelamarId };
    if (row.status_verifikasi !== 'BELUM') {
      throw conflict('SUDAH_DIVERIFIKASI', 'Pelamar ini sudah diverifikasi.');
    }
    if (row.klaim_oleh !== null && row.klaim_berlaku) {
      throw conflict('SEDANG_DIKERJAKAN', `Pelamar ini sedang dikerjakan oleh ${await nameOf(trx, row.klaim_oleh)}.`);
    }
    await trx
      .updateTable('pelamar')
      .set({ klaim_oleh: actor.id, klaim_at: sql`now()` })
      .where('id', '=', pelamarId)
      .execute();
    await audit(trx, actor, pelamarId, [{ action: 'KLAIM', to: actor.username }]);
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
  const berlaku = klaimBerlaku(scope.klaimMenit);
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
      .where((eb) => eb.or([eb('klaim_oleh', 'is', null), eb.not(klaimBerlaku(scope.klaimMenit))]))
      .where('id', 'not in', skip)
      .select('id')
      .limit(1)
      .executeTakeFirst();
    if (!waiting) return null;
  }
  return null;
}

/** The verifier's decision (MS/TMS) with the document checks, on the version they saw. */
export async function putusVerifikasi(
  db: Kysely<DB>,
  scope: TrackScope,
  actor: Actor,
  pelamarId: number,
  body: z.output<typeof keputusanVerifikasiSchema>,
): Promise<{ version: number }> {
  return transaction(db, async (trx) => {
    const row = await lockRow(trx, scope, pelamarId);
    checkOpen(row, scope.track);
    const returned = row.status_supervisi === 'DIKEMBALIKAN' && row.verifikator_id === actor.id;
    if (row.status_verifikasi !== 'BELUM' && !returned) {
      throw conflict('SUDAH_DIVERIFIKASI', 'Pelamar ini sudah diverifikasi; keputusan tidak dapat diubah.');
    }
    if (row.klaim_oleh !== actor.id) {
      throw row.klaim_oleh !== null && row.klaim_berlaku
        ? conflict('SEDANG_DIKERJAKAN', `Pelamar ini sedang dikerjakan oleh ${await nameOf(trx, row.klaim_oleh)}.`)
        : conflict('BELUM_DIAMBIL', 'Ambil pelamar ini terlebih dahulu sebelum memutuskan.');
    }
    if (row.version !== body.version) {
      throw conflict(
        'KONFLIK_VERSI',
        'Data pelamar ini telah diubah oleh pengguna lain sejak Anda membukanya. Muat ulang untuk melihat keadaan terbaru; isian Anda tetap tersimpan sebagai draf.',
        { version: row.version },
      );
    }
    const ids = new Set(row.dokumen_ids.map(Number));
    const unknown = body.cekDokumen.find((cek) => !ids.has(cek.dokumenId));
    if (unknown) {
      throw new AppError(400, 'VALIDATION', `Dokumen ${unknown.dokumenId} bukan milik pelamar ini.`, [
        { field: 'body.cekDokumen', message: 'dokumen tidak dikenal' },
      ]);
    }
    if (body.statusVerifikasi === 'MS') {
      const checked = new Map(body.cekDokumen.map((cek) => [cek.dokumenId, cek.sesuai]));
      if ([...ids].some((id) => checked.get(id) !== true)) {
        throw new AppError(400, 'VALIDATION', 'MS memerlukan setiap dokumen diperiksa dan sesuai.', [
          { field: 'body.cekDokumen', message: 'setiap dokumen harus sesuai untuk MS' },
        ]);
      }
    }
    const from = row.status_verifikasi;
    // The decision, its audit events and the counters' deltas: one statement.
    const changes = [
      ...body.cekDokumen.map((cek) => ({
        action: 'CEK_DOKUMEN',
        to: cek.sesuai ? 'SESUAI' : 'TIDAK_SESUAI',
        reason: cek.alasan,
        details: { dokumenId: cek.dokumenId },
      })),
      {
        action: 'VERIFIKASI',
        from: returned ? `${from} (DIKEMBALIKAN)` : from,
        to: body.statusVerifikasi,
        reason: [body.alasanTms.join(', '), body.catatan].filter(Boolean).join(' – ') || null,
      },
    ];
    const status = { instansiId: scope.instansiId, track: scope.track, from, to: body.statusVerifikasi };
    const updated = await withAuditPelamar(trx, actor, pelamarId, changes, status)
      .with('supervisi_delta', supervisiDelta(scope, returned ? 'DIKEMBALIKAN' : null, 'MENUNGGU'))
      .updateTable('pelamar')
      .set({
        status_verifikasi: body.statusVerifikasi,
        cek_dokumen: JSON.stringify(body.cekDokumen),
        alasan_tms: body.statusVerifikasi === 'TMS' ? body.alasanTms : null,
        catatan_verifikasi: body.catatan,
        verifikator_id: actor.id,
        tgl_verifikasi: sql`now()`,
        status_supervisi: null,
        supervisor_id: null,
        tgl_supervisi: null,
        klaim_oleh: null,
        klaim_at: null,
        version: sql`version + 1`,
      })
      .where('id', '=', pelamarId)
      .returning('version')
      .executeTakeFirstOrThrow();
    return { version: updated.version };
  });
}

async function review(
  trx: Transaction<DB>,
  scope: TrackScope,
  actor: Actor,
  pelamarId: number,
  body: { version?: number; statusSupervisi: 'DISETUJUI' | 'DIKEMBALIKAN'; catatan: string | null },
  /** Check the window and lock here (one review); a bulk review checked them once before. */
  checkWindow = false,
): Promise<{ version: number }> {
  const row = await lockRow(trx, scope, pelamarId);
  if (checkWindow) checkOpen(row, scope.track);
  if (row.status_verifikasi === 'BELUM') {
    throw conflict('BELUM_DIVERIFIKASI', 'Pelamar ini belum diverifikasi.');
  }
  if (row.status_supervisi !== null) {
    throw conflict(
      'SUDAH_DISUPERVISI',
      row.status_supervisi === 'DIKEMBALIKAN'
        ? 'Keputusan ini sudah dikembalikan ke verifikator dan menunggu keputusan barunya.'
        : 'Keputusan ini sudah disetujui.',
    );
  }
  if (row.verifikator_id === actor.id) {
    throw new AppError(403, 'SUPERVISI_SENDIRI', 'Anda tidak dapat mensupervisi keputusan Anda sendiri.');
  }
  if (body.version !== undefined && row.version !== body.version) {
    throw conflict(
      'KONFLIK_VERSI',
      'Keputusan ini telah diubah sejak Anda membukanya. Muat ulang untuk melihat keadaan terbaru.',
      { version: row.version },
    );
  }
  const back = body.statusSupervisi === 'DIKEMBALIKAN';
  const changes = [
    { action: 'SUPERVISI', from: row.status_verifikasi, to: body.statusSupervisi, reason: body.catatan },
  ];
  const updated = await withAuditPelamar(trx, actor, pelamarId, changes)
    .with('supervisi_delta', supervisiDelta(scope, 'MENUNGGU', body.statusSupervisi))
    .updateTable('pelamar')
    .set({
      status_supervisi: body.statusSupervisi,
      supervisor_id: actor.id,
      tgl_supervisi: sql`now()`,
      catatan_supervisi: body.catatan,
      // Returned: back in the verifier's hands (their queue), not in anyone else's.
      ...(back ? { klaim_oleh: row.verifikator_id, klaim_at: sql`now()` } : {}),
      version: sql`version + 1`,
    })
    .where('id', '=', pelamarId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return { version: updated.version };
}

/** The supervisor's review of one decision, on the version they saw. */
export async function putusSupervisi(
  db: Kysely<DB>,
  scope: TrackScope,
  actor: Actor,
  pelamarId: number,
  body: z.output<typeof keputusanSupervisiSchema>,
) {
  return transaction(db, async (trx) => {
    return review(trx, scope, actor, pelamarId, body, true);
  });
}

/** Bulk agree: each id on its own, the answer says which succeeded and why the others did not. */
export async function setujuiBanyak(
  db: Kysely<DB>,
  scope: TrackScope,
  actor: Actor,
  ids: number[],
): Promise<UpdateStatusResult> {
  await requireOpen(db, scope.track, scope.instansiId);
  return eachInTransaction(db, ids, async (trx, id) => {
    await review(trx, scope, actor, id, { statusSupervisi: 'DISETUJUI', catatan: null });
    return {};
  });
}

/** What stands between the instansi and its final lock, and the lock itself. */
export async function statusFinal(
  db: Kysely<DB> | Transaction<DB>,
  scope: Pick<TrackScope, 'track' | 'instansiId'>,
): Promise<FinalVerifikasi> {
  const [lock, counts] = await Promise.all([
    db
      .selectFrom('final_verifikasi as f')
      .innerJoin('app_user as u', 'u.id', 'f.dikunci_oleh')
      .where('f.instansi_id', '=', scope.instansiId)
      .where('f.track', '=', scope.track)
      .select([
        sql<string>`to_char(f.dikunci_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD"T"HH24:MI:SS')`.as('at'),
        'u.fullname',
      ])
      .executeTakeFirst(),
    sql<{ belum: string | number; supervisi: string | number }>`
      SELECT
        (SELECT count(*) FROM pelamar WHERE instansi_id = ${scope.instansiId} AND track = ${scope.track}
           AND status_verifikasi = 'BELUM') AS belum,
        (SELECT count(*) FROM pelamar WHERE instansi_id = ${scope.instansiId} AND track = ${scope.track}
           AND status_verifikasi <> 'BELUM' AND (status_supervisi IS NULL OR status_supervisi = 'DIKEMBALIKAN')) AS supervisi
    `.execute(db),
  ]);
  return {
    terkunci: lock !== undefined,
    dikunciAt: lock?.at ?? null,
    dikunciOleh: lock?.fullname ?? null,
    belumDiverifikasi: Number(counts.rows[0]?.belum ?? 0),
    belumDisupervisi: Number(counts.rows[0]?.supervisi ?? 0),
  };
}

/** The admin's final verification: locks the results once every applicant is decided and reviewed. */
export async function kunciFinal(db: Kysely<DB>, scope: TrackScope, actor: Actor): Promise<FinalVerifikasi> {
  return transaction(db, async (trx) => {
    // One finaliser at a time per instansi and track; decisions in flight finish first.
    await sql`SELECT pg_advisory_xact_lock(727202, ${scope.instansiId})`.execute(trx);
    await requireNotFinal(trx, scope.instansiId, scope.track);
    const status = await statusFinal(trx, scope);
    if (status.belumDiverifikasi > 0 || status.belumDisupervisi > 0) {
      throw conflict(
        'BELUM_SELESAI',
        `Final verifikasi belum dapat dilakukan: ${status.belumDiverifikasi.toLocaleString('id-ID')} pelamar belum diverifikasi dan ${status.belumDisupervisi.toLocaleString('id-ID')} keputusan belum disetujui supervisor.`,
        status,
      );
    }
    await trx
      .insertInto('final_verifikasi')
      .values({ instansi_id: scope.instansiId, track: scope.track, dikunci_oleh: actor.id })
      .execute();
    await recordAudit(trx, {
      action: 'FINAL_VERIFIKASI',
      actorId: actor.id,
      actorUsername: actor.username,
      instansiId: scope.instansiId,
      entity: 'final_verifikasi',
      entityId: `${scope.instansiId}:${scope.track}`,
      to: 'TERKUNCI',
      ip: actor.ip ?? null,
    });
    return statusFinal(trx, scope);
  });
}

/**
 * My decisions per day (Jakarta days), newest first: the verifier's index range
 * (pelamar_verifikator_idx). A query, not its answer, so the dashboard can send it with others.
 */
export function harianQuery(
  scope: Pick<TrackScope, 'track' | 'instansiId'>,
  actor: Pick<Actor, 'id'>,
  range: { dari?: string | undefined; sampai?: string | undefined },
) {
  const hari = hariJakarta('tgl_verifikasi', range.dari, range.sampai);
  return sql<{ tanggal: string; ms: string | number; tms: string | number }>`
    SELECT to_char(tgl_verifikasi AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS tanggal,
           count(*) FILTER (WHERE status_verifikasi = 'MS') AS ms,
           count(*) FILTER (WHERE status_verifikasi = 'TMS') AS tms
    FROM pelamar
    WHERE verifikator_id = ${actor.id} AND track = ${scope.track} AND instansi_id = ${scope.instansiId}
      AND status_verifikasi <> 'BELUM' ${hari ? sql`AND ${hari}` : sql``}
    GROUP BY 1 ORDER BY 1 DESC LIMIT 366
  `;
}

export const toHarian = (rows: readonly { tanggal: string; ms: string | number; tms: string | number }[]) =>
  rows.map((row) => ({ tanggal: row.tanggal, ms: Number(row.ms), tms: Number(row.tms) }));

/** My decisions per day (Jakarta days), newest first. */
export async function harianSaya(
  db: Kysely<DB>,
  scope: TrackScope,
  actor: Actor,
  range: { dari?: string; sampai?: string },
) {
  return toHarian((await harianQuery(scope, actor, range).execute(db)).rows);
}
