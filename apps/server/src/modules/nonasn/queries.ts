// The Non-ASN reads (issue #5): the Data Non ASN list, its export batches, one record with its
// audit trail (the confirmation dashboard is in dashboard-konfirmasi.ts). The list's shape is the
// applicant lists' (one page of ids in an indexed order, then the page's rows); its counts come from
// the per-(instansi, kategori, status) counters plus their pending deltas (PERFORMANCE.md: an exact
// count of an instansi's rows costs 100× the page), and from a GROUP BY only for searches.

import {
  isNonAsnAdmin,
  type KategoriNonAsn,
  maskNik,
  NATIONAL_ROLES,
  type NonAsnDetail,
  type NonAsnFilter,
  type NonAsnListRequest,
  type NonAsnListResponse,
  type NonAsnRow,
  type NonAsnSortColumn,
  type Principal,
  STATUS_KONFIRMASI,
  type StatusKonfirmasi,
} from '@portal/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { dayText, escapeLike, keysetBatches, momentText, nameWords } from '../shared/list-sql.js';
import { riwayat } from '../shared/riwayat.js';
import { countByStatus, statusSummary, toCounts } from '../shared/status-summary.js';

export interface NonAsnScope {
  /** null: every instansi (national roles). */
  instansiId: number | null;
  /** Monitoring roles see masked NIKs, as on the applicant recaps. */
  maskNik: boolean;
}

export function nonAsnScope(principal: Principal): NonAsnScope {
  const national = principal.authorities.some((a) => (NATIONAL_ROLES as readonly string[]).includes(a.authority));
  return { instansiId: national ? null : principal.instansi.id, maskNik: !isNonAsnAdmin(principal.authorities) };
}

/**
 * The instansi a view reads: the caller's own, or for national roles the one they filter on (or
 * all). An instansi admin asking for another instansi gets nothing (`false`), never its rows.
 */
export function viewInstansi(scope: NonAsnScope, filter: { instansiId?: number | undefined }): number | null | false {
  if (scope.instansiId === null) return filter.instansiId ?? null;
  if (filter.instansiId !== undefined && filter.instansiId !== scope.instansiId) return false;
  return scope.instansiId;
}

type Query = SelectQueryBuilder<DB, 'nonasn', object>;

const SORT_COLUMN: Record<NonAsnSortColumn, 'id' | 'nama_cari' | 'kategori' | 'status_konfirmasi'> = {
  id: 'id',
  nama: 'nama_cari',
  kategori: 'kategori',
  statusKonfirmasi: 'status_konfirmasi',
};

const isNameSearch = (term: string) => term !== '' && !/^\d+$/.test(term);

/** The filtered view without the status filter (the summaries count every status of it). */
function filtered(db: Kysely<DB>, scope: NonAsnScope, filter: NonAsnFilter, searchTerm: string): Query {
  let query = db.selectFrom('nonasn');
  const instansi = viewInstansi(scope, filter);
  if (instansi === false) return query.where(sql<boolean>`false`);
  const term = searchTerm.trim();
  // A name search's tokens carry the instansi exactly (migration 0008); repeating it would make the
  // planner AND in the instansi's whole index range.
  if (instansi !== null && !isNameSearch(term)) query = query.where('instansi_id', '=', instansi);
  if (filter.kategori) query = query.where('kategori', '=', filter.kategori);
  if (/^\d+$/.test(term)) {
    query = term.length === 16 ? query.where('nik', '=', term) : query.where('nik', 'like', `${escapeLike(term)}%`);
  } else if (term) {
    const words = nameWords(term);
    if (words.length === 0) return query.where(sql<boolean>`false`);
    const prefix = instansi === null ? 'n_' : `i${instansi}_`;
    const tsquery = words.map((word) => `${prefix}${word}:*`).join(' & ');
    query = query.where(sql<boolean>`nama_kata @@ ${tsquery}::tsquery`);
  }
  return query;
}

function rowQuery(db: Kysely<DB>) {
  return db
    .selectFrom('nonasn as n')
    .innerJoin('instansi as i', 'i.id', 'n.instansi_id')
    .leftJoin('app_user as u', 'u.id', 'n.dikonfirmasi_oleh')
    .select([
      'n.id',
      'n.nik',
      'n.nama',
      'n.tempat_lahir',
      dayText('n.tanggal_lahir').as('tanggal_lahir'),
      'n.unit_kerja',
      'n.jabatan',
      'n.masa_kerja_bulan',
      'n.kategori',
      'n.sumber_dana',
      'n.status_konfirmasi',
      'n.alasan',
      'u.fullname as dikonfirmasi_nama',
      momentText('n.dikonfirmasi_at').as('dikonfirmasi_at'),
      'n.instansi_id',
      'i.kode as instansi_kode',
      'i.nama as instansi_nama',
    ]);
}

type RowColumns = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

function toRow(row: RowColumns, scope: NonAsnScope): NonAsnRow {
  return {
    id: Number(row.id),
    nik: scope.maskNik ? maskNik(row.nik) : row.nik,
    nama: row.nama,
    tempatLahir: row.tempat_lahir,
    tanggalLahir: row.tanggal_lahir,
    unitKerja: row.unit_kerja,
    jabatan: row.jabatan,
    masaKerjaBulan: row.masa_kerja_bulan,
    kategori: row.kategori,
    sumberDana: row.sumber_dana,
    statusKonfirmasi: row.status_konfirmasi,
    alasan: row.alasan,
    dikonfirmasiOleh: row.dikonfirmasi_nama,
    dikonfirmasiAt: row.dikonfirmasi_at,
    instansi: { id: row.instansi_id, kode: row.instansi_kode, nama: row.instansi_nama },
  };
}

async function rowsOf(db: Kysely<DB>, ids: number[], scope: NonAsnScope): Promise<NonAsnRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowQuery(db).where('n.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRow(row, scope)] : [];
  });
}

/** Counters plus pending deltas, one row per key; `where` narrows both by instansi and kategori. */
export function counted(instansi: number | null, kategori: KategoriNonAsn | undefined) {
  const conditions = [
    ...(instansi === null ? [] : [sql`instansi_id = ${instansi}`]),
    ...(kategori ? [sql`kategori = ${kategori}`] : []),
  ];
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  return sql`
    SELECT instansi_id, kategori, status_konfirmasi, jumlah FROM nonasn_count ${where}
    UNION ALL
    SELECT instansi_id, kategori, status_konfirmasi, delta FROM nonasn_count_delta ${where}
  `;
}

/**
 * Records per confirmation status: counters plus pending deltas, one row per status. A query, not
 * its answer, so the dashboard can send it with others in one statement.
 */
export function countersQuery(instansi: number | null, kategori: KategoriNonAsn | undefined) {
  return sql<{ status: StatusKonfirmasi; jumlah: string | number }>`
    SELECT status_konfirmasi AS status, sum(jumlah) AS jumlah FROM (${counted(instansi, kategori)}) c GROUP BY 1
  `;
}

async function countersFor(
  db: Kysely<DB>,
  instansi: number | null,
  kategori: KategoriNonAsn | undefined,
): Promise<Map<StatusKonfirmasi, number>> {
  return toCounts((await countersQuery(instansi, kategori).execute(db)).rows);
}

export async function listNonAsn(
  db: Kysely<DB>,
  scope: NonAsnScope,
  request: NonAsnListRequest,
): Promise<NonAsnListResponse> {
  const { filter, paginator, sorting, searchTerm } = request;
  const view = filtered(db, scope, filter, searchTerm);
  const column = SORT_COLUMN[sorting.column];
  const pageQuery = (filter.statusKonfirmasi ? view.where('status_konfirmasi', '=', filter.statusKonfirmasi) : view)
    .select('id')
    .orderBy(column, sorting.direction)
    .orderBy('id', sorting.direction)
    .limit(paginator.pageSize)
    .offset((paginator.page - 1) * paginator.pageSize);
  const instansi = viewInstansi(scope, filter);
  // The whole instansi (or nation), perhaps one kategori: the counters know; a search is counted.
  const counting =
    searchTerm.trim() === '' && instansi !== false
      ? countersFor(db, instansi, filter.kategori)
      : countByStatus<StatusKonfirmasi>(view, 'status_konfirmasi');
  const [ids, counts] = await Promise.all([
    pageQuery.execute().then((rows) => rows.map((row) => Number(row.id))),
    counting,
  ]);
  return {
    data: await rowsOf(db, ids, scope),
    ...statusSummary('statusKonfirmasi', STATUS_KONFIRMASI, counts, filter.statusKonfirmasi),
  };
}

/** The whole filtered view in the list's order, a batch at a time (exports), by keyset. */
/** The records an export holds (its filter, search and status), unordered. */
export function nonAsnView(
  db: Kysely<DB>,
  scope: NonAsnScope,
  request: Pick<NonAsnListRequest, 'filter' | 'searchTerm'>,
) {
  const { filter, searchTerm } = request;
  const view = filtered(db, scope, filter, searchTerm);
  return filter.statusKonfirmasi ? view.where('status_konfirmasi', '=', filter.statusKonfirmasi) : view;
}

export async function* nonAsnBatches(
  db: Kysely<DB>,
  scope: NonAsnScope,
  request: Pick<NonAsnListRequest, 'filter' | 'sorting' | 'searchTerm'>,
  batchSize = 2000,
): AsyncGenerator<NonAsnRow[]> {
  const { sorting } = request;
  yield* keysetBatches(
    nonAsnView(db, scope, request),
    SORT_COLUMN[sorting.column],
    sorting.direction,
    batchSize,
    (ids) => rowsOf(db, ids, scope),
  );
}

/** One record inside the caller's scope (another instansi's is "not found"), with its trail. */
export async function nonAsnDetail(db: Kysely<DB>, scope: NonAsnScope, id: number): Promise<NonAsnDetail> {
  let query = rowQuery(db)
    .where('n.id', '=', id)
    .select(['n.no_sk', dayText('n.tgl_sk').as('tgl_sk'), 'n.version']);
  if (scope.instansiId !== null) query = query.where('n.instansi_id', '=', scope.instansiId);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Data Non ASN tidak ditemukan.');
  return {
    ...toRow(row, scope),
    noSk: row.no_sk,
    tglSk: row.tgl_sk,
    version: row.version,
    riwayat: await riwayat(db, 'nonasn', id),
  };
}

/** The instansi a national role may narrow the views to: those with Non-ASN records. */
export async function instansiOptions(db: Kysely<DB>, scope: NonAsnScope) {
  let query = db
    .selectFrom('instansi')
    .where((eb) =>
      eb.exists(
        eb.selectFrom('nonasn_count as c').whereRef('c.instansi_id', '=', 'instansi.id').select('c.instansi_id'),
      ),
    )
    .select(['id', 'kode', 'nama'])
    .orderBy('nama');
  if (scope.instansiId !== null) query = query.where('id', '=', scope.instansiId);
  return query.execute();
}
