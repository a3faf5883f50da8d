// Score objections (DOMAIN.md "Sanggah nilai"), the reading side: who answers which, the list and
// one objection with the objector in full and the scores of the applicant concerned. The answer
// and the approval are in service.ts.

import {
  isKomponenSkd,
  type KomponenNilai,
  namaLengkap,
  type Principal,
  type SanggahNilaiDetail,
  type SanggahNilaiListRequest,
  type SanggahNilaiRow,
  STATUS_SANGGAH_NILAI,
  TRACKS,
  type TrackId,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { pelamarDetail } from '../pelamar/detail.js';
import type { ListScope } from '../pelamar/queries.js';
import * as listSql from '../shared/list-sql.js';
import { sortedPage, statusPage } from '../shared/status-summary.js';

export const NOT_FOUND = 'Data sanggah nilai tidak ditemukan.';
const notFound = () => new AppError(404, 'NOT_FOUND', NOT_FOUND);

export interface SanggahNilaiScope extends ListScope {
  /** The components whose objections the caller answers on this track (docs/decisions.md). */
  jawabKomponen: readonly KomponenNilai[];
  /** Wasdal approves accepted objections, nationally. */
  bolehSetujui: boolean;
}

/** Who answers an objection about this component on this track, for a refusal's message. */
export function penjawabOf(track: TrackId, komponen: KomponenNilai): string {
  if (isKomponenSkd(komponen)) return 'penjawab sanggah nilai SKD BKN';
  if (track === 'pppk-guru') return 'wasdal BKN';
  return `supervisor ${TRACKS[track].title} instansi pelamar`;
}

/** A score as numeric(6,2) prints it ("85.00"), whatever the driver returns. */
export const angka = (value: string | number | null): string | null =>
  value === null ? null : Number(value).toFixed(2);

/** Objections joined to their objector (p) and the other applicant concerned, if any (q). */
const sanggahNilaiPelamar = (db: Kysely<DB> | Transaction<DB>) =>
  db
    .selectFrom('sanggah_nilai as s')
    .innerJoin('pelamar as p', 'p.id', 's.pelamar_id')
    .leftJoin('pelamar as q', 'q.id', 's.pelamar_terkait_id');
type Query = ReturnType<typeof sanggahNilaiPelamar>;

const SORT: Record<SanggahNilaiListRequest['sorting']['column'], string> = {
  ...listSql.smallListSort('s'),
  komponen: 's.komponen',
  dijawabAt: 's.dijawab_at',
};

/** The list's rows before the status filter (the summaries count every status of the view). */
function view(db: Kysely<DB>, scope: SanggahNilaiScope, request: SanggahNilaiListRequest): Query {
  const { filter } = request;
  let query = listSql.smallListFilters(sanggahNilaiPelamar(db), 's', scope, request);
  if (filter.komponen) query = query.where('s.komponen', '=', filter.komponen);
  if (filter.terkait !== undefined) {
    query = query.where('s.pelamar_terkait_id', filter.terkait ? 'is not' : 'is', null);
  }
  return query;
}

function rowColumns(query: Query) {
  return query
    .innerJoin('formasi as f', 'f.id', 'p.formasi_id')
    .innerJoin('instansi as i', 'i.id', 's.instansi_id')
    .leftJoin('app_user as j', 'j.id', 's.dijawab_oleh')
    .select([
      ...listSql.SANGGAH_KOLOM,
      's.komponen',
      's.pelamar_terkait_id',
      'q.nama as terkait_nama',
      'q.gelar_depan as terkait_gelar_depan',
      'q.gelar_belakang as terkait_gelar_belakang',
      'q.no_peserta as terkait_no_peserta',
      's.nilai_saat_diajukan',
      's.nilai_usulan',
      listSql.momentText('s.disetujui_at').as('disetujui_at'),
    ]);
}

type RowColumns = Awaited<ReturnType<ReturnType<typeof rowColumns>['execute']>>[number];

/** The other applicant's name with their titles (issue #32), or null when it is about one's own score. */
const terkaitNama = (row: RowColumns) =>
  row.terkait_nama === null
    ? null
    : namaLengkap({
        gelarDepan: row.terkait_gelar_depan,
        nama: row.terkait_nama,
        gelarBelakang: row.terkait_gelar_belakang,
      });

function toRow(row: RowColumns, scope: SanggahNilaiScope): SanggahNilaiRow {
  return {
    ...listSql.pelamarFields(row, scope),
    instansi: listSql.instansiOf(row),
    komponen: row.komponen,
    terkait:
      row.pelamar_terkait_id === null
        ? null
        : {
            id: Number(row.pelamar_terkait_id),
            nama: terkaitNama(row) ?? '',
            noPeserta: row.terkait_no_peserta ?? '',
          },
    nilaiSaatDiajukan: angka(row.nilai_saat_diajukan) ?? '',
    nilaiUsulan: angka(row.nilai_usulan),
    status: row.status,
    diajukanAt: row.diajukan_at ?? '',
    dijawabAt: row.dijawab_at,
    penjawabNama: row.penjawab_nama,
    disetujuiAt: row.disetujui_at,
  };
}

/** One page of score objections and the counts per status of the view. */
export async function listSanggahNilai(db: Kysely<DB>, scope: SanggahNilaiScope, request: SanggahNilaiListRequest) {
  const { rows, ...summary } = await statusPage(
    view(db, scope, request),
    's.status',
    STATUS_SANGGAH_NILAI,
    request.filter.status,
    (filtered) => sortedPage(rowColumns(filtered), SORT[request.sorting.column], 's.id', request).execute(),
  );
  return { data: rows.map((row) => toRow(row, scope)), ...summary };
}

/** The objection `id` if it is inside the caller's scope (another instansi's is "not found"). */
export const inScope = (scope: SanggahNilaiScope, id: number) => listSql.inScope('s', id, scope);

/** One objection, the objector in full (with the trail) and every score of the applicant concerned. */
export async function sanggahNilaiDetail(
  db: Kysely<DB>,
  scope: SanggahNilaiScope,
  id: number,
  principal: Principal,
): Promise<SanggahNilaiDetail> {
  const row = await rowColumns(sanggahNilaiPelamar(db))
    .where(inScope(scope, id))
    .leftJoin('app_user as a', 'a.id', 's.disetujui_oleh')
    .select([
      's.version',
      's.argumen',
      's.jawaban_alasan',
      's.dijawab_oleh',
      's.persetujuan_alasan',
      'a.fullname as penyetuju_nama',
      's.nilai_lama',
      's.nilai_baru',
    ])
    .executeTakeFirst();
  if (!row) throw notFound();
  const pelamar = await pelamarDetail(db, scope, Number(row.pelamar_id), principal, true);
  const dinilaiId = row.pelamar_terkait_id === null ? Number(row.pelamar_id) : Number(row.pelamar_terkait_id);
  const nilai =
    row.pelamar_terkait_id === null
      ? pelamar.nilai
      : await db
          .selectFrom('nilai')
          .where('pelamar_id', '=', dinilaiId)
          .select(['komponen', 'nilai'])
          .orderBy('komponen')
          .execute()
          .then((rows) => rows.map((n) => ({ komponen: n.komponen, nilai: String(n.nilai) })));
  return {
    ...toRow(row, scope),
    version: row.version,
    argumen: row.argumen,
    jawabanAlasan: row.jawaban_alasan,
    persetujuanAlasan: row.persetujuan_alasan,
    penyetujuNama: row.penyetuju_nama,
    nilaiLama: angka(row.nilai_lama),
    nilaiBaru: angka(row.nilai_baru),
    pelamar,
    dinilai: {
      pelamarId: dinilaiId,
      nama:
        terkaitNama(row) ??
        namaLengkap({ gelarDepan: row.gelar_depan, nama: row.nama, gelarBelakang: row.gelar_belakang }),
      noPeserta: row.terkait_no_peserta ?? row.no_peserta,
      nilai: nilai.map((n) => ({ komponen: n.komponen as KomponenNilai, nilai: angka(n.nilai) ?? '' })),
    },
    bolehJawab: row.status === 'DIAJUKAN' && scope.jawabKomponen.includes(row.komponen),
    bolehSetujui: row.status === 'MENUNGGU_PERSETUJUAN' && scope.bolehSetujui && row.dijawab_oleh !== scope.userId,
  };
}
