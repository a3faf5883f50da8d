// Issue #18: an import's second step. `mulaiTerapkan` starts the apply job of a check (cek.ts):
// staged rows merged batch by batch (each batch one transaction, so a crash or a cancel leaves
// whole batches), progress in impor_job for every instance and tab to read, one running job per
// kind. The screen, the API and the CLI all come through here. Issue #33: the screen's and the
// API's jobs are run by a queue worker (pekerja.ts) in whichever process has one; the CLI runs its
// own at once.

import { randomUUID } from 'node:crypto';
import { IMPOR_ERROR_CODES, type ImporJenis, type ImporJob } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/audit.js';
import { mengalahSebanding } from '../shared/giliran.js';
import { ANALYZE_SETIAP, akhiriCekMati, countsOf, hitungan, type Pengimpor, STALE_SECONDS } from './cek.js';
import { perbaruiStatistik, TABEL_JENIS, terapkanBatch } from './merge.js';
import { bisaSalin } from './salin.js';

/** Rows per apply transaction: small enough to keep the verification loop's locks short. */
export const APPLY_BATCH = 5000;
/**
 * On the embedded database, whose transaction holds the one connection every request needs, and
 * whose statements run on the server's thread: 5,000 rows were 0.6–0.9 s of held requests, 1,000
 * rows 170–390 ms on a slow day of this machine, 500 rows at most 242 ms in the same import time
 * (bench/campur/README.md, 2026-12-04).
 */
const APPLY_BATCH_TERTANAM = 500;

/** Rows per apply transaction on `db`. */
export const batchTerapkan = <T>(db: Kysely<T>) => (bisaSalin(db) ? APPLY_BATCH : APPLY_BATCH_TERTANAM);

/**
 * On the embedded database, the pending entries of the applicants' name indexes (GIN, `fastupdate`)
 * are merged into them once they reach this many kB, inside the insert that crossed it: at
 * PostgreSQL's 4 MB one batch in about thirty took 300 ms instead of 130 (bench/campur/tertanam.mjs),
 * every request waiting; a smaller list is merged more often, in shorter statements.
 */
const GIN_TERTUNDA_TERTANAM_KB = 512;

function toJob(row: unknown): ImporJob {
  const r = row as unknown as {
    id: string;
    cek_id: string;
    jenis: ImporJenis;
    nama_file: string;
    status: ImporJob['status'];
    total: number;
    selesai: number;
    baru: number;
    berubah: number;
    sama: number;
    ditolak: number;
    konflik: number;
    dibaca: number;
    mulai: Date;
    selesai_pada: Date | null;
    pesan: string | null;
    oleh_nama: string;
    dikerjakan_at: Date | null;
  };
  const mulai = new Date(r.mulai);
  const end = r.selesai_pada ? new Date(r.selesai_pada) : new Date();
  const seconds = Math.max(0.001, (end.getTime() - mulai.getTime()) / 1000);
  const rate = r.selesai / seconds;
  return {
    id: r.id,
    cekId: r.cek_id,
    jenis: r.jenis,
    namaFile: r.nama_file,
    status: r.status,
    total: r.total,
    selesai: r.selesai,
    dibaca: r.dibaca,
    baru: r.baru,
    berubah: r.berubah,
    sama: r.sama,
    ditolak: r.ditolak,
    konflik: r.konflik,
    barisPerDetik: Math.round(rate * 10) / 10,
    sisaDetik: r.status === 'BERJALAN' && rate > 0 ? Math.ceil((r.total - r.selesai) / rate) : null,
    mulai: mulai.toISOString(),
    selesaiPada: r.selesai_pada ? new Date(r.selesai_pada).toISOString() : null,
    pesan: r.pesan,
    oleh: r.oleh_nama,
    menunggu: r.status === 'BERJALAN' && r.dikerjakan_at === null,
  };
}

const jobQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('impor_job as j')
    .innerJoin('impor_cek as c', 'c.id', 'j.cek_id')
    .selectAll('j')
    .select(['c.nama_file', 'c.dibaca']);

export async function jobOf(db: Kysely<DB>, id: string): Promise<ImporJob> {
  const row = await jobQuery(db).where('j.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Pekerjaan impor tidak ditemukan.');
  return toJob(row);
}

export async function daftarJob(db: Kysely<DB>, jenis?: ImporJenis): Promise<ImporJob[]> {
  await akhiriYangMati(db);
  let query = jobQuery(db).orderBy('j.mulai', 'desc').limit(20);
  if (jenis) query = query.where('j.jenis', '=', jenis);
  return (await query.execute()).map(toJob);
}

/**
 * Jobs whose worker died (taken, then no heartbeat for a minute) are ended, so they block nobody;
 * a job no worker has taken yet is waiting, not dead.
 */
async function akhiriYangMati(db: Kysely<DB>) {
  await sql`UPDATE impor_job SET status = 'GAGAL', selesai_pada = detak_at,
      pesan = 'Proses impor terhenti (pekerja atau server dimulai ulang). Baris yang sudah masuk tetap masuk; terapkan ulang berkas yang sama untuk melanjutkan.'
    WHERE status = 'BERJALAN' AND dikerjakan_at IS NOT NULL
      AND detak_at < now() - make_interval(secs => ${STALE_SECONDS})`.execute(db);
}

/**
 * Step 2: starts the apply job of a check (409 while one of the same kind runs or waits): queued
 * for a worker, or with `langsung` kept off the queue for the caller to run (the CLI).
 */
export async function mulaiTerapkan(
  db: Kysely<DB>,
  cekId: string,
  oleh: Pengimpor,
  opsi: { langsung?: boolean } = {},
): Promise<ImporJob> {
  await akhiriCekMati(db, cekId);
  const cek = await db
    .selectFrom('impor_cek')
    .select(['id', 'jenis', 'dibaca', 'status', 'pesan'])
    .where('id', '=', cekId)
    .executeTakeFirst();
  if (!cek)
    throw new AppError(
      404,
      IMPOR_ERROR_CODES.cekTidakAda,
      'Hasil pemeriksaan ini tidak ada lagi. Unggah berkasnya kembali.',
    );
  if (cek.status !== 'SELESAI') {
    throw new AppError(
      409,
      IMPOR_ERROR_CODES.cekBelumSelesai,
      cek.status === 'MEMERIKSA'
        ? 'Pemeriksaan berkas ini belum selesai. Tunggu sampai laporannya tampil.'
        : `Pemeriksaan berkas ini gagal: ${cek.pesan ?? 'kesalahan pada server'} Unggah berkasnya kembali.`,
    );
  }
  await akhiriYangMati(db);
  const jenis = cek.jenis as ImporJenis;
  // Work started since the check is guarded batch by batch (merge.ts), not by sorting again.
  const counts = await countsOf(db, cekId);
  // Staged rows are unlogged (migration 0025): a crash of PostgreSQL since the check emptied them.
  if (cek.dibaca > 0 && counts.baru + counts.berubah + counts.sama + counts.konflik + counts.ditolak === 0) {
    throw new AppError(
      404,
      IMPOR_ERROR_CODES.cekTidakAda,
      'Hasil pemeriksaan ini hilang karena basis data dimulai ulang. Unggah berkasnya kembali.',
    );
  }
  const id = randomUUID();
  try {
    await db
      .insertInto('impor_job')
      .values({
        id,
        cek_id: cekId,
        jenis,
        status: 'BERJALAN',
        total: counts.baru + counts.berubah,
        sama: counts.sama,
        ditolak: counts.ditolak,
        konflik: counts.konflik,
        oleh: oleh.id,
        oleh_nama: oleh.nama,
        diantre: opsi.langsung ?? false,
      })
      .execute();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new AppError(
        409,
        IMPOR_ERROR_CODES.jobBerjalan,
        `Impor ${jenis} lain sedang berjalan. Tunggu sampai selesai atau batalkan.`,
      );
    }
    throw error;
  }
  return jobOf(db, id);
}

/**
 * Runs an apply job to its end (a queue worker, or the CLI). It claims the job first: a job already
 * taken, or ended meanwhile (cancelled while waiting), is left as it is.
 */
export async function jalankanJob(
  db: Kysely<DB>,
  jobId: string,
  onProgress?: (job: ImporJob) => void,
): Promise<ImporJob> {
  const job = await db
    .updateTable('impor_job')
    .set({ dikerjakan_at: sql<Date>`now()`, detak_at: sql<Date>`now()` })
    .where('id', '=', jobId)
    .where('status', '=', 'BERJALAN')
    .where('dikerjakan_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!job) return jobOf(db, jobId);
  const jenis = job.jenis as ImporJenis;
  try {
    const range = await sql<{ dari: number | null; sampai: number | null }>`
      SELECT min(baris) AS dari, max(baris) AS sampai FROM impor_baris WHERE cek_id = ${job.cek_id} AND hasil IN ('BARU', 'BERUBAH')`.execute(
      db,
    );
    const { dari, sampai } = range.rows[0] ?? { dari: null, sampai: null };
    // Rows applied since the live tables' statistics were last refreshed (see perbaruiStatistik).
    let sejakStatistik = 0;
    const batch = batchTerapkan(db);
    for (let from = dari ?? 0; dari !== null && sampai !== null && from <= sampai; ) {
      const state = await db
        .selectFrom('impor_job')
        .select(['batal_diminta', 'status'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      if (state.batal_diminta || state.status !== 'BERJALAN') break;
      const mulaiBatch = performance.now();
      // The next batch of rows that change something.
      const last = await sql<{ baris: number }>`
        SELECT baris FROM impor_baris WHERE cek_id = ${job.cek_id} AND baris >= ${from} AND hasil IN ('BARU', 'BERUBAH')
        ORDER BY baris OFFSET ${batch - 1} LIMIT 1`.execute(db);
      const to = last.rows[0]?.baris ?? sampai;
      await transaction(db, async (trx) => {
        if (!bisaSalin(db))
          await sql.raw(`SET LOCAL gin_pending_list_limit = ${GIN_TERTUNDA_TERTANAM_KB}`).execute(trx);
        // Rows of this range before and after: the batch's work, and rows its guards turned into conflicts.
        const range = () =>
          sql<{ n: number; konflik: number }>`
            SELECT count(*) FILTER (WHERE hasil IN ('BARU', 'BERUBAH'))::int AS n,
                   count(*) FILTER (WHERE hasil = 'KONFLIK')::int AS konflik
            FROM impor_baris WHERE cek_id = ${job.cek_id} AND baris BETWEEN ${from} AND ${to}`.execute(trx);
        const before = (await range()).rows[0];
        const done = await terapkanBatch(trx, jenis, job.cek_id, from, to);
        const after = (await range()).rows[0];
        await trx
          .updateTable('impor_job')
          .set((eb) => ({
            selesai: eb('selesai', '+', before?.n ?? 0),
            baru: eb('baru', '+', done.baru),
            berubah: eb('berubah', '+', done.berubah),
            konflik: eb('konflik', '+', (after?.konflik ?? 0) - (before?.konflik ?? 0)),
            detak_at: sql<Date>`now()`,
          }))
          .where('id', '=', jobId)
          .execute();
      });
      await onProgress?.(await jobOf(db, jobId));
      // While people are at work, the next batch waits half as long as this one took.
      await mengalahSebanding(performance.now() - mulaiBatch);
      from = to + 1;
      sejakStatistik += batch;
      if (sejakStatistik >= ANALYZE_SETIAP) {
        sejakStatistik = 0;
        await perbaruiStatistik(db, TABEL_JENIS[jenis]);
      }
    }
    if (dari !== null) await perbaruiStatistik(db, TABEL_JENIS[jenis]);
    const end = await db
      .selectFrom('impor_job')
      .select(['batal_diminta'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('impor_job')
      .set({
        status: end.batal_diminta ? 'DIBATALKAN' : 'SELESAI',
        selesai_pada: sql<Date>`now()`,
        pesan: end.batal_diminta
          ? 'Dibatalkan. Kelompok baris yang sudah selesai tetap masuk; sisanya tidak diubah.'
          : null,
      })
      .where('id', '=', jobId)
      .execute();
  } catch (error) {
    await db
      .updateTable('impor_job')
      .set({
        status: 'GAGAL',
        selesai_pada: sql<Date>`now()`,
        pesan: `Impor gagal: ${error instanceof AppError ? error.message : 'kesalahan pada server'}. Kelompok baris yang sudah selesai tetap masuk.`,
      })
      .where('id', '=', jobId)
      .execute()
      .catch(() => undefined);
    throw error;
  } finally {
    const final = await jobOf(db, jobId).catch(() => null);
    if (final) {
      await recordAudit(db, {
        action: 'IMPOR_TERAPKAN',
        actorId: job.oleh,
        actorUsername: job.oleh_nama,
        entity: 'impor',
        entityId: job.cek_id,
        details: { jenis, job: jobId, status: final.status, namaFile: final.namaFile, ...hitungan(final) },
      }).catch(() => undefined);
    }
  }
  return jobOf(db, jobId);
}

/** Asks a running job to stop after its current batch; a job still waiting ends at once. */
export async function batalkanJob(db: Kysely<DB>, jobId: string): Promise<ImporJob> {
  const menunggu = await db
    .updateTable('impor_job')
    .set({
      status: 'DIBATALKAN',
      batal_diminta: true,
      selesai_pada: sql<Date>`now()`,
      pesan: 'Dibatalkan sebelum dimulai. Tidak ada data yang diubah.',
    })
    .where('id', '=', jobId)
    .where('status', '=', 'BERJALAN')
    .where('dikerjakan_at', 'is', null)
    .executeTakeFirst();
  if (menunggu.numUpdatedRows > 0n) return jobOf(db, jobId);
  const updated = await db
    .updateTable('impor_job')
    .set({ batal_diminta: true })
    .where('id', '=', jobId)
    .where('status', '=', 'BERJALAN')
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) {
    const job = await jobOf(db, jobId);
    throw new AppError(
      409,
      'IMPOR_SUDAH_BERAKHIR',
      `Pekerjaan impor ini sudah berakhir (${job.status.toLowerCase()}).`,
    );
  }
  return jobOf(db, jobId);
}
