// Objections (issue #5, DOMAIN.md "Sanggah"): the list, the detail, the supervisor's answer, wasdal's
// check and the Nakes admin's reset. Every change is one transaction that locks the objection's
// row, checks the state it finds (so a refusal names the real reason), writes the change with the
// version bumped and appends the audit events to the applicant's trail; an accepted objection
// turns the applicant's TMS into MS in the same transaction (and a reset turns it back).

import {
  type ButirSanggah,
  type CekSanggahBody,
  type JawabSanggah,
  maskNik,
  type Principal,
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
import { AppError } from '../../errors.js';
import { type Actor, auditPelamar, type Change } from '../audit/audit.js';
import { checkWindow, requireWindow, windowColumns } from '../jadwal/window.js';
import { pelamarDetail } from '../pelamar/detail.js';
import { type ListScope, momentText, nameWords } from '../pelamar/queries.js';

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

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The list's rows before the status filter (the summaries count every status of the view). */
function view(db: Kysely<DB>, list: SanggahList, scope: SanggahScope, request: SanggahListRequest): Query {
  const { filter, searchTerm } = request;
  let query = sanggahPelamar(db).where('s.track', '=', scope.track);
  const instansiId = scope.instansiId ?? filter.instansiId;
  if (instansiId !== undefined) query = query.where('s.instansi_id', '=', instansiId);
  if (list === 'reset') query = query.where('s.status', '<>', 'DIAJUKAN');
  if (filter.cek === 'BELUM') query = query.where('s.status', '<>', 'DIAJUKAN').where('s.cek_status', 'is', null);
  else if (filter.cek) query = query.where('s.cek_status', '=', filter.cek);
  if (filter.diajukanDari) {
    query = query.where(
      sql<boolean>`s.diajukan_at >= (${filter.diajukanDari}::date::timestamp AT TIME ZONE 'Asia/Jakarta')`,
    );
  }
  if (filter.diajukanSampai) {
    query = query.where(
      sql<boolean>`s.diajukan_at < ((${filter.diajukanSampai}::date + 1)::timestamp AT TIME ZONE 'Asia/Jakarta')`,
    );
  }
  const term = searchTerm.trim();
  if (/^\d+$/.test(term)) {
    query = query.where((eb) =>
      eb.or([eb('p.nik', 'like', `${escapeLike(term)}%`), eb('p.no_peserta', 'like', `${escapeLike(term)}%`)]),
    );
  } else if (term) {
    // Every typed word starts one of the name's words (objections are few: no token index needed).
    for (const word of nameWords(term)) {
      query = query.where(sql<boolean>`p.nama_cari ~ ${`(^|[^a-z0-9])${word.replace(/[^a-z0-9]/g, '')}`}`);
    }
  }
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
  return sql<boolean>`s.id = ${sanggahId} AND s.track = ${scope.track} ${instansi} ${answered}`;
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
      momentText('s.cek_at').as('cek_at'),
    ])
    .executeTakeFirst();
  if (!row) throw notFound();
  const pelamar = await pelamarDetail(db, scope, Number(row.pelamar_id), principal, true);
  const status = row.status;
  return {
    ...toRow(row, scope),
    version: row.version,
    butir: row.butir as ButirSanggah[],
    mengubahStatus: row.mengubah_status,
    cekCatatan: row.cek_catatan,
    cekOlehNama: row.cek_oleh_nama,
    cekAt: row.cek_at,
    pelamar,
    bolehJawab: list === 'jawab' && scope.bolehJawab && status === 'DIAJUKAN',
    bolehCek: list === 'jawab' && scope.bolehCek && status !== 'DIAJUKAN',
    bolehReset: list === 'reset' && scope.bolehReset && status !== 'DIAJUKAN',
  };
}

/** The objection's row inside the scope, locked, with the answer window read alongside. */
async function lockSanggah(trx: Transaction<DB>, scope: SanggahScope, sanggahId: number) {
  const row = await sanggahPelamar(trx)
    .where(inScope(scope, 'jawab', sanggahId))
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
      ...windowColumns(scope.track, 'JAWAB_SANGGAH'),
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

/**
 * The supervisor's answer to every item. DITERIMA when every item is accepted; the applicant
 * becomes MS when the accepted items cover every reason of the TMS (DOMAIN.md).
 */
export async function jawabSanggah(
  db: Kysely<DB>,
  scope: SanggahScope,
  actor: Actor,
  sanggahId: number,
  body: JawabSanggah,
): Promise<{ version: number; status: StatusSanggah; mengubahStatus: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await lockSanggah(trx, scope, sanggahId);
    checkWindow(row, scope.track, 'JAWAB_SANGGAH');
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
    const covered = new Set(answered.map((item) => item.alasanTms));
    const clearsAll = (row.alasan_tms ?? []).every((alasan) => covered.has(alasan as ButirSanggah['alasanTms']));
    const mengubahStatus =
      status === 'DITERIMA' &&
      clearsAll &&
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
        from: item.alasanTms,
        to: item.jawaban,
        reason: item.alasanJawaban,
        details: { sanggahId },
      })),
      { action: 'JAWAB_SANGGAH', from: 'DIAJUKAN', to: status, details: { sanggahId, mengubahStatus } },
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
  return db.transaction().execute(async (trx) => {
    const row = await lockSanggah(trx, scope, sanggahId);
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
  const results: UpdateStatusResult = [];
  for (const id of [...new Set(ids)]) {
    try {
      await db.transaction().execute(async (trx) => {
        const row = await lockSanggah(trx, scope, id);
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
      });
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, error: error.code, message: error.message });
    }
  }
  return results;
}
