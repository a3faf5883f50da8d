// Issue #20: the official documents an instansi's admin prints once its track is locked — the
// announcement of the administrative selection and the verification minutes — and the public
// check of a printed or downloaded copy (/cek-dokumen/{kode}). Issue #31: frozen once issued (PDF and
// Excel copy kept), a change is a new document naming the one it amends.

import { z } from 'zod';
import { TRACK_IDS } from '../tracks.js';
import { coercedIntRange, isoDate, nipSchema } from './primitives.js';

export const DOKUMEN_RESMI_JENIS = ['PENGUMUMAN', 'BERITA_ACARA'] as const;
export type DokumenResmiJenis = (typeof DOKUMEN_RESMI_JENIS)[number];

export const DOKUMEN_RESMI_JUDUL: Record<DokumenResmiJenis, string> = {
  PENGUMUMAN: 'Pengumuman Hasil Seleksi Administrasi',
  BERITA_ACARA: 'Berita Acara Verifikasi',
};

/** The default legal basis of the announcement (editable by the admin). */
export const DASAR_HUKUM_BAKU =
  'Berdasarkan Undang-Undang Nomor 20 Tahun 2023 tentang Aparatur Sipil Negara, peraturan pelaksanaannya, dan ketentuan seleksi yang ditetapkan Menteri Pendayagunaan Aparatur Negara dan Reformasi Birokrasi, dengan ini diumumkan hasil seleksi administrasi sebagai berikut.';

const teks = (nama: string, max: number) =>
  z.string().trim().min(1, `${nama} wajib diisi`).max(max, `${nama} paling banyak ${max} karakter`);

export const penandatanganSchema = z.object({
  jabatan: teks('Jabatan penanda tangan', 150),
  nama: teks('Nama penanda tangan', 150),
  nip: nipSchema,
});
export type Penandatangan = z.infer<typeof penandatanganSchema>;

/** The letterhead, entered once per instansi and remembered. */
export const kopInstansiSchema = z.object({
  alamat: z.string().trim().max(400, 'Alamat paling banyak 400 karakter'),
  /**
   * Issue #31: the seat of the instansi, printed "Ditetapkan di {kota}" above the signature.
   * Optional so a client that does not know it keeps the stored one; documents are not issued
   * while none is stored (KOTA_PENETAPAN_BELUM_DIISI).
   */
  kota: z.string().trim().max(100, 'Kota tempat penetapan paling banyak 100 karakter').optional(),
  /** A PNG or JPEG logo as base64 (≤ 300 KB); null removes it, undefined keeps the current one. */
  logo: z
    .object({ mime: z.enum(['image/png', 'image/jpeg']), base64: z.string().max(400_000) })
    .nullable()
    .optional(),
});
export type KopInstansi = z.infer<typeof kopInstansiSchema>;

export const pengumumanRequestSchema = z.object({
  nomor: teks('Nomor pengumuman', 100),
  tanggal: isoDate,
  dasarHukum: teks('Dasar hukum', 3000),
  penandatangan: penandatanganSchema,
  /** An id the screen chooses, to follow the making at GET …/dokumen-resmi/progres/{id}. */
  progresId: z.uuid().optional(),
});
export type PengumumanRequest = z.infer<typeof pengumumanRequestSchema>;

export const beritaAcaraRequestSchema = z.object({
  nomor: teks('Nomor berita acara', 100),
  tanggal: isoDate,
  penandatangan: z.array(penandatanganSchema).min(1, 'Sedikitnya satu penanda tangan').max(3),
});
export type BeritaAcaraRequest = z.infer<typeof beritaAcaraRequestSchema>;

/** A file kept at issue (issue #31): its SHA-256 and size, served as stored. */
export const berkasTerbitSchema = z.object({ sha256: z.string(), ukuran: z.number().int() });

/** Another document named by this one: the one it amends, or the one that amended it. */
export const rujukanDokumenSchema = z.object({ kode: z.string(), nomor: z.string(), tanggal: z.string() });
export type RujukanDokumen = z.infer<typeof rujukanDokumenSchema>;

export const dokumenResmiSchema = z.object({
  kode: z.string(),
  jenis: z.enum(DOKUMEN_RESMI_JENIS),
  track: z.enum(TRACK_IDS),
  instansi: z.string(),
  nomor: z.string(),
  tanggal: z.string(),
  /** The PDF. */
  sha256: z.string(),
  ukuran: z.number().int(),
  halaman: z.number().int(),
  /** The announcement's Excel copy kept at issue; null for the minutes and for older announcements. */
  xlsx: berkasTerbitSchema.nullable(),
  /** Issue #31: the announcement this one amends ("Perubahan atas Pengumuman Nomor …"). */
  mengubah: rujukanDokumenSchema.nullable(),
  /** The later announcement that amended this one (this one stays valid as issued, and checkable). */
  diubahOleh: rujukanDokumenSchema.nullable(),
  dibuatAt: z.string(),
  dibuatOleh: z.string(),
});
export type DokumenResmi = z.infer<typeof dokumenResmiSchema>;

/** Issue #33: an announcement's job – waiting for a worker, being made, made, or not made. */
export const DOKUMEN_JOB_STATUS = ['MENUNGGU', 'BERJALAN', 'SELESAI', 'GAGAL'] as const;
export type DokumenJobStatus = (typeof DOKUMEN_JOB_STATUS)[number];

/**
 * POST {base}/dokumen-resmi/pengumuman (202) and GET {base}/dokumen-resmi/progres/{id}: the
 * announcement's job – rows laid out so far of both passes (count, then write), then the document
 * made, or why it was not.
 */
export const dokumenProgresSchema = z.object({
  id: z.uuid(),
  status: z.enum(DOKUMEN_JOB_STATUS),
  selesai: z.number().int(),
  total: z.number().int(),
  /** The document made (SELESAI). */
  dokumen: dokumenResmiSchema.nullable(),
  /** Why it was not made (GAGAL), in Indonesian. */
  pesan: z.string().nullable(),
});
export type DokumenProgres = z.infer<typeof dokumenProgresSchema>;

/** GET {base}/dokumen-resmi: whether documents can be made, the letterhead, those made so far. */
export const dokumenResmiStatusSchema = z.object({
  terkunci: z.boolean(),
  /** Why the documents cannot be made yet (before the final lock). */
  alasan: z.string().nullable(),
  /** The letterhead; `kota` is '' until the admin fills it (no document is issued before). */
  kop: z.object({ alamat: z.string(), kota: z.string(), adaLogo: z.boolean() }),
  /**
   * Issue #31: PUBLIC_URL points to this computer (localhost), so the QR codes printed on the
   * documents cannot be opened by anyone else. In the demo a warning; elsewhere issuing is refused.
   */
  peringatanAlamat: z.string().nullable(),
  dokumen: z.array(dokumenResmiSchema),
  /** Issue #33: an announcement waiting for a worker or being made (a reload follows it). */
  pembuatan: dokumenProgresSchema.nullable(),
});
export type DokumenResmiStatus = z.infer<typeof dokumenResmiStatusSchema>;

export const progresParamsSchema = z.object({ id: z.uuid() });

export const kodeDokumenParamsSchema = z.object({
  kode: z.string().regex(/^[A-Z2-9]{10}$/, 'Kode dokumen tidak dikenal'),
});

/**
 * Issue #31: who signed an issued PDF electronically (PAdES), as the certificate names them — what
 * the check page shows beside the file's hash. `demo`: the portal's own demo certificate, not an
 * agency's.
 */
export const penandaTanganSchema = z.object({
  nama: z.string(),
  organisasi: z.string().nullable(),
  penerbit: z.string(),
  nomorSeri: z.string(),
  berlakuSampai: z.string(),
  /** SHA-256 fingerprint of the signing certificate (hex, upper case, colon-separated). */
  sidikJari: z.string(),
  /** When the document was signed (ISO 8601). */
  waktu: z.string(),
  demo: z.boolean(),
});
export type PenandaTangan = z.infer<typeof penandaTanganSchema>;

/** GET /api/cek-dokumen/{kode}: what a code was issued for (public, no sign-in). */
export const keaslianSchema = z.object({
  kode: z.string(),
  jenis: z.enum(DOKUMEN_RESMI_JENIS),
  judul: z.string(),
  instansi: z.string(),
  track: z.string(),
  nomor: z.string(),
  tanggal: z.string(),
  dibuatAt: z.string(),
  sha256: z.string(),
  ukuran: z.number().int(),
  /** The Excel copy kept at issue, checkable like the PDF; null when none was kept. */
  xlsx: berkasTerbitSchema.nullable(),
  mengubah: rujukanDokumenSchema.nullable(),
  diubahOleh: rujukanDokumenSchema.nullable(),
  /** The PDF's electronic signature; null for documents issued before they were signed. */
  penandaTangan: penandaTanganSchema.nullable(),
});
export type Keaslian = z.infer<typeof keaslianSchema>;

/** The types the public check reads, by the format of the issued file they are compared with. */
export const CEK_DOKUMEN_MIME = {
  PDF: 'application/pdf',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type FormatBerkasTerbit = keyof typeof CEK_DOKUMEN_MIME;

/**
 * POST /api/cek-dokumen/{kode} with the file (the PDF as application/pdf, or the announcement's
 * Excel copy as the XLSX type): whether it is the issued one of that format, unaltered.
 */
export const keaslianBerkasSchema = z.object({ cocok: z.boolean(), sha256: z.string() });

/**
 * Issue #31: GET /api/cek-dokumen/{kode}/daftar — the list of an announcement as it was issued
 * (public, like the check): whoever holds a printed copy compares a line with it. What the paper
 * publishes and nothing more, as printed: masked NIK, the status word, the reasons, the formasi
 * heading. Searched by the start of a nomor peserta (digits) or the start of the words of a name.
 */
export const DAFTAR_TERBIT_PER_HALAMAN = 20;
export const DAFTAR_TERBIT_Q_MAX = 100;

export const daftarTerbitQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(DAFTAR_TERBIT_Q_MAX, `Kata pencarian paling banyak ${DAFTAR_TERBIT_Q_MAX} karakter`)
      .default(''),
    /** Bounded like the lists' paginator (pageNumber), read from the URL's text. */
    halaman: coercedIntRange(1, 1_000_000).default(1),
  })
  .strict();
export type DaftarTerbitQuery = z.infer<typeof daftarTerbitQuerySchema>;

export const barisTerbitSchema = z.object({
  /** The row's number on paper (1, 2, … across the formasi). */
  no: z.number().int(),
  noPeserta: z.string(),
  nama: z.string(),
  /** As printed: the birth date hidden. */
  nik: z.string(),
  /** The status word as printed ("Memenuhi Syarat", "Tidak Memenuhi Syarat"). */
  status: z.string(),
  /** A TMS applicant's reasons as printed; '' for the others. */
  keterangan: z.string(),
  /** The formasi heading the row stands under on paper ("{jabatan} · {lokasi} · Formasi {jenis}"). */
  formasi: z.string(),
});
export type BarisTerbit = z.infer<typeof barisTerbitSchema>;

export const daftarTerbitSchema = z.object({
  baris: z.array(barisTerbitSchema),
  /** Rows matching the search (all of them without one). */
  total: z.number().int(),
  halaman: z.number().int(),
  perHalaman: z.number().int(),
});
export type DaftarTerbit = z.infer<typeof daftarTerbitSchema>;
