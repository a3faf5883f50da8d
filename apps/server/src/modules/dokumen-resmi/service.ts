// Issue #20: making, keeping and checking the official documents. Only after the final lock
// (409 before, with the reason), only by the instansi's admin of the track (routes.ts). Each
// document is made once (two layout passes: count the pages, then write; issue #33: in a thread
// of its own, tata.ts), stored in the document store by its sha-256, recorded with a short code,
// and audited. Issue #31: the announcement's Excel copy is made and kept with it, and a later
// announcement amends the last.

import { createHash, randomInt } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BeritaAcaraRequest,
  cekDokumenPath,
  DOKUMEN_RESMI_JUDUL,
  type DokumenResmi,
  type DokumenResmiJenis,
  formatTanggalPanjang,
  formatWaktuPanjang,
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
import type { HitunganFormasi, IsiBeritaAcara, IsiPengumuman, KirimanBaris } from './content.js';
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
import { type SumberKiriman, type TugasTata, tataDiUtas } from './tata.js';
import { type Penanda, tandatanganiBerkas } from './tte.js';

const BATCH = 2000;
/** Codes people read off paper: no 0/O, 1/I. */
const KODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newKode = () => Array.from({ length: 10 }, () => KODE_ALPHABET[randomInt(KODE_ALPHABET.length)]).join('');

/** Stores a written file in the document store by its sha-256, hashed from disk. */
async function simpanBerkas(files: BerkasStore, file: string): Promise<{ sha256: string; ukuran: number }> {
  const hash = createHash('sha256');
  let ukuran = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    ukuran += (chunk as Buffer).length;
  }
  return { sha256: await files.putFile(file, hash.digest('hex')), ukuran };
}

/** The minutes list no applicant: their thread never asks for rows. */
const tanpaBaris: SumberKiriman = async function* () {};

/**
 * Lays a document out in a thread of its own (tata.ts; issue #33), signs its PDF with the
 * instansi's certificate (issue #31: the mark and the signature's placeholder were laid out in the
 * signature block; the signature itself is written into the file here) and stores the files. The
 * announcement's rows are read here as the thread asks for them (`baris`).
 */
async function render(
  files: BerkasStore,
  penanda: Penanda,
  tugas: Pick<TugasTata, 'naskah' | 'frame' | 'judul'>,
  baris: SumberKiriman,
  nice: number,
): Promise<{
  sha256: string;
  ukuran: number;
  halaman: number;
  pelamar: number;
  xlsx?: { sha256: string; ukuran: number };
  penandaTangan: PenandaTangan;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dokumen-resmi-'));
  try {
    const pdf = path.join(dir, 'dokumen.pdf');
    const xlsx = tugas.naskah.jenis === 'PENGUMUMAN' ? path.join(dir, 'salinan.xlsx') : null;
    const waktu = new Date().toISOString();
    const hasil = await tataDiUtas({ ...tugas, pemilik: penanda.pemilik, waktu, pdf, xlsx }, baris, nice);
    await tandatanganiBerkas(pdf, { offset: hasil.offsetTandaTangan }, penanda);
    return {
      ...(await simpanBerkas(files, pdf)),
      ...(xlsx ? { xlsx: await simpanBerkas(files, xlsx) } : {}),
      halaman: hasil.halaman,
      pelamar: hasil.pelamar,
      penandaTangan: { ...penanda.pemilik, waktu },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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

/**
 * The applicants of the instansi and track in formasi order, a batch at a time, each batch one JSON
 * text (content.ts KirimanBaris): no object per applicant in the thread that answers requests.
 */
async function* barisPengumuman(db: Kysely<DB>, scope: DokumenScope): AsyncIterable<KirimanBaris> {
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
      const { rows } = await sql<{ json: string | null; n: number; akhir: string | null }>`
        SELECT json_agg(json_build_array(no_peserta, nama, gelar_depan, gelar_belakang, nik, status_verifikasi, alasan_tms)
                        ORDER BY no_peserta)::text AS json,
               count(*)::int AS n, max(no_peserta) AS akhir
        FROM (SELECT no_peserta, nama, gelar_depan, gelar_belakang, nik, status_verifikasi, alasan_tms
              FROM pelamar WHERE formasi_id = ${f.id} AND no_peserta > ${after}
              ORDER BY no_peserta LIMIT ${BATCH}) t`.execute(db);
      const batch = rows[0];
      if (!batch?.json || batch.n === 0) break;
      yield { formasi: key, json: batch.json, n: batch.n };
      after = batch.akhir ?? after;
      if (batch.n < BATCH) break;
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
    return { ikuti: (rows: AsyncIterable<KirimanBaris>) => rows, selesai: async () => undefined };
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
    async *ikuti(rows: AsyncIterable<KirimanBaris>): AsyncIterable<KirimanBaris> {
      for await (const batch of rows) {
        selesai += batch.n;
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
  nice: number,
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
  const isi: Omit<IsiPengumuman, 'baris'> = {
    request,
    trackTitle: TRACKS[scope.track].title,
    tahun: Number(request.tanggal.slice(0, 4)),
    masaSanggah: sanggah
      ? `${formatWaktuPanjang(new Date(sanggah.mulai))} sampai ${formatWaktuPanjang(new Date(sanggah.selesai))}`
      : null,
    mengubah: mengubah && { ...mengubah, tanggal: formatTanggalPanjang(mengubah.tanggal) },
  };
  // Issue #31: the list the public check shows (daftar-terbit.ts) is stored from the rows of the
  // written pass, as the Excel copy is written from them. Its rows are in before the document is
  // recorded (no foreign key to it); a failed making deletes them (buang).
  const daftar = await mulaiDaftar(db, frame.kode);
  try {
    const { pelamar, ...stored } = await render(
      files,
      penanda,
      { naskah: { jenis: 'PENGUMUMAN', isi }, frame, judul: DOKUMEN_RESMI_JUDUL.PENGUMUMAN },
      (pass) => {
        const rows = progres.ikuti(barisPengumuman(db, scope));
        return pass === 0 ? rows : daftar.simpan(rows);
      },
      nice,
    );
    await daftar.selesai();
    await progres.selesai();
    return await simpan(db, scope, actor, {
      kode: frame.kode,
      jenis: 'PENGUMUMAN',
      ...stored,
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
  nice: number,
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
  const { pelamar: _, ...stored } = await render(
    files,
    penanda,
    { naskah: { jenis: 'BERITA_ACARA', isi }, frame, judul: DOKUMEN_RESMI_JUDUL.BERITA_ACARA },
    tanpaBaris,
    nice,
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
