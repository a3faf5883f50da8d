// Objections (issue #5, DOMAIN.md "Sanggah", "Afirmasi"), the reading side: the lists (against a
// TMS, against the checker's affirmation decisions, the Nakes admin's reset list) and one objection
// in full. The changes are in service.ts.

import {
  type ButirSanggah,
  isAfirmasiTrack,
  type Principal,
  SANGGAH_LISTS,
  type SanggahDetail,
  type SanggahList,
  type SanggahListRequest,
  type SanggahRow,
  STATUS_SANGGAH,
} from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { klaimAfirmasi } from '../afirmasi/service.js';
import { pelamarDetail } from '../pelamar/detail.js';
import type { ListScope } from '../pelamar/queries.js';
import * as listSql from '../shared/list-sql.js';
import { sortedPage, statusPage } from '../shared/status-summary.js';

export const NOT_FOUND = 'Data sanggah tidak ditemukan.';
const notFound = () => new AppError(404, 'NOT_FOUND', NOT_FOUND);

export interface SanggahScope extends ListScope {
  /** What the caller may do: answer (the track's supervisor), check (wasdal), reset (Nakes admin). */
  bolehJawab: boolean;
  bolehCek: boolean;
  bolehReset: boolean;
}

/** Objections joined to their applicants (aliases s and p). */
export const sanggahPelamar = (db: Kysely<DB> | Transaction<DB>) =>
  db.selectFrom('sanggah as s').innerJoin('pelamar as p', 'p.id', 's.pelamar_id');
type Query = ReturnType<typeof sanggahPelamar>;

const SORT: Record<SanggahListRequest['sorting']['column'], string> = {
  ...listSql.smallListSort('s'),
  dijawabAt: 's.dijawab_at',
};

/** The list's rows before the status filter (the summaries count every status of the view). */
function view(db: Kysely<DB>, list: SanggahList, scope: SanggahScope, request: SanggahListRequest): Query {
  const { filter } = request;
  let query = listSql
    .smallListFilters(sanggahPelamar(db), 's', scope, request)
    .where('s.jenis', '=', SANGGAH_LISTS[list].jenis);
  if (list === 'reset') query = query.where('s.status', '<>', 'DIAJUKAN');
  if (filter.cek === 'BELUM') query = query.where('s.status', '<>', 'DIAJUKAN').where('s.cek_status', 'is', null);
  else if (filter.cek) query = query.where('s.cek_status', '=', filter.cek);
  return query;
}

function rowColumns(query: Query) {
  return query
    .innerJoin('formasi as f', 'f.id', 'p.formasi_id')
    .innerJoin('instansi as i', 'i.id', 's.instansi_id')
    .leftJoin('app_user as j', 'j.id', 's.dijawab_oleh')
    .select([...listSql.SANGGAH_KOLOM, sql<number>`jsonb_array_length(s.butir)`.as('jumlah_butir'), 's.cek_status']);
}

type RowColumns = Awaited<ReturnType<ReturnType<typeof rowColumns>['execute']>>[number];

function toRow(row: RowColumns, scope: SanggahScope): SanggahRow {
  return {
    ...listSql.pelamarFields(row, scope),
    instansi: listSql.instansiOf(row),
    status: row.status,
    jumlahButir: Number(row.jumlah_butir),
    diajukanAt: row.diajukan_at ?? '',
    dijawabAt: row.dijawab_at,
    penjawabNama: row.penjawab_nama,
    cek: row.cek_status,
  };
}

/** One page of objections and the counts per status of the view. */
export async function listSanggah(db: Kysely<DB>, list: SanggahList, scope: SanggahScope, request: SanggahListRequest) {
  // The reset list holds answered objections only.
  const statuses = STATUS_SANGGAH.filter((status) => list !== 'reset' || status !== 'DIAJUKAN');
  const { rows, ...summary } = await statusPage(
    view(db, list, scope, request),
    's.status',
    statuses,
    request.filter.status,
    (filtered) => sortedPage(rowColumns(filtered), SORT[request.sorting.column], 's.id', request).execute(),
  );
  return { data: rows.map((row) => toRow(row, scope)), ...summary };
}

export function inScope(scope: SanggahScope, list: SanggahList, sanggahId: number) {
  const answered = list === 'reset' ? sql`AND s.status <> 'DIAJUKAN'` : sql``;
  const jenis = SANGGAH_LISTS[list].jenis;
  return sql<boolean>`${listSql.inScope('s', sanggahId, scope)} AND s.jenis = ${jenis} ${answered}`;
}

/** One objection with its items, wasdal's check and the applicant in full (with the trail). */
export async function sanggahDetail(
  db: Kysely<DB>,
  list: SanggahList,
  scope: SanggahScope,
  sanggahId: number,
  principal: Principal,
): Promise<SanggahDetail> {
  const row = await rowColumns(sanggahPelamar(db))
    .where(inScope(scope, list, sanggahId))
    .leftJoin('app_user as c', 'c.id', 's.cek_oleh')
    .select([
      's.version',
      's.butir',
      's.mengubah_status',
      's.cek_catatan',
      'c.fullname as cek_oleh_nama',
      listSql.momentText('s.cek_at').as('cek_at'),
    ])
    .executeTakeFirst();
  if (!row) throw notFound();
  const jenis = SANGGAH_LISTS[list].jenis;
  const [pelamar, klaim] = await Promise.all([
    pelamarDetail(db, scope, Number(row.pelamar_id), principal, true),
    jenis === 'AFIRMASI' && isAfirmasiTrack(scope.track)
      ? klaimAfirmasi(db, scope.track, Number(row.pelamar_id))
      : Promise.resolve([]),
  ]);
  const status = row.status;
  return {
    ...toRow(row, scope),
    jenis,
    version: row.version,
    butir: row.butir as ButirSanggah[],
    mengubahStatus: row.mengubah_status,
    cekCatatan: row.cek_catatan,
    cekOlehNama: row.cek_oleh_nama,
    cekAt: row.cek_at,
    pelamar,
    klaim,
    bolehJawab: list !== 'reset' && scope.bolehJawab && status === 'DIAJUKAN',
    bolehCek: list === 'jawab' && scope.bolehCek && status !== 'DIAJUKAN',
    bolehReset: list === 'reset' && scope.bolehReset && status !== 'DIAJUKAN',
  };
}
