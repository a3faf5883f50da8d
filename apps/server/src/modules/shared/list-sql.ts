// The SQL pieces of the lists that several features share: dates and moments as the API answers
// them (days in Jakarta), a record in the caller's scope, what the small lists joined to their
// applicants share (their common filters and search, the applicant's columns of a row), the name
// words of a search, and the national roles' instansi filter of those lists. The lists' own
// queries stay in their features.

import { maskNik, namaLengkap, type TrackId } from '@portal/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A list's scope: one track of one instansi, or of every instansi (null) for national roles. */
type Scope = { track: TrackId; instansiId: number | null };

/** A date column as `YYYY-MM-DD`. */
export const dayText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
/** A timestamp as local time in Jakarta, `YYYY-MM-DDTHH:MM:SS`. */
export const momentText = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD"T"HH24:MI:SS')`;

/**
 * A moment column within days in Jakarta (`YYYY-MM-DD`, both ends included); undefined when
 * neither end is given. The lists' date filters all mean days as people in Jakarta see them.
 */
export function hariJakarta(column: string, dari: string | undefined, sampai: string | undefined) {
  const ends = [
    dari ? sql`${sql.ref(column)} >= (${dari}::date::timestamp AT TIME ZONE 'Asia/Jakarta')` : null,
    sampai ? sql`${sql.ref(column)} < ((${sampai}::date + 1)::timestamp AT TIME ZONE 'Asia/Jakarta')` : null,
  ].filter((end) => end !== null);
  return ends.length > 0 ? sql<boolean>`(${sql.join(ends, sql` AND `)})` : undefined;
}

/**
 * Record `id` of the table aliased `alias` (with `id`, `track`, `instansi_id`) if it is inside the
 * caller's scope: on the scope's track and, for an instansi's role, of that instansi. Another
 * instansi's record is then simply "not found".
 */
export function inScope(alias: string, id: number, scope: Scope) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const instansi = scope.instansiId === null ? sql`` : sql`AND ${column('instansi_id')} = ${scope.instansiId}`;
  return sql<boolean>`${column('id')} = ${id} AND ${column('track')} = ${scope.track} ${instansi}`;
}

/** The filters every small list joined to its applicants has (objections, claims). */
export interface SmallListRequest {
  filter: { instansiId?: number; diajukanDari?: string; diajukanSampai?: string };
  searchTerm: string;
}

/**
 * A small list's common conditions on its table (aliased `alias`, joined to `pelamar as p`): the
 * scope's track, the instansi (the role's own, or the one a national role chose), the days it was
 * submitted (`diajukan_at`) and the applicant search.
 */
// biome-ignore lint/suspicious/noExplicitAny: any small list's query (its tables and aliases are its own).
export function smallListFilters<Q extends SelectQueryBuilder<DB, any, object>>(
  query: Q,
  alias: string,
  scope: Scope,
  { filter, searchTerm }: SmallListRequest,
): Q {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const instansiId = scope.instansiId ?? filter.instansiId;
  const conditions = [
    sql<boolean>`${column('track')} = ${scope.track}`,
    instansiId === undefined ? undefined : sql<boolean>`${column('instansi_id')} = ${instansiId}`,
    hariJakarta(`${alias}.diajukan_at`, filter.diajukanDari, filter.diajukanSampai),
    pelamarSearch(searchTerm),
  ];
  return conditions.reduce<Q>((q, condition) => (condition ? (q.where(condition) as Q) : q), query);
}

/** The sort columns every small list has: its id, the applicant's name, when it was submitted. */
export const smallListSort = (alias: string) => ({
  id: `${alias}.id`,
  nama: 'p.nama_cari',
  diajukanAt: `${alias}.diajukan_at`,
});

/** The applicant's columns of a small list's row (`pelamar as p`, its formasi as f). */
export const PELAMAR_KOLOM = [
  'p.no_peserta',
  'p.nik',
  'p.nama',
  'p.gelar_depan',
  'p.gelar_belakang',
  'f.jabatan_nama',
] as const;
/** The instansi's columns of a row (`instansi as i`). */
export const INSTANSI_KOLOM = ['i.id as instansi_id', 'i.kode as instansi_kode', 'i.nama as instansi_nama'] as const;

/**
 * The columns of an objection's row, of either kind (`sanggah` or `sanggah_nilai` as s, its
 * applicant p with formasi f, instansi i, the answerer j): what the two lists show alike.
 */
export const SANGGAH_KOLOM = [
  's.id',
  's.pelamar_id',
  ...PELAMAR_KOLOM,
  ...INSTANSI_KOLOM,
  's.status',
  momentText('s.diajukan_at').as('diajukan_at'),
  momentText('s.dijawab_at').as('dijawab_at'),
  'j.fullname as penjawab_nama',
] as const;

/** The record's and its applicant's fields of a small list's row (NIK masked where the role says so). */
export function pelamarFields(
  row: {
    id: number | string;
    pelamar_id: number | string;
    no_peserta: string;
    nik: string;
    nama: string;
    gelar_depan: string | null;
    gelar_belakang: string | null;
    jabatan_nama: string;
  },
  scope: { maskNik: boolean },
) {
  return {
    id: Number(row.id),
    pelamarId: Number(row.pelamar_id),
    noPeserta: row.no_peserta,
    nik: scope.maskNik ? maskNik(row.nik) : row.nik,
    // Issue #32: the name with its titles, as the applicant list and every detail write it.
    nama: namaLengkap({ gelarDepan: row.gelar_depan, nama: row.nama, gelarBelakang: row.gelar_belakang }),
    jabatanNama: row.jabatan_nama,
  };
}

/** The instansi of a row selected with INSTANSI_KOLOM. */
export const instansiOf = (row: { instansi_id: number; instansi_kode: string; instansi_nama: string }) => ({
  id: row.instansi_id,
  kode: row.instansi_kode,
  nama: row.instansi_nama,
});

/**
 * The search of the small lists joined to their applicants (alias p: objections, claims): NIK or
 * nomor peserta by prefix, otherwise every typed word starts one of the name's words. Those lists
 * hold a few thousand rows per instansi, so no token index is needed. undefined: no search.
 */
export function pelamarSearch(searchTerm: string) {
  const term = searchTerm.trim();
  if (!term) return undefined;
  if (/^\d+$/.test(term)) {
    const prefix = `${escapeLike(term)}%`;
    return sql<boolean>`(p.nik LIKE ${prefix} OR p.no_peserta LIKE ${prefix})`;
  }
  const words = nameWords(term).map((word) => sql`p.nama_cari ~ ${`(^|[^a-z0-9])${word}`}`);
  return words.length > 0 ? sql<boolean>`(${sql.join(words, sql` AND `)})` : undefined;
}

/**
 * The instansi that have rows of a small per-instansi table on the track, within the caller's
 * scope: the choices of the national roles' instansi filter (objections, score objections).
 */
export async function instansiPilihan(
  db: Kysely<DB>,
  table: 'sanggah' | 'sanggah_nilai',
  scope: { track: TrackId; instansiId: number | null },
  jenis?: 'ADMINISTRASI' | 'AFIRMASI',
) {
  const { rows } = await sql<{ id: number; kode: string; nama: string }>`
    SELECT i.id, i.kode, i.nama FROM instansi i
    WHERE i.id IN (SELECT instansi_id FROM ${sql.table(table)} WHERE track = ${scope.track}
                   ${jenis ? sql`AND jenis = ${jenis}` : sql``})
      ${scope.instansiId === null ? sql`` : sql`AND i.id = ${scope.instansiId}`}
    ORDER BY i.nama
  `.execute(db);
  return rows;
}

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

/** A LIKE pattern that matches `value` literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Issue #33: a batch's rows are read this many at a time. On the embedded database a statement
 * holds the server's one thread while it runs (PGlite is WASM on that thread) and every request
 * waits behind it: 2,000 applicants' rows in one statement took 130-155 ms there, 250 a few tens
 * of ms. On PostgreSQL the round trips this adds cost next to nothing.
 */
const BARIS_PER_PERNYATAAN = 250;

/**
 * The whole filtered view in the list's order, a batch at a time (exports): keyset continuation
 * on (sort column, id), so every batch is an index range and memory stays flat. `rowsOf` turns
 * ids into their rows, in that order (asked BARIS_PER_PERNYATAAN ids at a time).
 */
export async function* keysetBatches<R>(
  // biome-ignore lint/suspicious/noExplicitAny: any list's view of one table with an `id` (its tables are its own).
  view: SelectQueryBuilder<DB, any, object>,
  column: string,
  direction: 'asc' | 'desc',
  batchSize: number,
  rowsOf: (ids: number[]) => Promise<R[]>,
): AsyncGenerator<R[]> {
  const after = sql.raw(direction === 'asc' ? '>' : '<');
  let last: { value: unknown; id: number } | undefined;
  for (;;) {
    let query = view
      .select([sql<number | string>`id`.as('id'), sql.ref<unknown>(column).as('sort_value')])
      .orderBy(sql.ref(column), direction)
      .orderBy(sql.ref('id'), direction)
      .limit(batchSize);
    const from = last;
    if (from)
      query = query.where(sql<boolean>`(${sql.ref(column)}, ${sql.ref('id')}) ${after} (${from.value}, ${from.id})`);
    const rows = await query.execute();
    if (rows.length === 0) return;
    const ids = rows.map((row) => Number(row.id));
    const batch: R[] = [];
    for (let i = 0; i < ids.length; i += BARIS_PER_PERNYATAAN) {
      batch.push(...(await rowsOf(ids.slice(i, i + BARIS_PER_PERNYATAAN))));
    }
    yield batch;
    const tail = rows[rows.length - 1] as { id: number | string; sort_value: unknown };
    last = { value: tail.sort_value, id: Number(tail.id) };
    if (rows.length < batchSize) return;
  }
}

/**
 * How many rows a list's view holds, counting no further than `batas` when given (an export asks
 * "more than N?", which must not cost a count of a million).
 */
export async function hitungView(
  db: Kysely<DB>,
  // biome-ignore lint/suspicious/noExplicitAny: any list's view of one table (as keysetBatches).
  view: SelectQueryBuilder<DB, any, object>,
  batas?: number,
): Promise<number> {
  const rows = view.select(sql<number>`1`.as('satu'));
  const bounded = batas === undefined ? rows : rows.limit(batas + 1);
  const row = await db.selectFrom(bounded.as('v')).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
