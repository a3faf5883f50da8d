// Issue #31: the list of an announcement as issued, for whoever holds a printed copy. Kept while
// the announcement is made (service.ts passes the written pass's batches through `simpan`, the
// same batches its PDF and Excel copy are written from) and read by the public check page,
// searched and a page at a time. Never today's data: an objection accepted later changes the
// applicant in `pelamar`, not what was announced (migration 0036).

import {
  type BarisTerbit,
  DAFTAR_TERBIT_PER_HALAMAN,
  type DaftarTerbit,
  type DaftarTerbitQuery,
  maskNik,
  STATUS_VERIFIKASI_NAMA,
} from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { escapeLike, nameWords } from '../shared/list-sql.js';
import { type BarisPengumuman, barisKiriman, jenisNama, type KirimanBaris, keterangan } from './content.js';
import { notFound } from './dokumen.js';

/** The formasi heading a row stands under on paper (content.ts tulisPengumuman). */
const judulFormasi = (f: BarisPengumuman['formasi']) => `${f.jabatan} · ${f.lokasi} · Formasi ${jenisNama(f.jenis)}`;

/** Lists begun this long ago whose document was never recorded were cut short (a crash): swept. */
const TERBENGKALAI = sql`interval '1 day'`;

export interface DaftarBaru {
  /** The batches passed through unchanged, each stored as it goes by (numbered as the PDF numbers them). */
  simpan(rows: AsyncIterable<KirimanBaris>): AsyncIterable<KirimanBaris>;
  /** Every row is stored: the count is written, so the list is complete once its document is recorded. */
  selesai(): Promise<void>;
  /**
   * The making failed: its rows go (unless the document was recorded after all), and the error is
   * handed back to be thrown.
   */
  buang(error: unknown): Promise<unknown>;
}

/**
 * Begins the list of the announcement made under `kode`. Its rows are inserted without a parent
 * (the document is recorded only once its files are stored, after the rows): a failed making
 * deletes them through `buang`, and one cut short by a crash is swept here by a later announcement.
 */
export async function mulaiDaftar(db: Kysely<DB>, kode: string): Promise<DaftarBaru> {
  await sql`
    WITH basi AS (
      DELETE FROM dokumen_resmi_daftar l
      WHERE l.dibuat_at < now() - ${TERBENGKALAI}
        AND NOT EXISTS (SELECT 1 FROM dokumen_resmi d WHERE d.kode = l.kode)
      RETURNING l.kode
    )
    DELETE FROM dokumen_resmi_baris b USING basi WHERE b.kode = basi.kode`.execute(db);
  await db.insertInto('dokumen_resmi_daftar').values({ kode }).execute();
  let no = 0;
  /**
   * The insert of the previous batch: left running while the PDF lays the batch out (PostgreSQL
   * works beside the layout), awaited before the next one starts, so at most one batch is held.
   */
  let tertunda: Promise<unknown> = Promise.resolve();

  const sisipkan = (batch: BarisPengumuman[]) => {
    const first = no + 1;
    no += batch.length;
    // One statement per batch: the columns as arrays, unnest()ed into rows.
    return sql`
      INSERT INTO dokumen_resmi_baris (kode, no, no_peserta, nama, nik, status, keterangan, formasi)
      SELECT ${kode}, t.*
      FROM unnest(
        ${batch.map((_, i) => first + i)}::int[],
        ${batch.map((r) => r.noPeserta)}::text[],
        ${batch.map((r) => r.nama)}::text[],
        ${batch.map((r) => maskNik(r.nik))}::text[],
        ${batch.map((r) => STATUS_VERIFIKASI_NAMA[r.status])}::text[],
        ${batch.map(keterangan)}::text[],
        ${batch.map((r) => judulFormasi(r.formasi))}::text[]
      ) AS t`.execute(db);
  };

  return {
    async *simpan(rows) {
      for await (const batch of rows) {
        await tertunda;
        if (batch.n > 0) {
          tertunda = sisipkan(barisKiriman(batch));
          // Handled here, thrown where it is awaited: a failure while the PDF stops for another
          // reason must not be an unhandled rejection.
          tertunda.catch(() => undefined);
        }
        yield batch;
      }
      await tertunda;
    },
    async selesai() {
      await tertunda;
      await db.updateTable('dokumen_resmi_daftar').set({ jumlah: no }).where('kode', '=', kode).execute();
    },
    async buang(error) {
      // An insert still running would otherwise land after the delete.
      await tertunda.catch(() => undefined);
      const yatim = sql<boolean>`NOT EXISTS (SELECT 1 FROM dokumen_resmi d WHERE d.kode = ${kode})`;
      await db.deleteFrom('dokumen_resmi_baris').where('kode', '=', kode).where(yatim).execute();
      await db.deleteFrom('dokumen_resmi_daftar').where('kode', '=', kode).where(yatim).execute();
      return error;
    },
  };
}

export const daftarTidakDisimpan = () =>
  new AppError(
    410,
    'DAFTAR_TIDAK_DISIMPAN',
    'Daftar pengumuman ini tidak disimpan ketika diterbitkan, jadi tidak dapat ditampilkan di sini tanpa berisiko berbeda dari yang diumumkan. Cocokkan dengan berkas PDF pengumumannya: unggah berkas itu di bawah untuk memastikan keasliannya.',
  );

const bukanPengumuman = () =>
  new AppError(
    404,
    'BUKAN_PENGUMUMAN',
    'Dokumen dengan kode ini adalah berita acara, yang tidak memuat daftar pelamar. Daftar hanya ada pada pengumuman hasil seleksi administrasi.',
  );

/**
 * Public: a page of the list of the announcement `kode` as issued. Digits search the start of a
 * nomor peserta, anything else the start of a name's words (every word typed, without case or
 * diacritics, as the portal's lists search names). 404 for an unknown code and for the minutes,
 * 410 for an announcement issued before lists were kept.
 */
export async function daftarTerbit(db: Kysely<DB>, kode: string, query: DaftarTerbitQuery): Promise<DaftarTerbit> {
  const dokumen = await db
    .selectFrom('dokumen_resmi as d')
    .leftJoin('dokumen_resmi_daftar as l', 'l.kode', 'd.kode')
    .where('d.kode', '=', kode)
    .select(['d.jenis', 'l.jumlah'])
    .executeTakeFirst();
  if (!dokumen) throw notFound();
  if (dokumen.jenis !== 'PENGUMUMAN') throw bukanPengumuman();
  if (dokumen.jumlah === null) throw daftarTidakDisimpan();

  const perHalaman = DAFTAR_TERBIT_PER_HALAMAN;
  const { halaman } = query;
  const dari = (halaman - 1) * perHalaman;
  const kolom = ['no', 'no_peserta', 'nama', 'nik', 'status', 'keterangan', 'formasi'] as const;
  const term = query.q.trim();
  let baris: {
    no: number;
    no_peserta: string;
    nama: string;
    nik: string;
    status: string;
    keterangan: string;
    formasi: string;
  }[];
  let total: number;
  if (!term) {
    // The rows are numbered 1..n without gaps: a page is a range of the key.
    total = dokumen.jumlah;
    baris = await db
      .selectFrom('dokumen_resmi_baris')
      .where('kode', '=', kode)
      .where('no', '>', dari)
      .where('no', '<=', dari + perHalaman)
      .select(kolom)
      .orderBy('no')
      .execute();
  } else {
    const cocok = cocokDengan(db, kode, term);
    if (!cocok) return { baris: [], total: 0, halaman, perHalaman };
    const [rows, count] = await Promise.all([
      cocok.select(kolom).orderBy('no').limit(perHalaman).offset(dari).execute(),
      cocok.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    baris = rows;
    total = count.n;
  }
  return {
    baris: baris.map(
      (r): BarisTerbit => ({
        no: r.no,
        noPeserta: r.no_peserta,
        nama: r.nama,
        nik: r.nik,
        status: r.status,
        keterangan: r.keterangan,
        formasi: r.formasi,
      }),
    ),
    total,
    halaman,
    perHalaman,
  };
}

/** The rows of `kode` a search term matches; null when it can match none (no word in it). */
function cocokDengan(db: Kysely<DB>, kode: string, term: string) {
  const rows = db.selectFrom('dokumen_resmi_baris');
  if (/^\d+$/.test(term)) {
    return rows.where('kode', '=', kode).where('no_peserta', 'like', `${escapeLike(term)}%`);
  }
  const words = nameWords(term);
  if (words.length === 0) return null;
  // The tokens carry the code (migration 0036), so the code is not repeated as a condition: the
  // planner would AND in the whole announcement's key range.
  const tsquery = words.map((word) => `${kode}_${word}:*`).join(' & ');
  return rows.where(sql<boolean>`portal_baris_kata(kode, nama) @@ ${tsquery}::tsquery`);
}
