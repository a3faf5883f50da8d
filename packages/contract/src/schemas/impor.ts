// Issue #18 (Data Seleksi): what the national operator's import screen and the API agree on —
// the kinds of file, a check's report, a job's progress. Column sets live with the server's
// validator (one schema per kind), and reach the screen through GET /api/admin/impor/jenis.

import { z } from 'zod';

export const IMPOR_JENIS = ['instansi', 'formasi', 'pelamar', 'nilai', 'dokumen', 'nonasn', 'jadwal'] as const;
export type ImporJenis = (typeof IMPOR_JENIS)[number];

/** Each kind's name on screen. */
export const IMPOR_JENIS_NAMA: Record<ImporJenis, string> = {
  instansi: 'Instansi',
  formasi: 'Formasi',
  pelamar: 'Pelamar',
  nilai: 'Nilai',
  dokumen: 'Dokumen pelamar (ZIP)',
  nonasn: 'Data Non ASN',
  jadwal: 'Jadwal tahapan',
};

/** One column of a kind's file, as docs/impor.md and the template's second sheet explain it. */
export const imporKolomSchema = z.object({
  nama: z.string(),
  tipe: z.string(),
  wajib: z.boolean(),
  contoh: z.string(),
  keterangan: z.string(),
});
export type ImporKolom = z.infer<typeof imporKolomSchema>;

export const imporJenisInfoSchema = z.object({
  jenis: z.enum(IMPOR_JENIS),
  judul: z.string(),
  /** The natural key's columns: rows are upserted by them. */
  kunci: z.array(z.string()),
  kolom: z.array(imporKolomSchema),
});
export const imporJenisResponseSchema = z.object({ jenis: z.array(imporJenisInfoSchema) });
export type ImporJenisInfo = z.infer<typeof imporJenisInfoSchema>;

/**
 * One problem of a rejected row (issue #32: every problem of every row, in one check): its row
 * number in the file (the header is row 1), the column and why — a refused shape says the format
 * expected. A report lists at most IMPOR_LAPORAN_BATAS of them; the download has them all.
 */
export const imporPenolakanSchema = z.object({
  baris: z.number().int(),
  /** The column (or the key's columns, "track, nomor_peserta"); null only for a line that is no row at all. */
  kolom: z.string().nullable(),
  nilai: z.string().nullable(),
  pesan: z.string(),
});
export type ImporPenolakan = z.infer<typeof imporPenolakanSchema>;

/** A row that would change work already done (claimed, decided, objected to, locked). */
export const imporKonflikSchema = z.object({
  baris: z.number().int(),
  kunci: z.string(),
  alasan: z.string(),
});
export type ImporKonflik = z.infer<typeof imporKonflikSchema>;

/** The most problems a check's report lists (a million-row file's report stays small). */
export const IMPOR_LAPORAN_BATAS = 200;

/** The counts both a check and a finished job report. */
const imporHitungan = {
  dibaca: z.number().int(),
  baru: z.number().int(),
  berubah: z.number().int(),
  sama: z.number().int(),
  ditolak: z.number().int(),
  konflik: z.number().int(),
};

/** POST /api/admin/impor/{jenis}/cek: the whole validation, nothing changed. */
/** A check of a large file goes on after its upload is answered (202): the screen follows it. */
export const IMPOR_CEK_STATUS = ['MEMERIKSA', 'SELESAI', 'GAGAL'] as const;

export const imporCekSchema = z.object({
  id: z.string(),
  status: z.enum(IMPOR_CEK_STATUS),
  /** Why a check that went on after its answer failed. */
  pesan: z.string().nullable(),
  jenis: z.enum(IMPOR_JENIS),
  namaFile: z.string(),
  sha256: z.string(),
  ukuran: z.number().int(),
  ...imporHitungan,
  /** The first rejections (all of them: GET …/cek/{id}/ditolak). */
  penolakan: z.array(imporPenolakanSchema),
  /** The first conflicts. */
  konflikList: z.array(imporKonflikSchema),
  dibuat: z.string(),
});
export type ImporCek = z.infer<typeof imporCekSchema>;

export const IMPOR_JOB_STATUS = ['BERJALAN', 'SELESAI', 'DIBATALKAN', 'GAGAL'] as const;
export type ImporJobStatus = (typeof IMPOR_JOB_STATUS)[number];

export const IMPOR_JOB_STATUS_NAMA: Record<ImporJobStatus, string> = {
  BERJALAN: 'Berjalan',
  SELESAI: 'Selesai',
  DIBATALKAN: 'Dibatalkan',
  GAGAL: 'Gagal',
};

/** An apply job (POST …/cek/{id}/terapkan): progress while it runs, the report when it ends. */
export const imporJobSchema = z.object({
  id: z.string(),
  cekId: z.string(),
  jenis: z.enum(IMPOR_JENIS),
  namaFile: z.string(),
  status: z.enum(IMPOR_JOB_STATUS),
  /** Rows to apply and rows applied so far (whole batches only). */
  total: z.number().int(),
  selesai: z.number().int(),
  ...imporHitungan,
  barisPerDetik: z.number(),
  /** Seconds left at the current pace; null when unknown or ended. */
  sisaDetik: z.number().nullable(),
  mulai: z.string(),
  selesaiPada: z.string().nullable(),
  /** Why it failed or was cancelled, in Indonesian. */
  pesan: z.string().nullable(),
  oleh: z.string(),
  /** Issue #33: no worker has taken it yet (it runs when one is free). */
  menunggu: z.boolean(),
});
export type ImporJob = z.infer<typeof imporJobSchema>;

export const imporJobListSchema = z.object({ data: z.array(imporJobSchema) });

/** Error codes of the import the screen reacts to. */
export const IMPOR_ERROR_CODES = {
  /** Another job of the same kind is running. */
  jobBerjalan: 'IMPOR_BERJALAN',
  /** The file is not UTF-8 (or not the kind's format). */
  formatFile: 'IMPOR_FORMAT',
  /** The check is gone (expired or already applied). */
  cekTidakAda: 'IMPOR_CEK_TIDAK_ADA',
  /** The check is still running, or it failed: nothing to apply. */
  cekBelumSelesai: 'IMPOR_CEK_BELUM_SELESAI',
} as const;
