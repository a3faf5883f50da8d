// The confirmation dashboard of the Non-ASN records (issue #5): per instansi and kategori how many
// records are answered, one page of those groups and the totals, all read from the counters plus
// their pending deltas in one statement (the same cost at any size). The list is in queries.ts.

import {
  type DashboardKonfirmasiRequest,
  type DashboardKonfirmasiResponse,
  type DashboardKonfirmasiRow,
  type DashboardKonfirmasiSummary,
  KATEGORI_NONASN,
  type KategoriNonAsn,
} from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { escapeLike, nameWords } from '../shared/list-sql.js';
import { counted, type NonAsnScope, viewInstansi } from './queries.js';

const KATEGORI_ORDER = sql`array_position(${sql.val([...KATEGORI_NONASN])}::text[], kategori)`;

interface ProgressColumns {
  total: string | number;
  dikonfirmasi: string | number;
  tidak_diusulkan: string | number;
}

function progress(row: ProgressColumns) {
  const total = Number(row.total);
  const dikonfirmasi = Number(row.dikonfirmasi);
  const tidakDiusulkan = Number(row.tidak_diusulkan);
  const answered = dikonfirmasi + tidakDiusulkan;
  return {
    total,
    dikonfirmasi,
    tidakDiusulkan,
    belum: total - answered,
    persen: total === 0 ? 0 : Math.round((answered / total) * 1000) / 10,
  };
}

const SUMS = sql`
  sum(jumlah) AS total,
  coalesce(sum(jumlah) FILTER (WHERE status_konfirmasi = 'DIKONFIRMASI'), 0) AS dikonfirmasi,
  coalesce(sum(jumlah) FILTER (WHERE status_konfirmasi = 'TIDAK_DIUSULKAN'), 0) AS tidak_diusulkan
`;

export async function dashboardKonfirmasi(
  db: Kysely<DB>,
  scope: NonAsnScope,
  request: DashboardKonfirmasiRequest,
): Promise<DashboardKonfirmasiResponse> {
  const { filter, paginator, sorting, searchTerm } = request;
  const instansi = viewInstansi(scope, filter);
  if (instansi === false) return { data: [], recordsTotal: 0, summaries: [] };
  const term = searchTerm.trim();
  // A search narrows the instansi by name or code (a small table).
  const matching = term
    ? sql`AND instansi_id IN (SELECT id FROM instansi WHERE portal_normalise(nama) LIKE ${`%${escapeLike(nameWords(term).join(' '))}%`} OR kode = ${term})`
    : sql``;
  const direction = sql.raw(sorting.direction === 'desc' ? 'DESC' : 'ASC');
  const order = {
    instansi: sql`i.nama ${direction}, ${KATEGORI_ORDER}`,
    kategori: sql`${KATEGORI_ORDER} ${direction}, i.nama`,
    total: sql`g.total ${direction}, i.nama, ${KATEGORI_ORDER}`,
    persen: sql`(g.dikonfirmasi + g.tidak_diusulkan)::numeric / nullif(g.total, 0) ${direction} NULLS LAST, i.nama, ${KATEGORI_ORDER}`,
  }[sorting.column];
  // One statement, one round trip: the page of groups, their number, and the view's totals.
  const offset = (paginator.page - 1) * paginator.pageSize;
  const { rows } = await sql<{
    baris: string | number;
    halaman: (ProgressColumns & { instansi_id: number; kategori: KategoriNonAsn; kode: string; nama: string })[];
    totals: (ProgressColumns & { kategori: KategoriNonAsn | null })[];
  }>`
    WITH c AS MATERIALIZED (
      SELECT * FROM (${counted(instansi, filter.kategori)}) c WHERE true ${matching}
    ),
    g AS (SELECT instansi_id, kategori, ${SUMS} FROM c GROUP BY instansi_id, kategori HAVING sum(jumlah) > 0),
    p AS (
      SELECT g.*, i.kode, i.nama, row_number() OVER (ORDER BY ${order}) AS urut
      FROM g JOIN instansi i ON i.id = g.instansi_id
    )
    SELECT
      (SELECT count(*) FROM g) AS baris,
      (SELECT coalesce(json_agg(p ORDER BY urut), '[]') FROM p
        WHERE urut > ${offset} AND urut <= ${offset + paginator.pageSize}) AS halaman,
      (SELECT coalesce(json_agg(t), '[]') FROM (
        SELECT kategori, ${SUMS} FROM c GROUP BY ROLLUP (kategori) HAVING sum(jumlah) > 0
      ) t) AS totals
  `.execute(db);
  const answer = rows[0];
  const recordsTotal = Number(answer?.baris ?? 0);
  const page = { rows: answer?.halaman ?? [] };
  const totals = { rows: answer?.totals ?? [] };
  const data: DashboardKonfirmasiRow[] = page.rows.map((row) => ({
    id: `${row.instansi_id}-${row.kategori}`,
    instansi: { id: row.instansi_id, kode: row.kode, nama: row.nama },
    kategori: row.kategori,
    ...progress(row),
  }));
  const summaries: DashboardKonfirmasiSummary[] = totals.rows
    .map((row) => ({ kategori: row.kategori, ...progress(row) }))
    .sort(
      (a, b) =>
        (a.kategori === null ? -1 : KATEGORI_NONASN.indexOf(a.kategori)) -
        (b.kategori === null ? -1 : KATEGORI_NONASN.indexOf(b.kategori)),
    );
  if (summaries[0]?.kategori !== null) {
    summaries.unshift({ kategori: null, total: 0, dikonfirmasi: 0, tidakDiusulkan: 0, belum: 0, persen: 0 });
  }
  return { data, recordsTotal, summaries };
}
