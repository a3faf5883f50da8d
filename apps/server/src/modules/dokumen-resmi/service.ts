// Issue #20: making, keeping and checking the official documents. Only after the final lock
// (409 before, with the reason), only by the instansi's admin of the track (routes.ts). Each
// document is made once (two layout passes: count the pages, then write), stored in the
// document store by its sha-256, recorded with a short code, and audited.

import { createHash, randomInt } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type BeritaAcaraRequest,
  cekDokumenPath,
  DOKUMEN_RESMI_JUDUL,
  type DokumenResmi,
  type DokumenResmiJenis,
  type DokumenResmiStatus,
  type Keaslian,
  type KopInstansi,
  type PengumumanRequest,
  TRACKS,
  type TrackId,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { type Actor, recordAudit } from '../audit/audit.js';
import { formatWaktu } from '../jadwal/window.js';
import { statusFinal } from '../verifikasi/service.js';
import {
  type BarisPengumuman,
  type HitunganFormasi,
  type IsiBeritaAcara,
  type IsiPengumuman,
  tulisBeritaAcara,
  tulisPengumuman,
} from './content.js';
import { type Kop, OfficialPdf } from './pdf.js';
import { pengumumanXlsx } from './xlsx.js';

export interface DokumenScope {
  track: TrackId;
  instansiId: number;
}

const BATCH = 5000;
/** Codes people read off paper: no 0/O, 1/I. */
const KODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newKode = () => Array.from({ length: 10 }, () => KODE_ALPHABET[randomInt(KODE_ALPHABET.length)]).join('');

const notFound = () => new AppError(404, 'NOT_FOUND', 'Dokumen dengan kode ini tidak ditemukan.');

async function kopOf(db: Kysely<DB>, files: BerkasStore, instansiId: number): Promise<Kop> {
  const row = await db
    .selectFrom('instansi as i')
    .leftJoin('instansi_kop as k', 'k.instansi_id', 'i.id')
    .where('i.id', '=', instansiId)
    .select(['i.nama', 'k.alamat', 'k.logo_sha256'])
    .executeTakeFirstOrThrow();
  let logo: Buffer | null = null;
  if (row.logo_sha256) {
    const stream = await files.open(row.logo_sha256);
    if (stream) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      logo = Buffer.concat(chunks);
    }
  }
  return { instansi: row.nama, alamat: row.alamat ?? '', logo };
}

function toDokumen(row: {
  kode: string;
  jenis: DokumenResmiJenis;
  track: string;
  instansi: string;
  nomor: string;
  tanggal: string;
  sha256: string;
  ukuran: number;
  halaman: number;
  dibuat_at: string;
  dibuat_oleh: string;
}): DokumenResmi {
  return {
    kode: row.kode,
    jenis: row.jenis,
    track: row.track as TrackId,
    instansi: row.instansi,
    nomor: row.nomor,
    tanggal: row.tanggal,
    sha256: row.sha256,
    ukuran: row.ukuran,
    halaman: row.halaman,
    dibuatAt: row.dibuat_at,
    dibuatOleh: row.dibuat_oleh,
  };
}

function dokumenQuery(db: Kysely<DB>) {
  return db
    .selectFrom('dokumen_resmi as d')
    .innerJoin('instansi as i', 'i.id', 'd.instansi_id')
    .innerJoin('app_user as u', 'u.id', 'd.dibuat_oleh')
    .select([
      'd.kode',
      'd.jenis',
      'd.track',
      'i.nama as instansi',
      'd.nomor',
      sql<string>`to_char(d.tanggal, 'YYYY-MM-DD')`.as('tanggal'),
      'd.sha256',
      'd.ukuran',
      'd.halaman',
      sql<string>`to_char(d.dibuat_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD"T"HH24:MI:SS')`.as('dibuat_at'),
      'u.fullname as dibuat_oleh',
    ]);
}

/** What the admin's screen needs: can documents be made, the letterhead, those made so far. */
export async function statusDokumen(db: Kysely<DB>, scope: DokumenScope): Promise<DokumenResmiStatus> {
  const [final, kop, dokumen] = await Promise.all([
    statusFinal(db, scope),
    db
      .selectFrom('instansi_kop')
      .where('instansi_id', '=', scope.instansiId)
      .select(['alamat', 'logo_sha256'])
      .executeTakeFirst(),
    dokumenQuery(db)
      .where('d.instansi_id', '=', scope.instansiId)
      .where('d.track', '=', scope.track)
      .orderBy('d.dibuat_at', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    terkunci: final.terkunci,
    alasan: final.terkunci ? null : belumFinal(scope).message,
    kop: { alamat: kop?.alamat ?? '', adaLogo: Boolean(kop?.logo_sha256) },
    dokumen: dokumen.map(toDokumen),
  };
}

const belumFinal = (scope: DokumenScope) =>
  new AppError(
    409,
    'BELUM_FINAL',
    `Hasil verifikasi ${TRACKS[scope.track].title} instansi ini belum dikunci. Pengumuman dan berita acara dapat dicetak setelah final verifikasi.`,
  );

const MAGIC: Record<'image/png' | 'image/jpeg', number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/** The letterhead: the address, and a logo checked by its content (PNG or JPEG, ≤ 300 KB). */
export async function simpanKop(
  db: Kysely<DB>,
  files: BerkasStore,
  scope: DokumenScope,
  actor: Actor,
  body: KopInstansi,
): Promise<DokumenResmiStatus['kop']> {
  let logo: { sha256: string; mime: string } | null | undefined;
  if (body.logo) {
    const bytes = Buffer.from(body.logo.base64, 'base64');
    if (bytes.length > 300 * 1024 || !MAGIC[body.logo.mime].every((b, i) => bytes[i] === b)) {
      throw new AppError(400, 'VALIDATION_ERROR', 'Logo harus berkas PNG atau JPEG yang sah, paling besar 300 KB.', [
        { field: 'body.logo', message: 'bukan PNG/JPEG atau terlalu besar' },
      ]);
    }
    logo = { sha256: await files.put(bytes), mime: body.logo.mime };
  } else if (body.logo === null) logo = null;
  const values = {
    alamat: body.alamat,
    diubah_oleh: actor.id,
    diubah_at: sql<Date>`now()`,
    ...(logo === undefined ? {} : { logo_sha256: logo?.sha256 ?? null, logo_mime: logo?.mime ?? null }),
  };
  const row = await db
    .insertInto('instansi_kop')
    .values({ instansi_id: scope.instansiId, ...values })
    .onConflict((oc) => oc.column('instansi_id').doUpdateSet(values))
    .returning(['alamat', 'logo_sha256'])
    .executeTakeFirstOrThrow();
  await recordAudit(db, {
    action: 'UBAH_KOP_INSTANSI',
    actorId: actor.id,
    actorUsername: actor.username,
    instansiId: scope.instansiId,
    entity: 'instansi',
    entityId: scope.instansiId,
    details: { alamat: body.alamat, logo: logo === undefined ? 'tetap' : (logo?.sha256 ?? 'dihapus') },
  });
  return { alamat: row.alamat, adaLogo: Boolean(row.logo_sha256) };
}

/**
 * Lays a document out twice (count the pages, then write) and stores the second pass: written to
 * a temporary file while hashed, then into the document store, so a document of tens of MB is
 * never held in memory whole.
 */
async function render(
  files: BerkasStore,
  frame: Omit<ConstructorParameters<typeof OfficialPdf>[0], 'halaman'>,
  title: string,
  write: (pdf: OfficialPdf) => Promise<void>,
): Promise<{ sha256: string; ukuran: number; halaman: number }> {
  const counting = new OfficialPdf({ ...frame, halaman: null }, null, { title });
  await write(counting);
  await counting.end();
  const dir = await mkdtemp(path.join(tmpdir(), 'dokumen-resmi-'));
  try {
    const file = path.join(dir, 'dokumen.pdf');
    const hash = createHash('sha256');
    let ukuran = 0;
    const out = createWriteStream(file);
    const sink = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        ukuran += chunk.length;
        done(null, chunk);
      },
    });
    const written = pipeline(sink, out);
    const pdf = new OfficialPdf({ ...frame, halaman: counting.pages }, sink, { title });
    await write(pdf);
    await pdf.end();
    await written;
    const sha256 = await files.putFile(file, hash.digest('hex'));
    return { sha256, ukuran, halaman: pdf.pages };
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
  nomor: string;
  tanggal: string;
  isian: unknown;
  details: Record<string, unknown>;
}

async function simpan(db: Kysely<DB>, scope: DokumenScope, actor: Actor, made: Dibuat) {
  const { sha256 } = made;
  await db
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
      isian: JSON.stringify(made.isian),
      dibuat_oleh: actor.id,
    })
    .execute();
  await recordAudit(db, {
    action: made.jenis === 'PENGUMUMAN' ? 'CETAK_PENGUMUMAN' : 'CETAK_BERITA_ACARA',
    actorId: actor.id,
    actorUsername: actor.username,
    instansiId: scope.instansiId,
    entity: 'dokumen_resmi',
    entityId: made.kode,
    details: { track: scope.track, nomor: made.nomor, sha256, halaman: made.halaman, ...made.details },
  });
  const row = await dokumenQuery(db).where('d.kode', '=', made.kode).executeTakeFirstOrThrow();
  return toDokumen(row);
}

async function frameOf(db: Kysely<DB>, files: BerkasStore, scope: DokumenScope, publicUrl: string) {
  const kode = newKode();
  const cekUrl = `${publicUrl}${cekDokumenPath(kode)}`;
  const qr = await QRCode.toBuffer(cekUrl, { type: 'png', margin: 1, width: 144, errorCorrectionLevel: 'M' });
  return { kode, cekUrl, qr, kop: await kopOf(db, files, scope.instansiId) };
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
        nama: [r.gelar_depan ? `${r.gelar_depan} ` : '', r.nama, r.gelar_belakang ? `, ${r.gelar_belakang}` : ''].join(
          '',
        ),
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
 * Progress of an announcement being made, under the id its screen chose (none: not recorded).
 * Both passes read every applicant, so the work is twice the applicants; rows from a day ago are
 * cleared when a new one starts.
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
  await db.deleteFrom('dokumen_resmi_progres').where('diubah_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  await db
    .insertInto('dokumen_resmi_progres')
    .values({ id, instansi_id: scope.instansiId, track: scope.track, total })
    .onConflict((oc) => oc.column('id').doNothing())
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

/** How far the announcement made under `id` has got (its screen polls this). */
export async function progresDokumen(db: Kysely<DB>, scope: DokumenScope, id: string) {
  const row = await db
    .selectFrom('dokumen_resmi_progres')
    .where('id', '=', id)
    .where('instansi_id', '=', scope.instansiId)
    .where('track', '=', scope.track)
    .select(['selesai', 'total'])
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Belum ada kemajuan untuk pembuatan dokumen ini.');
  return row;
}

export async function buatPengumuman(
  db: Kysely<DB>,
  files: BerkasStore,
  scope: DokumenScope,
  actor: Actor,
  request: PengumumanRequest,
  publicUrl: string,
): Promise<DokumenResmi> {
  if (!(await statusFinal(db, scope)).terkunci) throw belumFinal(scope);
  const { progresId, ...isian } = request;
  const progres = await mulaiProgres(db, scope, progresId);
  const frame = await frameOf(db, files, scope, publicUrl);
  const sanggah = await db
    .selectFrom('jadwal_tahap')
    .where('track', '=', scope.track)
    .where('tahap', '=', 'SANGGAH')
    .select(['mulai', 'selesai'])
    .executeTakeFirst();
  let pelamar = 0;
  const isi: IsiPengumuman = {
    request,
    trackTitle: TRACKS[scope.track].title,
    tahun: Number(request.tanggal.slice(0, 4)),
    masaSanggah: sanggah
      ? `${formatWaktu(new Date(sanggah.mulai))} sampai ${formatWaktu(new Date(sanggah.selesai))} WIB`
      : null,
    baris: () => progres.ikuti(barisPengumuman(db, scope)),
  };
  const stored = await render(files, frame, DOKUMEN_RESMI_JUDUL.PENGUMUMAN, async (pdf) => {
    pelamar = await tulisPengumuman(pdf, isi);
  });
  await progres.selesai();
  return simpan(db, scope, actor, {
    kode: frame.kode,
    jenis: 'PENGUMUMAN',
    ...stored,
    nomor: request.nomor,
    tanggal: request.tanggal,
    isian,
    details: { pelamar },
  });
}

export async function buatBeritaAcara(
  db: Kysely<DB>,
  files: BerkasStore,
  scope: DokumenScope,
  actor: Actor,
  request: BeritaAcaraRequest,
  publicUrl: string,
): Promise<DokumenResmi> {
  const final = await statusFinal(db, scope);
  if (!final.terkunci) throw belumFinal(scope);
  const frame = await frameOf(db, files, scope, publicUrl);
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
    dikunciAt: final.dikunciAt ? formatWaktu(new Date(`${final.dikunciAt}+07:00`)) : '–',
    dikunciOleh: final.dikunciOleh ?? '–',
  };
  const stored = await render(files, frame, DOKUMEN_RESMI_JUDUL.BERITA_ACARA, async (pdf) =>
    tulisBeritaAcara(pdf, isi),
  );
  return simpan(db, scope, actor, {
    kode: frame.kode,
    jenis: 'BERITA_ACARA',
    ...stored,
    nomor: request.nomor,
    tanggal: request.tanggal,
    isian: request,
    details: { pelamar: isi.formasi.reduce((sum, f) => sum + f.terdaftar, 0) },
  });
}

/** A stored document of the caller's instansi and track, for downloading again. */
export async function dokumenMilik(db: Kysely<DB>, scope: DokumenScope, kode: string) {
  const row = await dokumenQuery(db)
    .where('d.kode', '=', kode)
    .where('d.instansi_id', '=', scope.instansiId)
    .where('d.track', '=', scope.track)
    .executeTakeFirst();
  if (!row) throw notFound();
  return toDokumen(row);
}

/**
 * The table of an announcement made earlier, as Excel: the same applicants in the same order
 * (the track is locked, so they are as the PDF shows them).
 */
export async function pengumumanTabel(db: Kysely<DB>, scope: DokumenScope, kode: string) {
  const dokumen = await dokumenMilik(db, scope, kode);
  if (dokumen.jenis !== 'PENGUMUMAN') throw notFound();
  return { dokumen, stream: pengumumanXlsx(DOKUMEN_RESMI_JUDUL.PENGUMUMAN, barisPengumuman(db, scope)) };
}

/** Public: what a code was issued for. */
export async function keaslian(db: Kysely<DB>, kode: string): Promise<Keaslian> {
  const row = await dokumenQuery(db).where('d.kode', '=', kode).executeTakeFirst();
  if (!row) throw notFound();
  const d = toDokumen(row);
  return {
    kode: d.kode,
    jenis: d.jenis,
    judul: DOKUMEN_RESMI_JUDUL[d.jenis],
    instansi: d.instansi,
    track: TRACKS[d.track].title,
    nomor: d.nomor,
    tanggal: d.tanggal,
    dibuatAt: d.dibuatAt,
    sha256: d.sha256,
    ukuran: d.ukuran,
  };
}
