// Issue #33: a list export of more than EKSPOR_LANGSUNG_MAKS rows is written on the job queue, by
// whichever process has export workers (EKSPOR_PEKERJA on an instance, `npm run worker`), not in
// the request that asked for it: a million rows take minutes, longer than a proxy should hold a
// request, and a reload would lose them. Smaller exports stream from their request as before.
//
// The request counts the rows (no further than the limit) and, over it, writes the job's row in
// ekspor_job (MENUNGGU) with what was asked and the caller's scope at that moment, and answers 202;
// the relay hands rows not yet queued to the queue, marking them in the same transaction (as the
// imports' and the announcements' relays do); a worker claims its row before it begins (BERJALAN),
// has the file written to a temporary file by a thread of its own at BACA_NICE (utas-ekspor.ts;
// this thread reads the rows and their cells), hashed as written, and keeps it in the store for
// EKSPOR_SIMPAN_JAM hours for the one who asked. The rows written so far are the job's progress
// and its heartbeat: a job whose worker died is ended as failed after STALE_DETIK, and one
// cancelled stops at its next batch. Expired files are deleted (they hold NIKs) with their rows.

import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { EKSPOR_SIMPAN_JAM, type EksporJob, type ExportFormat } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { ANTREAN_EKSPOR, type Antrean, type OpsiPekerja, PekerjaAntrean, relaiBaris } from '../baca/antrean.js';
import { kerjakanDiUtas } from '../baca/utas-kerja.js';
import { hapusBilaTakDipakai } from '../shared/berkas-sementara.js';
import {
  type DaftarEkspor,
  type HasilEkspor,
  namaUnduhan,
  selPerBatch,
  sendExport,
  type TugasEkspor,
  terhitung,
  tulisDaftar,
} from './sheet.js';

/** A job being written whose progress has not moved for this long has lost its worker. */
export const STALE_DETIK = 120;

export type JenisEkspor = 'PELAMAR' | 'NONASN';

/**
 * How one kind of export is written from its request, by the route or by a worker from its job
 * (the composition of the worker, ekspor-jenis.ts, names them): how many rows, and the list (its
 * columns and its batches).
 */
export interface PembuatSatuEkspor<P = unknown, Row = unknown> {
  /** The rows the export holds, counted no further than `batas` when given. */
  jumlah: (db: Kysely<DB>, permintaan: P, batas?: number) => Promise<number>;
  daftar: (db: Kysely<DB>, permintaan: P) => DaftarEkspor<Row>;
}
export type PembuatEkspor = Record<JenisEkspor, PembuatSatuEkspor>;

/** One list export asked for: whose, which screen's, its file, and the request the worker repeats. */
export interface EksporDiminta {
  penggunaId: number;
  jenis: JenisEkspor;
  /** The screen's path (its list), so the screen finds its export again after a reload. */
  halaman: string;
  /** The download's name without the day and the extension, e.g. "rekap-pelamar-cpns". */
  nama: string;
  format: ExportFormat;
  /** What the worker needs to write the same file: the list, its view and the caller's scope. */
  permintaan: unknown;
}

const GAGAL_TERHENTI =
  'Penyiapan berkas unduhan terhenti karena proses pembuatnya berhenti. Unduh lagi dari daftarnya.';
const GAGAL_UMUM =
  'Berkas unduhan tidak dapat dibuat karena kesalahan pada server. Coba unduh lagi, dan hubungi pengelola portal bila terulang.';
const DIBATALKAN = 'Unduhan dibatalkan.';

const kolom = [
  'id',
  'status',
  'format',
  'nama_berkas',
  'halaman',
  'selesai',
  'total',
  'ukuran',
  'pesan',
  'dibuat_at',
  'kedaluwarsa_at',
] as const;

type Baris = {
  id: string;
  status: EksporJob['status'];
  format: ExportFormat;
  nama_berkas: string;
  halaman: string;
  selesai: number;
  total: number;
  ukuran: string | number | null;
  pesan: string | null;
  dibuat_at: Date;
  kedaluwarsa_at: Date | null;
};

const keJob = (row: Baris): EksporJob => ({
  id: row.id,
  status: row.status,
  format: row.format,
  namaBerkas: row.nama_berkas,
  halaman: row.halaman,
  selesai: row.selesai,
  total: row.total,
  ukuran: row.status === 'SELESAI' && row.ukuran !== null ? Number(row.ukuran) : null,
  pesan: row.status === 'GAGAL' ? row.pesan : null,
  dibuatAt: new Date(row.dibuat_at).toISOString(),
  kedaluwarsaAt: row.kedaluwarsa_at ? new Date(row.kedaluwarsa_at).toISOString() : null,
});

const tidakAda = () =>
  new AppError(
    404,
    'NOT_FOUND',
    `Unduhan ini tidak ditemukan. Berkas unduhan disimpan ${EKSPOR_SIMPAN_JAM} jam; unduh lagi dari daftarnya.`,
  );

/** Jobs whose worker died (taken, no progress for STALE_DETIK) are ended, so they block nobody. */
async function akhiriMati(db: Kysely<DB>): Promise<void> {
  await db
    .updateTable('ekspor_job')
    .set({ status: 'GAGAL', pesan: GAGAL_TERHENTI })
    .where('status', '=', 'BERJALAN')
    .where('diubah_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_DETIK})`)
    .execute();
}

/** Writes the job (MENUNGGU). One export waiting or being made per user and screen. */
export async function antrekanEkspor(db: Kysely<DB>, diminta: EksporDiminta): Promise<EksporJob> {
  await akhiriMati(db);
  const row = await db
    .insertInto('ekspor_job')
    .values({
      id: randomUUID(),
      pengguna_id: diminta.penggunaId,
      jenis: diminta.jenis,
      halaman: diminta.halaman,
      format: diminta.format,
      nama_berkas: namaUnduhan(diminta.nama, diminta.format),
      permintaan: JSON.stringify(diminta.permintaan),
    })
    // The partial unique index allows one export waiting or being made per user and screen.
    .onConflict((oc) => oc.doNothing())
    .returning(kolom)
    .executeTakeFirst();
  if (!row) {
    throw new AppError(
      409,
      'EKSPOR_SEDANG_DIBUAT',
      'Unduhan daftar ini sedang disiapkan. Tunggu sampai selesai; kemajuannya tampil di atas daftar.',
    );
  }
  return keJob(row);
}

/**
 * A list's …/export: the file streamed from this request when the view holds at most `batas` rows
 * (counted no further), else the job (202) that the screen follows.
 */
export async function kirimEkspor<P, Row>(
  reply: FastifyReply,
  db: Kysely<DB>,
  diminta: EksporDiminta & { permintaan: P },
  pembuat: PembuatSatuEkspor<P, Row>,
  batas: number,
) {
  if ((await pembuat.jumlah(db, diminta.permintaan, batas)) <= batas) {
    const isi = tulisDaftar(pembuat.daftar(db, diminta.permintaan), diminta.format);
    return sendExport(reply, namaUnduhan(diminta.nama, diminta.format), diminta.format, isi);
  }
  return reply.status(202).send(await antrekanEkspor(db, diminta));
}

/** The caller's own job, not expired: another user's is "not found", as is one deleted. */
async function milik(db: Kysely<DB>, penggunaId: number, id: string): Promise<Baris> {
  await akhiriMati(db);
  const row = await db
    .selectFrom('ekspor_job')
    .where('id', '=', id)
    .where('pengguna_id', '=', penggunaId)
    .where((eb) => eb.or([eb('kedaluwarsa_at', 'is', null), eb('kedaluwarsa_at', '>', sql<Date>`now()`)]))
    .select(kolom)
    .executeTakeFirst();
  if (!row) throw tidakAda();
  return row;
}

/** GET /api/ekspor/{id}: where the job stands (the screen polls this). */
export async function eksporJob(db: Kysely<DB>, penggunaId: number, id: string): Promise<EksporJob> {
  return keJob(await milik(db, penggunaId, id));
}

/**
 * GET /api/ekspor?halaman=…: the caller's newest export of that screen still waiting or being
 * made, or made and not yet downloaded – what the screen follows again after a reload.
 */
export async function eksporHalaman(db: Kysely<DB>, penggunaId: number, halaman: string): Promise<EksporJob | null> {
  await akhiriMati(db);
  const row = await db
    .selectFrom('ekspor_job')
    .where('pengguna_id', '=', penggunaId)
    .where('halaman', '=', halaman)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['MENUNGGU', 'BERJALAN']),
        eb.and([
          eb('status', '=', 'SELESAI'),
          eb('diunduh_at', 'is', null),
          eb('kedaluwarsa_at', '>', sql<Date>`now()`),
        ]),
      ]),
    )
    .orderBy('dibuat_at', 'desc')
    .limit(1)
    .select(kolom)
    .executeTakeFirst();
  return row ? keJob(row) : null;
}

/** POST /api/ekspor/{id}/batal: a job waiting ends at once, one being written at its next batch. */
export async function batalkanEkspor(db: Kysely<DB>, penggunaId: number, id: string): Promise<EksporJob> {
  const row = await db
    .updateTable('ekspor_job')
    .set({ status: 'GAGAL', pesan: DIBATALKAN, diubah_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('pengguna_id', '=', penggunaId)
    .where('status', 'in', ['MENUNGGU', 'BERJALAN'])
    .returning(kolom)
    .executeTakeFirst();
  if (row) return keJob(row);
  await milik(db, penggunaId, id);
  throw new AppError(409, 'EKSPOR_SUDAH_BERAKHIR', 'Penyiapan berkas unduhan ini sudah berakhir.');
}

/** GET /api/ekspor/{id}/berkas: the file made, for the one who asked, until it expires. */
export async function berkasEkspor(
  db: Kysely<DB>,
  files: BerkasStore,
  penggunaId: number,
  id: string,
): Promise<{ job: EksporJob; isi: Readable }> {
  const row = await milik(db, penggunaId, id);
  if (row.status !== 'SELESAI') {
    throw new AppError(
      409,
      'EKSPOR_BELUM_SELESAI',
      row.status === 'GAGAL' ? (row.pesan ?? GAGAL_UMUM) : 'Berkas unduhan masih disiapkan. Tunggu sampai selesai.',
    );
  }
  const { berkas_sha256: sha256 } = await db
    .selectFrom('ekspor_job')
    .where('id', '=', id)
    .select('berkas_sha256')
    .executeTakeFirstOrThrow();
  const isi = sha256 ? await files.open(sha256) : undefined;
  if (!isi) throw tidakAda();
  await db.updateTable('ekspor_job').set({ diunduh_at: sql<Date>`now()` }).where('id', '=', id).execute();
  return { job: keJob(row), isi };
}

/**
 * Deletes expired exports: the file (unless another export not yet expired, or an upload being
 * checked, holds the same bytes: the store keeps equal bytes once) and the row; and rows of jobs that ended without a file a day
 * ago. Returns how many files were deleted.
 */
export async function bersihkanEkspor(db: Kysely<DB>, files: BerkasStore): Promise<number> {
  await db
    .deleteFrom('ekspor_job')
    .where('berkas_sha256', 'is', null)
    .where('status', 'in', ['SELESAI', 'GAGAL'])
    .where('diubah_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  const expired = await db
    .deleteFrom('ekspor_job')
    .where('kedaluwarsa_at', '<=', sql<Date>`now()`)
    .returning('berkas_sha256')
    .execute();
  let dihapus = 0;
  for (const sha256 of new Set(expired.map((row) => row.berkas_sha256))) {
    if (sha256 && (await hapusBilaTakDipakai(db, files, sha256))) dihapus += 1;
  }
  return dihapus;
}

/** Hands jobs not yet queued to the queue, in one transaction. Returns how many. */
export const relaiEkspor = (antrean: Antrean): Promise<number> =>
  relaiBaris(antrean, {
    table: 'ekspor_job',
    waiting: "status = 'MENUNGGU'",
    order: 'dibuat_at',
    queue: ANTREAN_EKSPOR,
  });

/** Thrown into the writing when the job was cancelled meanwhile: it stops there. */
class Dibatalkan extends Error {}

/** What a worker needs to write exports. */
export interface PenulisEkspor {
  db: Kysely<DB>;
  files: BerkasStore;
  pembuat: PembuatEkspor;
  /** Where the file is written before the store takes it (the system's temporary folder). */
  folderSementara?: string;
  /** The CPU priority of the thread the file is written in (BACA_NICE); 0, the caller's, by default. */
  nice?: number;
}

/**
 * The JavaScript heap an export's thread may use: one batch of cells and the writer's buffers
 * (ExcelJS streams each row out as it is committed).
 */
export const MEMORI_UTAS_EKSPOR_MB = 128;

/**
 * Writes the export of job `id`, if no worker has taken it: claims the row, counts the rows,
 * writes the file (progress on the row each batch) while hashing it, stores it, and ends the job
 * with the file or with the reason it was not made. Returns the job's end.
 */
export async function kerjakanEkspor(
  penulis: PenulisEkspor,
  id: string,
  log?: Pick<Logger, 'error'>,
): Promise<EksporJob['status'] | null> {
  const { db, files } = penulis;
  const job = await db
    .updateTable('ekspor_job')
    .set({ status: 'BERJALAN', dikerjakan_at: sql<Date>`now()`, diubah_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'MENUNGGU')
    .returning(['jenis', 'format', 'permintaan'])
    .executeTakeFirst();
  if (!job) return null;
  const jenis = penulis.pembuat[job.jenis];
  const sementara = path.join(penulis.folderSementara ?? tmpdir(), `ekspor-${id}.${job.format}`);
  try {
    const total = await jenis.jumlah(db, job.permintaan);
    await db.updateTable('ekspor_job').set({ total, diubah_at: sql<Date>`now()` }).where('id', '=', id).execute();
    const hitung = async (rows: number) => {
      const moved = await db
        .updateTable('ekspor_job')
        .set({ selesai: sql<number>`selesai + ${rows}`, diubah_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'BERJALAN')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) throw new Dibatalkan();
    };
    // Issue #33: the file is written in a thread of its own; this thread reads the rows and their
    // cells, a batch at a time as the thread asks, telling the job's progress (and stopping there
    // when it was cancelled).
    const daftar = jenis.daftar(db, job.permintaan);
    const tugas: TugasEkspor = {
      kolom: daftar.kolom.map(({ value: _value, ...column }) => column),
      format: job.format,
      judul: daftar.judul,
      berkas: sementara,
    };
    const { sha256, ukuran } = await kerjakanDiUtas<HasilEkspor, string>(
      { skrip: 'utas-ekspor', data: tugas, nice: penulis.nice ?? 0, memoriMb: MEMORI_UTAS_EKSPOR_MB, nama: 'unduhan' },
      () => selPerBatch(daftar.kolom, terhitung(daftar.batches, hitung)),
    );
    await files.putFile(sementara, sha256);
    const selesai = await db
      .updateTable('ekspor_job')
      .set({
        status: 'SELESAI',
        berkas_sha256: sha256,
        ukuran,
        diubah_at: sql<Date>`now()`,
        kedaluwarsa_at: sql<Date>`now() + make_interval(hours => ${EKSPOR_SIMPAN_JAM})`,
      })
      .where('id', '=', id)
      .where('status', '=', 'BERJALAN')
      .executeTakeFirst();
    if (Number(selesai.numUpdatedRows) === 0) throw new Dibatalkan();
    return 'SELESAI';
  } catch (error) {
    if (error instanceof Dibatalkan) return 'GAGAL';
    const known = error instanceof AppError && error.statusCode < 500;
    if (!known) log?.error({ err: error, job: id }, 'berkas unduhan gagal dibuat');
    await db
      .updateTable('ekspor_job')
      .set({ status: 'GAGAL', pesan: known ? error.message : GAGAL_UMUM, diubah_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'BERJALAN')
      .execute();
    return 'GAGAL';
  } finally {
    await rm(sementara, { force: true }).catch(() => undefined);
  }
}

/** How often a process with export workers deletes expired files. */
const BERSIH_MS = 10 * 60_000;

/** The export workers of one process, the relay, and the deletion of expired files. */
export class PekerjaEkspor extends PekerjaAntrean {
  #bersih: NodeJS.Timeout | null = null;

  constructor(
    antrean: Antrean,
    private readonly penulis: PenulisEkspor,
    private readonly opsiEkspor: OpsiPekerja,
  ) {
    super(
      antrean,
      ANTREAN_EKSPOR,
      () => relaiEkspor(antrean),
      async (id) => {
        const status = await kerjakanEkspor(penulis, id, opsiEkspor.log);
        opsiEkspor.log.info({ job: id, status }, 'penyiapan berkas unduhan berakhir');
      },
      opsiEkspor,
    );
  }

  override async mulai(): Promise<void> {
    await super.mulai();
    const bersihkan = () =>
      void bersihkanEkspor(this.penulis.db, this.penulis.files).catch((error: unknown) =>
        this.opsiEkspor.log.warn({ err: error }, 'menghapus berkas unduhan kedaluwarsa gagal; dicoba lagi'),
      );
    bersihkan();
    this.#bersih = setInterval(bersihkan, BERSIH_MS);
    this.#bersih.unref();
  }

  override async berhenti(): Promise<void> {
    if (this.#bersih) clearInterval(this.#bersih);
    await super.berhenti();
  }
}
