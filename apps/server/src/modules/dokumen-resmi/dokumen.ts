import {
  DOKUMEN_RESMI_JUDUL,
  type DokumenResmi,
  type DokumenResmiJenis,
  type DokumenResmiStatus,
  type Keaslian,
  type KopInstansi,
  type PenandaTangan,
  type RujukanDokumen,
  TRACKS,
  type TrackId,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { createLogger, type Logger } from '../../logger.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { type Actor, recordAudit } from '../audit/audit.js';
import { dayText, momentText } from '../shared/list-sql.js';
import { statusFinal } from '../verifikasi/service.js';
import { alasanLogoRusak, type LogoMime } from './logo.js';
import type { Kop } from './pdf.js';

export interface DokumenScope {
  track: TrackId;
  instansiId: number;
}

export const notFound = () => new AppError(404, 'NOT_FOUND', 'Dokumen dengan kode ini tidak ditemukan.');

/** A UTF-16 surrogate without its pair: text no font can draw and UTF-8 cannot hold. */
const SURROGAT_TUNGGAL = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Text with each lone surrogate replaced by U+FFFD (String#toWellFormed, not in ES2023's lib). */
const utuh = (text: string) => text.replace(SURROGAT_TUNGGAL, '\uFFFD');

/** Where stored data a document leaves out is reported (the server's log format, at LOG_LEVEL). */
let log: Logger | undefined;
const logOf = () => {
  log ??= createLogger(process.env.LOG_LEVEL ?? 'info');
  return log;
};

/**
 * The letterhead as stored, made safe to draw (issue #30): a logo that cannot be read (saved
 * before logos were checked, or damaged in the store) is left out with a warning on the log, and
 * text that is not well-formed Unicode is repaired — a document is never refused for its header.
 */
export async function kopOf(db: Kysely<DB>, files: BerkasStore, instansiId: number): Promise<Kop> {
  const row = await db
    .selectFrom('instansi as i')
    .leftJoin('instansi_kop as k', 'k.instansi_id', 'i.id')
    .where('i.id', '=', instansiId)
    .select(['i.nama', 'k.alamat', 'k.kota', 'k.logo_sha256', 'k.logo_mime'])
    .executeTakeFirstOrThrow();
  let logo: Buffer | null = null;
  if (row.logo_sha256) {
    const stream = await files.open(row.logo_sha256);
    if (stream) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      logo = Buffer.concat(chunks);
      const mime: LogoMime = row.logo_mime === 'image/jpeg' ? 'image/jpeg' : 'image/png';
      const alasan = alasanLogoRusak(logo, mime);
      if (alasan) {
        logOf().warn(
          { instansiId, logo: row.logo_sha256, alasan },
          'logo kop instansi tidak dapat dibaca; dokumen dibuat tanpa logo',
        );
        logo = null;
      }
    }
  }
  return { instansi: utuh(row.nama), alamat: utuh(row.alamat ?? ''), kota: utuh(row.kota ?? ''), logo };
}

/**
 * Issue #31: a document is signed "Ditetapkan di {kota}"; without the seat of the instansi it would
 * be signed nowhere, so none is issued until the admin fills it in the letterhead.
 */
export const kotaBelumDiisi = () =>
  new AppError(
    409,
    'KOTA_PENETAPAN_BELUM_DIISI',
    'Kota tempat penetapan belum diisi. Isi "Kota tempat penetapan" pada bagian Kop instansi (mis. kota kedudukan instansi), lalu buat dokumennya lagi.',
  );

/** A related document as the row names it (both columns null when there is none). */
const rujukan = (kode: string | null, nomor: string | null, tanggal: string | null): RujukanDokumen | null =>
  kode && nomor && tanggal ? { kode, nomor, tanggal } : null;

export function toDokumen(row: {
  kode: string;
  jenis: DokumenResmiJenis;
  track: string;
  instansi: string;
  nomor: string;
  tanggal: string;
  sha256: string;
  ukuran: number;
  halaman: number;
  xlsx_sha256: string | null;
  xlsx_ukuran: number | null;
  mengubah_kode: string | null;
  mengubah_nomor: string | null;
  mengubah_tanggal: string | null;
  diubah_kode: string | null;
  diubah_nomor: string | null;
  diubah_tanggal: string | null;
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
    xlsx: row.xlsx_sha256 && row.xlsx_ukuran !== null ? { sha256: row.xlsx_sha256, ukuran: row.xlsx_ukuran } : null,
    mengubah: rujukan(row.mengubah_kode, row.mengubah_nomor, row.mengubah_tanggal),
    diubahOleh: rujukan(row.diubah_kode, row.diubah_nomor, row.diubah_tanggal),
    dibuatAt: row.dibuat_at,
    dibuatOleh: row.dibuat_oleh,
  };
}

/** Documents with their files and the documents they amend and were amended by (issue #31). */
export function dokumenQuery(db: Kysely<DB>) {
  return db
    .selectFrom('dokumen_resmi as d')
    .innerJoin('instansi as i', 'i.id', 'd.instansi_id')
    .innerJoin('app_user as u', 'u.id', 'd.dibuat_oleh')
    .leftJoin('dokumen_resmi as m', 'm.kode', 'd.mengubah_kode')
    .leftJoin('dokumen_resmi as n', 'n.mengubah_kode', 'd.kode')
    .select([
      'd.kode',
      'd.jenis',
      'd.track',
      'i.nama as instansi',
      'd.nomor',
      dayText('d.tanggal').as('tanggal'),
      'd.sha256',
      'd.ukuran',
      'd.halaman',
      'd.xlsx_sha256',
      'd.xlsx_ukuran',
      'm.kode as mengubah_kode',
      'm.nomor as mengubah_nomor',
      dayText('m.tanggal').$castTo<string | null>().as('mengubah_tanggal'),
      'n.kode as diubah_kode',
      'n.nomor as diubah_nomor',
      dayText('n.tanggal').$castTo<string | null>().as('diubah_tanggal'),
      momentText('d.dibuat_at').$castTo<string>().as('dibuat_at'),
      'u.fullname as dibuat_oleh',
      'd.penanda_tangan',
    ]);
}

/**
 * The latest document of a kind of the instansi and track: the one a new document of that kind
 * amends (an announcement amends the announcement, minutes the minutes).
 */
export async function dokumenTerakhir(db: Kysely<DB>, scope: DokumenScope, jenis: DokumenResmiJenis) {
  const row = await db
    .selectFrom('dokumen_resmi')
    .where('instansi_id', '=', scope.instansiId)
    .where('track', '=', scope.track)
    .where('jenis', '=', jenis)
    .select(['kode', 'nomor', dayText('tanggal').as('tanggal')])
    .orderBy('dibuat_at', 'desc')
    .orderBy('kode', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** What the admin's screen needs: can documents be made, the letterhead, those made so far. */
export async function statusDokumen(
  db: Kysely<DB>,
  scope: DokumenScope,
  peringatanAlamat: string | null,
): Promise<Omit<DokumenResmiStatus, 'pembuatan'>> {
  const [final, kop, dokumen] = await Promise.all([
    statusFinal(db, scope),
    db
      .selectFrom('instansi_kop')
      .where('instansi_id', '=', scope.instansiId)
      .select(['alamat', 'kota', 'logo_sha256'])
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
    kop: { alamat: kop?.alamat ?? '', kota: kop?.kota ?? '', adaLogo: Boolean(kop?.logo_sha256) },
    peringatanAlamat,
    dokumen: dokumen.map(toDokumen),
  };
}

export const belumFinal = (scope: DokumenScope) =>
  new AppError(
    409,
    'BELUM_FINAL',
    `Hasil verifikasi ${TRACKS[scope.track].title} instansi ini belum dikunci. Pengumuman dan berita acara dapat dicetak setelah final verifikasi.`,
  );

const LOGO_MAX_BYTES = 300 * 1024;

/**
 * The address as the PDF will print it: well-formed Unicode (a lone surrogate has no glyph and no
 * UTF-8 form) and no control characters but line breaks and tabs.
 */
function periksaAlamat(alamat: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (utuh(alamat) !== alamat || /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(alamat)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Alamat kop memuat karakter yang tidak dapat dicetak.', [
      { field: 'body.alamat', message: 'karakter tidak sah' },
    ]);
  }
}

/** The seat as "Ditetapkan di {kota}" prints it: one line of printable, well-formed text. */
function periksaKota(kota: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (utuh(kota) !== kota || /[\u0000-\u001F\u007F]/.test(kota)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Kota tempat penetapan memuat karakter yang tidak dapat dicetak.', [
      { field: 'body.kota', message: 'karakter tidak sah' },
    ]);
  }
}

/**
 * The letterhead: the address, and a logo checked by reading it as the PDF writer will (logo.ts:
 * PNG or JPEG that decodes, ≤ 300 KB) — a logo that cannot be drawn is refused here, not met by
 * every document of the instansi afterwards.
 */
export async function simpanKop(
  db: Kysely<DB>,
  files: BerkasStore,
  scope: DokumenScope,
  actor: Actor,
  body: KopInstansi,
): Promise<DokumenResmiStatus['kop']> {
  periksaAlamat(body.alamat);
  if (body.kota !== undefined) periksaKota(body.kota);
  let logo: { sha256: string; mime: string } | null | undefined;
  if (body.logo) {
    const bytes = Buffer.from(body.logo.base64, 'base64');
    if (bytes.length > LOGO_MAX_BYTES) {
      throw new AppError(400, 'VALIDATION_ERROR', 'Logo paling besar 300 KB.', [
        { field: 'body.logo', message: 'lebih dari 300 KB' },
      ]);
    }
    const alasan = alasanLogoRusak(bytes, body.logo.mime);
    if (alasan) {
      throw new AppError(400, 'VALIDATION_ERROR', 'Logo tidak dapat dibaca sebagai gambar PNG atau JPEG.', [
        { field: 'body.logo', message: alasan },
      ]);
    }
    logo = { sha256: await files.put(bytes), mime: body.logo.mime };
  } else if (body.logo === null) logo = null;
  const values = {
    alamat: body.alamat,
    // A client that does not send the seat (older screens) keeps the stored one.
    ...(body.kota === undefined ? {} : { kota: body.kota }),
    diubah_oleh: actor.id,
    diubah_at: sql<Date>`now()`,
    ...(logo === undefined ? {} : { logo_sha256: logo?.sha256 ?? null, logo_mime: logo?.mime ?? null }),
  };
  const row = await db
    .insertInto('instansi_kop')
    .values({ instansi_id: scope.instansiId, ...values })
    .onConflict((oc) => oc.column('instansi_id').doUpdateSet(values))
    .returning(['alamat', 'kota', 'logo_sha256'])
    .executeTakeFirstOrThrow();
  await recordAudit(db, {
    action: 'UBAH_KOP_INSTANSI',
    actorId: actor.id,
    actorUsername: actor.username,
    instansiId: scope.instansiId,
    entity: 'instansi',
    entityId: scope.instansiId,
    details: {
      alamat: body.alamat,
      ...(body.kota === undefined ? {} : { kota: body.kota }),
      logo: logo === undefined ? 'tetap' : (logo?.sha256 ?? 'dihapus'),
    },
  });
  return { alamat: row.alamat, kota: row.kota, adaLogo: Boolean(row.logo_sha256) };
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
    xlsx: d.xlsx,
    mengubah: d.mengubah,
    diubahOleh: d.diubahOleh,
    penandaTangan: (row.penanda_tangan as PenandaTangan | null) ?? null,
  };
}
