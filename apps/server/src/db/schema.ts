// Kysely table types of the migrated schema (db/migrations). Column names are snake_case in SQL.

import type { KeadaanSupervisi, Tahap } from '@portal/contract';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface InstansiTable {
  id: number;
  kode: string;
  nama: string;
  jenis: 'pusat' | 'daerah';
}

export interface AppUserTable {
  id: Generated<number>;
  username: string;
  fullname: string;
  email: string;
  password_hash: string;
  instansi_id: number;
  authorities: string[];
  is_cpns: boolean;
  is_pppk: boolean;
  is_pppk_guru: boolean;
  is_pppk_nakes: boolean;
  totp_secret: string | null;
  active: Generated<boolean>;
  temp_password_hash: Generated<string | null>;
  temp_password_expires_at: Timestamp | null;
  password_changed_at: Timestamp | null;
  totp_pending_secret: Generated<string | null>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AuthSessionTable {
  id: string;
  user_id: number;
  refresh_token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  refresh_expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginLockoutTable {
  username: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface AuditEventTable {
  id: Generated<string>;
  at: Generated<Date>;
  instansi_id: number | null;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  from_value: string | null;
  to_value: string | null;
  reason: string | null;
  ip: string | null;
  details: ColumnType<unknown, string | null, never>;
}

export interface AppSecretTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

/** A `date` column: read as a Date by pg, written as 'YYYY-MM-DD'. */
type DateColumn = ColumnType<Date | string, Date | string, Date | string>;
/** numeric: pg returns strings to keep precision. */
type Numeric = ColumnType<string, number | string, number | string>;

export type TrackColumn = 'cpns' | 'pppk' | 'pppk-guru' | 'nakes';
export type StatusVerifikasi = 'BELUM' | 'MS' | 'TMS';

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

export interface RecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface AccessKeyTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface DevMailTable {
  id: Generated<number>;
  at: Generated<Date>;
  recipient: string;
  subject: string;
  body: string;
}

export interface DB {
  instansi: InstansiTable;
  app_user: AppUserTable;
  auth_session: AuthSessionTable;
  login_lockout: LoginLockoutTable;
  audit_event: AuditEventTable;
  app_secret: AppSecretTable;
  oidc_payload: OidcPayloadTable;
  formasi: FormasiTable;
  pelamar: PelamarTable;
  berkas: BerkasTable;
  dokumen: DokumenTable;
  nilai: NilaiTable;
  pelamar_status_count: PelamarStatusCountTable;
  pelamar_status_delta: PelamarStatusDeltaTable;
  jadwal_tahap: JadwalTahapTable;
  final_verifikasi: FinalVerifikasiTable;
  sanggah: SanggahTable;
  afirmasi: AfirmasiTable;
  nonasn: NonAsnTable;
  nonasn_count: NonAsnCountTable;
  nonasn_count_delta: NonAsnCountDeltaTable;
  sanggah_nilai: SanggahNilaiTable;
  recovery_code: RecoveryCodeTable;
  access_key: AccessKeyTable;
  dev_mail: DevMailTable;
  pelamar_supervisi_count: PelamarSupervisiCountTable;
  pelamar_supervisi_delta: PelamarSupervisiDeltaTable;
  berkas_isi: BerkasIsiTable;
  instansi_kop: InstansiKopTable;
  dokumen_resmi: DokumenResmiTable;
  dokumen_resmi_progres: DokumenResmiProgresTable;
  impor_cek: ImporCekTable;
  impor_baris: ImporBarisTable;
  impor_tolak: ImporTolakTable;
  impor_job: ImporJobTable;
}

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
}

/** Issue #20: how far a document being made has got, by the screen's id (migration 0023). */
export interface DokumenResmiProgresTable {
  id: string;
  instansi_id: number;
  track: TrackColumn;
  selesai: Generated<number>;
  total: number;
  diubah_at: Generated<Date>;
}

/** Issue #22: a stored file's bytes in parts, when documents live in PostgreSQL (migration 0020). */
export interface BerkasIsiTable {
  sha256: string;
  bagian: number;
  isi: Uint8Array;
}

/** One stored object of the embedded identity provider (migration 0014). */
export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}
