// Kysely table types of the migrated schema (schema.ts): imports (issue #18), official documents
// (issue #20) and stored files' bytes in PostgreSQL (issue #22).

import type { ColumnType, Generated } from 'kysely';
import type { DateColumn, TrackColumn } from './columns.js';

/** Issue #18: a checked file (migration 0022). */
export interface ImporCekTable {
  id: string;
  jenis: string;
  nama_file: string;
  sha256: string;
  ukuran: number;
  dibaca: Generated<number>;
  dibuat_oleh: number | null;
  dibuat_oleh_nama: string;
  dibuat_at: Generated<Date>;
  /** Migration 0026: a large check goes on after its upload is answered. */
  status: Generated<'MEMERIKSA' | 'SELESAI' | 'GAGAL'>;
  pesan: string | null;
  detak_at: Generated<Date>;
  /** Migration 0046: a large upload's check on the job queue (its hash in the store until checked). */
  unggahan: string | null;
  diantre: Generated<boolean>;
  diambil_at: Date | null;
}

export interface ImporBarisTable {
  cek_id: string;
  baris: number;
  kunci: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  hasil: 'BARU' | 'BERUBAH' | 'SAMA' | 'KONFLIK' | 'DITOLAK' | null;
  alasan: string | null;
}

export interface ImporTolakTable {
  cek_id: string;
  baris: number;
  kolom: string | null;
  nilai: string | null;
  pesan: string;
  asli: ColumnType<Record<string, string>, string, string>;
}

export interface ImporJobTable {
  id: string;
  cek_id: string;
  jenis: string;
  status: 'BERJALAN' | 'SELESAI' | 'DIBATALKAN' | 'GAGAL';
  total: number;
  selesai: Generated<number>;
  baru: Generated<number>;
  berubah: Generated<number>;
  sama: Generated<number>;
  ditolak: Generated<number>;
  konflik: Generated<number>;
  batal_diminta: Generated<boolean>;
  mulai: Generated<Date>;
  selesai_pada: Date | null;
  detak_at: Generated<Date>;
  /** Issue #33: handed to the job queue (the relay), and taken by a worker (when). */
  diantre: Generated<boolean>;
  dikerjakan_at: Date | null;
  pesan: string | null;
  oleh: number | null;
  oleh_nama: string;
}

/** Issue #20: an instansi's letterhead (migration 0021). */
export interface InstansiKopTable {
  instansi_id: number;
  alamat: string;
  logo_sha256: string | null;
  logo_mime: string | null;
  diubah_oleh: number | null;
  diubah_at: Generated<Date>;
  /** Migration 0035 (issue #31): the seat of the instansi, "Ditetapkan di {kota}"; '' until filled. */
  kota: Generated<string>;
}

/** Issue #20: an official document made after the final lock (migration 0021). */
export interface DokumenResmiTable {
  kode: string;
  jenis: 'PENGUMUMAN' | 'BERITA_ACARA';
  instansi_id: number;
  track: TrackColumn;
  nomor: string;
  tanggal: DateColumn;
  sha256: string;
  ukuran: number;
  halaman: number;
  isian: ColumnType<unknown, string, string>;
  dibuat_oleh: number;
  dibuat_at: Generated<Date>;
  /** Migration 0034 (issue #31): the announcement's Excel copy, made and kept at issue. */
  xlsx_sha256: string | null;
  xlsx_ukuran: number | null;
  /** Migration 0034: the document this one amends. */
  mengubah_kode: string | null;
  /** Migration 0037: who signed the PDF (contract PenandaTangan); null before signing began. */
  penanda_tangan: ColumnType<unknown, string | null | undefined, string | null> | null;
}

/** Issue #20: how far a document being made has got, by the screen's id (migration 0023). */
export interface DokumenResmiProgresTable {
  id: string;
  instansi_id: number;
  track: TrackColumn;
  selesai: Generated<number>;
  total: number;
  diubah_at: Generated<Date>;
  /** Issue #33: the announcement's job (migration 0044). */
  status: Generated<'MENUNGGU' | 'BERJALAN' | 'SELESAI' | 'GAGAL'>;
  permintaan: unknown | null;
  pelaku: unknown | null;
  diantre: Generated<boolean>;
  dikerjakan_at: Date | null;
  kode: string | null;
  pesan: string | null;
  dibuat_at: Generated<Date>;
}

/** Issue #33: a list export made on the job queue (migration 0045). */
export interface EksporJobTable {
  id: string;
  pengguna_id: number;
  jenis: 'PELAMAR' | 'NONASN';
  halaman: string;
  format: 'xlsx' | 'csv';
  nama_berkas: string;
  permintaan: unknown;
  status: Generated<'MENUNGGU' | 'BERJALAN' | 'SELESAI' | 'GAGAL'>;
  diantre: Generated<boolean>;
  selesai: Generated<number>;
  total: Generated<number>;
  berkas_sha256: string | null;
  ukuran: string | number | null;
  pesan: string | null;
  dibuat_at: Generated<Date>;
  dikerjakan_at: Date | null;
  diubah_at: Generated<Date>;
  kedaluwarsa_at: Date | null;
  diunduh_at: Date | null;
}

/** Issue #22: a stored file's bytes in parts, when documents live in PostgreSQL (migration 0020). */
export interface BerkasIsiTable {
  sha256: string;
  bagian: number;
  isi: Uint8Array;
}

/** Issue #35: a document's reading (migration 0038). */
export interface DokumenBacaanTable {
  dokumen_id: number;
  pelamar_id: number;
  berkas_sha256: string;
  status: 'ANTRE' | 'DIBACA' | 'SELESAI' | 'GAGAL';
  mesin: string | null;
  pesan: string | null;
  keyakinan: number | null;
  halaman: number | null;
  teks: string | null;
  /** The first page's 64-bit difference hash, 16 hex digits. */
  sidik: string | null;
  /** The hash's four 16-bit bands, tagged with their position (band i: i * 65536 + value). */
  sidik_pita: number[] | null;
  durasi_ms: number | null;
  prioritas: Generated<number>;
  /** The queue's job, once handed over; null while it waits for the relay. */
  job_id: string | null;
  diantre_at: Generated<Date>;
  dibaca_at: Date | null;
  /** Issue #32: the file as a screen shows it (a smaller rendition), when the reading made one (0040). */
  tampilan_sha256: string | null;
}

/** Issue #35: what a reading found against the registration (migration 0038). */
export interface TemuanDokumenTable {
  id: Generated<number>;
  dokumen_id: number;
  pelamar_id: number;
  kode: string;
  tingkat: 'PERIKSA' | 'BERAT';
  kolom: string;
  nilai_baca: string | null;
  nilai_daftar: string | null;
  keyakinan: number;
  mesin: string;
  pesan: string;
  alasan: string | null;
  kotak: ColumnType<
    { halaman: number; x: number; y: number; w: number; h: number } | null,
    string | null,
    string | null
  >;
  pelamar_lain: number | null;
}

/** Issue #35: the demo's deliberate discrepancies; only tests and bench/baca read it. */
export interface DemoCacatTable {
  pelamar_id: number;
  jenis_dokumen: string;
  cacat: string;
}
