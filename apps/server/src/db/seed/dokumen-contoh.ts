// Issue #35: the applicants' own KTP, ijazah, transkrip and (nakes) STR, drawn from what they
// registered, in place of the shared specimen files – with the deliberate discrepancies undiCacat
// draws (or the fixed ones a showcase asks for), each recorded in demo_cacat for tests and the
// reading bench. In batches, one transaction each, yielding between applicants and batches, so
// it can run while the portal serves. Reading the new files is the caller's to ask for.

import { setImmediate as giliran } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { type CacatDokumen, type DokumenContoh, nomorStr, undiCacat } from '../../modules/baca/contoh.js';
import { PEMBUAT_LANGSUNG, type PembuatContoh } from '../../modules/baca/contoh-utas.js';
import { dataDaftar } from '../../modules/baca/data-daftar.js';
import type { DataDaftar, JenisDibaca } from '../../modules/baca/jenis.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import type { DB } from '../schema.js';

export interface DokumenContohOptions {
  seed: number;
  /** Fixed discrepancies for these applicants (an empty list: none) instead of drawn ones. */
  cacatTetap?: Map<number, CacatDokumen[]>;
  /** Applicants per transaction; 50 unless said. */
  ukuranBatch?: number;
  /** Who draws the files: in this thread unless said (the server draws them in a thread of its own). */
  pembuat?: PembuatContoh;
}

export interface DokumenContohResult {
  /** Document rows now pointing at a generated file. */
  dokumen: number;
  /** Discrepancies recorded in demo_cacat. */
  cacat: number;
  ms: number;
}

interface Pelamar {
  id: number;
  formasiId: number;
  noPeserta: string;
  data: DataDaftar;
  cacat: CacatDokumen[];
}

/** A generated file for one of an applicant's document rows. */
interface Berkas {
  pelamarId: number;
  jenis: JenisDibaca;
  namaFile: string;
  file: DokumenContoh;
}

const EKSTENSI = { 'image/jpeg': 'jpg', 'application/pdf': 'pdf' } as const;

/** The discrepancies that sit on a document. */
const pada = (cacat: readonly CacatDokumen[], jenis: JenisDibaca) =>
  cacat.filter((c) => c.jenisDokumen === jenis).map((c) => c.cacat);
const ada = (cacat: readonly CacatDokumen[], jenis: CacatDokumen['cacat']) => cacat.some((c) => c.cacat === jenis);

/** An ijazah another applicant can have copied: the applicant's own, readable, not itself a copy. */
const ijazahAsli = (cacat: readonly CacatDokumen[]) => pada(cacat, 'IJAZAH').length === 0;

function cacatOf(id: number, data: DataDaftar, options: DokumenContohOptions): CacatDokumen[] {
  return options.cacatTetap?.get(id) ?? undiCacat(id, data.track, options.seed);
}

/**
 * Whose ijazah an IJAZAH_SAMA applicant uploaded: in the batch, an applicant of the same formasi
 * first, nearest by id; else the nearest in the database (the same formasi, then anyone) whose
 * own ijazah is clean – its file is generated the same when its turn comes, so both share it.
 */
async function donorIjazah(
  db: Kysely<DB>,
  penerima: Pelamar,
  batch: readonly Pelamar[],
  options: DokumenContohOptions,
): Promise<DataDaftar | undefined> {
  const jarak = (p: { id: number }) => Math.abs(p.id - penerima.id);
  const calon = batch
    .filter((p) => p.id !== penerima.id && ijazahAsli(p.cacat))
    .sort(
      (a, b) =>
        Number(b.formasiId === penerima.formasiId) - Number(a.formasiId === penerima.formasiId) ||
        jarak(a) - jarak(b) ||
        a.id - b.id,
    );
  if (calon[0]) return calon[0].data;
  for (const samaFormasi of [true, false]) {
    const { rows } = await sql<{ id: number | string }>`
      SELECT id FROM pelamar
      WHERE id <> ${penerima.id} AND (${!samaFormasi}::boolean OR formasi_id = ${penerima.formasiId})
      ORDER BY abs(id - ${penerima.id}), id
      LIMIT 20
    `.execute(db);
    const ids = rows.map((r) => Number(r.id));
    const data = await dataDaftar(db, ids);
    for (const id of ids) {
      const d = data.get(id);
      if (d && ijazahAsli(cacatOf(id, d, options))) return d;
    }
  }
  return undefined;
}

/** The files of one batch of applicants, and the discrepancies they really carry. */
async function buatBatch(
  db: Kysely<DB>,
  batch: readonly Pelamar[],
  options: DokumenContohOptions,
): Promise<{ berkas: Berkas[]; cacat: { pelamarId: number; c: CacatDokumen }[] }> {
  const { seed } = options;
  const { ktpJpeg, transkripPdf, ijazahPdf, strPdf } = options.pembuat ?? PEMBUAT_LANGSUNG;
  const berkas: Berkas[] = [];
  const tercatat: { pelamarId: number; c: CacatDokumen }[] = [];
  const ijazahDari = new Map<string, DokumenContoh>();
  const nama = (p: Pelamar, jenis: JenisDibaca, file: DokumenContoh) =>
    `${jenis.toLowerCase()}_${p.noPeserta}.${EKSTENSI[file.mime]}`;
  const tambah = (p: Pelamar, jenis: JenisDibaca, file: DokumenContoh) =>
    berkas.push({ pelamarId: p.id, jenis, namaFile: nama(p, jenis, file), file });

  const salinan: Pelamar[] = [];
  for (const p of batch) {
    const { data, cacat } = p;
    const ktpDiIjazah = ada(cacat, 'KTP_DI_IJAZAH');
    const ijazahSama = !ktpDiIjazah && ada(cacat, 'IJAZAH_SAMA');
    const [ktp, transkrip, ijazah, str] = await Promise.all([
      ktpJpeg(data, pada(cacat, 'KTP'), seed),
      transkripPdf(data, pada(cacat, 'TRANSKRIP'), seed),
      ktpDiIjazah || ijazahSama ? undefined : ijazahPdf(data, pada(cacat, 'IJAZAH'), seed),
      data.track === 'nakes' ? strPdf(data, pada(cacat, 'STR'), seed, nomorStr(p.id, seed)) : undefined,
    ]);
    tambah(p, 'KTP', ktp);
    tambah(p, 'TRANSKRIP', transkrip);
    if (ktpDiIjazah) tambah(p, 'IJAZAH', ktp);
    if (ijazah) {
      tambah(p, 'IJAZAH', ijazah);
      ijazahDari.set(data.noIjazah, ijazah);
    }
    if (str) tambah(p, 'STR', str);
    if (ijazahSama) salinan.push(p);
    // What the files really carry: a replaced ijazah carries the replacement only.
    for (const c of cacat) {
      const diganti = c.jenisDokumen === 'IJAZAH' && (ktpDiIjazah || ijazahSama);
      const nyata = !diganti || c.cacat === (ktpDiIjazah ? 'KTP_DI_IJAZAH' : 'IJAZAH_SAMA');
      if (nyata) tercatat.push({ pelamarId: p.id, c });
    }
    await giliran();
  }

  for (const p of salinan) {
    const donor = await donorIjazah(db, p, batch, options);
    let file = donor && ijazahDari.get(donor.noIjazah);
    if (donor && !file) file = await ijazahPdf(donor, [], seed);
    if (!file) {
      // Nobody else to copy from: the applicant's own ijazah, and no discrepancy to record.
      file = await ijazahPdf(p.data, [], seed);
      const i = tercatat.findIndex((t) => t.pelamarId === p.id && t.c.cacat === 'IJAZAH_SAMA');
      if (i >= 0) tercatat.splice(i, 1);
    }
    tambah(p, 'IJAZAH', file);
  }
  return { berkas, cacat: tercatat };
}

/** Stores the batch's files and points the applicants' document rows at them, in one transaction. */
async function simpanBatch(
  db: Kysely<DB>,
  store: BerkasStore,
  ids: readonly number[],
  berkas: readonly Berkas[],
  cacat: readonly { pelamarId: number; c: CacatDokumen }[],
): Promise<number> {
  if (berkas.length === 0) return 0;
  const sha = await Promise.all(berkas.map((b) => store.put(b.file.bytes)));
  const unik = new Map<string, { sha256: string; mime: DokumenContoh['mime']; size: number }>();
  berkas.forEach((b, i) => {
    const sha256 = sha[i] as string;
    unik.set(sha256, { sha256, mime: b.file.mime, size: b.file.bytes.length });
  });
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('berkas')
      .values([...unik.values()])
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    const diubah = await sql`
      UPDATE dokumen d SET berkas_sha256 = v.sha256, nama_file = v.nama_file
      FROM unnest(${berkas.map((b) => b.pelamarId)}::bigint[], ${berkas.map((b) => b.jenis)}::text[],
                  ${sha}::text[], ${berkas.map((b) => b.namaFile)}::text[]) AS v (pelamar_id, jenis, sha256, nama_file)
      WHERE d.pelamar_id = v.pelamar_id AND d.jenis = v.jenis
    `.execute(trx);
    await trx
      .deleteFrom('demo_cacat')
      .where(sql<boolean>`pelamar_id = ANY(${[...ids]}::bigint[])`)
      .execute();
    if (cacat.length > 0) {
      await trx
        .insertInto('demo_cacat')
        .values(
          cacat.map(({ pelamarId, c }) => ({ pelamar_id: pelamarId, jenis_dokumen: c.jenisDokumen, cacat: c.cacat })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return Number(diubah.numAffectedRows ?? 0);
  });
}

/**
 * Generates the applicants' KTP, IJAZAH, TRANSKRIP (and STR on nakes) from their registration,
 * stores them, points their existing document rows at them (rows that do not exist are not
 * made) and records the discrepancies in demo_cacat (replacing what was recorded for them).
 * The same applicants and seed give the same files.
 */
export async function seedDokumenContoh(
  db: Kysely<DB>,
  store: BerkasStore,
  pelamarIds: readonly number[],
  options: DokumenContohOptions,
): Promise<DokumenContohResult> {
  const mulai = performance.now();
  const ids = [...new Set(pelamarIds)].sort((a, b) => a - b);
  const ukuran = Math.max(1, options.ukuranBatch ?? 50);
  const hasil: DokumenContohResult = { dokumen: 0, cacat: 0, ms: 0 };
  for (let awal = 0; awal < ids.length; awal += ukuran) {
    const potong = ids.slice(awal, awal + ukuran);
    const data = await dataDaftar(db, potong);
    const info = await db
      .selectFrom('pelamar')
      .select(['id', 'formasi_id', 'no_peserta'])
      .where(sql<boolean>`id = ANY(${potong}::bigint[])`)
      .execute();
    const batch: Pelamar[] = [];
    for (const row of info) {
      const id = Number(row.id);
      const d = data.get(id);
      if (!d) continue;
      batch.push({
        id,
        formasiId: Number(row.formasi_id),
        noPeserta: row.no_peserta,
        data: d,
        cacat: cacatOf(id, d, options),
      });
    }
    batch.sort((a, b) => a.id - b.id);
    const { berkas, cacat } = await buatBatch(db, batch, options);
    hasil.dokumen += await simpanBatch(db, store, potong, berkas, cacat);
    hasil.cacat += cacat.length;
    await giliran();
  }
  hasil.ms = Math.round(performance.now() - mulai);
  return hasil;
}
