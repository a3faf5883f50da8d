// Issue #18: an import's two steps. `cekBerkas` reads the file, validates every row, stages the
// valid ones and reports what an apply would do — nothing live changes. `mulaiTerapkan` starts
// the apply job: staged rows merged batch by batch (each batch one transaction, so a crash or a
// cancel leaves whole batches), progress in impor_job for every instance and tab to read, one
// running job per kind. The screen, the API and the CLI all come through here.

import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  IMPOR_ERROR_CODES,
  type ImporCek,
  type ImporJenis,
  type ImporJob,
  type ImporKonflik,
  type ImporPenolakan,
} from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { recordAudit } from '../audit/audit.js';
import { orangSedangBekerja, pembagiGiliran } from '../shared/giliran.js';
import { type Arsip, bukaFolder, bukaZip, DOKUMEN_MAX_BYTES, MANIFEST, mimeOf } from './arsip.js';
import { type BarisDitolak, JENIS_IMPOR, JENIS_TERSEDIA, kunciOf, periksaBaris } from './kinds.js';
import { klasifikasi, perbaruiStatistik, SAMA_SAAT_STAGING, TABEL_JENIS, terapkanBatch } from './merge.js';
import { type BarisMentah, bacaBerkas, bacaManifest, formatOf } from './read.js';

/** Who imports: a signed-in operator, or the command line (no account). */
export interface Pengimpor {
  id: number | null;
  nama: string;
}

const STAGE_BATCH = 2000;
/** Rows checked between two turns of the event loop (see cekBerkas). */
/** How often a running check writes its rows read and heartbeat. */
const DETAK_CEK_MS = 2000;
/** Rows per apply transaction: small enough to keep the verification loop's locks short. */
export const APPLY_BATCH = 5000;
/** Rows after which a check or an apply refreshes the planner's statistics of what it wrote. */
const ANALYZE_SETIAP = 100_000;
/** A job whose process stopped beating this long ago is not running any more. */
const STALE_SECONDS = 60;
const REPORT_LIMIT = 200;

export function requireJenis(jenis: ImporJenis): void {
  if (!JENIS_TERSEDIA.includes(jenis)) {
    throw new AppError(400, 'VALIDATION_ERROR', `Impor jenis ${jenis} belum tersedia pada versi ini.`);
  }
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function stageRows(
  db: Kysely<DB>,
  jenis: ImporJenis,
  cekId: string,
  rows: { baris: number; kunci: string; data: string }[],
) {
  if (rows.length === 0) return;
  const sama = SAMA_SAAT_STAGING[jenis];
  // OFFSET 0: each row's JSON is parsed once, not once per use of t.data.
  await sql`INSERT INTO impor_baris (cek_id, baris, kunci, data, hasil)
    SELECT ${cekId}::uuid, t.baris, t.kunci, t.data, ${sama ? sql`CASE WHEN ${sama} THEN 'SAMA' END` : sql`NULL`}
    FROM (SELECT u.baris, u.kunci, u.data::jsonb AS data
          FROM unnest(${rows.map((r) => r.baris)}::int[], ${rows.map((r) => r.kunci)}::text[], ${rows.map((r) => r.data)}::text[])
            AS u(baris, kunci, data) OFFSET 0) t`.execute(db);
}

async function stageRejections(db: Kysely<DB>, cekId: string, rows: BarisDitolak[]) {
  if (rows.length === 0) return;
  await sql`INSERT INTO impor_tolak (cek_id, baris, kolom, nilai, pesan, asli)
    SELECT ${cekId}::uuid, t.baris, t.kolom, t.nilai, t.pesan, t.asli::jsonb
    FROM unnest(${rows.map((r) => r.baris)}::int[], ${rows.map((r) => r.kolom)}::text[], ${rows.map((r) => r.nilai)}::text[],
      ${rows.map((r) => r.pesan)}::text[], ${rows.map((r) => JSON.stringify(r.asli))}::text[]) AS t(baris, kolom, nilai, pesan, asli)`.execute(
    db,
  );
}

/** The rows of the file: a table (CSV, XLSX, JSON Lines), or a document archive's manifest. */
async function* barisBerkas(
  input: { jenis: ImporJenis; file: string; namaFile: string },
  files: BerkasStore | undefined,
  arsip: Arsip | null,
): AsyncIterable<BarisMentah & { berkas?: { sha256: string; mime: string; ukuran: number } }> {
  if (!arsip) {
    const format = formatOf(input.namaFile);
    if (!format) {
      throw new AppError(
        400,
        IMPOR_ERROR_CODES.formatFile,
        'Berkas harus CSV, XLSX atau JSON Lines (.csv, .xlsx, .jsonl).',
      );
    }
    yield* bacaBerkas(input.file, format);
    return;
  }
  if (!arsip.entries.has(MANIFEST)) {
    throw new AppError(
      400,
      IMPOR_ERROR_CODES.formatFile,
      `Arsip harus memuat ${MANIFEST} (nomor_peserta;jenis;nama_file).`,
    );
  }
  if (!files) throw new Error('penyimpanan berkas tidak tersedia');
  const manifest = (await arsip.read(MANIFEST)).toString('utf8');
  for (const row of bacaManifest(manifest)) {
    const name = (row.nilai.nama_file ?? '').trim().replace(/^\.\//, '');
    const size = arsip.entries.get(name);
    if (!name || size === undefined) {
      yield { ...row, nilai: { ...row.nilai, __rusak: `berkas "${name}" tidak ada di dalam arsip` } };
      continue;
    }
    if (size > DOKUMEN_MAX_BYTES) {
      yield {
        ...row,
        nilai: { ...row.nilai, __rusak: `berkas "${name}" lebih dari ${DOKUMEN_MAX_BYTES / 1024 / 1024} MB` },
      };
      continue;
    }
    const bytes = await arsip.read(name);
    const mime = mimeOf(bytes);
    if (!mime) {
      yield { ...row, nilai: { ...row.nilai, __rusak: `isi berkas "${name}" bukan PDF, JPEG atau PNG` } };
      continue;
    }
    // Stored by content now (inert until a document row points at it): the apply needs no archive.
    const sha256 = await files.put(bytes);
    yield { ...row, berkas: { sha256, mime, ukuran: bytes.length } };
  }
}

export interface OpsiCek {
  /** How long the caller waits before the check is answered as still running (default: to its end). */
  tungguMs?: number;
  /** Runs once the check has ended, however it ended (the route removes the uploaded file). */
  setelah?: () => Promise<unknown>;
}

/**
 * Step 1: the whole validation; stages the rows and reports. Nothing live changes. A check that
 * takes longer than `tungguMs` is answered with status MEMERIKSA and goes on; its report is read
 * again (laporanCek) until it says SELESAI or GAGAL. A check that fails before it is answered
 * leaves nothing behind and throws, as a short one always does.
 */
export async function cekBerkas(
  db: Kysely<DB>,
  input: { jenis: ImporJenis; file: string; namaFile: string; oleh: Pengimpor; files?: BerkasStore },
  opsi: OpsiCek = {},
): Promise<ImporCek> {
  let arsip: Arsip | null = null;
  let id: string;
  let sha256: string;
  try {
    requireJenis(input.jenis);
    const folder = (await stat(input.file)).isDirectory();
    arsip = input.jenis !== 'dokumen' ? null : folder ? await bukaFolder(input.file) : await bukaZip(input.file);
    id = randomUUID();
    const [hash, { size }] = folder
      ? ['folder', { size: 0 }]
      : await Promise.all([sha256File(input.file), stat(input.file)]);
    sha256 = hash;
    await db
      .insertInto('impor_cek')
      .values({
        id,
        jenis: input.jenis,
        nama_file: input.namaFile,
        sha256,
        ukuran: size,
        dibuat_oleh: input.oleh.id,
        dibuat_oleh_nama: input.oleh.nama,
        status: 'MEMERIKSA',
      })
      .execute();
  } catch (error) {
    arsip?.close();
    await opsi.setelah?.();
    throw error;
  }
  const opened = arsip;
  const work = periksa(db, id, input, opened, sha256).finally(async () => {
    opened?.close();
    await opsi.setelah?.();
  });
  let timer: NodeJS.Timeout | undefined;
  const waited =
    opsi.tungguMs === undefined
      ? work.then(() => 'selesai' as const)
      : Promise.race([
          work.then(() => 'selesai' as const),
          new Promise<'berjalan'>((resolve) => {
            timer = setTimeout(() => resolve('berjalan'), opsi.tungguMs);
          }),
        ]);
  try {
    if ((await waited) === 'berjalan') work.catch(() => undefined);
  } catch (error) {
    await db.deleteFrom('impor_cek').where('id', '=', id).execute();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return laporanCek(db, id);
}

/** The work of a check (see cekBerkas): on failure the check is marked GAGAL with the reason. */
async function periksa(
  db: Kysely<DB>,
  id: string,
  input: { jenis: ImporJenis; file: string; namaFile: string; oleh: Pengimpor; files?: BerkasStore },
  arsip: Arsip | null,
  sha256: string,
): Promise<void> {
  const def = JENIS_IMPOR[input.jenis];
  let dibaca = 0;
  const giliran = pembagiGiliran();
  let staged: { baris: number; kunci: string; data: string }[] = [];
  let rejected: BarisDitolak[] = [];
  // One batch of rows in flight while the next is read and checked: the file's parsing (this
  // process) and the insert (PostgreSQL) overlap instead of taking turns.
  let inFlight: Promise<void> = Promise.resolve();
  const stage = async (rows: typeof staged) => {
    await inFlight;
    inFlight = stageRows(db, input.jenis, id, rows);
    // Handled here too, so a failure waiting for the next await is not an unhandled rejection.
    inFlight.catch(() => undefined);
  };
  // Rows read so far and a heartbeat, for the screen that follows the check (and for telling a
  // check whose process died from a long statement of the sort).
  const detak = setInterval(() => {
    void db
      .updateTable('impor_cek')
      .set({ dibaca, detak_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute()
      .catch(() => undefined);
  }, DETAK_CEK_MS);
  try {
    let kolomDiperiksa = false;
    for await (const { baris, nilai, berkas } of barisBerkas(input, input.files, arsip)) {
      if (!kolomDiperiksa) {
        kolomDiperiksa = true;
        const missing = def.kolom.filter((k) => k.wajib && !(k.nama in nilai)).map((k) => k.nama);
        if (missing.length > 0) {
          throw new AppError(
            400,
            IMPOR_ERROR_CODES.formatFile,
            `Kolom wajib tidak ada di baris judul: ${missing.join(', ')}. Unduh template untuk susunan kolom yang benar.`,
            { kolom: missing },
          );
        }
      }
      dibaca += 1;
      // The file is read and checked on the thread that also answers the verifiers: it gives way to
      // their requests every few milliseconds (a verifier's save waits one slice per database round
      // trip), and slows down while they are at work (shared/giliran.ts).
      if (dibaca % 16 === 0) await giliran.mungkinBeri();
      const checked =
        '__rusak' in nilai
          ? [{ baris, kolom: null, nilai: null, pesan: nilai.__rusak ?? 'baris tidak terbaca', asli: nilai }]
          : periksaBaris(def, baris, nilai);
      if (Array.isArray(checked)) rejected.push(...checked);
      else
        staged.push({ baris, kunci: kunciOf(def, checked.data), data: JSON.stringify({ ...checked.data, ...berkas }) });
      if (staged.length >= STAGE_BATCH) {
        await stage(staged);
        staged = [];
      }
      if (rejected.length >= STAGE_BATCH) {
        await stageRejections(db, id, rejected);
        rejected = [];
      }
    }
    await stage(staged);
    await inFlight;
    await stageRejections(db, id, rejected);
    // The staged rows can be millions more than the planner last saw: sorted with fresh statistics.
    if (dibaca >= ANALYZE_SETIAP) await perbaruiStatistik(db, ['impor_baris']);
    await klasifikasi(db, input.jenis, id);
    clearInterval(detak);
    await db
      .updateTable('impor_cek')
      .set({ dibaca, status: 'SELESAI', detak_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  } catch (error) {
    clearInterval(detak);
    await inFlight.catch(() => undefined);
    await db
      .updateTable('impor_cek')
      .set({
        status: 'GAGAL',
        pesan: error instanceof AppError ? error.message : 'Pemeriksaan gagal karena kesalahan pada server.',
      })
      .where('id', '=', id)
      .execute()
      .catch(() => undefined);
    throw error;
  }
  const report = await laporanCek(db, id);
  await recordAudit(db, {
    action: 'IMPOR_CEK',
    actorId: input.oleh.id,
    actorUsername: input.oleh.nama,
    entity: 'impor',
    entityId: id,
    details: { jenis: input.jenis, namaFile: input.namaFile, sha256, dibaca, ...hitungan(report) },
  });
}

const hitungan = (r: { baru: number; berubah: number; sama: number; ditolak: number; konflik: number }) => ({
  baru: r.baru,
  berubah: r.berubah,
  sama: r.sama,
  ditolak: r.ditolak,
  konflik: r.konflik,
});

async function countsOf(db: Kysely<DB>, cekId: string) {
  const rows = await sql<{ hasil: string; n: number }>`
    SELECT hasil, count(*)::int AS n FROM impor_baris WHERE cek_id = ${cekId} GROUP BY hasil
    UNION ALL SELECT 'DITOLAK_BARIS', count(DISTINCT baris)::int FROM impor_tolak WHERE cek_id = ${cekId}`.execute(db);
  const n = (h: string) => rows.rows.find((r) => r.hasil === h)?.n ?? 0;
  return {
    baru: n('BARU'),
    berubah: n('BERUBAH'),
    sama: n('SAMA'),
    konflik: n('KONFLIK'),
    ditolak: n('DITOLAK') + n('DITOLAK_BARIS'),
  };
}

/** The report of a check: counts, the first rejections and conflicts. */
export async function laporanCek(db: Kysely<DB>, cekId: string): Promise<ImporCek> {
  await akhiriCekMati(db, cekId);
  const cek = await db.selectFrom('impor_cek').selectAll().where('id', '=', cekId).executeTakeFirst();
  if (!cek)
    throw new AppError(
      404,
      IMPOR_ERROR_CODES.cekTidakAda,
      'Hasil pemeriksaan ini tidak ada lagi. Unggah berkasnya kembali.',
    );
  const [counts, penolakan, konflik] = await Promise.all([
    countsOf(db, cekId),
    sql<ImporPenolakan>`
      SELECT baris, kolom, nilai, pesan FROM impor_tolak WHERE cek_id = ${cekId}
      UNION ALL SELECT baris, NULL, kunci, alasan FROM impor_baris WHERE cek_id = ${cekId} AND hasil = 'DITOLAK'
      ORDER BY baris LIMIT ${REPORT_LIMIT}`.execute(db),
    sql<ImporKonflik>`SELECT baris, kunci, alasan FROM impor_baris WHERE cek_id = ${cekId} AND hasil = 'KONFLIK'
      ORDER BY baris LIMIT ${REPORT_LIMIT}`.execute(db),
  ]);
  return {
    id: cek.id,
    status: cek.status,
    pesan: cek.pesan,
    jenis: cek.jenis as ImporJenis,
    namaFile: cek.nama_file,
    sha256: cek.sha256,
    ukuran: Number(cek.ukuran),
    dibaca: cek.dibaca,
    ...counts,
    penolakan: penolakan.rows,
    konflikList: konflik.rows,
    dibuat: new Date(cek.dibuat_at).toISOString(),
  };
}

/** Every rejected row with its original cells and why (to fix and upload again). */
export async function barisDitolak(db: Kysely<DB>, cekId: string) {
  const rows = await sql<{ baris: number; asli: Record<string, unknown>; alasan: string }>`
    SELECT baris, asli, string_agg(pesan, '; ') AS alasan FROM impor_tolak WHERE cek_id = ${cekId} GROUP BY baris, asli
    UNION ALL SELECT baris, data, alasan FROM impor_baris WHERE cek_id = ${cekId} AND hasil = 'DITOLAK'
    ORDER BY baris`.execute(db);
  return rows.rows;
}

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

/** A check whose process died (no heartbeat for a minute) is failed, so the screen stops waiting. */
async function akhiriCekMati(db: Kysely<DB>, cekId: string) {
  await sql`UPDATE impor_cek SET status = 'GAGAL',
      pesan = 'Pemeriksaan terhenti (server dimulai ulang). Unggah berkasnya kembali.'
    WHERE id = ${cekId} AND status = 'MEMERIKSA' AND detak_at < now() - make_interval(secs => ${STALE_SECONDS})`.execute(
    db,
  );
}

/** Jobs whose process died (no heartbeat for a minute) are ended, so they block nobody. */
async function akhiriYangMati(db: Kysely<DB>) {
  await sql`UPDATE impor_job SET status = 'GAGAL', selesai_pada = detak_at,
      pesan = 'Proses impor terhenti (server dimulai ulang). Baris yang sudah masuk tetap masuk; terapkan ulang berkas yang sama untuk melanjutkan.'
    WHERE status = 'BERJALAN' AND detak_at < now() - make_interval(secs => ${STALE_SECONDS})`.execute(db);
}

/** Step 2: starts the apply job of a check (409 while one of the same kind runs). */
export async function mulaiTerapkan(db: Kysely<DB>, cekId: string, oleh: Pengimpor): Promise<ImporJob> {
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

/** Runs an apply job to its end (the server does not await it; the CLI does). */
export async function jalankanJob(
  db: Kysely<DB>,
  jobId: string,
  onProgress?: (job: ImporJob) => void,
): Promise<ImporJob> {
  const job = await db.selectFrom('impor_job').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
  const jenis = job.jenis as ImporJenis;
  try {
    const range = await sql<{ dari: number | null; sampai: number | null }>`
      SELECT min(baris) AS dari, max(baris) AS sampai FROM impor_baris WHERE cek_id = ${job.cek_id} AND hasil IN ('BARU', 'BERUBAH')`.execute(
      db,
    );
    const { dari, sampai } = range.rows[0] ?? { dari: null, sampai: null };
    // Rows applied since the live tables' statistics were last refreshed (see perbaruiStatistik).
    let sejakStatistik = 0;
    for (let from = dari ?? 0; dari !== null && sampai !== null && from <= sampai; ) {
      const state = await db
        .selectFrom('impor_job')
        .select(['batal_diminta', 'status'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      if (state.batal_diminta || state.status !== 'BERJALAN') break;
      const mulaiBatch = performance.now();
      // The next APPLY_BATCH rows that change something.
      const last = await sql<{ baris: number }>`
        SELECT baris FROM impor_baris WHERE cek_id = ${job.cek_id} AND baris >= ${from} AND hasil IN ('BARU', 'BERUBAH')
        ORDER BY baris OFFSET ${APPLY_BATCH - 1} LIMIT 1`.execute(db);
      const to = last.rows[0]?.baris ?? sampai;
      await transaction(db, async (trx) => {
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
      // While people are at work, the next batch waits half as long as this one took: PostgreSQL's
      // cores answer their requests in between (shared/giliran.ts).
      if (orangSedangBekerja())
        await new Promise((resolve) => setTimeout(resolve, (performance.now() - mulaiBatch) / 2));
      from = to + 1;
      sejakStatistik += APPLY_BATCH;
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

/** Asks a running job to stop after its current batch. */
export async function batalkanJob(db: Kysely<DB>, jobId: string): Promise<ImporJob> {
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
