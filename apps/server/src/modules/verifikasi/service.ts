// Verification and supervision (issue #4, DOMAIN.md): the verifier's decision, the supervisor's
// review (one or many), each a guarded transition of the applicant's row (window and final lock,
// state, claim, version; the change, its audit events and both counters' deltas in one statement),
// and the admin's final lock. The claims are in claim.ts, what the changes check in guards.ts.

import {
  type FinalVerifikasi,
  formatAngka,
  type keputusanSupervisiSchema,
  type keputusanVerifikasiSchema,
  type PilihanKeputusan,
  type UpdateStatusResult,
} from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { eachInTransaction, transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { type Actor, pelamarEvents, recordAudit } from '../audit/audit.js';
import {
  catatKeputusan,
  catatSupervisi,
  type KeputusanLengkap,
  kunciUndian,
  lengkapiKedua,
  tahanKeputusan,
  undi,
} from '../mutu/sampel.js';
import { sepakat } from '../mutu/ukuran.js';
import {
  PELAMAR_STATUS_COUNTER,
  PELAMAR_SUPERVISI_COUNTER,
  rollUpCounters,
  statusDelta,
  supervisiDelta,
} from '../shared/counter-deltas.js';
import { guardedTransition, type Write } from '../shared/guarded-transition.js';
import { hariJakarta } from '../shared/list-sql.js';
import {
  checkNotFinal,
  conflict,
  NOT_FOUND,
  pelamarRow,
  requireNotFinal,
  requireOpen,
  sedangDikerjakan,
  type TrackScope,
  VERIFIKASI_KEDUA_SENDIRI,
  type VerifikasiKeduaRow,
} from './guards.js';

/** Folds the deltas into the counters (run now and then; safe to run from several instances). */
export async function rollUpStatusCounts(db: Kysely<DB>): Promise<number> {
  return rollUpCounters(db, 727201, [PELAMAR_STATUS_COUNTER, PELAMAR_SUPERVISI_COUNTER]);
}

type Row = Awaited<ReturnType<ReturnType<typeof pelamarRow>['executeTakeFirstOrThrow']>>;

/** What every change of an applicant's verification shares: the row, its scope, the window. */
const pelamarTransition = (trx: Transaction<DB>, scope: TrackScope, pelamarId: number, withWindow: boolean) =>
  ({
    table: 'pelamar',
    id: pelamarId,
    select: pelamarRow(trx, scope, pelamarId),
    notFound: NOT_FOUND,
    window: withWindow ? ({ track: scope.track, tahap: 'VERIFIKASI' } as const) : undefined,
  }) as const;

/** A decision a supervisor returned to this verifier, which they decide again. */
const dikembalikanKepada = (row: Row, actor: Actor) =>
  row.status_supervisi === 'DIKEMBALIKAN' && row.verifikator_id === actor.id;

type KeputusanVerifikasi = z.output<typeof keputusanVerifikasiSchema>;

/** A decision names only the applicant's documents, and MS needs every one checked and sesuai. */
function checkDokumen(row: Row, body: KeputusanVerifikasi): void {
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
}

/**
 * Issue #34: the blind second decision of a sampled applicant. It is written beside the first,
 * and the first goes onto the applicant as it was made (its verifier, its time), for the
 * supervisor to review with whether the two agree; where they differ the supervisor chooses.
 */
function keputusanKedua(
  row: Row,
  pertama: VerifikasiKeduaRow,
  keputusan: KeputusanLengkap,
  actor: Actor,
  key: { instansiId: number; track: TrackScope['track'] },
): Write<'pelamar'> {
  const setuju = sepakat(
    { hasil: pertama.pertama_hasil, alasan: pertama.pertama_alasan },
    { hasil: keputusan.hasil, alasan: keputusan.alasanTms },
  );
  return {
    set: {
      ...keputusanPada(pertama, 'pertama'),
      status_supervisi: null,
      supervisor_id: null,
      tgl_supervisi: null,
      klaim_oleh: null,
      klaim_at: null,
      kedua_dari: null,
      kedua_sepakat: setuju,
    },
    audit: pelamarEvents(actor, keputusan.pelamarId, [
      {
        action: 'VERIFIKASI_KEDUA',
        from: row.status_verifikasi,
        to: keputusan.hasil,
        reason: [keputusan.alasanTms.join(', '), keputusan.catatan].filter(Boolean).join(' – ') || null,
        details: { sepakat: setuju },
      },
    ]),
    counters: [
      ...statusDelta(key, row.status_verifikasi, pertama.pertama_hasil),
      ...supervisiDelta(key, null, 'MENUNGGU'),
    ],
    tambahan: [catatKeputusan(keputusan, 'kedua'), lengkapiKedua(keputusan, setuju)],
  };
}

/** One of the two decisions of a sampled applicant as the applicant's own columns. */
function keputusanPada(k: VerifikasiKeduaRow, mana: 'pertama' | 'kedua') {
  const d =
    mana === 'pertama'
      ? {
          hasil: k.pertama_hasil,
          alasan: k.pertama_alasan,
          cek: k.pertama_cek,
          catatan: k.pertama_catatan,
          oleh: k.pertama_oleh,
          at: k.pertama_at,
        }
      : {
          hasil: k.kedua_hasil ?? k.pertama_hasil,
          alasan: k.kedua_alasan ?? [],
          cek: k.kedua_cek,
          catatan: k.kedua_catatan,
          oleh: k.kedua_oleh,
          at: k.kedua_at,
        };
  return {
    status_verifikasi: d.hasil,
    cek_dokumen: JSON.stringify(d.cek ?? []),
    alasan_tms: d.hasil === 'TMS' ? d.alasan : null,
    catatan_verifikasi: d.catatan,
    verifikator_id: d.oleh,
    tgl_verifikasi: sql<Date>`${d.at}::timestamptz`,
  };
}

/** The verifier's decision (MS/TMS) with the document checks, on the version they saw. */
export async function putusVerifikasi(
  db: Kysely<DB>,
  scope: TrackScope,
  actor: Actor,
  pelamarId: number,
  body: KeputusanVerifikasi,
): Promise<{ version: number }> {
  const kunci = await kunciUndian(db);
  return transaction(db, async (trx) => {
    const { version } = await guardedTransition(trx, {
      ...pelamarTransition(trx, scope, pelamarId, true),
      state: async (row) => {
        checkNotFinal(row, scope.track);
        if (row.status_verifikasi !== 'BELUM' && !dikembalikanKepada(row, actor)) {
          throw conflict('SUDAH_DIVERIFIKASI', 'Pelamar ini sudah diverifikasi; keputusan tidak dapat diubah.');
        }
        if (row.kedua_dari === actor.id) throw conflict('VERIFIKASI_KEDUA_SENDIRI', VERIFIKASI_KEDUA_SENDIRI);
        if (row.klaim_oleh !== actor.id) {
          throw row.klaim_oleh !== null && row.klaim_berlaku
            ? await sedangDikerjakan(trx, row.klaim_oleh)
            : conflict('BELUM_DIAMBIL', 'Ambil pelamar ini terlebih dahulu sebelum memutuskan.');
        }
      },
      version: {
        seen: body.version,
        message:
          'Data pelamar ini telah diubah oleh pengguna lain sejak Anda membukanya. Muat ulang untuk melihat keadaan terbaru; isian Anda tetap tersimpan sebagai draf.',
      },
      check: (row) => checkDokumen(row, body),
      write: (row) => {
        const returned = dikembalikanKepada(row, actor);
        const from = row.status_verifikasi;
        const key = { instansiId: scope.instansiId, track: scope.track };
        const keputusan = {
          pelamarId,
          instansiId: scope.instansiId,
          track: scope.track,
          verifikatorId: actor.id,
          hasil: body.statusVerifikasi,
          alasanTms: body.statusVerifikasi === 'TMS' ? body.alasanTms : [],
          klaimAt: row.klaim_at,
          catatan: body.catatan,
          cekDokumen: body.cekDokumen,
        };
        const cekEvents = body.cekDokumen.map((cek) => ({
          action: 'CEK_DOKUMEN',
          to: cek.sesuai ? 'SESUAI' : 'TIDAK_SESUAI',
          reason: cek.alasan,
          details: { dokumenId: cek.dokumenId },
        }));
        const alasan = [body.alasanTms.join(', '), body.catatan].filter(Boolean).join(' – ') || null;
        // Issue #34: the blind second verification of a sampled first decision.
        if (row.kedua_dari !== null && row.kedua) return keputusanKedua(row, row.kedua, keputusan, actor, key);
        // Only an applicant's first decision is drawn, and an applicant is checked again once at most.
        const draw = undi(kunci, pelamarId, Number(row.sampel_persen));
        if (!returned && row.kedua === null && draw.terpilih) {
          // Held apart: the applicant stays waiting, for a colleague to decide without seeing it.
          return {
            set: { klaim_oleh: null, klaim_at: null, kedua_dari: actor.id },
            audit: pelamarEvents(actor, pelamarId, [
              ...cekEvents,
              { action: 'VERIFIKASI', from, to: body.statusVerifikasi, reason: alasan },
              { action: 'SAMPEL_VERIFIKASI_KEDUA', details: { persen: draw.persen, nilai: draw.nilai } },
            ]),
            tambahan: [catatKeputusan(keputusan, draw), tahanKeputusan(keputusan)],
          };
        }
        return {
          set: {
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
            // A decision made again after a return is the one the supervisor reviews now.
            kedua_sepakat: null,
          },
          audit: pelamarEvents(actor, pelamarId, [
            ...cekEvents,
            {
              action: 'VERIFIKASI',
              from: returned ? `${from} (DIKEMBALIKAN)` : from,
              to: body.statusVerifikasi,
              reason: alasan,
            },
          ]),
          // A returned decision leaves DIKEMBALIKAN; every decision waits for review.
          counters: [
            ...statusDelta(key, from, body.statusVerifikasi),
            ...supervisiDelta(key, returned ? 'DIKEMBALIKAN' : null, 'MENUNGGU'),
          ],
          // Issue #34: recorded for the quality measures, with its draw.
          tambahan: [catatKeputusan(keputusan, draw)],
        };
      },
    });
    return { version };
  });
}

/** A supervisor's review of one decision; `withWindow`: a bulk review checked it once before. */
async function review(
  trx: Transaction<DB>,
  scope: TrackScope,
  actor: Actor,
  pelamarId: number,
  body: {
    version?: number;
    statusSupervisi: 'DISETUJUI' | 'DIKEMBALIKAN';
    catatan: string | null;
    pakai?: PilihanKeputusan | undefined;
  },
  withWindow: boolean,
): Promise<{ version: number }> {
  const { version } = await guardedTransition(trx, {
    ...pelamarTransition(trx, scope, pelamarId, withWindow),
    state: (row) => {
      if (withWindow) checkNotFinal(row, scope.track);
      if (row.status_verifikasi === 'BELUM' && row.kedua_dari !== null) {
        throw conflict(
          'MENUNGGU_VERIFIKASI_KEDUA',
          'Pelamar ini masuk sampel verifikasi kedua yang belum selesai; supervisi dapat dilakukan setelah verifikator kedua memutuskan.',
        );
      }
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
      if (row.verifikator_id === actor.id || (row.kedua_sepakat !== null && row.kedua?.kedua_oleh === actor.id)) {
        throw new AppError(403, 'SUPERVISI_SENDIRI', 'Anda tidak dapat mensupervisi keputusan Anda sendiri.');
      }
      // Issue #34: where the two verifications differ, the supervisor says which decision stands
      // (or to which verifier it goes back); a bulk approval leaves such applicants alone.
      if (row.kedua_sepakat === false && body.pakai === undefined) {
        throw conflict(
          'KEPUTUSAN_BERBEDA',
          'Verifikator pertama dan kedua memutuskan berbeda; buka pelamar ini dan pilih keputusan yang disetujui.',
        );
      }
      if (body.pakai !== undefined && row.kedua_sepakat === null) {
        throw new AppError(400, 'VALIDATION', 'Pelamar ini tidak memiliki verifikasi kedua untuk dipilih.', [
          { field: 'body.pakai', message: 'hanya untuk pelamar dengan verifikasi kedua' },
        ]);
      }
    },
    version: {
      seen: body.version,
      message: 'Keputusan ini telah diubah sejak Anda membukanya. Muat ulang untuk melihat keadaan terbaru.',
    },
    write: (row) => {
      const key = { instansiId: scope.instansiId, track: scope.track };
      // Issue #34: the second verifier's decision chosen: it becomes the applicant's (and, on a
      // return, theirs to decide again).
      const kedua = body.pakai === 'KEDUA' && row.kedua ? keputusanPada(row.kedua, 'kedua') : null;
      const verifikator = kedua ? kedua.verifikator_id : row.verifikator_id;
      const hasil = kedua ? kedua.status_verifikasi : row.status_verifikasi;
      return {
        set: {
          ...kedua,
          status_supervisi: body.statusSupervisi,
          supervisor_id: actor.id,
          tgl_supervisi: sql`now()`,
          catatan_supervisi: body.catatan,
          // Returned: back in the verifier's hands (their queue), not in anyone else's.
          ...(body.statusSupervisi === 'DIKEMBALIKAN' ? { klaim_oleh: verifikator, klaim_at: sql`now()` } : {}),
        },
        audit: pelamarEvents(actor, pelamarId, [
          {
            action: 'SUPERVISI',
            from: row.status_verifikasi,
            to: body.statusSupervisi,
            reason: body.catatan,
            ...(body.pakai ? { details: { pakai: body.pakai, hasil } } : {}),
          },
        ]),
        counters: [
          ...(kedua ? statusDelta(key, row.status_verifikasi, kedua.status_verifikasi) : []),
          ...supervisiDelta(key, 'MENUNGGU', body.statusSupervisi),
        ],
        // Issue #34: the share of a verifier's decisions returned is counted from their records.
        tambahan: [catatSupervisi(pelamarId, body.statusSupervisi)],
      };
    },
  });
  return { version };
}

/** The supervisor's review of one decision, on the version they saw. */
export async function putusSupervisi(
  db: Kysely<DB>,
  scope: TrackScope,
  actor: Actor,
  pelamarId: number,
  body: z.output<typeof keputusanSupervisiSchema>,
) {
  return transaction(db, (trx) => review(trx, scope, actor, pelamarId, body, true));
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
    await review(trx, scope, actor, id, { statusSupervisi: 'DISETUJUI', catatan: null }, false);
    return {};
  });
}

/** What stands between the instansi and its final lock, and the lock itself. */
/** Whether the admin has locked the track's results (the lock's row only, none of the counts). */
export async function terkunciFinal(
  db: Kysely<DB> | Transaction<DB>,
  scope: Pick<TrackScope, 'track' | 'instansiId'>,
): Promise<boolean> {
  const lock = await db
    .selectFrom('final_verifikasi')
    .where('instansi_id', '=', scope.instansiId)
    .where('track', '=', scope.track)
    .select('instansi_id')
    .executeTakeFirst();
  return lock !== undefined;
}

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
    sql<{ belum: string | number; supervisi: string | number; ms: string | number; tms: string | number }>`
      SELECT
        (SELECT count(*) FROM pelamar WHERE instansi_id = ${scope.instansiId} AND track = ${scope.track}
           AND status_verifikasi = 'BELUM') AS belum,
        (SELECT count(*) FROM pelamar WHERE instansi_id = ${scope.instansiId} AND track = ${scope.track}
           AND status_verifikasi = 'MS') AS ms,
        (SELECT count(*) FROM pelamar WHERE instansi_id = ${scope.instansiId} AND track = ${scope.track}
           AND status_verifikasi = 'TMS') AS tms,
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
    ms: Number(counts.rows[0]?.ms ?? 0),
    tms: Number(counts.rows[0]?.tms ?? 0),
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
        `Final verifikasi belum dapat dilakukan: ${formatAngka(status.belumDiverifikasi)} pelamar belum diverifikasi dan ${formatAngka(status.belumDisupervisi)} keputusan belum disetujui supervisor.`,
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
  const hari = hariJakarta('at', range.dari, range.sampai);
  // Issue #34: with the verifier's decisions held apart for a blind second verification, on the
  // day they made them (verifikasi_kedua_pertama_idx); once verified again, they are the
  // applicant's, on the same day.
  return sql<{ tanggal: string; ms: string | number; tms: string | number }>`
    SELECT to_char(at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS tanggal,
           count(*) FILTER (WHERE hasil = 'MS') AS ms,
           count(*) FILTER (WHERE hasil = 'TMS') AS tms
    FROM (
      SELECT tgl_verifikasi AS at, status_verifikasi AS hasil FROM pelamar
      WHERE verifikator_id = ${actor.id} AND track = ${scope.track} AND instansi_id = ${scope.instansiId}
        AND status_verifikasi <> 'BELUM'
      UNION ALL
      SELECT pertama_at, pertama_hasil FROM verifikasi_kedua
      WHERE pertama_oleh = ${actor.id} AND track = ${scope.track} AND instansi_id = ${scope.instansiId}
        AND kedua_oleh IS NULL
    ) AS keputusan
    ${hari ? sql`WHERE ${hari}` : sql``}
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
