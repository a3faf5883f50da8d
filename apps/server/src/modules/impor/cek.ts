// Issue #18: an import's first step. `cekBerkas` reads the file, validates every row, stages the
// valid ones and reports what an apply would do — nothing live changes. The apply job that merges
// the staged rows is in terapkan.ts. The screen, the API and the CLI all come through here.

import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  IMPOR_ERROR_CODES,
  IMPOR_LAPORAN_BATAS,
  type ImporCek,
  type ImporJenis,
  type ImporKonflik,
  type ImporPenolakan,
} from '@portal/contract';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { recordAudit } from '../audit/audit.js';
import { hapusBilaTakDipakai } from '../shared/berkas-sementara.js';
import { beriGiliran, mengalahSebanding } from '../shared/giliran.js';
import { type Arsip, bukaFolder, bukaZip } from './arsip.js';
import { type BarisDitolak, JENIS_IMPOR, JENIS_TERSEDIA } from './kinds.js';
import { klasifikasi, perBagian, SAMA_SAAT_STAGING } from './klasifikasi.js';
import { perbaruiStatistik } from './merge.js';
import { type BarisStaging, batchDiperiksa, batchDiUtas } from './periksa.js';
import { bisaSalin, salin } from './salin.js';

/** Who imports: a signed-in operator, or the command line (no account). */
export interface Pengimpor {
  id: number | null;
  nama: string;
}

/** How often a running check writes its rows read and heartbeat. */
const DETAK_CEK_MS = 2000;

/**
 * Rows per statement of a check's staging, sort and count on the embedded database, which runs
 * each statement on the server's thread (bench/campur/tertanam.mjs: 200,000 rows sorted in one
 * statement held every request for 15 s; 2,000 rows staged or sorted in one, 150–240 ms).
 */
const STAGE_TERTANAM = 500;
const SORTIR_TERTANAM = 1000;
/**
 * Rows per statement of the sort on PostgreSQL (keys written twice: 20 times as many). Over the
 * whole file at once, the end of a million rows' check held PostgreSQL's cores for three minutes
 * and tripled the verifiers' p95 beside it (bench/campur, 2026-12-05); in parts, each followed by
 * a pause while people are at work.
 */
const SORTIR_POSTGRES = 20_000;
/** The rows per statement of a check's sort on this database. */
const rentangSortirOf = (db: Kysely<DB>) => (bisaSalin(db) ? SORTIR_POSTGRES : SORTIR_TERTANAM);

/** Rows after which a check or an apply refreshes the planner's statistics of what it wrote. */
export const ANALYZE_SETIAP = 100_000;
/** A job whose process stopped beating this long ago is not running any more. */
export const STALE_SECONDS = 60;

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

/**
 * Stages rows, the refused ones too (already DITOLAK): what could be read of them is checked
 * against the references with the others (klasifikasi.ts), so one check reports every problem.
 * On PostgreSQL the batch goes through COPY into a temporary table of the connection (salin.ts:
 * no parameters to escape and parse), then into impor_baris with what staging can tell of each
 * row; on PGlite as arrays of parameters.
 */
async function stageRows(db: Kysely<DB>, jenis: ImporJenis, cekId: string, rows: BarisStaging[]) {
  if (rows.length === 0) return;
  const sama = SAMA_SAAT_STAGING[jenis];
  // OFFSET 0: each row's JSON is parsed once, not once per use of t.data.
  const insert = (masuk: RawBuilder<unknown>) => sql`INSERT INTO impor_baris (cek_id, baris, kunci, data, hasil)
    SELECT ${cekId}::uuid, t.baris, t.kunci, t.data,
      CASE WHEN t.ditolak THEN 'DITOLAK' ${sama ? sql`WHEN ${sama} THEN 'SAMA'` : sql``} END
    FROM (SELECT u.baris, u.kunci, u.data::jsonb AS data, u.ditolak FROM ${masuk} OFFSET 0) t`;
  if (!bisaSalin(db)) {
    // The embedded database runs a statement on the server's thread: a few hundred rows at a time.
    if (rows.length > STAGE_TERTANAM) {
      for (let i = 0; i < rows.length; i += STAGE_TERTANAM)
        await stageRows(db, jenis, cekId, rows.slice(i, i + STAGE_TERTANAM));
      return;
    }
    await insert(
      sql`unnest(${rows.map((r) => r.baris)}::int[], ${rows.map((r) => r.kunci)}::text[], ${rows.map((r) => r.data)}::text[],
        ${rows.map((r) => r.ditolak)}::boolean[]) AS u(baris, kunci, data, ditolak)`,
    ).execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    // Emptied at each commit; made once per connection.
    await sql`CREATE TEMP TABLE IF NOT EXISTS impor_masuk (baris int, kunci text, data text, ditolak boolean)
      ON COMMIT DELETE ROWS`.execute(trx);
    await salin(
      trx,
      'impor_masuk (baris, kunci, data, ditolak)',
      rows.map((r) => [r.baris, r.kunci, r.data, r.ditolak]),
    );
    await insert(sql`impor_masuk u`).execute(trx);
  });
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

export interface OpsiCek {
  /** How long the caller waits before the check is answered as still running (default: to its end). */
  tungguMs?: number;
  /** Runs once the check has ended, however it ended (the route removes the uploaded file). */
  setelah?: () => Promise<unknown>;
  /** The CPU priority (nice) of the thread a table is checked in: BACA_NICE on a server. */
  nice?: number;
  /** The size from which a table is checked in a thread of its own (default UTAS_CEK_MULAI). */
  utasMulai?: number;
  /** Rows per statement of the sort (default SORTIR_POSTGRES or SORTIR_TERTANAM; Infinity: all at once). */
  rentangSortir?: number;
  /** The rows read from which the staged rows' statistics are refreshed (default ANALYZE_SETIAP). */
  statistikMulai?: number;
}

/** A table of this many bytes or more is checked in a thread (about 3,000 rows of applicants). */
export const UTAS_CEK_MULAI = 1024 * 1024;

/** A check's row, status MEMERIKSA; `unggahan`: the upload's hash in the store when a worker checks it. */
async function catatCek(
  db: Kysely<DB>,
  id: string,
  input: { jenis: ImporJenis; namaFile: string; oleh: Pengimpor },
  sha256: string,
  ukuran: number,
  unggahan: string | null,
) {
  await db
    .insertInto('impor_cek')
    .values({
      id,
      jenis: input.jenis,
      nama_file: input.namaFile,
      sha256,
      ukuran,
      dibuat_oleh: input.oleh.id,
      dibuat_oleh_nama: input.oleh.nama,
      status: 'MEMERIKSA',
      unggahan,
    })
    .execute();
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
  let ukuran: number;
  try {
    requireJenis(input.jenis);
    const folder = (await stat(input.file)).isDirectory();
    arsip = input.jenis !== 'dokumen' ? null : folder ? await bukaFolder(input.file) : await bukaZip(input.file);
    id = randomUUID();
    const [hash, { size }] = folder
      ? ['folder', { size: 0 }]
      : await Promise.all([sha256File(input.file), stat(input.file)]);
    sha256 = hash;
    ukuran = size;
    await catatCek(db, id, input, sha256, size, null);
  } catch (error) {
    arsip?.close();
    await opsi.setelah?.();
    throw error;
  }
  const opened = arsip;
  const work = periksa(db, id, input, opened, sha256, {
    ukuran,
    utasMulai: opsi.utasMulai ?? UTAS_CEK_MULAI,
    nice: opsi.nice ?? 0,
    rentangSortir: opsi.rentangSortir ?? rentangSortirOf(db),
    statistikMulai: opsi.statistikMulai ?? ANALYZE_SETIAP,
  }).finally(async () => {
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
  opsi: { ukuran: number; utasMulai: number; nice: number; rentangSortir: number; statistikMulai: number },
): Promise<void> {
  let dibaca = 0;
  // One batch of rows in flight while the next is read and checked: the file's parsing and the
  // insert (PostgreSQL) overlap instead of taking turns.
  let inFlight: Promise<void> = Promise.resolve();
  const stage = async (rows: BarisStaging[]) => {
    await inFlight;
    const mulai = performance.now();
    // While people are at work, the next batch waits half as long as this one took to stage.
    inFlight = stageRows(db, input.jenis, id, rows).then(() => mengalahSebanding(performance.now() - mulai));
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
    // A table is read and checked in a thread of its own (a small one here: starting a thread costs
    // more than checking it); an archive's manifest here, giving way to people's requests every few
    // milliseconds (shared/giliran.ts), beside the store its files go into.
    const batches =
      arsip || opsi.ukuran < opsi.utasMulai
        ? batchDiperiksa(input, input.files, arsip, beriGiliran)
        : batchDiUtas(input, opsi.nice);
    for await (const batch of batches) {
      dibaca = batch.dibaca;
      await stage(batch.staged);
      await stageRejections(db, id, batch.rejected);
    }
    await inFlight;
    // The staged rows can be millions more than the planner last saw: sorted with fresh statistics.
    if (dibaca >= opsi.statistikMulai) await perbaruiStatistik(db, ['impor_baris']);
    // On the embedded database the sort goes a few thousand rows per statement (klasifikasi).
    await klasifikasi(db, input.jenis, id, opsi.rentangSortir);
    // And again once sorted: the report and the apply find their rows by `hasil`, which the
    // statistics taken before the sort saw empty everywhere; with those, every batch of the apply
    // read the whole staged file to find its last row (a 200,000-row file on the embedded database:
    // 160-250 ms per batch instead of 3 ms).
    if (dibaca >= opsi.statistikMulai) await perbaruiStatistik(db, ['impor_baris']);
    clearInterval(detak);
    await db
      .updateTable('impor_cek')
      .set({ dibaca, status: 'SELESAI', detak_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  } catch (error) {
    clearInterval(detak);
    await inFlight.catch(() => undefined);
    await gagalkanCek(db, id, error);
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

export const hitungan = (r: { baru: number; berubah: number; sama: number; ditolak: number; konflik: number }) => ({
  baru: r.baru,
  berubah: r.berubah,
  sama: r.sama,
  ditolak: r.ditolak,
  konflik: r.konflik,
});

/** The report's reads of the staged rows: all at once on PostgreSQL, SORTIR_TERTANAM * 20 rows per
 * statement on the embedded database (200,000 in one: 0.3-1 s on the server's thread). */
const rentangLaporan = (db: Kysely<DB>) => (bisaSalin(db) ? Infinity : SORTIR_TERTANAM * 20);

export async function countsOf(db: Kysely<DB>, cekId: string) {
  // Every row is staged, a refused one as DITOLAK (its problems are in impor_tolak).
  const rows: { hasil: string; n: number }[] = [];
  await perBagian(db, cekId, rentangLaporan(db), async (bagian) => {
    const counted = await sql<{ hasil: string; n: number }>`
      SELECT hasil, count(*)::int AS n FROM impor_baris WHERE cek_id = ${cekId} AND ${bagian} GROUP BY hasil`.execute(
      db,
    );
    rows.push(...counted.rows);
    return undefined;
  });
  const n = (h: string) => rows.filter((r) => r.hasil === h).reduce((sum, r) => sum + r.n, 0);
  return {
    baru: n('BARU'),
    berubah: n('BERUBAH'),
    sama: n('SAMA'),
    konflik: n('KONFLIK'),
    ditolak: n('DITOLAK'),
  };
}

/** The first conflicts of a check, in the file's order (none found means every row was read). */
async function konflikPertama(db: Kysely<DB>, cekId: string): Promise<ImporKonflik[]> {
  const konflik: ImporKonflik[] = [];
  await perBagian(db, cekId, rentangLaporan(db), async (bagian) => {
    const found = await sql<ImporKonflik>`SELECT baris, kunci, alasan FROM impor_baris
      WHERE cek_id = ${cekId} AND hasil = 'KONFLIK' AND ${bagian}
      ORDER BY baris LIMIT ${IMPOR_LAPORAN_BATAS - konflik.length}`.execute(db);
    konflik.push(...found.rows);
    return konflik.length >= IMPOR_LAPORAN_BATAS ? 'cukup' : undefined;
  });
  return konflik;
}

/**
 * The report of a check: counts, the first problems (every problem of a row, each with its column,
 * in the order of the template's columns) and the first conflicts.
 */
export async function laporanCek(db: Kysely<DB>, cekId: string): Promise<ImporCek> {
  await akhiriCekMati(db, cekId);
  const cek = await db.selectFrom('impor_cek').selectAll().where('id', '=', cekId).executeTakeFirst();
  if (!cek)
    throw new AppError(
      404,
      IMPOR_ERROR_CODES.cekTidakAda,
      'Hasil pemeriksaan ini tidak ada lagi. Unggah berkasnya kembali.',
    );
  const kolom = JENIS_IMPOR[cek.jenis as ImporJenis]?.kolom.map((k) => k.nama) ?? [];
  // A check still running has not sorted its rows yet: its report says how many rows were read
  // (what the screen shows meanwhile), without counts or lists. Counting its staged rows at each
  // poll scanned the growing staging (bench/impor: two statements of about 0.4 s per poll at a
  // million rows, a poll every second or two, a busy core of PostgreSQL's two for the whole check).
  if (cek.status === 'MEMERIKSA')
    return reportOf(cek, { baru: 0, berubah: 0, sama: 0, konflik: 0, ditolak: 0 }, [], []);
  const [counts, penolakan, konflik] = await Promise.all([
    countsOf(db, cekId),
    sql<ImporPenolakan>`
      SELECT baris, kolom, nilai, pesan FROM impor_tolak WHERE cek_id = ${cekId}
      ORDER BY baris, kolom IS NOT NULL, array_position(${kolom}::text[], kolom) NULLS LAST, kolom, pesan
      LIMIT ${IMPOR_LAPORAN_BATAS}`.execute(db),
    konflikPertama(db, cekId),
  ]);
  return reportOf(cek, counts, penolakan.rows, konflik);
}

function reportOf(
  cek: Selectable<DB['impor_cek']>,
  counts: Awaited<ReturnType<typeof countsOf>>,
  penolakan: ImporPenolakan[],
  konflik: ImporKonflik[],
): ImporCek {
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
    penolakan,
    konflikList: konflik,
    dibuat: new Date(cek.dibuat_at).toISOString(),
  };
}

/** Every rejected row with its original cells and why (to fix and upload again). */
export async function barisDitolak(db: Kysely<DB>, cekId: string) {
  // A row's problems all carry the same cells (klasifikasi.ts takes those of its format problems).
  const rows = await sql<{ baris: number; asli: Record<string, unknown>; alasan: string }>`
    SELECT baris, asli, string_agg(pesan, '; ' ORDER BY kolom IS NOT NULL, kolom, pesan) AS alasan
    FROM impor_tolak WHERE cek_id = ${cekId} GROUP BY baris, asli
    ORDER BY baris`.execute(db);
  return rows.rows;
}

/** A check still running is failed, with why (the error's message when it is the file's fault). */
async function gagalkanCek(db: Kysely<DB>, id: string, error: unknown) {
  await db
    .updateTable('impor_cek')
    .set({
      status: 'GAGAL',
      pesan: error instanceof AppError ? error.message : 'Pemeriksaan gagal karena kesalahan pada server.',
    })
    .where('id', '=', id)
    .where('status', '=', 'MEMERIKSA')
    .execute()
    .catch(() => undefined);
}

/**
 * A check whose process died (no heartbeat for a minute) is failed, so the screen stops waiting:
 * this one, or every one. A check waiting for a worker is not dead: its clock starts when taken.
 */
export async function akhiriCekMati(db: Kysely<DB>, cekId?: string) {
  await sql`UPDATE impor_cek SET status = 'GAGAL',
      pesan = 'Pemeriksaan terhenti (pekerja atau server dimulai ulang). Unggah berkasnya kembali.'
    WHERE ${cekId === undefined ? sql`true` : sql`id = ${cekId}`} AND status = 'MEMERIKSA'
      AND (unggahan IS NULL OR diambil_at IS NOT NULL)
      AND detak_at < now() - make_interval(secs => ${STALE_SECONDS})`.execute(db);
}

/** How often the answer to a queued check's upload looks whether the check has ended. */
const JEDA_TUNGGU_MS = 250;

/**
 * Issue #33: a large upload's check on the job queue, run by an import worker in any process
 * (pekerja.ts, jalankanCek), not by the process that received it. The upload goes into the document
 * store, where every process can read it; the check's row is the queue's outbox. The answer waits
 * up to `tungguMs` for the check's end, as cekBerkas's does, then says MEMERIKSA and the screen
 * follows the report. A check no worker has taken yet waits (its report reads 0 rows).
 */
export async function antreCek(
  db: Kysely<DB>,
  input: { jenis: ImporJenis; file: string; namaFile: string; oleh: Pengimpor; files: BerkasStore },
  opsi: { tungguMs: number },
): Promise<ImporCek> {
  requireJenis(input.jenis);
  const [sha256, { size }] = await Promise.all([sha256File(input.file), stat(input.file)]);
  await input.files.putFile(input.file, sha256);
  const id = randomUUID();
  await catatCek(db, id, input, sha256, size, sha256);
  const batas = performance.now() + opsi.tungguMs;
  for (;;) {
    const { status } = await db.selectFrom('impor_cek').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    if (status !== 'MEMERIKSA' || performance.now() >= batas) return laporanCek(db, id);
    await new Promise((resolve) => setTimeout(resolve, JEDA_TUNGGU_MS));
  }
}

/**
 * Issue #33: a worker's check of a queued upload. It claims the row first (so no check runs twice;
 * the heartbeat's clock starts here), copies the upload out of the store into a folder of its own
 * and checks it as the request's check does: a table in a thread at `nice`, an archive beside the
 * store. However it ends, the upload leaves the store, with those of checks whose worker died. A
 * file the check refuses ends the check, not the job: only a server fault is thrown.
 */
export async function jalankanCek(
  db: Kysely<DB>,
  files: BerkasStore,
  id: string,
  opsi: { nice: number },
): Promise<ImporCek | null> {
  const cek = await db
    .updateTable('impor_cek')
    .set({ diambil_at: sql<Date>`now()`, detak_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'MEMERIKSA')
    .where('diambil_at', 'is', null)
    .where('unggahan', 'is not', null)
    .returningAll()
    .executeTakeFirst();
  if (!cek?.unggahan) return null;
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-cek-'));
  let arsip: Arsip | null = null;
  try {
    const file = path.join(dir, 'unggahan');
    const isi = await files.open(cek.unggahan);
    if (!isi)
      throw new AppError(
        410,
        IMPOR_ERROR_CODES.cekTidakAda,
        'Berkas unggahan tidak ada lagi. Unggah berkasnya kembali.',
      );
    await pipeline(isi, createWriteStream(file));
    const jenis = cek.jenis as ImporJenis;
    arsip = jenis === 'dokumen' ? await bukaZip(file) : null;
    const input = {
      jenis,
      file,
      namaFile: cek.nama_file,
      oleh: { id: cek.dibuat_oleh, nama: cek.dibuat_oleh_nama },
      files,
    };
    await periksa(db, id, input, arsip, cek.sha256, {
      ukuran: Number(cek.ukuran),
      utasMulai: UTAS_CEK_MULAI,
      nice: opsi.nice,
      rentangSortir: rentangSortirOf(db),
      statistikMulai: ANALYZE_SETIAP,
    });
  } catch (error) {
    await gagalkanCek(db, id, error);
    if (!(error instanceof AppError)) throw error;
  } finally {
    arsip?.close();
    await rm(dir, { recursive: true, force: true });
    await lepasUnggahan(db, files);
  }
  return laporanCek(db, id);
}

/** The uploads of checks that have ended (or whose worker died) leave the store. */
export async function lepasUnggahan(db: Kysely<DB>, files: BerkasStore): Promise<void> {
  await akhiriCekMati(db);
  const ended = await db
    .selectFrom('impor_cek')
    .select(['id', 'unggahan'])
    .where('unggahan', 'is not', null)
    .where('status', '<>', 'MEMERIKSA')
    .execute();
  for (const row of ended) {
    await db.updateTable('impor_cek').set({ unggahan: null }).where('id', '=', row.id).execute();
    if (row.unggahan) await hapusBilaTakDipakai(db, files, row.unggahan);
  }
}
