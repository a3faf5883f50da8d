// Issue #20: making, keeping and checking the official documents. Only after the final lock
// (409 before, with the reason), only by the instansi's admin of the track (routes.ts). Each
// document is made once (two layout passes: count the pages, then write), stored in the
// document store by its sha-256, recorded with a short code, and audited. Issue #31: the
// announcement's Excel copy is made and kept with it, and a later announcement amends the last.

import { createHash, randomInt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type BeritaAcaraRequest,
  cekDokumenPath,
  DOKUMEN_RESMI_JUDUL,
  type DokumenResmi,
  type DokumenResmiJenis,
  formatTanggalPanjang,
  formatWaktuPanjang,
  namaLengkap,
  type PenandaTangan,
  type PengumumanRequest,
  TRACKS,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { DB } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { type Actor, recordAudit } from '../audit/audit.js';
import { statusFinal, terkunciFinal } from '../verifikasi/service.js';
import {
  type BarisPengumuman,
  type HitunganFormasi,
  type IsiBeritaAcara,
  type IsiPengumuman,
  tulisBeritaAcara,
  tulisPengumuman,
} from './content.js';
import { mulaiDaftar } from './daftar-terbit.js';
import {
  belumFinal,
  type DokumenScope,
  dokumenMilik,
  dokumenQuery,
  dokumenTerakhir,
  kopOf,
  kotaBelumDiisi,
  notFound,
  toDokumen,
} from './dokumen.js';
import { type Frame, OfficialPdf } from './pdf.js';
import {
  gambarTandaTangan,
  type Penanda,
  type TandaTanganTertunda,
  tandatanganiBerkas,
  tempatTandaTangan,
} from './tte.js';
import { pengumumanXlsx } from './xlsx.js';

const BATCH = 5000;
/** Codes people read off paper: no 0/O, 1/I. */
const KODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newKode = () => Array.from({ length: 10 }, () => KODE_ALPHABET[randomInt(KODE_ALPHABET.length)]).join('');

/**
 * Writes a file into the document store: to a temporary file while hashed, then stored by its
 * hash, so a document of tens of MB is never held in memory whole. `tulis` ends the sink;
 * `selesaikan`, when given, completes the written file in place (the PDF's signature), which is
 * then hashed again from disk.
 */
async function simpanBerkas(
  files: BerkasStore,
  tulis: (sink: Transform) => Promise<void>,
  selesaikan?: (file: string) => Promise<void>,
): Promise<{ sha256: string; ukuran: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dokumen-resmi-'));
  try {
    const file = path.join(dir, 'berkas');
    const hash = createHash('sha256');
    let ukuran = 0;
    const sink = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        ukuran += chunk.length;
        done(null, chunk);
      },
    });
    const written = pipeline(sink, createWriteStream(file));
    try {
      await tulis(sink);
    } catch (error) {
      sink.destroy(error as Error);
      await written.catch(() => undefined);
      throw error;
    }
    await written;
    if (!selesaikan) return { sha256: await files.putFile(file, hash.digest('hex')), ukuran };
    await selesaikan(file);
    const again = createHash('sha256');
    for await (const chunk of createReadStream(file)) again.update(chunk as Buffer);
    return { sha256: await files.putFile(file, again.digest('hex')), ukuran };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Lays a document out twice (count the pages, then write), signs the second pass with the
 * instansi's certificate (issue #31: the mark and the signature's placeholder in the signature
 * block, the signature itself once the file is written) and stores it. `write` is told which
 * pass it is in (the announcement copies the rows of the written one to its sheet).
 */
async function render(
  files: BerkasStore,
  frame: Omit<ConstructorParameters<typeof OfficialPdf>[0], 'halaman' | 'tandaTangan'>,
  title: string,
  penanda: Penanda,
  write: (pdf: OfficialPdf, menghitung: boolean) => Promise<void>,
): Promise<{ sha256: string; ukuran: number; halaman: number; penandaTangan: PenandaTangan }> {
  const counting = new OfficialPdf({ ...frame, halaman: null }, null, { title });
  await write(counting, true);
  await counting.end();
  let halaman = 0;
  const waktu = new Date();
  let tertunda: TandaTanganTertunda | null = null;
  const tandaTangan: Frame['tandaTangan'] = (doc, kotak) => {
    gambarTandaTangan(doc, kotak, penanda.pemilik, waktu);
    tertunda = tempatTandaTangan(doc, kotak, penanda, waktu);
  };
  const stored = await simpanBerkas(
    files,
    async (sink) => {
      const pdf = new OfficialPdf({ ...frame, halaman: counting.pages, tandaTangan }, sink, { title });
      await write(pdf, false);
      await pdf.end();
      halaman = pdf.pages;
    },
    async (file) => {
      if (!tertunda) throw new Error('blok tanda tangan dokumen tidak tergambar');
      await tandatanganiBerkas(file, tertunda, penanda);
    },
  );
  return { ...stored, halaman, penandaTangan: { ...penanda.pemilik, waktu: waktu.toISOString() } };
}

/**
 * The announcement's rows also handed to its Excel copy, a batch at a time: the PDF's reading
 * waits until the sheet took the previous batch, so both files hold the very same rows (issue
 * #31: read once, not twice from data an objection may change in between) in bounded memory.
 */
async function* salinKe<T>(rows: AsyncIterable<T>, salinan: PassThrough): AsyncIterable<T> {
  for await (const batch of rows) {
    if (salinan.destroyed) throw salinan.errored ?? new Error('salinan Excel berhenti');
    if (!salinan.write(batch)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          salinan.off('drain', done);
          salinan.off('close', done);
          resolve();
        };
        salinan.on('drain', done);
        salinan.on('close', done);
      });
    }
    yield batch;
  }
  salinan.end();
}

interface Dibuat {
  kode: string;
  jenis: DokumenResmiJenis;
  sha256: string;
  ukuran: number;
  halaman: number;
  xlsx?: { sha256: string; ukuran: number };
  penandaTangan: PenandaTangan;
  /** The announcement this one amends, as it was the latest when the making began. */
  mengubah?: Pendahulu | null;
  nomor: string;
  tanggal: string;
  isian: unknown;
  details: Record<string, unknown>;
}

type Pendahulu = NonNullable<Awaited<ReturnType<typeof dokumenTerakhir>>>;

/** Serialises the recording of an instansi's documents (the other key: the instansi). */
const KUNCI_DOKUMEN = 727231;

const dokumenBerubah = (jenis: DokumenResmiJenis) => {
  const nama = jenis === 'PENGUMUMAN' ? 'Pengumuman' : 'Berita acara';
  return new AppError(
    409,
    jenis === 'PENGUMUMAN' ? 'PENGUMUMAN_BERUBAH' : 'BERITA_ACARA_BERUBAH',
    `${nama} lain untuk jalur ini diterbitkan selama dokumen ini disusun. Muat ulang halaman, lalu buat dokumennya lagi agar merujuk ${nama.toLowerCase()} terakhir.`,
  );
};

async function simpan(db: Kysely<DB>, scope: DokumenScope, actor: Actor, made: Dibuat) {
  const { sha256 } = made;
  await transaction(db, async (trx) => {
    // The amendment names the latest document of its kind: still the latest when it is recorded.
    await sql`SELECT pg_advisory_xact_lock(${KUNCI_DOKUMEN}, ${scope.instansiId})`.execute(trx);
    const terakhir = await dokumenTerakhir(trx, scope, made.jenis);
    if ((terakhir?.kode ?? null) !== (made.mengubah?.kode ?? null)) throw dokumenBerubah(made.jenis);
    await trx
      .insertInto('dokumen_resmi')
      .values({
        kode: made.kode,
        jenis: made.jenis,
        instansi_id: scope.instansiId,
        track: scope.track,
        nomor: made.nomor,
        tanggal: made.tanggal,
        sha256,
        ukuran: made.ukuran,
        halaman: made.halaman,
        xlsx_sha256: made.xlsx?.sha256 ?? null,
        xlsx_ukuran: made.xlsx?.ukuran ?? null,
        mengubah_kode: made.mengubah?.kode ?? null,
        penanda_tangan: JSON.stringify(made.penandaTangan),
        isian: JSON.stringify(made.isian),
        dibuat_oleh: actor.id,
      })
      .execute();
    await recordAudit(trx, {
      action: made.jenis === 'PENGUMUMAN' ? 'CETAK_PENGUMUMAN' : 'CETAK_BERITA_ACARA',
      actorId: actor.id,
      actorUsername: actor.username,
      instansiId: scope.instansiId,
      entity: 'dokumen_resmi',
      entityId: made.kode,
      details: {
        track: scope.track,
        nomor: made.nomor,
        sha256,
        halaman: made.halaman,
        penandaTangan: { nama: made.penandaTangan.nama, sidikJari: made.penandaTangan.sidikJari },
        ...(made.xlsx ? { xlsxSha256: made.xlsx.sha256 } : {}),
        ...(made.mengubah ? { mengubah: made.mengubah.kode } : {}),
        ...made.details,
      },
    });
  });
  const row = await dokumenQuery(db).where('d.kode', '=', made.kode).executeTakeFirstOrThrow();
  return toDokumen(row);
}

async function frameOf(db: Kysely<DB>, files: BerkasStore, scope: DokumenScope, publicUrl: string) {
  const kode = newKode();
  const cekUrl = `${publicUrl}${cekDokumenPath(kode)}`;
  const kop = await kopOf(db, files, scope.instansiId);
  // Issue #31: signed "Ditetapkan di {kota}"; refused before anything is laid out without one.
  if (!kop.kota.trim()) throw kotaBelumDiisi();
  const qr = await QRCode.toBuffer(cekUrl, { type: 'png', margin: 1, width: 144, errorCorrectionLevel: 'M' });
  return { kode, cekUrl, qr, kop };
}

/** The applicants of the instansi and track in formasi order, a batch at a time. */
async function* barisPengumuman(db: Kysely<DB>, scope: DokumenScope): AsyncIterable<BarisPengumuman[]> {
  const formasi = await db
    .selectFrom('formasi')
    .where('instansi_id', '=', scope.instansiId)
    .where('track', '=', scope.track)
    .select(['id', 'jabatan_nama', 'lokasi_nama', 'jenis_formasi'])
    .orderBy('jabatan_nama')
    .orderBy('lokasi_nama')
    .orderBy('jenis_formasi')
    .orderBy('id')
    .execute();
  for (const f of formasi) {
    const key = { id: f.id, jabatan: f.jabatan_nama, lokasi: f.lokasi_nama, jenis: f.jenis_formasi };
    let after = '';
    for (;;) {
      const rows = await db
        .selectFrom('pelamar')
        .where('formasi_id', '=', f.id)
        .where('no_peserta', '>', after)
        .select(['no_peserta', 'nama', 'gelar_depan', 'gelar_belakang', 'nik', 'status_verifikasi', 'alasan_tms'])
        .orderBy('no_peserta')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      yield rows.map((r) => ({
        formasi: key,
        noPeserta: r.no_peserta,
        nama: namaLengkap({ gelarDepan: r.gelar_depan, nama: r.nama, gelarBelakang: r.gelar_belakang }),
        nik: r.nik,
        status: r.status_verifikasi,
        alasanTms: r.alasan_tms,
      }));
      after = rows.at(-1)?.no_peserta ?? after;
      if (rows.length < BATCH) break;
    }
  }
}

/** How often the rows laid out so far are written down for the screen's polls. */
const PROGRES_MS = 1000;

/**
 * Progress of an announcement being made, on its job's row (none: not recorded). Both passes read
 * every applicant, so the work is twice the applicants; each write is the job's heartbeat too.
 */
async function mulaiProgres(db: Kysely<DB>, scope: DokumenScope, id: string | undefined) {
  if (!id) {
    return { ikuti: <T>(rows: AsyncIterable<T[]>) => rows, selesai: async () => undefined };
  }
  const { n } = await db
    .selectFrom('pelamar')
    .where('instansi_id', '=', scope.instansiId)
    .where('track', '=', scope.track)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const total = Math.max(2 * n, 1);
  // The job's row (pekerja.ts), or a row of its own when made without the queue.
  await db
    .insertInto('dokumen_resmi_progres')
    .values({ id, instansi_id: scope.instansiId, track: scope.track, total, status: 'BERJALAN', diantre: true })
    .onConflict((oc) => oc.column('id').doUpdateSet({ total, diubah_at: sql<Date>`now()` }))
    .execute();
  let selesai = 0;
  let tercatat = Date.now();
  const catat = (value: number) =>
    db
      .updateTable('dokumen_resmi_progres')
      .set({ selesai: Math.min(value, total), diubah_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  return {
    async *ikuti<T>(rows: AsyncIterable<T[]>): AsyncIterable<T[]> {
      for await (const batch of rows) {
        selesai += batch.length;
        if (Date.now() - tercatat >= PROGRES_MS) {
          tercatat = Date.now();
          await catat(selesai);
        }
        yield batch;
      }
    },
    selesai: async () => {
      await catat(total);
    },
  };
}

export async function buatPengumuman(
  db: Kysely<DB>,
  files: BerkasStore,
  scope: DokumenScope,
  actor: Actor,
  request: PengumumanRequest,
  publicUrl: string,
  penanda: Penanda,
): Promise<DokumenResmi> {
  // The lock only: its four counts over a quarter of a million rows took seconds under load.
  if (!(await terkunciFinal(db, scope))) throw belumFinal(scope);
  const { progresId, ...isian } = request;
  const frame = await frameOf(db, files, scope, publicUrl);
  const progres = await mulaiProgres(db, scope, progresId);
  const sanggah = await db
    .selectFrom('jadwal_tahap')
    .where('track', '=', scope.track)
    .where('tahap', '=', 'SANGGAH')
    .select(['mulai', 'selesai'])
    .executeTakeFirst();
  // Issue #31: a later announcement of the same instansi and track amends the latest one, and
  // says so; the earlier one stays as issued.
  const mengubah = await dokumenTerakhir(db, scope, 'PENGUMUMAN');
  let pelamar = 0;
  const isi: Omit<IsiPengumuman, 'baris'> = {
    request,
    trackTitle: TRACKS[scope.track].title,
    tahun: Number(request.tanggal.slice(0, 4)),
    masaSanggah: sanggah
      ? `${formatWaktuPanjang(new Date(sanggah.mulai))} sampai ${formatWaktuPanjang(new Date(sanggah.selesai))}`
      : null,
    mengubah: mengubah && { ...mengubah, tanggal: formatTanggalPanjang(mengubah.tanggal) },
  };
  // The Excel copy is written from the rows of the PDF's written pass, and kept with it.
  const judul = DOKUMEN_RESMI_JUDUL.PENGUMUMAN;
  // Issue #31: so is the list the public check shows (daftar-terbit.ts). Its rows are in before the
  // document is recorded (no foreign key to it); a failed making deletes them (buang).
  const daftar = await mulaiDaftar(db, frame.kode);
  const salinan = new PassThrough({ objectMode: true, highWaterMark: 1 });
  salinan.on('error', () => undefined); // reported by the sheet's writer below
  const xlsx = simpanBerkas(files, (sink) => pipeline(pengumumanXlsx(judul, salinan), sink));
  let stored: Awaited<ReturnType<typeof render>>;
  try {
    stored = await render(files, frame, judul, penanda, async (pdf, menghitung) => {
      const rows = progres.ikuti(barisPengumuman(db, scope));
      pelamar = await tulisPengumuman(pdf, {
        ...isi,
        baris: () => (menghitung ? rows : salinKe(daftar.simpan(rows), salinan)),
      });
    });
  } catch (error) {
    salinan.destroy(error as Error);
    // The sheet's own failure, when it was the sheet that stopped the PDF; the list goes too.
    throw await daftar.buang(
      await xlsx.then(
        () => error,
        (sheetError: unknown) => sheetError,
      ),
    );
  }
  // Whatever fails from here on (storing the sheet, a 409 from simpan) leaves no list behind.
  try {
    const storedXlsx = await xlsx;
    await daftar.selesai();
    await progres.selesai();
    return await simpan(db, scope, actor, {
      kode: frame.kode,
      jenis: 'PENGUMUMAN',
      ...stored,
      xlsx: storedXlsx,
      mengubah,
      nomor: request.nomor,
      tanggal: request.tanggal,
      isian,
      details: { pelamar },
    });
  } catch (error) {
    throw await daftar.buang(error);
  }
}

export async function buatBeritaAcara(
  db: Kysely<DB>,
  files: BerkasStore,
  scope: DokumenScope,
  actor: Actor,
  request: BeritaAcaraRequest,
  publicUrl: string,
  penanda: Penanda,
): Promise<DokumenResmi> {
  const final = await statusFinal(db, scope);
  if (!final.terkunci) throw belumFinal(scope);
  const frame = await frameOf(db, files, scope, publicUrl);
  // Issue #31: later minutes (after an accepted objection changed the counts) amend the latest.
  const mengubah = await dokumenTerakhir(db, scope, 'BERITA_ACARA');
  const where = sql`p.instansi_id = ${scope.instansiId} AND p.track = ${scope.track}`;
  const [formasi, verifikator, supervisor] = await Promise.all([
    sql<{
      id: number;
      jabatan: string;
      lokasi: string;
      jenis: string;
      terdaftar: number;
      ms: number;
      tms: number;
      alasan: Record<string, number> | null;
    }>`
      SELECT f.id, f.jabatan_nama AS jabatan, f.lokasi_nama AS lokasi, f.jenis_formasi AS jenis,
             count(p.id)::int AS terdaftar,
             count(p.id) FILTER (WHERE p.status_verifikasi = 'MS')::int AS ms,
             count(p.id) FILTER (WHERE p.status_verifikasi = 'TMS')::int AS tms,
             (SELECT jsonb_object_agg(a, n) FROM (
                SELECT a, count(*)::int AS n FROM pelamar q, unnest(q.alasan_tms) AS a
                WHERE q.formasi_id = f.id AND q.status_verifikasi = 'TMS' GROUP BY a) x) AS alasan
      FROM formasi f LEFT JOIN pelamar p ON p.formasi_id = f.id
      WHERE f.instansi_id = ${scope.instansiId} AND f.track = ${scope.track}
      GROUP BY f.id ORDER BY f.jabatan_nama, f.lokasi_nama, f.jenis_formasi, f.id`.execute(db),
    sql<{ nama: string; jumlah: number }>`
      SELECT u.fullname AS nama, count(*)::int AS jumlah FROM pelamar p JOIN app_user u ON u.id = p.verifikator_id
      WHERE ${where} GROUP BY u.fullname ORDER BY 2 DESC, 1`.execute(db),
    sql<{ nama: string; jumlah: number }>`
      SELECT u.fullname AS nama, count(*)::int AS jumlah FROM pelamar p JOIN app_user u ON u.id = p.supervisor_id
      WHERE ${where} GROUP BY u.fullname ORDER BY 2 DESC, 1`.execute(db),
  ]);
  const isi: IsiBeritaAcara = {
    request,
    instansi: frame.kop.instansi,
    trackTitle: TRACKS[scope.track].title,
    formasi: formasi.rows.map(
      (f): HitunganFormasi => ({
        formasi: { id: f.id, jabatan: f.jabatan, lokasi: f.lokasi, jenis: f.jenis },
        terdaftar: f.terdaftar,
        ms: f.ms,
        tms: f.tms,
        alasan: f.alasan ?? {},
      }),
    ),
    verifikator: verifikator.rows,
    supervisor: supervisor.rows,
    dikunciAt: formatWaktuPanjang(final.dikunciAt),
    dikunciOleh: final.dikunciOleh ?? '–',
    mengubah: mengubah && { ...mengubah, tanggal: formatTanggalPanjang(mengubah.tanggal) },
  };
  const stored = await render(files, frame, DOKUMEN_RESMI_JUDUL.BERITA_ACARA, penanda, async (pdf) =>
    tulisBeritaAcara(pdf, isi),
  );
  return simpan(db, scope, actor, {
    kode: frame.kode,
    jenis: 'BERITA_ACARA',
    ...stored,
    mengubah,
    nomor: request.nomor,
    tanggal: request.tanggal,
    isian: request,
    details: { pelamar: isi.formasi.reduce((sum, f) => sum + f.terdaftar, 0) },
  });
}

/**
 * The Excel copy of an announcement, as kept at issue (issue #31). An announcement issued before
 * the copies were kept has none: made now from today's data it could contradict its PDF, so it is
 * answered 410 instead (docs/decisions.md).
 */
export async function pengumumanXlsxTersimpan(db: Kysely<DB>, scope: DokumenScope, kode: string) {
  const dokumen = await dokumenMilik(db, scope, kode);
  if (dokumen.jenis !== 'PENGUMUMAN') throw notFound();
  if (!dokumen.xlsx) throw salinanExcelTidakAda();
  return { dokumen, xlsx: dokumen.xlsx };
}

export const salinanExcelTidakAda = () =>
  new AppError(
    410,
    'SALINAN_EXCEL_TIDAK_DISIMPAN',
    'Salinan Excel pengumuman ini tidak disimpan ketika diterbitkan, jadi tidak dapat diberikan tanpa berisiko berbeda dari PDF-nya. Gunakan PDF-nya, atau terbitkan perubahan pengumuman untuk mendapatkan PDF dan Excel yang sama isinya.',
  );
