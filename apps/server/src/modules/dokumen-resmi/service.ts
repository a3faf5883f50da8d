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
  type PengumumanRequest,
  TRACKS,
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
import { belumFinal, type DokumenScope, dokumenMilik, dokumenQuery, kopOf, notFound, toDokumen } from './dokumen.js';
import { OfficialPdf } from './pdf.js';
import { pengumumanXlsx } from './xlsx.js';

const BATCH = 5000;
/** Codes people read off paper: no 0/O, 1/I. */
const KODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newKode = () => Array.from({ length: 10 }, () => KODE_ALPHABET[randomInt(KODE_ALPHABET.length)]).join('');

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

/**
 * The table of an announcement made earlier, as Excel: the same applicants in the same order
 * (the track is locked, so they are as the PDF shows them).
 */
export async function pengumumanTabel(db: Kysely<DB>, scope: DokumenScope, kode: string) {
  const dokumen = await dokumenMilik(db, scope, kode);
  if (dokumen.jenis !== 'PENGUMUMAN') throw notFound();
  return { dokumen, stream: pengumumanXlsx(DOKUMEN_RESMI_JUDUL.PENGUMUMAN, barisPengumuman(db, scope)) };
}
