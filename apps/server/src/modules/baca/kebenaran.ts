// Issue #35: the findings measured against the demo's recorded truth (demo_cacat) – read by the
// accuracy test and bench/baca only, never by an API or a screen. A seeded discrepancy is caught
// when its document has a finding of one of the kinds that name it; a clean document is flagged
// when it has any finding at all, except the other side of a shared scan (its twin is the seeded one)
// and what the registration itself already states against the formasi (a programme other than the
// formasi's, an IPK below its minimum): the document agrees with the registration there, and the
// detail's registration findings say it already.

import type { KodeTemuanDokumen } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { JENIS_CACAT, type JenisCacat } from './contoh.js';

/** The findings that catch each kind of discrepancy. */
export const TEMUAN_UNTUK: Record<JenisCacat, readonly KodeTemuanDokumen[]> = {
  NIK_TUKAR: ['NIK_BERBEDA'],
  NAMA_EJAAN: ['NAMA_MIRIP', 'NAMA_BERBEDA'],
  LAHIR_LAIN: ['LAHIR_BERBEDA'],
  IPK_RENDAH: ['IPK_DI_BAWAH_SYARAT'],
  IPK_LAIN: ['IPK_BERBEDA'],
  PRODI_LAIN: ['PRODI_BERBEDA'],
  STR_KEDALUWARSA: ['STR_KEDALUWARSA'],
  HALAMAN_KOSONG: ['HALAMAN_KOSONG'],
  BURAM: ['TIDAK_TERBACA'],
  KTP_DI_IJAZAH: ['JENIS_DOKUMEN_SALAH'],
  IJAZAH_SAMA: ['DOKUMEN_GANDA'],
};

export interface NilaiKebenaran {
  perJenis: Record<JenisCacat, { jumlah: number; tertangkap: number }>;
  bersih: { jumlah: number; ditandai: number; contoh: { dokumenId: number; kode: string; pesan: string }[] };
  /** Documents whose reading is not finished. */
  belumDibaca: number;
}

/** Compares the stored findings of the given applicants with their recorded discrepancies. */
export async function nilaiKebenaran(db: Kysely<DB>, pelamarIds: readonly number[]): Promise<NilaiKebenaran> {
  const ids = pelamarIds.map(Number);
  const [docs, cacat, temuan] = await Promise.all([
    db
      .selectFrom('dokumen as d')
      .leftJoin('dokumen_bacaan as r', 'r.dokumen_id', 'd.id')
      .where('d.pelamar_id', 'in', ids)
      .where('d.jenis', 'in', ['KTP', 'IJAZAH', 'TRANSKRIP', 'STR'])
      .select(['d.id', 'd.pelamar_id', 'd.jenis', 'r.status'])
      .execute(),
    db.selectFrom('demo_cacat').where('pelamar_id', 'in', ids).selectAll().execute(),
    sql<{
      dokumen_id: number;
      pelamar_id: number;
      kode: string;
      pesan: string;
      lain_cacat: boolean;
      prodi_daftar_lain: boolean;
      ipk_daftar_rendah: boolean;
    }>`
      SELECT t.dokumen_id, t.pelamar_id, t.kode, t.pesan,
             EXISTS (SELECT 1 FROM demo_cacat c WHERE c.pelamar_id = t.pelamar_lain AND c.cacat = 'IJAZAH_SAMA') AS lain_cacat,
             (p.prodi <> f.prodi) AS prodi_daftar_lain, (p.ipk < f.ipk_min) AS ipk_daftar_rendah
      FROM temuan_dokumen t JOIN pelamar p ON p.id = t.pelamar_id JOIN formasi f ON f.id = p.formasi_id
      WHERE t.pelamar_id = ANY(${ids}::bigint[])
    `.execute(db),
  ]);
  const key = (pelamarId: number | string, jenis: string) => `${Number(pelamarId)}:${jenis}`;
  const docByKey = new Map(docs.map((doc) => [key(doc.pelamar_id, doc.jenis), Number(doc.id)]));
  const findings = new Map<number, typeof temuan.rows>();
  for (const row of temuan.rows) {
    const list = findings.get(Number(row.dokumen_id)) ?? [];
    list.push(row);
    findings.set(Number(row.dokumen_id), list);
  }
  const perJenis = Object.fromEntries(
    JENIS_CACAT.map((jenis) => [jenis, { jumlah: 0, tertangkap: 0 }]),
  ) as NilaiKebenaran['perJenis'];
  const cacatDocs = new Set<number>();
  for (const row of cacat) {
    const dokumenId = docByKey.get(key(row.pelamar_id, row.jenis_dokumen));
    if (dokumenId === undefined) continue;
    cacatDocs.add(dokumenId);
    const jenis = row.cacat as JenisCacat;
    const entry = perJenis[jenis];
    if (!entry) continue;
    entry.jumlah++;
    const kodes = new Set((findings.get(dokumenId) ?? []).map((t) => t.kode));
    if (TEMUAN_UNTUK[jenis].some((kode) => kodes.has(kode))) entry.tertangkap++;
  }
  const bersih: NilaiKebenaran['bersih'] = { jumlah: 0, ditandai: 0, contoh: [] };
  for (const doc of docs) {
    const dokumenId = Number(doc.id);
    if (cacatDocs.has(dokumenId)) continue;
    bersih.jumlah++;
    const own = (findings.get(dokumenId) ?? []).filter(
      (t) =>
        !(t.kode === 'DOKUMEN_GANDA' && t.lain_cacat) &&
        !(t.kode === 'PRODI_BERBEDA' && t.prodi_daftar_lain) &&
        !(t.kode === 'IPK_DI_BAWAH_SYARAT' && t.ipk_daftar_rendah),
    );
    if (own.length) {
      bersih.ditandai++;
      if (bersih.contoh.length < 20) {
        bersih.contoh.push(...own.map((t) => ({ dokumenId, kode: t.kode, pesan: t.pesan })));
      }
    }
  }
  const belumDibaca = docs.filter((doc) => doc.status !== 'SELESAI' && doc.status !== 'GAGAL').length;
  return { perJenis, bersih, belumDibaca };
}
