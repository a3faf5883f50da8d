// Affirmation claims (issue #5, DOMAIN.md "Afirmasi"): the checker's list and detail, the decision
// (VALID / TIDAK_VALID with a reason, once, inside the AFIRMASI window, on the version seen), and
// the AFIRMASI score that the VALID claims make (contract `nilaiAfirmasi`: percentages of the
// maximum teknis score, capped). The score is recomputed in the transaction that changes a claim –
// the checker's decision, or an accepted objection against it (sanggah afirmasi) – and its old
// and new value go into the applicant's audit trail.

import {
  type AfirmasiDetail,
  type AfirmasiListRequest,
  type AfirmasiRow,
  type AfirmasiTrack,
  ATURAN_AFIRMASI,
  type KategoriAfirmasi,
  type KlaimAfirmasi,
  nilaiAfirmasi,
  type PeriksaAfirmasi,
  type Principal,
  STATUS_AFIRMASI,
} from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { type Actor, auditPelamar, pelamarEvents } from '../audit/audit.js';
import { pelamarDetail } from '../pelamar/detail.js';
import type { ListScope } from '../pelamar/queries.js';
import { guardedTransition } from '../shared/guarded-transition.js';
import {
  inScope as idInScope,
  momentText,
  PELAMAR_KOLOM,
  pelamarFields,
  smallListFilters,
  smallListSort,
} from '../shared/list-sql.js';
import { sortedPage, statusPage } from '../shared/status-summary.js';

export interface AfirmasiScope extends ListScope {
  track: AfirmasiTrack;
  /** The track's checker (ROLE_CHECKER_TAMBAH_NILAI_…). */
  bolehPeriksa: boolean;
}

const NOT_FOUND = 'Klaim afirmasi tidak ditemukan.';
const notFound = () => new AppError(404, 'NOT_FOUND', NOT_FOUND);
const persenOf = (track: AfirmasiTrack, kategori: KategoriAfirmasi) => ATURAN_AFIRMASI[track].persen[kategori] ?? 0;

const klaimPelamar = (db: Kysely<DB> | Transaction<DB>) =>
  db.selectFrom('afirmasi as a').innerJoin('pelamar as p', 'p.id', 'a.pelamar_id');
type Query = ReturnType<typeof klaimPelamar>;

const SORT: Record<AfirmasiListRequest['sorting']['column'], string> = {
  ...smallListSort('a'),
  diperiksaAt: 'a.diperiksa_at',
};

function view(db: Kysely<DB>, scope: AfirmasiScope, request: AfirmasiListRequest): Query {
  const query = smallListFilters(klaimPelamar(db), 'a', scope, request);
  return request.filter.kategori ? query.where('a.kategori', '=', request.filter.kategori) : query;
}

function rowColumns(query: Query) {
  return query
    .innerJoin('formasi as f', 'f.id', 'p.formasi_id')
    .leftJoin('app_user as u', 'u.id', 'a.diperiksa_oleh')
    .select([
      'a.id',
      'a.pelamar_id',
      ...PELAMAR_KOLOM,
      'a.kategori',
      'a.status',
      momentText('a.diajukan_at').as('diajukan_at'),
      momentText('a.diperiksa_at').as('diperiksa_at'),
      'u.fullname as pemeriksa_nama',
    ]);
}
type RowColumns = Awaited<ReturnType<ReturnType<typeof rowColumns>['execute']>>[number];

function toRow(row: RowColumns, scope: AfirmasiScope): AfirmasiRow {
  return {
    ...pelamarFields(row, scope),
    kategori: row.kategori,
    persen: persenOf(scope.track, row.kategori),
    status: row.status,
    diajukanAt: row.diajukan_at ?? '',
    diperiksaAt: row.diperiksa_at,
    pemeriksaNama: row.pemeriksa_nama,
  };
}

/** One page of claims and the counts per status of the view. */
export async function listAfirmasi(db: Kysely<DB>, scope: AfirmasiScope, request: AfirmasiListRequest) {
  const { rows, ...summary } = await statusPage(
    view(db, scope, request),
    'a.status',
    STATUS_AFIRMASI,
    request.filter.status,
    (filtered) => sortedPage(rowColumns(filtered), SORT[request.sorting.column], 'a.id', request).execute(),
  );
  return { data: rows.map((row) => toRow(row, scope)), ...summary };
}

/** Every claim of an applicant, as shown beside a claim or an objection's items. */
export async function klaimAfirmasi(
  db: Kysely<DB> | Transaction<DB>,
  track: AfirmasiTrack,
  pelamarId: number,
): Promise<KlaimAfirmasi[]> {
  const rows = await db
    .selectFrom('afirmasi as a')
    .innerJoin('berkas as b', 'b.sha256', 'a.berkas_sha256')
    .leftJoin('app_user as u', 'u.id', 'a.diperiksa_oleh')
    .where('a.pelamar_id', '=', pelamarId)
    .select([
      'a.id',
      'a.kategori',
      'a.status',
      'a.alasan',
      'a.nama_file',
      'b.mime',
      momentText('a.diperiksa_at').as('diperiksa_at'),
      'u.fullname as pemeriksa_nama',
    ])
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kategori: row.kategori,
    persen: persenOf(track, row.kategori),
    status: row.status,
    alasan: row.alasan,
    namaFile: row.nama_file,
    mime: row.mime,
    diperiksaAt: row.diperiksa_at,
    pemeriksaNama: row.pemeriksa_nama,
  }));
}

const inScope = (scope: AfirmasiScope, id: number) => idInScope('a', id, scope);

export async function afirmasiDetail(
  db: Kysely<DB>,
  scope: AfirmasiScope,
  id: number,
  principal: Principal,
): Promise<AfirmasiDetail> {
  const row = await rowColumns(klaimPelamar(db))
    .innerJoin('berkas as b', 'b.sha256', 'a.berkas_sha256')
    .where(inScope(scope, id))
    .select(['a.version', 'a.alasan', 'a.nama_file', 'b.mime'])
    .executeTakeFirst();
  if (!row) throw notFound();
  const pelamarId = Number(row.pelamar_id);
  const [klaim, pelamar] = await Promise.all([
    klaimAfirmasi(db, scope.track, pelamarId),
    pelamarDetail(db, scope, pelamarId, principal, true),
  ]);
  return {
    ...toRow(row, scope),
    version: row.version,
    alasan: row.alasan,
    namaFile: row.nama_file,
    mime: row.mime,
    klaim,
    nilaiAfirmasi: pelamar.nilai.find((nilai) => nilai.komponen === 'AFIRMASI')?.nilai ?? null,
    pelamar,
    bolehPeriksa: scope.bolehPeriksa && row.status === 'BELUM',
  };
}

/** The stored evidence of a claim in scope. */
export async function buktiAfirmasi(db: Kysely<DB>, scope: AfirmasiScope, id: number, pelamarId?: number) {
  const row = await db
    .selectFrom('afirmasi as a')
    .innerJoin('berkas as b', 'b.sha256', 'a.berkas_sha256')
    .where(inScope(scope, id))
    .$if(pelamarId !== undefined, (query) => query.where('a.pelamar_id', '=', pelamarId as number))
    .select(['b.sha256', 'b.mime', 'b.size', 'a.nama_file'])
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Sets the applicant's AFIRMASI score to what their VALID claims make now; the old and new value
 * go into the trail when it changes. Runs in the transaction that changed a claim.
 */
export async function hitungNilaiAfirmasi(
  trx: Transaction<DB>,
  actor: Actor,
  pelamar: { id: number; instansiId: number; track: AfirmasiTrack },
  details: Record<string, unknown>,
): Promise<{ nilaiLama: string | null; nilaiBaru: string }> {
  const [valid, lama] = await Promise.all([
    trx
      .selectFrom('afirmasi')
      .where('pelamar_id', '=', pelamar.id)
      .where('status', '=', 'VALID')
      .select('kategori')
      .execute(),
    trx
      .selectFrom('nilai')
      .where('pelamar_id', '=', pelamar.id)
      .where('komponen', '=', 'AFIRMASI')
      .select(sql<string>`nilai::text`.as('nilai'))
      .forUpdate()
      .executeTakeFirst(),
  ]);
  const nilaiBaru = nilaiAfirmasi(
    pelamar.track,
    valid.map((row) => row.kategori),
  ).toFixed(2);
  const nilaiLama = lama ? Number(lama.nilai).toFixed(2) : null;
  if (nilaiLama === nilaiBaru) return { nilaiLama, nilaiBaru };
  await trx
    .insertInto('nilai')
    .values({ pelamar_id: pelamar.id, instansi_id: pelamar.instansiId, komponen: 'AFIRMASI', nilai: nilaiBaru })
    .onConflict((oc) => oc.columns(['pelamar_id', 'komponen']).doUpdateSet({ nilai: nilaiBaru }))
    .execute();
  await auditPelamar(trx, actor, pelamar.id, [
    { action: 'NILAI_AFIRMASI', from: nilaiLama, to: nilaiBaru, details: { ...details, komponen: 'AFIRMASI' } },
  ]);
  return { nilaiLama, nilaiBaru };
}

/** The checker's decision on one claim: once, inside the AFIRMASI window, on the version seen. */
export async function periksaAfirmasi(
  db: Kysely<DB>,
  scope: AfirmasiScope,
  actor: Actor,
  id: number,
  body: PeriksaAfirmasi,
) {
  return transaction(db, async (trx) => {
    const { row, version } = await guardedTransition(trx, {
      table: 'afirmasi',
      id,
      select: trx
        .selectFrom('afirmasi as a')
        .where(inScope(scope, id))
        .select(['a.pelamar_id', 'a.instansi_id', 'a.kategori', 'a.status', 'a.version']),
      notFound: NOT_FOUND,
      window: { track: scope.track, tahap: 'AFIRMASI' },
      state: (row) => {
        if (row.status !== 'BELUM') throw new AppError(409, 'SUDAH_DIPERIKSA', 'Klaim afirmasi ini sudah diperiksa.');
      },
      version: {
        seen: body.version,
        message: 'Klaim afirmasi ini telah diubah oleh pengguna lain. Muat ulang untuk melihat perubahan.',
      },
      write: (row) => ({
        set: { status: body.status, alasan: body.alasan, diperiksa_oleh: actor.id, diperiksa_at: sql`now()` },
        audit: pelamarEvents(actor, row.pelamar_id, [
          {
            action: 'PERIKSA_AFIRMASI',
            from: 'BELUM',
            to: body.status,
            reason: body.alasan,
            details: { afirmasiId: id, kategori: row.kategori },
          },
        ]),
      }),
    });
    // The score the VALID claims make follows in the same transaction.
    const nilai = await hitungNilaiAfirmasi(
      trx,
      actor,
      { id: Number(row.pelamar_id), instansiId: row.instansi_id, track: scope.track },
      { afirmasiId: id },
    );
    return { version, status: body.status, ...nilai };
  });
}

/**
 * An accepted objection against the checker's decisions (sanggah afirmasi): the claims it names
 * that were TIDAK_VALID become VALID and the score follows. In the answer's transaction.
 */
export async function terimaSanggahAfirmasi(
  trx: Transaction<DB>,
  actor: Actor,
  pelamar: { id: number; instansiId: number; track: AfirmasiTrack },
  klaimIds: number[],
  sanggahId: number,
): Promise<boolean> {
  if (klaimIds.length === 0) return false;
  const changed = await trx
    .updateTable('afirmasi')
    .set({ status: 'VALID', version: sql`version + 1` })
    .where('pelamar_id', '=', pelamar.id)
    .where('id', 'in', klaimIds)
    .where('status', '=', 'TIDAK_VALID')
    .returning(['id', 'kategori'])
    .execute();
  if (changed.length === 0) return false;
  await auditPelamar(
    trx,
    actor,
    pelamar.id,
    changed.map((klaim) => ({
      action: 'AFIRMASI_DIVALIDKAN',
      from: 'TIDAK_VALID',
      to: 'VALID',
      reason: 'Sanggah afirmasi diterima',
      details: { sanggahId, afirmasiId: Number(klaim.id), kategori: klaim.kategori },
    })),
  );
  await hitungNilaiAfirmasi(trx, actor, pelamar, { sanggahId });
  return true;
}
