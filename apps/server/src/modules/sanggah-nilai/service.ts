// Score objections (DOMAIN.md "Sanggah nilai"): the list, the detail, the answer and wasdal's
// national approval. Every change is one transaction that locks the objection's row (the answer
// window read alongside), checks the state it finds, writes the change with the version bumped
// and appends the audit events to the objector's trail and, for an objection about another
// applicant, to that applicant's too; an approval corrects the score under a lock on its row.

import {
  isKomponenSkd,
  type JawabSanggahNilai,
  type KomponenNilai,
  maskNik,
  NILAI_MAKS,
  type PersetujuanSanggahNilai,
  type Principal,
  type SanggahNilaiDetail,
  type SanggahNilaiListRequest,
  type SanggahNilaiRow,
  STATUS_SANGGAH_NILAI,
  type StatusSanggahNilai,
  TRACKS,
  type TrackId,
} from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { AppError, forbidden } from '../../errors.js';
import { type Actor, auditPelamar, type Change } from '../audit/audit.js';
import { checkWindow, windowColumns } from '../jadwal/window.js';
import { pelamarDetail } from '../pelamar/detail.js';
import { hariJakarta, type ListScope, momentText, pelamarSearch } from '../pelamar/queries.js';

const conflict = (code: string, message: string) => new AppError(409, code, message);
const notFound = () => new AppError(404, 'NOT_FOUND', 'Data sanggah nilai tidak ditemukan.');
const konflikVersi = () =>
  conflict('KONFLIK_VERSI', 'Sanggah nilai ini telah diubah oleh pengguna lain. Muat ulang untuk melihat perubahan.');

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
const angka = (value: string | number | null): string | null => (value === null ? null : Number(value).toFixed(2));

/** Objections joined to their objector (p) and the other applicant concerned, if any (q). */
const sanggahNilaiPelamar = (db: Kysely<DB> | Transaction<DB>) =>
  db
    .selectFrom('sanggah_nilai as s')
    .innerJoin('pelamar as p', 'p.id', 's.pelamar_id')
    .leftJoin('pelamar as q', 'q.id', 's.pelamar_terkait_id');
type Query = ReturnType<typeof sanggahNilaiPelamar>;

const SORT: Record<SanggahNilaiListRequest['sorting']['column'], string> = {
  id: 's.id',
  nama: 'p.nama_cari',
  komponen: 's.komponen',
  diajukanAt: 's.diajukan_at',
  dijawabAt: 's.dijawab_at',
};

/** The list's rows before the status filter (the summaries count every status of the view). */
function view(db: Kysely<DB>, scope: SanggahNilaiScope, request: SanggahNilaiListRequest): Query {
  const { filter, searchTerm } = request;
  let query = sanggahNilaiPelamar(db).where('s.track', '=', scope.track);
  const instansiId = scope.instansiId ?? filter.instansiId;
  if (instansiId !== undefined) query = query.where('s.instansi_id', '=', instansiId);
  if (filter.komponen) query = query.where('s.komponen', '=', filter.komponen);
  if (filter.terkait !== undefined) {
    query = query.where('s.pelamar_terkait_id', filter.terkait ? 'is not' : 'is', null);
  }
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
      's.komponen',
      's.pelamar_terkait_id',
      'q.nama as terkait_nama',
      'q.no_peserta as terkait_no_peserta',
      's.nilai_saat_diajukan',
      's.nilai_usulan',
      's.status',
      momentText('s.diajukan_at').as('diajukan_at'),
      momentText('s.dijawab_at').as('dijawab_at'),
      'j.fullname as penjawab_nama',
      momentText('s.disetujui_at').as('disetujui_at'),
    ]);
}

type RowColumns = Awaited<ReturnType<ReturnType<typeof rowColumns>['execute']>>[number];

function toRow(row: RowColumns, scope: SanggahNilaiScope): SanggahNilaiRow {
  return {
    id: Number(row.id),
    pelamarId: Number(row.pelamar_id),
    noPeserta: row.no_peserta,
    nik: scope.maskNik ? maskNik(row.nik) : row.nik,
    nama: row.nama,
    jabatanNama: row.jabatan_nama,
    instansi: { id: row.instansi_id, kode: row.instansi_kode, nama: row.instansi_nama },
    komponen: row.komponen,
    terkait:
      row.pelamar_terkait_id === null
        ? null
        : {
            id: Number(row.pelamar_terkait_id),
            nama: row.terkait_nama ?? '',
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

/** One page of score objections: the page's rows in order; counts per status of the view. */
export async function listSanggahNilai(db: Kysely<DB>, scope: SanggahNilaiScope, request: SanggahNilaiListRequest) {
  const { filter, paginator, sorting } = request;
  const base = view(db, scope, request);
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
  const byStatus = new Map(counts.map((row) => [row.status as StatusSanggahNilai, Number(row.jumlah)]));
  return {
    data: page.map((row) => toRow(row, scope)),
    recordsTotal: STATUS_SANGGAH_NILAI.filter((status) => !filter.status || status === filter.status).reduce(
      (sum, status) => sum + (byStatus.get(status) ?? 0),
      0,
    ),
    summaries: STATUS_SANGGAH_NILAI.map((status) => ({ status, jumlah: byStatus.get(status) ?? 0 })),
  };
}

/** The instansi that have objections on the track, inside the scope (the national roles' filter). */
function inScope(scope: SanggahNilaiScope, id: number) {
  const instansi = scope.instansiId === null ? sql`` : sql`AND s.instansi_id = ${scope.instansiId}`;
  return sql<boolean>`s.id = ${id} AND s.track = ${scope.track} ${instansi}`;
}

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
      nama: row.terkait_nama ?? row.nama,
      noPeserta: row.terkait_no_peserta ?? row.no_peserta,
      nilai: nilai.map((n) => ({ komponen: n.komponen as KomponenNilai, nilai: angka(n.nilai) ?? '' })),
    },
    bolehJawab: row.status === 'DIAJUKAN' && scope.jawabKomponen.includes(row.komponen),
    bolehSetujui: row.status === 'MENUNGGU_PERSETUJUAN' && scope.bolehSetujui && row.dijawab_oleh !== scope.userId,
  };
}

/** The objection's row inside the scope, locked, with the answer window read alongside. */
async function lockSanggahNilai(trx: Transaction<DB>, scope: SanggahNilaiScope, id: number) {
  const row = await trx
    .selectFrom('sanggah_nilai as s')
    .where(inScope(scope, id))
    .select([
      's.id',
      's.pelamar_id',
      's.pelamar_terkait_id',
      's.instansi_id',
      's.komponen',
      's.status',
      's.version',
      's.nilai_usulan',
      's.dijawab_oleh',
      ...windowColumns(scope.track, 'JAWAB_SANGGAH_NILAI'),
    ])
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
type Locked = Awaited<ReturnType<typeof lockSanggahNilai>>;

/** The applicant whose score is objected to. */
const dinilaiOf = (row: Locked) => Number(row.pelamar_terkait_id ?? row.pelamar_id);

/** The same events on the objector's trail and, when it is about another applicant, on theirs. */
async function auditKeduanya(trx: Transaction<DB>, actor: Actor, row: Locked, changes: Change[]) {
  await auditPelamar(trx, actor, Number(row.pelamar_id), changes);
  if (row.pelamar_terkait_id !== null) await auditPelamar(trx, actor, Number(row.pelamar_terkait_id), changes);
}

/** The answer: accepted with the corrected value proposed (then waits for approval), or rejected. */
export async function jawabSanggahNilai(
  db: Kysely<DB>,
  scope: SanggahNilaiScope,
  actor: Actor,
  id: number,
  body: JawabSanggahNilai,
): Promise<{ version: number; status: StatusSanggahNilai }> {
  return transaction(db, async (trx) => {
    const row = await lockSanggahNilai(trx, scope, id);
    if (!scope.jawabKomponen.includes(row.komponen)) {
      throw forbidden(`Sanggah nilai ${row.komponen} dijawab oleh ${penjawabOf(scope.track, row.komponen)}.`);
    }
    checkWindow(row, scope.track, 'JAWAB_SANGGAH_NILAI');
    if (row.status !== 'DIAJUKAN') throw conflict('SUDAH_DIJAWAB', 'Sanggah nilai ini sudah dijawab.');
    if (row.version !== body.version) throw konflikVersi();
    const status: StatusSanggahNilai = body.jawaban === 'DITERIMA' ? 'MENUNGGU_PERSETUJUAN' : 'DITOLAK';
    if (body.nilaiUsulan !== null) {
      const maks = NILAI_MAKS[row.komponen];
      if (body.nilaiUsulan > maks) {
        throw new AppError(400, 'VALIDATION_ERROR', `Nilai usulan ${row.komponen} paling tinggi ${maks}.`);
      }
      const current = await trx
        .selectFrom('nilai')
        .where('pelamar_id', '=', dinilaiOf(row))
        .where('komponen', '=', row.komponen)
        .select('nilai')
        .executeTakeFirst();
      if (Number(current?.nilai ?? 0) === body.nilaiUsulan) {
        throw new AppError(
          400,
          'NILAI_SAMA',
          'Nilai usulan sama dengan nilai saat ini; bila nilai tidak perlu dikoreksi, tolak sanggah ini.',
        );
      }
    }
    const updated = await trx
      .updateTable('sanggah_nilai')
      .set({
        status,
        jawaban_alasan: body.alasan,
        nilai_usulan: body.nilaiUsulan,
        dijawab_oleh: actor.id,
        dijawab_at: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .returning('version')
      .executeTakeFirstOrThrow();
    await auditKeduanya(trx, actor, row, [
      {
        action: 'JAWAB_SANGGAH_NILAI',
        from: 'DIAJUKAN',
        to: status,
        reason: body.alasan,
        details: {
          sanggahNilaiId: id,
          komponen: row.komponen,
          pelamarTerkaitId: row.pelamar_terkait_id === null ? null : Number(row.pelamar_terkait_id),
          nilaiUsulan: angka(body.nilaiUsulan),
        },
      },
    ]);
    return { version: updated.version, status };
  });
}

/**
 * Wasdal's national approval of an accepted objection, never by the account that answered it.
 * DISETUJUI corrects the score under a lock on its row, keeping the old and new values.
 */
export async function setujuiSanggahNilai(
  db: Kysely<DB>,
  scope: SanggahNilaiScope,
  actor: Actor,
  id: number,
  body: PersetujuanSanggahNilai,
): Promise<{ version: number; status: StatusSanggahNilai; nilaiLama: string | null; nilaiBaru: string | null }> {
  return transaction(db, async (trx) => {
    const row = await lockSanggahNilai(trx, scope, id);
    if (!scope.bolehSetujui) throw forbidden('Hanya wasdal BKN yang dapat menyetujui jawaban sanggah nilai.');
    checkWindow(row, scope.track, 'JAWAB_SANGGAH_NILAI');
    if (row.status === 'DIAJUKAN') {
      throw conflict('BELUM_DIJAWAB', 'Sanggah nilai ini belum dijawab; belum ada yang perlu disetujui.');
    }
    if (row.status === 'DITOLAK') {
      throw conflict('SUDAH_DIJAWAB', 'Sanggah nilai ini ditolak penjawab; penolakan tidak memerlukan persetujuan.');
    }
    if (row.status !== 'MENUNGGU_PERSETUJUAN') {
      throw conflict('SUDAH_DIPUTUSKAN', 'Persetujuan sanggah nilai ini sudah diberikan.');
    }
    if (row.version !== body.version) throw konflikVersi();
    if (row.dijawab_oleh === actor.id) {
      throw forbidden('Anda yang menjawab sanggah nilai ini; persetujuannya harus diberikan oleh akun wasdal lain.');
    }
    let nilaiLama: string | null = null;
    let nilaiBaru: string | null = null;
    const dinilaiId = dinilaiOf(row);
    if (body.status === 'DISETUJUI') {
      const current = await trx
        .selectFrom('nilai')
        .where('pelamar_id', '=', dinilaiId)
        .where('komponen', '=', row.komponen)
        .select('nilai')
        .forUpdate()
        .executeTakeFirst();
      nilaiLama = angka(current?.nilai ?? null);
      nilaiBaru = angka(row.nilai_usulan);
      const usulan = row.nilai_usulan as string;
      await trx
        .insertInto('nilai')
        .values({ pelamar_id: dinilaiId, instansi_id: row.instansi_id, komponen: row.komponen, nilai: usulan })
        .onConflict((oc) => oc.columns(['pelamar_id', 'komponen']).doUpdateSet({ nilai: usulan }))
        .execute();
    }
    const updated = await trx
      .updateTable('sanggah_nilai')
      .set({
        status: body.status,
        persetujuan_alasan: body.alasan,
        disetujui_oleh: actor.id,
        disetujui_at: sql`now()`,
        nilai_lama: nilaiLama,
        nilai_baru: nilaiBaru,
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .returning('version')
      .executeTakeFirstOrThrow();
    const details = { sanggahNilaiId: id, komponen: row.komponen, pelamarDinilaiId: dinilaiId };
    await auditKeduanya(trx, actor, row, [
      {
        action: 'PERSETUJUAN_SANGGAH_NILAI',
        from: 'MENUNGGU_PERSETUJUAN',
        to: body.status,
        reason: body.alasan,
        details: { ...details, nilaiUsulan: angka(row.nilai_usulan), nilaiLama, nilaiBaru },
      },
    ]);
    if (body.status === 'DISETUJUI') {
      await auditPelamar(trx, actor, dinilaiId, [
        {
          action: 'NILAI_DIUBAH',
          from: nilaiLama,
          to: nilaiBaru,
          reason: `Sanggah nilai ${row.komponen} disetujui: ${body.alasan}`,
          details,
        },
      ]);
    }
    return { version: updated.version, status: body.status, nilaiLama, nilaiBaru };
  });
}
