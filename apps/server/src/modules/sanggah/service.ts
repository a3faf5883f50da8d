// Objections (issue #5, DOMAIN.md "Sanggah", "Afirmasi"), against a TMS or against the checker's
// affirmation decisions (sanggah afirmasi), one machinery for both: the list, the detail, the
// supervisor's answer, wasdal's check and the Nakes admin's reset. Every change is one transaction that locks the objection's
// row, checks the state it finds (so a refusal names the real reason), writes the change with the
// version bumped and appends the audit events to the applicant's trail; an accepted objection
// turns the applicant's TMS into MS in the same transaction (and a reset turns it back).

import {
  type ButirSanggah,
  type CekSanggahBody,
  isAfirmasiTrack,
  type JawabSanggah,
  maskNik,
  type Principal,
  SANGGAH_LISTS,
  type SanggahDetail,
  type SanggahList,
  type SanggahListRequest,
  type SanggahRow,
  STATUS_SANGGAH,
  type StatusSanggah,
  type TrackId,
  type UpdateStatusResult,
} from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { eachInTransaction, transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { klaimAfirmasi, terimaSanggahAfirmasi } from '../afirmasi/service.js';
import { type Actor, auditPelamar, type Change } from '../audit/audit.js';
import { checkWindow, requireWindow, windowColumns } from '../jadwal/window.js';
import { pelamarDetail } from '../pelamar/detail.js';
import { hariJakarta, type ListScope, momentText, pelamarSearch } from '../pelamar/queries.js';

const conflict = (code: string, message: string) => new AppError(409, code, message);
const notFound = () => new AppError(404, 'NOT_FOUND', 'Data sanggah tidak ditemukan.');

export interface SanggahScope extends ListScope {
  /** What the caller may do: answer (the track's supervisor), check (wasdal), reset (Nakes admin). */
  bolehJawab: boolean;
  bolehCek: boolean;
  bolehReset: boolean;
}

/** Objections joined to their applicants (aliases s and p). */
const sanggahPelamar = (db: Kysely<DB> | Transaction<DB>) =>
  db.selectFrom('sanggah as s').innerJoin('pelamar as p', 'p.id', 's.pelamar_id');
type Query = ReturnType<typeof sanggahPelamar>;

const SORT: Record<SanggahListRequest['sorting']['column'], string> = {
  id: 's.id',
  nama: 'p.nama_cari',
  diajukanAt: 's.diajukan_at',
  dijawabAt: 's.dijawab_at',
};

/** The list's rows before the status filter (the summaries count every status of the view). */
function view(db: Kysely<DB>, list: SanggahList, scope: SanggahScope, request: SanggahListRequest): Query {
  const { filter, searchTerm } = request;
  let query = sanggahPelamar(db).where('s.track', '=', scope.track).where('s.jenis', '=', SANGGAH_LISTS[list].jenis);
  const instansiId = scope.instansiId ?? filter.instansiId;
  if (instansiId !== undefined) query = query.where('s.instansi_id', '=', instansiId);
  if (list === 'reset') query = query.where('s.status', '<>', 'DIAJUKAN');
  if (filter.cek === 'BELUM') query = query.where('s.status', '<>', 'DIAJUKAN').where('s.cek_status', 'is', null);
  else if (filter.cek) query = query.where('s.cek_status', '=', filter.cek);
  const diajukan = hariJakarta('s.diajukan_at', filter.diajukanDari, filter.diajukanSampai);
  if (diajukan) query = query.where(diajukan);
  const search = pelamarSearch(searchTerm);
  if (search) query = query.where(search);
  return query;
}

function rowColumns(query: Query) {
  return query
    .innerJoin('formasi as f', 'f.id', 'p.formasi_id')
    .innerJoin('instansi as i', 'i.id', 's.instansi_id')
    .leftJoin('app_user as j', 'j.id', 's.dijawab_oleh')
    .select([
      's.id',
      's.pelamar_id',
      'p.no_peserta',
      'p.nik',
      'p.nama',
      'f.jabatan_nama',
      'i.id as instansi_id',
      'i.kode as instansi_kode',
      'i.nama as instansi_nama',
      's.status',
      sql<number>`jsonb_array_length(s.butir)`.as('jumlah_butir'),
      momentText('s.diajukan_at').as('diajukan_at'),
      momentText('s.dijawab_at').as('dijawab_at'),
      'j.fullname as penjawab_nama',
      's.cek_status',
    ]);
}

type RowColumns = Awaited<ReturnType<ReturnType<typeof rowColumns>['execute']>>[number];

function toRow(row: RowColumns, scope: SanggahScope): SanggahRow {
  return {
    id: Number(row.id),
    pelamarId: Number(row.pelamar_id),
    noPeserta: row.no_peserta,
    nik: scope.maskNik ? maskNik(row.nik) : row.nik,
    nama: row.nama,
    jabatanNama: row.jabatan_nama,
    instansi: { id: row.instansi_id, kode: row.instansi_kode, nama: row.instansi_nama },
    status: row.status,
    jumlahButir: Number(row.jumlah_butir),
    diajukanAt: row.diajukan_at ?? '',
    dijawabAt: row.dijawab_at,
    penjawabNama: row.penjawab_nama,
    cek: row.cek_status,
  };
}

/** One page of objections: the page's ids in order, then their rows; counts per status. */
export async function listSanggah(db: Kysely<DB>, list: SanggahList, scope: SanggahScope, request: SanggahListRequest) {
  const { filter, paginator, sorting } = request;
  const base = view(db, list, scope, request);
  const filtered = filter.status ? base.where('s.status', '=', filter.status) : base;
  const [page, counts] = await Promise.all([
    rowColumns(filtered)
      .orderBy(sql.ref(SORT[sorting.column]), sorting.direction)
      .orderBy('s.id', sorting.direction)
      .limit(paginator.pageSize)
      .offset((paginator.page - 1) * paginator.pageSize)
      .execute(),
    base
      .select(['s.status', (eb) => eb.fn.countAll<string>().as('jumlah')])
      .groupBy('s.status')
      .execute(),
  ]);
  const byStatus = new Map(counts.map((row) => [row.status as StatusSanggah, Number(row.jumlah)]));
  const statuses = STATUS_SANGGAH.filter((status) => list !== 'reset' || status !== 'DIAJUKAN');
  return {
    data: page.map((row) => toRow(row, scope)),
    recordsTotal: statuses
      .filter((status) => !filter.status || status === filter.status)
      .reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0),
    summaries: statuses.map((status) => ({ status, jumlah: byStatus.get(status) ?? 0 })),
  };
}

function inScope(scope: SanggahScope, list: SanggahList, sanggahId: number) {
  const instansi = scope.instansiId === null ? sql`` : sql`AND s.instansi_id = ${scope.instansiId}`;
  const answered = list === 'reset' ? sql`AND s.status <> 'DIAJUKAN'` : sql``;
  const jenis = SANGGAH_LISTS[list].jenis;
  return sql<boolean>`s.id = ${sanggahId} AND s.track = ${scope.track} AND s.jenis = ${jenis} ${instansi} ${answered}`;
}

/** The stage whose window an answer needs. */
const TAHAP_JAWAB = { ADMINISTRASI: 'JAWAB_SANGGAH', AFIRMASI: 'JAWAB_SANGGAH_AFIRMASI' } as const;

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
      momentText('s.cek_at').as('cek_at'),
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

/** The objection's row inside the scope, locked, with the answer window read alongside. */
async function lockSanggah(trx: Transaction<DB>, scope: SanggahScope, list: SanggahList, sanggahId: number) {
  const row = await sanggahPelamar(trx)
    .where(inScope(scope, list === 'reset' ? 'jawab' : list, sanggahId))
    .select([
      's.id',
      's.pelamar_id',
      's.instansi_id',
      's.status',
      's.version',
      's.butir',
      's.mengubah_status',
      's.cek_status',
      'p.status_verifikasi',
      'p.alasan_tms',
      ...windowColumns(scope.track, TAHAP_JAWAB[SANGGAH_LISTS[list].jenis]),
    ])
    .forUpdate('s')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Sets the applicant's verification (TMS ↔ MS by an objection's answer or its reset). */
async function ubahStatusPelamar(
  trx: Transaction<DB>,
  actor: Actor,
  row: { pelamar_id: number | string; instansi_id: number },
  track: TrackId,
  from: 'TMS' | 'MS',
  to: 'TMS' | 'MS',
  change: Change,
) {
  const updated = await trx
    .updateTable('pelamar')
    .set({ status_verifikasi: to, version: sql`version + 1` })
    .where('id', '=', Number(row.pelamar_id))
    .where('status_verifikasi', '=', from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await auditPelamar(trx, actor, Number(row.pelamar_id), [{ ...change, from, to }], {
    instansiId: row.instansi_id,
    track,
    from,
    to,
  });
  return true;
}

/** An accepted objection against a TMS makes MS only when its items cover every reason. */
function clearsEveryReason(answered: ButirSanggah[], alasanTms: string[] | null): boolean {
  const covered = new Set<string | undefined>(answered.map((item) => item.alasanTms));
  return (alasanTms ?? []).every((alasan) => covered.has(alasan));
}

/**
 * The supervisor's answer to every item. DITERIMA when every item is accepted. Against a TMS, the
 * applicant becomes MS when the accepted items cover every reason of the TMS (DOMAIN.md); against
 * the checker (AFIRMASI), every accepted item's claim becomes VALID and the score follows.
 */
export async function jawabSanggah(
  db: Kysely<DB>,
  scope: SanggahScope,
  list: 'jawab' | 'afirmasi',
  actor: Actor,
  sanggahId: number,
  body: JawabSanggah,
): Promise<{ version: number; status: StatusSanggah; mengubahStatus: boolean }> {
  const jenis = SANGGAH_LISTS[list].jenis;
  return transaction(db, async (trx) => {
    const row = await lockSanggah(trx, scope, list, sanggahId);
    checkWindow(row, scope.track, TAHAP_JAWAB[jenis]);
    if (row.status !== 'DIAJUKAN') throw conflict('SUDAH_DIJAWAB', 'Sanggah ini sudah dijawab.');
    if (row.version !== body.version) {
      throw conflict(
        'KONFLIK_VERSI',
        'Sanggah ini telah diubah oleh pengguna lain. Muat ulang untuk melihat perubahan.',
      );
    }
    const butir = row.butir as ButirSanggah[];
    if (body.butir.length !== butir.length) {
      throw new AppError(400, 'VALIDATION_ERROR', `Setiap butir sanggah harus dijawab (${butir.length} butir).`);
    }
    const answered = butir.map((item, index) => {
      const answer = body.butir[index] as JawabSanggah['butir'][number];
      return { ...item, jawaban: answer.jawaban, alasanJawaban: answer.alasan };
    });
    const status: StatusSanggah = answered.every((item) => item.jawaban === 'DITERIMA') ? 'DITERIMA' : 'DITOLAK';
    const mengubahStatus =
      jenis === 'AFIRMASI'
        ? isAfirmasiTrack(scope.track) &&
          (await terimaSanggahAfirmasi(
            trx,
            actor,
            { id: Number(row.pelamar_id), instansiId: row.instansi_id, track: scope.track },
            answered.flatMap((item) => (item.jawaban === 'DITERIMA' && item.afirmasiId ? [item.afirmasiId] : [])),
            sanggahId,
          ))
        : status === 'DITERIMA' &&
          clearsEveryReason(answered, row.alasan_tms) &&
          row.status_verifikasi === 'TMS' &&
          (await ubahStatusPelamar(trx, actor, row, scope.track, 'TMS', 'MS', {
            action: 'SANGGAH_DITERIMA',
            reason: 'Sanggah diterima',
            details: { sanggahId },
          }));
    const updated = await trx
      .updateTable('sanggah')
      .set({
        butir: JSON.stringify(answered),
        status,
        dijawab_oleh: actor.id,
        dijawab_at: sql`now()`,
        mengubah_status: mengubahStatus,
        version: sql`version + 1`,
      })
      .where('id', '=', sanggahId)
      .returning('version')
      .executeTakeFirstOrThrow();
    await auditPelamar(trx, actor, Number(row.pelamar_id), [
      ...answered.map((item) => ({
        action: 'JAWAB_BUTIR_SANGGAH',
        from: item.alasanTms ?? null,
        to: item.jawaban,
        reason: item.alasanJawaban,
        details: { sanggahId, jenis, ...(item.afirmasiId ? { afirmasiId: item.afirmasiId } : {}) },
      })),
      { action: 'JAWAB_SANGGAH', from: 'DIAJUKAN', to: status, details: { sanggahId, jenis, mengubahStatus } },
    ]);
    return { version: updated.version, status, mengubahStatus };
  });
}

/** Wasdal's check of an answer: checked, or flagged with a note (again later if need be). */
export async function cekSanggah(
  db: Kysely<DB>,
  scope: SanggahScope,
  actor: Actor,
  sanggahId: number,
  body: CekSanggahBody,
): Promise<{ version: number }> {
  return transaction(db, async (trx) => {
    const row = await lockSanggah(trx, scope, 'jawab', sanggahId);
    if (row.status === 'DIAJUKAN')
      throw conflict('BELUM_DIJAWAB', 'Sanggah ini belum dijawab; belum ada yang diperiksa.');
    if (row.version !== body.version) {
      throw conflict(
        'KONFLIK_VERSI',
        'Sanggah ini telah diubah oleh pengguna lain. Muat ulang untuk melihat perubahan.',
      );
    }
    const updated = await trx
      .updateTable('sanggah')
      .set({
        cek_status: body.status,
        cek_catatan: body.catatan,
        cek_oleh: actor.id,
        cek_at: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', sanggahId)
      .returning('version')
      .executeTakeFirstOrThrow();
    await auditPelamar(trx, actor, Number(row.pelamar_id), [
      {
        action: 'CEK_JAWABAN_SANGGAH',
        from: row.cek_status,
        to: body.status,
        reason: body.catatan,
        details: { sanggahId },
      },
    ]);
    return { version: updated.version };
  });
}

/**
 * Reopens answered objections (the Nakes admin): back to DIAJUKAN with the answers cleared – the
 * old answer goes into the audit event – and an applicant made MS by it back to TMS. One
 * transaction per objection, so one refusal does not undo the others.
 */
export async function resetSanggah(
  db: Kysely<DB>,
  scope: SanggahScope,
  actor: Actor,
  ids: number[],
  alasan: string,
): Promise<UpdateStatusResult> {
  await requireWindow(db, scope.track, 'JAWAB_SANGGAH');
  return eachInTransaction(db, ids, async (trx, id) => {
    const row = await lockSanggah(trx, scope, 'reset', id);
    if (row.status === 'DIAJUKAN') throw conflict('BELUM_DIJAWAB', 'Sanggah ini belum dijawab.');
    const butir = row.butir as ButirSanggah[];
    if (row.mengubah_status) {
      await ubahStatusPelamar(trx, actor, row, scope.track, 'MS', 'TMS', {
        action: 'RESET_SANGGAH',
        reason: alasan,
        details: { sanggahId: id },
      });
    }
    await trx
      .updateTable('sanggah')
      .set({
        butir: JSON.stringify(butir.map((item) => ({ ...item, jawaban: null, alasanJawaban: null }))),
        status: 'DIAJUKAN',
        dijawab_oleh: null,
        dijawab_at: null,
        mengubah_status: false,
        cek_status: null,
        cek_catatan: null,
        cek_oleh: null,
        cek_at: null,
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .execute();
    await auditPelamar(trx, actor, Number(row.pelamar_id), [
      {
        action: 'RESET_JAWABAN_SANGGAH',
        from: row.status,
        to: 'DIAJUKAN',
        reason: alasan,
        details: { sanggahId: id, jawabanLama: butir, cekLama: row.cek_status },
      },
    ]);
    return {};
  });
}
