// Kysely table types of the migrated schema (db/migrations). Column names are snake_case in SQL.
// The table types are in schema-akun.ts, schema-pelamar.ts and schema-dokumen.ts (the issued lists
// of announcements below); the column types they share in columns.ts. Importers take them all from
// here.

import type { Generated } from 'kysely';
import type {
  AccessKeyTable,
  AppSecretTable,
  AppUserTable,
  AuditEventTable,
  AuthSessionTable,
  DevMailTable,
  InstansiTable,
  LoginLockoutTable,
  OidcPayloadTable,
  RecoveryCodeTable,
  RevokedTokenTable,
  TotpUsedStepTable,
} from './schema-akun.js';
import type {
  BerkasIsiTable,
  DemoCacatTable,
  DokumenBacaanTable,
  DokumenResmiProgresTable,
  DokumenResmiTable,
  EksporJobTable,
  ImporBarisTable,
  ImporCekTable,
  ImporJobTable,
  ImporTolakTable,
  InstansiKopTable,
  TemuanDokumenTable,
} from './schema-dokumen.js';
import type {
  AfirmasiTable,
  BerkasTable,
  DokumenTable,
  FinalVerifikasiTable,
  FormasiTable,
  JadwalTahapTable,
  KeputusanVerifikasiTable,
  NilaiTable,
  NonAsnCountDeltaTable,
  NonAsnCountTable,
  NonAsnTable,
  PelamarStatusCountTable,
  PelamarStatusDeltaTable,
  PelamarSupervisiCountTable,
  PelamarSupervisiDeltaTable,
  PelamarTable,
  SampelVerifikasiTable,
  SanggahNilaiTable,
  SanggahTable,
  VerifikasiKeduaTable,
} from './schema-pelamar.js';

export type * from './columns.js';
export type * from './schema-akun.js';
export type * from './schema-dokumen.js';
export type * from './schema-pelamar.js';

/**
 * Issue #31: the list of an announcement as issued (migration 0036), one row per list. `jumlah` is
 * null while the list is being written, its number of rows once it is complete.
 */
export interface DokumenResmiDaftarTable {
  kode: string;
  jumlah: number | null;
  dibuat_at: Generated<Date>;
}

/** Issue #31: a row of an issued announcement, as printed (migration 0036). */
export interface DokumenResmiBarisTable {
  kode: string;
  /** The row's number on paper, 1..n across the formasi. */
  no: number;
  no_peserta: string;
  nama: string;
  /** Masked as printed (maskNik). */
  nik: string;
  /** The status word as printed ("Memenuhi Syarat"). */
  status: string;
  keterangan: string;
  /** The formasi heading as printed ("{jabatan} · {lokasi} · Formasi {jenis}"). */
  formasi: string;
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
  totp_used_step: TotpUsedStepTable;
  revoked_token: RevokedTokenTable;
  dev_mail: DevMailTable;
  pelamar_supervisi_count: PelamarSupervisiCountTable;
  pelamar_supervisi_delta: PelamarSupervisiDeltaTable;
  berkas_isi: BerkasIsiTable;
  instansi_kop: InstansiKopTable;
  dokumen_resmi: DokumenResmiTable;
  dokumen_resmi_progres: DokumenResmiProgresTable;
  ekspor_job: EksporJobTable;
  dokumen_resmi_daftar: DokumenResmiDaftarTable;
  dokumen_resmi_baris: DokumenResmiBarisTable;
  impor_cek: ImporCekTable;
  impor_baris: ImporBarisTable;
  impor_tolak: ImporTolakTable;
  impor_job: ImporJobTable;
  dokumen_bacaan: DokumenBacaanTable;
  temuan_dokumen: TemuanDokumenTable;
  demo_cacat: DemoCacatTable;
  sampel_verifikasi: SampelVerifikasiTable;
  verifikasi_kedua: VerifikasiKeduaTable;
  keputusan_verifikasi: KeputusanVerifikasiTable;
}
