// Kysely table types of the migrated schema (schema.ts): formasi, applicants and their documents,
// scores, counters, schedule, final lock, objections, affirmation claims and Non-ASN.

import type { KeadaanSupervisi, Tahap } from '@portal/contract';
import type { ColumnType, Generated } from 'kysely';
import type { DateColumn, Numeric, StatusVerifikasi, Timestamp, TrackColumn } from './columns.js';

export interface FormasiTable {
  id: Generated<number>;
  instansi_id: number;
  track: TrackColumn;
  jabatan_kode: string;
  jabatan_nama: string;
  lokasi_kode: string;
  lokasi_nama: string;
  jenis_formasi: string;
  pendidikan_kode: string;
  pendidikan_nama: string;
  jumlah: number;
  prodi: string;
  usia_min: Generated<number>;
  usia_max: Generated<number>;
  ipk_min: ColumnType<string, number | string | undefined, number | string>;
}

export interface PelamarTable {
  id: Generated<number>;
  instansi_id: number;
  track: TrackColumn;
  formasi_id: number;
  nik: string;
  no_register: string;
  no_peserta: string;
  tgl_daftar: DateColumn;
  nama: string;
  nama_cari: ColumnType<string, never, never>;
  nama_kata: ColumnType<string, never, never>;
  gelar_depan: string | null;
  gelar_belakang: string | null;
  tempat_lahir_ktp: string;
  tanggal_lahir_ktp: DateColumn;
  tempat_lahir_ijazah: string;
  tanggal_lahir_ijazah: DateColumn;
  jenis_kelamin: 'L' | 'P';
  agama: string;
  jenis_disabilitas: string | null;
  domisili_provinsi: string;
  domisili_kabupaten: string;
  alamat: string;
  email: string;
  no_hp: string;
  lembaga_pendidikan: string;
  prodi: string;
  no_ijazah: string;
  tgl_ijazah: DateColumn;
  tahun_lulus: number;
  akreditasi_lembaga: string;
  akreditasi_prodi: string;
  ipk: Numeric;
  lokasi_ujian: string;
  status_verifikasi: Generated<StatusVerifikasi>;
  verifikator_id: number | null;
  tgl_verifikasi: Timestamp | null;
  status_supervisi: 'DISETUJUI' | 'DIKEMBALIKAN' | null;
  supervisor_id: number | null;
  tgl_supervisi: Timestamp | null;
  version: Generated<number>;
  /** md5 of the import row it was last loaded from (migration 0024); null when not imported. */
  impor_sidik: Generated<string | null>;
  nama_ijazah: string | null;
  klaim_oleh: number | null;
  klaim_at: Timestamp | null;
  cek_dokumen: ColumnType<unknown, string | null, string | null>;
  alasan_tms: string[] | null;
  catatan_verifikasi: string | null;
  catatan_supervisi: string | null;
  /** Migration 0038 (issue #35): the worst automatic finding (0 none or not read, 1 periksa, 2 berat). */
  temuan_otomatis: Generated<number>;
  /** Migration 0043 (issue #34): the first verifier while a sampled decision waits for its second. */
  kedua_dari: Generated<number | null>;
  /** Migration 0043: whether the second verification agreed (null: none made). */
  kedua_sepakat: Generated<boolean | null>;
}

export interface JadwalTahapTable {
  track: TrackColumn;
  tahap: Tahap;
  mulai: Timestamp;
  selesai: Timestamp;
}

export interface FinalVerifikasiTable {
  instansi_id: number;
  track: TrackColumn;
  dikunci_at: Generated<Date>;
  dikunci_oleh: number;
}

export interface BerkasTable {
  sha256: string;
  mime: 'application/pdf' | 'image/jpeg' | 'image/png';
  size: number;
  created_at: Generated<Date>;
}

export interface DokumenTable {
  id: Generated<number>;
  pelamar_id: number;
  instansi_id: number;
  jenis: string;
  nama_file: string;
  berkas_sha256: string;
  diunggah_at: Timestamp;
}

export interface NilaiTable {
  pelamar_id: number;
  instansi_id: number;
  komponen: 'TWK' | 'TIU' | 'TKP' | 'TEKNIS' | 'MANAJERIAL_SOSIOKULTURAL' | 'WAWANCARA' | 'AFIRMASI';
  nilai: Numeric;
}

export interface PelamarStatusCountTable {
  instansi_id: number;
  track: TrackColumn;
  status_verifikasi: StatusVerifikasi;
  jumlah: number;
}

export interface PelamarStatusDeltaTable {
  id: Generated<number>;
  instansi_id: number;
  track: TrackColumn;
  status_verifikasi: StatusVerifikasi;
  delta: number;
}

export interface PelamarSupervisiCountTable {
  instansi_id: number;
  track: TrackColumn;
  status_supervisi: KeadaanSupervisi;
  jumlah: number;
}

export interface PelamarSupervisiDeltaTable {
  id: Generated<number>;
  instansi_id: number;
  track: TrackColumn;
  status_supervisi: KeadaanSupervisi;
  delta: number;
}

export interface SanggahTable {
  id: Generated<number>;
  pelamar_id: number;
  instansi_id: number;
  track: TrackColumn;
  diajukan_at: Timestamp;
  butir: ColumnType<unknown, string, string>;
  status: Generated<'DIAJUKAN' | 'DITERIMA' | 'DITOLAK'>;
  dijawab_oleh: number | null;
  dijawab_at: Timestamp | null;
  mengubah_status: Generated<boolean>;
  cek_status: 'DIPERIKSA' | 'DITANDAI' | null;
  cek_catatan: string | null;
  cek_oleh: number | null;
  cek_at: Timestamp | null;
  version: Generated<number>;
  jenis: Generated<'ADMINISTRASI' | 'AFIRMASI'>;
}

export type KategoriAfirmasiColumn = 'USIA_PENGALAMAN' | 'DISABILITAS' | 'EKS_THK_II' | 'PAPUA' | 'DATABASE_NAKES';

export interface AfirmasiTable {
  id: Generated<number>;
  pelamar_id: number;
  instansi_id: number;
  track: 'pppk' | 'nakes';
  kategori: KategoriAfirmasiColumn;
  nama_file: string;
  berkas_sha256: string;
  diajukan_at: Timestamp;
  status: Generated<'BELUM' | 'VALID' | 'TIDAK_VALID'>;
  alasan: string | null;
  diperiksa_oleh: number | null;
  diperiksa_at: Timestamp | null;
  version: Generated<number>;
}

export type KomponenNilaiColumn = NilaiTable['komponen'];

export interface SanggahNilaiTable {
  id: Generated<number>;
  pelamar_id: number;
  instansi_id: number;
  track: TrackColumn;
  komponen: KomponenNilaiColumn;
  pelamar_terkait_id: number | null;
  nilai_saat_diajukan: Numeric;
  argumen: string;
  diajukan_at: Timestamp;
  status: Generated<'DIAJUKAN' | 'MENUNGGU_PERSETUJUAN' | 'DITOLAK' | 'DISETUJUI' | 'TIDAK_DISETUJUI'>;
  jawaban_alasan: string | null;
  nilai_usulan: Numeric | null;
  dijawab_oleh: number | null;
  dijawab_at: Timestamp | null;
  persetujuan_alasan: string | null;
  disetujui_oleh: number | null;
  disetujui_at: Timestamp | null;
  nilai_lama: Numeric | null;
  nilai_baru: Numeric | null;
  version: Generated<number>;
}

export type KategoriNonAsnColumn = 'EKS_THK_II' | 'DATABASE' | 'R1' | 'R2' | 'R3' | 'R4' | 'R5';
export type StatusKonfirmasiColumn = 'BELUM' | 'DIKONFIRMASI' | 'TIDAK_DIUSULKAN';

export interface NonAsnTable {
  id: Generated<number>;
  instansi_id: number;
  nik: string;
  nama: string;
  nama_cari: ColumnType<string, never, never>;
  nama_kata: ColumnType<string, never, never>;
  tempat_lahir: string;
  tanggal_lahir: DateColumn;
  unit_kerja: string;
  jabatan: string;
  masa_kerja_bulan: number;
  kategori: KategoriNonAsnColumn;
  no_sk: string;
  tgl_sk: DateColumn;
  sumber_dana: 'APBN' | 'APBD' | 'BLUD' | 'BOS' | 'LAINNYA';
  status_konfirmasi: Generated<StatusKonfirmasiColumn>;
  alasan: string | null;
  dikonfirmasi_oleh: number | null;
  dikonfirmasi_at: Timestamp | null;
  version: Generated<number>;
}

export interface NonAsnCountTable {
  instansi_id: number;
  kategori: KategoriNonAsnColumn;
  status_konfirmasi: StatusKonfirmasiColumn;
  jumlah: number;
}

export interface NonAsnCountDeltaTable {
  id: Generated<number>;
  instansi_id: number;
  kategori: KategoriNonAsnColumn;
  status_konfirmasi: StatusKonfirmasiColumn;
  delta: number;
}

/** Issue #34: the sample rate of the blind second verification, per track (migration 0042). */
export interface SampelVerifikasiTable {
  track: TrackColumn;
  persen: Numeric;
  diubah_at: Timestamp | null;
  diubah_oleh: string | null;
}

/** Issue #34: a verifier's final decision as saved, with its draw for the sample (migration 0042). */
export interface KeputusanVerifikasiTable {
  id: Generated<string>;
  pelamar_id: number;
  instansi_id: number;
  track: TrackColumn;
  verifikator_id: number | null;
  hasil: 'MS' | 'TMS';
  alasan_tms: string[];
  klaim_at: Date | null;
  diputus_at: Generated<Date>;
  sampel_persen: Numeric;
  sampel_nilai: number;
  sampel_terpilih: boolean;
  supervisi: 'DISETUJUI' | 'DIKEMBALIKAN' | null;
  supervisi_at: Date | null;
  /** Migration 0043: a second verifier's decision (never drawn). */
  kedua: Generated<boolean>;
}

/** Issue #34: a sampled decision and its blind second verification (migration 0043). */
export interface VerifikasiKeduaTable {
  pelamar_id: number;
  instansi_id: number;
  track: TrackColumn;
  pertama_oleh: number;
  pertama_hasil: 'MS' | 'TMS';
  pertama_alasan: Generated<string[]>;
  pertama_catatan: string | null;
  pertama_cek: ColumnType<unknown, string | undefined, string>;
  pertama_at: Generated<Date>;
  kedua_oleh: number | null;
  kedua_hasil: 'MS' | 'TMS' | null;
  kedua_alasan: string[] | null;
  kedua_catatan: string | null;
  kedua_cek: ColumnType<unknown, string | null | undefined, string | null>;
  kedua_at: Date | null;
  sepakat: boolean | null;
}
