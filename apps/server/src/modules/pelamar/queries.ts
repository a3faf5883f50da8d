// The applicant lists' SQL. One query shape for every list: track + instansi scope + the list's
// own condition + filters + search, ordered by an indexed column with the id as tie-breaker, one
// page of ids first and the page's details second. Counts come from the maintained per-status
// counters when the view is a whole instansi/track (PERFORMANCE.md: an exact count of 250 k rows
// costs 100× the page), and from one GROUP BY over the filtered rows otherwise.

import {
  maskNik,
  type PelamarFilter,
  type PelamarList,
  type PelamarListRequest,
  type PelamarListResponse,
  type PelamarRow,
  type PelamarSortColumn,
  STATUS_VERIFIKASI,
  type StatusVerifikasi,
  type TrackId,
} from '@portal/contract';
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface ListScope {
  track: TrackId;
  /** null: every instansi (national roles). */
  instansiId: number | null;
  /** Monitoring roles see masked NIKs. */
  maskNik: boolean;
}

type Query = SelectQueryBuilder<DB, 'pelamar', object>;
type Eb = ExpressionBuilder<DB, 'pelamar'>;

/** Each list's own condition; `statuses` is what it can hold, for reading the counters. */
const LISTS: Record<PelamarList, { where?: (eb: Eb) => ReturnType<Eb['and']>; statuses: readonly StatusVerifikasi[] }> =
  {
    admin: { statuses: STATUS_VERIFIKASI },
    verifikator: { where: (eb) => eb.and([eb('status_verifikasi', '=', 'BELUM')]), statuses: ['BELUM'] },
    'rekap-verifikasi': {
      where: (eb) => eb.and([eb('status_verifikasi', 'in', ['MS', 'TMS'])]),
      statuses: ['MS', 'TMS'],
    },
    supervisor: {
      where: (eb) => eb.and([eb('status_verifikasi', 'in', ['MS', 'TMS']), eb('status_supervisi', 'is', null)]),
      statuses: ['MS', 'TMS'],
    },
    'my-supervisi': { where: (eb) => eb.and([eb('status_supervisi', 'is not', null)]), statuses: ['MS', 'TMS'] },
  };

/** Lists whose rows are exactly "their statuses": their counts can come from the counters. */
const COUNTED_BY_STATUS: ReadonlySet<PelamarList> = new Set(['admin', 'verifikator', 'rekap-verifikasi']);

const SORT_COLUMN: Record<PelamarSortColumn, 'id' | 'nama_cari' | 'no_peserta' | 'tgl_daftar' | 'status_verifikasi'> = {
  id: 'id',
  nama: 'nama_cari',
  noPeserta: 'no_peserta',
  tglDaftar: 'tgl_daftar',
  statusVerifikasi: 'status_verifikasi',
};

/** Track codes of the scoped name tokens (portal_track_code in migration 0004). */
const TRACK_CODE: Record<TrackId, string> = { cpns: '1', pppk: '2', 'pppk-guru': '3', nakes: '4' };

/** The words of a name search, folded like portal_normalise() (lower case, no diacritics). */
export function nameWords(term: string): string[] {
  return term
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A search by name words, answered by the scoped name tokens (migration 0004). */
const isNameSearch = (searchTerm: string) => {
  const term = searchTerm.trim();
  return term !== '' && !/^\d+$/.test(term);
};

function scoped(db: Kysely<DB>, list: PelamarList, scope: ListScope, searchTerm: string): Query {
  let query = db.selectFrom('pelamar');
  // A name search's tokens already carry the instansi and track, exactly; repeating them here
  // would make the planner AND in the instansi's whole index range (250 k entries) for nothing.
  if (!isNameSearch(searchTerm)) {
    query = query.where('track', '=', scope.track);
    if (scope.instansiId !== null) query = query.where('instansi_id', '=', scope.instansiId);
  }
  const own = LISTS[list].where;
  return own ? query.where(own) : query;
}

/** Filters except the status one (the summaries count every status of the filtered view). */
function filtered(db: Kysely<DB>, query: Query, scope: ListScope, filter: PelamarFilter, searchTerm: string): Query {
  let result = query;
  const formasi: [string, string | undefined][] = [
    ['jabatan_kode', filter.jabatanKode],
    ['lokasi_kode', filter.lokasiKode],
    ['pendidikan_kode', filter.pendidikanKode],
    ['jenis_formasi', filter.jenisFormasi],
  ];
  if (formasi.some(([, value]) => value !== undefined)) {
    let ids = db.selectFrom('formasi').select('id').where('track', '=', scope.track);
    if (scope.instansiId !== null) ids = ids.where('instansi_id', '=', scope.instansiId);
    for (const [column, value] of formasi) {
      if (value !== undefined) ids = ids.where(column as 'jabatan_kode', '=', value);
    }
    result = result.where('formasi_id', 'in', ids);
  }
  if (filter.statusSupervisi) result = result.where('status_supervisi', '=', filter.statusSupervisi);
  if (filter.tglDaftarDari) result = result.where('tgl_daftar', '>=', filter.tglDaftarDari);
  if (filter.tglDaftarSampai) result = result.where('tgl_daftar', '<=', filter.tglDaftarSampai);
  if (filter.verifikatorId) result = result.where('verifikator_id', '=', filter.verifikatorId);

  const term = searchTerm.trim();
  if (/^\d+$/.test(term)) {
    // Digits: a whole NIK or nomor peserta (both 16 digits: equality), or the start of one.
    result =
      term.length === 16
        ? result.where((eb) => eb.or([eb('nik', '=', term), eb('no_peserta', '=', term)]))
        : result.where((eb) =>
            eb.or([eb('nik', 'like', `${escapeLike(term)}%`), eb('no_peserta', 'like', `${escapeLike(term)}%`)]),
          );
  } else if (term) {
    // A name: every typed word is the start of one of its words, without case or diacritics.
    const words = nameWords(term);
    if (words.length === 0) return result.where(sql<boolean>`false`);
    // Tokens carry their scope (migration 0004): the instansi's own, or the track's for national roles.
    const track = TRACK_CODE[scope.track];
    const prefix = scope.instansiId === null ? `t${track}_` : `i${scope.instansiId}t${track}_`;
    const query = words.map((word) => `${prefix}${word}:*`).join(' & ');
    result = result.where(sql<boolean>`nama_kata @@ ${query}::tsquery`);
  }
  return result;
}

function isWholeView(filter: PelamarFilter, searchTerm: string): boolean {
  const { statusVerifikasi: _status, ...others } = filter;
  return !searchTerm.trim() && Object.values(others).every((value) => value === undefined);
}

async function countersFor(db: Kysely<DB>, scope: ListScope): Promise<Map<StatusVerifikasi, number>> {
  const instansi = scope.instansiId === null ? sql`` : sql`AND instansi_id = ${scope.instansiId}`;
  const { rows } = await sql<{ status: StatusVerifikasi; jumlah: string | number }>`
    SELECT status, sum(jumlah) AS jumlah FROM (
      SELECT status_verifikasi AS status, jumlah FROM pelamar_status_count WHERE track = ${scope.track} ${instansi}
      UNION ALL
      SELECT status_verifikasi, delta FROM pelamar_status_delta WHERE track = ${scope.track} ${instansi}
    ) counts GROUP BY status
  `.execute(db);
  return new Map(rows.map((row) => [row.status, Number(row.jumlah)]));
}

async function countsByStatus(query: Query): Promise<Map<StatusVerifikasi, number>> {
  const rows = await query
    .select(['status_verifikasi', (eb) => eb.fn.countAll<string>().as('jumlah')])
    .groupBy('status_verifikasi')
    .execute();
  return new Map(rows.map((row) => [row.status_verifikasi, Number(row.jumlah)]));
}

/** A date column as `YYYY-MM-DD`. */
export const dayText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
/** A timestamp as local time in Jakarta, `YYYY-MM-DDTHH:MM:SS`. */
export const momentText = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** The columns of a list row: the applicant joined to formasi, instansi and verifier (alias p). */
export function pelamarRowQuery(db: Kysely<DB>) {
  return db
    .selectFrom('pelamar as p')
    .innerJoin('formasi as f', 'f.id', 'p.formasi_id')
    .innerJoin('instansi as i', 'i.id', 'p.instansi_id')
    .leftJoin('app_user as v', 'v.id', 'p.verifikator_id')
    .select([
      'p.id',
      'p.nik',
      'p.no_peserta',
      'p.nama',
      'p.gelar_depan',
      'p.gelar_belakang',
      'p.jenis_kelamin',
      'p.status_verifikasi',
      'p.status_supervisi',
      dayText('p.tgl_daftar').as('tgl_daftar'),
      momentText('p.tgl_verifikasi').as('tgl_verifikasi'),
      'f.jabatan_nama',
      'f.lokasi_nama',
      'f.jenis_formasi',
      'f.pendidikan_nama',
      'v.fullname as verifikator_nama',
      'i.kode as instansi_kode',
      'i.nama as instansi_nama',
      'p.instansi_id',
    ]);
}

type PelamarRowColumns = Awaited<ReturnType<ReturnType<typeof pelamarRowQuery>['execute']>>[number];

/** One list row as the API answers it (NIK masked for monitoring roles). */
export function toPelamarRow(row: PelamarRowColumns, scope: ListScope): PelamarRow {
  const id = Number(row.id);
  return {
    id,
    nik: scope.maskNik ? maskNik(row.nik) : row.nik,
    noPeserta: row.no_peserta,
    nama: row.nama,
    gelarDepan: row.gelar_depan,
    gelarBelakang: row.gelar_belakang,
    jenisKelamin: row.jenis_kelamin,
    jabatanNama: row.jabatan_nama,
    lokasiNama: row.lokasi_nama,
    jenisFormasi: row.jenis_formasi as PelamarRow['jenisFormasi'],
    pendidikanNama: row.pendidikan_nama,
    statusVerifikasi: row.status_verifikasi,
    statusSupervisi: row.status_supervisi,
    tglDaftar: row.tgl_daftar,
    tglVerifikasi: row.tgl_verifikasi,
    verifikatorNama: row.verifikator_nama,
    instansi: { id: row.instansi_id, kode: row.instansi_kode, nama: row.instansi_nama },
  };
}

/** The rows of the given ids, in that order. */
async function pageRows(db: Kysely<DB>, ids: number[], scope: ListScope): Promise<PelamarRow[]> {
  if (ids.length === 0) return [];
  const rows = await pelamarRowQuery(db).where('p.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPelamarRow(row, scope)] : [];
  });
}

export async function listPelamar(
  db: Kysely<DB>,
  list: PelamarList,
  scope: ListScope,
  request: PelamarListRequest,
): Promise<PelamarListResponse> {
  const { filter, paginator, sorting, searchTerm } = request;
  const view = filtered(db, scoped(db, list, scope, searchTerm), scope, filter, searchTerm);
  const pageQuery = (filter.statusVerifikasi ? view.where('status_verifikasi', '=', filter.statusVerifikasi) : view)
    .select('id')
    .orderBy(SORT_COLUMN[sorting.column], sorting.direction)
    .orderBy('id', sorting.direction)
    .limit(paginator.pageSize)
    .offset((paginator.page - 1) * paginator.pageSize);

  const wholeView = COUNTED_BY_STATUS.has(list) && isWholeView(filter, searchTerm);
  const [ids, counts] = await Promise.all([
    pageQuery.execute().then((rows) => rows.map((row) => Number(row.id))),
    wholeView ? countersFor(db, scope) : countsByStatus(view),
  ]);
  const statuses = LISTS[list].statuses.filter(
    (status) => !filter.statusVerifikasi || status === filter.statusVerifikasi,
  );
  return {
    data: await pageRows(db, ids, scope),
    recordsTotal: statuses.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0),
    summaries: LISTS[list].statuses.map((status) => ({ statusVerifikasi: status, jumlah: counts.get(status) ?? 0 })),
  };
}

/**
 * The whole filtered view in the list's order, a batch at a time (exports): keyset continuation
 * on (sort column, id), so every batch is an index range and memory stays flat.
 */
export async function* pelamarBatches(
  db: Kysely<DB>,
  list: PelamarList,
  scope: ListScope,
  request: Pick<PelamarListRequest, 'filter' | 'sorting' | 'searchTerm'>,
  batchSize = 2000,
): AsyncGenerator<PelamarRow[]> {
  const { filter, sorting, searchTerm } = request;
  let view = filtered(db, scoped(db, list, scope, searchTerm), scope, filter, searchTerm);
  if (filter.statusVerifikasi) view = view.where('status_verifikasi', '=', filter.statusVerifikasi);
  const column = SORT_COLUMN[sorting.column];
  const after = sorting.direction === 'asc' ? '>' : '<';
  let last: { value: unknown; id: number } | undefined;
  for (;;) {
    let query = view
      .select(['id', sql.ref<unknown>(column).as('sort_value')])
      .orderBy(column, sorting.direction)
      .orderBy('id', sorting.direction)
      .limit(batchSize);
    const from = last;
    if (from) {
      query = query.where((eb) => eb(eb.refTuple(column, 'id'), after, eb.tuple(from.value as never, from.id)));
    }
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield pageRows(
      db,
      rows.map((row) => Number(row.id)),
      scope,
    );
    const tail = rows[rows.length - 1] as { id: number | string; sort_value: unknown };
    last = { value: tail.sort_value, id: Number(tail.id) };
    if (rows.length < batchSize) return;
  }
}
