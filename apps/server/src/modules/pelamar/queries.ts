// The applicant lists' SQL. One query shape for every list: track + instansi scope + the list's
// own condition + filters + search, ordered by an indexed column with the id as tie-breaker, one
// page of ids first and the page's details second. Counts come from the maintained per-status
// counters when the view is a whole instansi/track (PERFORMANCE.md: an exact count of 250 k rows
// costs 100× the page), and from one GROUP BY over the filtered rows otherwise.

import {
  type KeadaanSupervisi,
  type KeadaanVerifikasiKedua,
  type KerjaSaya,
  maskNik,
  type PelamarFilter,
  type PelamarList,
  type PelamarListRequest,
  type PelamarListResponse,
  type PelamarRow,
  type PelamarSortColumn,
  STATUS_VERIFIKASI,
  type StatusVerifikasi,
  type TemuanOtomatis,
  type TrackId,
} from '@portal/contract';
import { type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { dayText, escapeLike, hariJakarta, keysetBatches, momentText, nameWords } from '../shared/list-sql.js';
import { countByStatus, statusSummary, toCounts } from '../shared/status-summary.js';

export interface ListScope {
  track: TrackId;
  /** null: every instansi (national roles). */
  instansiId: number | null;
  /** Monitoring roles see masked NIKs. */
  maskNik: boolean;
  /** The caller: the verifier's queue and recap, the supervisor's recap are theirs. */
  userId: number;
  /** A verifier's claim lapses after this many minutes (issue #4). */
  klaimMenit: number;
}

type Query = SelectQueryBuilder<DB, 'pelamar', object>;
type Eb = ExpressionBuilder<DB, 'pelamar'>;

/** A claim still in force: taken less than `klaimMenit` ago. */
export const klaimBerlaku = (scope: Pick<ListScope, 'klaimMenit'>) =>
  sql<boolean>`klaim_at > now() - make_interval(mins => ${scope.klaimMenit})`;

/** Each list's own condition; `statuses` is what it can hold, for reading the counters. */
const LISTS: Record<
  PelamarList,
  { where?: (eb: Eb, scope: ListScope) => ReturnType<Eb['and']>; statuses: readonly StatusVerifikasi[] }
> = {
  admin: { statuses: STATUS_VERIFIKASI },
  // The verifier's queue: every waiting applicant (the ones colleagues hold too, shown with who
  // holds them: opening is not claiming, issue #32), and the decisions a supervisor returned to
  // this verifier.
  verifikator: {
    where: (eb, scope) => eb.or([eb('status_verifikasi', '=', 'BELUM'), eb('klaim_oleh', '=', scope.userId)]),
    statuses: STATUS_VERIFIKASI,
  },
  // The spec's "my-verifier" mode: what this verifier decided.
  'rekap-verifikasi': {
    where: (eb, scope) => eb.and([eb('verifikator_id', '=', scope.userId), eb('status_verifikasi', '<>', 'BELUM')]),
    statuses: ['MS', 'TMS'],
  },
  // Decided, not yet reviewed, and not the supervisor's own decisions (four eyes).
  supervisor: {
    where: (eb, scope) =>
      eb.and([
        eb('status_verifikasi', '<>', 'BELUM'),
        eb('status_supervisi', 'is', null),
        eb.or([eb('verifikator_id', 'is', null), eb('verifikator_id', '<>', scope.userId)]),
      ]),
    statuses: ['MS', 'TMS'],
  },
  'my-supervisi': { where: (eb, scope) => eb.and([eb('supervisor_id', '=', scope.userId)]), statuses: ['MS', 'TMS'] },
};

/** Lists whose rows are exactly "their statuses": their counts can come from the counters. */
const COUNTED_BY_STATUS: ReadonlySet<PelamarList> = new Set(['admin']);

const SORT_COLUMN: Record<
  PelamarSortColumn,
  'id' | 'nama_cari' | 'no_peserta' | 'tgl_daftar' | 'status_verifikasi' | 'temuan_otomatis'
> = {
  id: 'id',
  nama: 'nama_cari',
  noPeserta: 'no_peserta',
  tglDaftar: 'tgl_daftar',
  statusVerifikasi: 'status_verifikasi',
  temuanOtomatis: 'temuan_otomatis',
};

/** Issue #35: the stored level of the worst automatic finding, per filter value. */
const TINGKAT_OTOMATIS: Record<TemuanOtomatis, number> = { TIDAK_ADA: 0, PERIKSA: 1, BERAT: 2 };
const OTOMATIS_DARI = Object.fromEntries(
  Object.entries(TINGKAT_OTOMATIS).map(([kode, tingkat]) => [tingkat, kode]),
) as Record<number, TemuanOtomatis>;

/** Track codes of the scoped name tokens (portal_track_code in migration 0004). */
const TRACK_CODE: Record<TrackId, string> = { cpns: '1', pppk: '2', 'pppk-guru': '3', nakes: '4' };

/** A search by name words, answered by the scoped name tokens (migration 0004). */
const isNameSearch = (searchTerm: string) => {
  const term = searchTerm.trim();
  return term !== '' && !/^\d+$/.test(term);
};

/** The start of today in Jakarta, as an instant. */
const HARI_INI = sql`((now() AT TIME ZONE 'Asia/Jakarta')::date::timestamp AT TIME ZONE 'Asia/Jakarta')`;

/**
 * Issue #34: the verifier's own decisions held apart for a blind second verification (the
 * applicant still waiting; partial index pelamar_kedua_idx), theirs to find among their decisions.
 */
const ditahanSaya = (eb: Eb, scope: ListScope, sejak?: RawBuilder<unknown>) =>
  eb.and([
    eb('kedua_dari', '=', scope.userId),
    eb('status_verifikasi', '=', 'BELUM'),
    ...(sejak
      ? [
          eb.exists(
            sql`(SELECT 1 FROM verifikasi_kedua v WHERE v.pelamar_id = pelamar.id AND v.pertama_at >= ${sejak})`,
          ),
        ]
      : []),
  ]);

/** The verifier's own work (issue #32) instead of the queue: each view one dashboard tile counts. */
const KERJA_SAYA_WHERE: Record<KerjaSaya, (eb: Eb, scope: ListScope) => ReturnType<Eb['and']>> = {
  dikerjakan: (eb, scope) => eb.and([eb('klaim_oleh', '=', scope.userId), eb('status_verifikasi', '=', 'BELUM')]),
  dikembalikan: (eb, scope) =>
    eb.and([eb('klaim_oleh', '=', scope.userId), eb('status_supervisi', '=', 'DIKEMBALIKAN')]),
  'hari-ini': (eb, scope) =>
    eb.or([
      eb.and([
        eb('verifikator_id', '=', scope.userId),
        eb('status_verifikasi', '<>', 'BELUM'),
        eb(sql`tgl_verifikasi`, '>=', HARI_INI),
      ]),
      ditahanSaya(eb, scope, HARI_INI),
    ]),
  semua: (eb, scope) =>
    eb.or([
      eb.and([eb('verifikator_id', '=', scope.userId), eb('status_verifikasi', '<>', 'BELUM')]),
      ditahanSaya(eb, scope),
    ]),
  // Issue #34: sampled decisions of colleagues waiting for a second verification (partial index
  // pelamar_kedua_idx); the first verifier never gets their own.
  kedua: (eb, scope) =>
    eb.and([
      eb('status_verifikasi', '=', 'BELUM'),
      eb('kedua_dari', 'is not', null),
      eb('kedua_dari', '<>', scope.userId),
    ]),
};

function scoped(db: Kysely<DB>, list: PelamarList, scope: ListScope, searchTerm: string, kerjaSaya?: KerjaSaya): Query {
  let query = db.selectFrom('pelamar');
  // A name search's tokens already carry the instansi and track, exactly; repeating them here
  // would make the planner AND in the instansi's whole index range (250 k entries) for nothing.
  if (!isNameSearch(searchTerm)) {
    query = query.where('track', '=', scope.track);
    if (scope.instansiId !== null) query = query.where('instansi_id', '=', scope.instansiId);
  }
  const own = list === 'verifikator' && kerjaSaya ? KERJA_SAYA_WHERE[kerjaSaya] : LISTS[list].where;
  query = own ? query.where((eb) => own(eb, scope)) : query;
  // The supervisor's recap: what they reviewed today (their dashboard tile).
  if (list === 'my-supervisi' && kerjaSaya === 'hari-ini')
    query = query.where(sql<boolean>`tgl_supervisi >= ${HARI_INI}`);
  return query;
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
  if (filter.temuanOtomatis) result = result.where('temuan_otomatis', '=', TINGKAT_OTOMATIS[filter.temuanOtomatis]);
  // Decision dates are days in Jakarta.
  const tglVerifikasi = hariJakarta('tgl_verifikasi', filter.tglVerifikasiDari, filter.tglVerifikasiSampai);
  if (tglVerifikasi) result = result.where(tglVerifikasi);

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

/** A counter's scope: one track of one instansi, or of every instansi (null). */
export type CounterScope = Pick<ListScope, 'track' | 'instansiId'>;

/** The scope's instansi as a condition (`AND instansi_id = …`), nothing for every instansi. */
const instansiCondition = (scope: CounterScope) =>
  scope.instansiId === null ? sql`` : sql`AND instansi_id = ${scope.instansiId}`;

/** A per-state counter of applicants: its table, its pending deltas and the state column. */
const STATE_COUNTERS = {
  verifikasi: { count: 'pelamar_status_count', delta: 'pelamar_status_delta', state: 'status_verifikasi' },
  supervisi: { count: 'pelamar_supervisi_count', delta: 'pelamar_supervisi_delta', state: 'status_supervisi' },
} as const;

/**
 * Applicants per state of one counter: its rows plus their pending deltas, one row per state. A
 * query, not its answer, so the dashboard can send it with others in one statement.
 */
function stateCountersQuery<S extends string>(counter: keyof typeof STATE_COUNTERS, scope: CounterScope) {
  const { count, delta, state } = STATE_COUNTERS[counter];
  const instansi = instansiCondition(scope);
  return sql<{ status: S; jumlah: string | number }>`
    SELECT status, sum(jumlah) AS jumlah FROM (
      SELECT ${sql.ref(state)} AS status, jumlah FROM ${sql.table(count)} WHERE track = ${scope.track} ${instansi}
      UNION ALL
      SELECT ${sql.ref(state)}, delta FROM ${sql.table(delta)} WHERE track = ${scope.track} ${instansi}
    ) counts GROUP BY status
  `;
}

/** Applicants per verification status (the counters plus their pending deltas). */
export const countersQuery = (scope: CounterScope) => stateCountersQuery<StatusVerifikasi>('verifikasi', scope);

export async function countersFor(db: Kysely<DB>, scope: CounterScope): Promise<Map<StatusVerifikasi, number>> {
  return toCounts((await countersQuery(scope).execute(db)).rows);
}

/** Decisions per supervision state (migration 0012), read like the per-status counters. */
export const supervisiCountersQuery = (scope: CounterScope) => stateCountersQuery<KeadaanSupervisi>('supervisi', scope);

/**
 * The verifier's whole queue counted without counting it: the instansi's waiting applicants from
 * the counters, plus the decided ones returned to this verifier, read from the small partial index
 * of held applicants.
 */
async function queueCounts(db: Kysely<DB>, scope: ListScope): Promise<Map<StatusVerifikasi, number>> {
  const instansi = instansiCondition(scope);
  const [counters, returned] = await Promise.all([
    countersFor(db, scope),
    sql<{ status: StatusVerifikasi; jumlah: string | number }>`
      SELECT status_verifikasi AS status, count(*) AS jumlah
      FROM pelamar
      WHERE klaim_oleh = ${scope.userId} AND track = ${scope.track} ${instansi} AND status_verifikasi <> 'BELUM'
      GROUP BY 1
    `.execute(db),
  ]);
  const result = new Map<StatusVerifikasi, number>([['BELUM', counters.get('BELUM') ?? 0]]);
  for (const row of returned.rows) result.set(row.status, (result.get(row.status) ?? 0) + Number(row.jumlah));
  return result;
}

/** The columns of a list row: the applicant joined to formasi, instansi and verifier (alias p). */
export function pelamarRowQuery(db: Kysely<DB>) {
  return db
    .selectFrom('pelamar as p')
    .innerJoin('formasi as f', 'f.id', 'p.formasi_id')
    .innerJoin('instansi as i', 'i.id', 'p.instansi_id')
    .leftJoin('app_user as v', 'v.id', 'p.verifikator_id')
    .leftJoin('app_user as pemegang', 'pemegang.id', 'p.klaim_oleh')
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
      'p.alasan_tms',
      'p.temuan_otomatis',
      'p.klaim_oleh',
      'pemegang.fullname as klaim_nama',
      'p.klaim_at as klaim_sejak',
      'i.kode as instansi_kode',
      'i.nama as instansi_nama',
      'p.instansi_id',
      'p.kedua_dari',
      'p.kedua_sepakat',
    ]);
}

type PelamarRowColumns = Awaited<ReturnType<ReturnType<typeof pelamarRowQuery>['execute']>>[number];

/** An undecided applicant's claim still in force (or the caller's own, which never lapses for them). */
function klaimDipegang(row: PelamarRowColumns, scope: ListScope): boolean {
  if (row.klaim_oleh === null || row.status_verifikasi !== 'BELUM') return false;
  if (row.klaim_oleh === scope.userId) return true;
  const sejak = row.klaim_sejak === null ? Number.NaN : new Date(row.klaim_sejak as Date | string).getTime();
  return Date.now() - sejak < scope.klaimMenit * 60_000;
}

/** Issue #34: where the applicant stands in the blind second verification, for this caller. */
function verifikasiKedua(row: PelamarRowColumns, scope: ListScope): KeadaanVerifikasiKedua | null {
  if (row.kedua_dari !== null) return row.kedua_dari === scope.userId ? 'KEPUTUSAN_SAYA' : 'MENUNGGU';
  if (row.kedua_sepakat === null) return null;
  return row.kedua_sepakat ? 'SEPAKAT' : 'BERBEDA';
}

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
    alasanTms: row.alasan_tms,
    klaimSaya: row.klaim_oleh !== null && row.klaim_oleh === scope.userId,
    klaimNama: klaimDipegang(row, scope) ? row.klaim_nama : null,
    temuanOtomatis: OTOMATIS_DARI[row.temuan_otomatis] ?? 'TIDAK_ADA',
    verifikasiKedua: verifikasiKedua(row, scope),
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
  const view = filtered(db, scoped(db, list, scope, searchTerm, filter.kerjaSaya), scope, filter, searchTerm);
  const pageQuery = (filter.statusVerifikasi ? view.where('status_verifikasi', '=', filter.statusVerifikasi) : view)
    .select('id')
    .orderBy(SORT_COLUMN[sorting.column], sorting.direction)
    .orderBy('id', sorting.direction)
    .limit(paginator.pageSize)
    .offset((paginator.page - 1) * paginator.pageSize);

  const wholeView = isWholeView(filter, searchTerm);
  const byGroup = () => countByStatus<StatusVerifikasi>(view, 'status_verifikasi');
  const counting = !wholeView
    ? byGroup()
    : COUNTED_BY_STATUS.has(list)
      ? countersFor(db, scope)
      : list === 'verifikator'
        ? queueCounts(db, scope)
        : byGroup();
  const [ids, counts] = await Promise.all([
    pageQuery.execute().then((rows) => rows.map((row) => Number(row.id))),
    counting,
  ]);
  return {
    data: await pageRows(db, ids, scope),
    ...statusSummary('statusVerifikasi', LISTS[list].statuses, counts, filter.statusVerifikasi),
  };
}

/**
 * The whole filtered view in the list's order, a batch at a time (exports): keyset continuation
 * on (sort column, id), so every batch is an index range and memory stays flat.
 */
/** The rows a list's export holds (its filter, search and status), unordered. */
export function pelamarView(
  db: Kysely<DB>,
  list: PelamarList,
  scope: ListScope,
  request: Pick<PelamarListRequest, 'filter' | 'searchTerm'>,
) {
  const { filter, searchTerm } = request;
  const view = filtered(db, scoped(db, list, scope, searchTerm, filter.kerjaSaya), scope, filter, searchTerm);
  return filter.statusVerifikasi ? view.where('status_verifikasi', '=', filter.statusVerifikasi) : view;
}

export async function* pelamarBatches(
  db: Kysely<DB>,
  list: PelamarList,
  scope: ListScope,
  request: Pick<PelamarListRequest, 'filter' | 'sorting' | 'searchTerm'>,
  batchSize = 2000,
): AsyncGenerator<PelamarRow[]> {
  const { sorting } = request;
  yield* keysetBatches(
    pelamarView(db, list, scope, request),
    SORT_COLUMN[sorting.column],
    sorting.direction,
    batchSize,
    (ids) => pageRows(db, ids, scope),
  );
}
