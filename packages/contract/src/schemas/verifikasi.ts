// Verification and supervision (issue #4): the standard TMS reasons, what the system can find by
// itself, the decision and review bodies, the claim, the bulk review and the final lock. The
// items follow ARCHITECTURE.md with `{base}` = `/api/{track}/{list}`: `GET {base}/{id}`,
// `PUT {base}/{id}`, `PUT {base}/updateStatus`.

import { z } from 'zod';
import { formatIpk } from '../format.js';
import { dbId, isoDate, recordVersion } from './primitives.js';
import { STATUS_SUPERVISI } from './status.js';

/** The standard reasons for Tidak Memenuhi Syarat (DOMAIN.md "Verifikasi"). */
export const ALASAN_TMS = [
  { kode: 'USIA', label: 'Usia di luar batas yang ditentukan' },
  { kode: 'DOKUMEN_TIDAK_TERBACA', label: 'Dokumen tidak terbaca atau tidak sesuai' },
  { kode: 'NAMA_BERBEDA', label: 'Nama pada KTP dan ijazah berbeda' },
  { kode: 'PENDIDIKAN', label: 'Kualifikasi pendidikan tidak sesuai formasi' },
  { kode: 'IPK', label: 'IPK di bawah batas minimal' },
  { kode: 'SURAT_LAMARAN', label: 'Surat lamaran tidak ditujukan kepada pejabat yang benar' },
  { kode: 'AKREDITASI', label: 'Akreditasi tidak berlaku pada saat kelulusan' },
  { kode: 'SURAT_SEHAT', label: 'Surat keterangan sehat bukan dari dokter pemerintah' },
  { kode: 'EMETERAI', label: 'E-meterai tidak ada' },
  { kode: 'DOKUMEN_PALSU', label: 'Dokumen diduga dipalsukan' },
] as const;
export type AlasanTms = (typeof ALASAN_TMS)[number]['kode'];
export const ALASAN_TMS_KODE = ALASAN_TMS.map((alasan) => alasan.kode) as [AlasanTms, ...AlasanTms[]];

/** One document's check by the verifier. */
export const cekDokumenSchema = z
  .object({
    dokumenId: dbId,
    sesuai: z.boolean(),
    alasan: z.string().trim().max(500).nullable().default(null),
  })
  .strict()
  .refine((cek) => cek.sesuai || (cek.alasan ?? '') !== '', {
    message: 'alasan wajib diisi untuk dokumen yang tidak sesuai',
    path: ['alasan'],
  });
export type CekDokumen = z.infer<typeof cekDokumenSchema>;

/** PUT /api/{track}/verifikator/{id}: the verifier's decision on the version they saw. */
export const keputusanVerifikasiSchema = z
  .object({
    version: recordVersion,
    statusVerifikasi: z.enum(['MS', 'TMS']),
    cekDokumen: z.array(cekDokumenSchema).max(50),
    alasanTms: z.array(z.enum(ALASAN_TMS_KODE)).max(ALASAN_TMS.length).default([]),
    catatan: z.string().trim().max(2000).nullable().default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.statusVerifikasi === 'TMS' && value.alasanTms.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['alasanTms'], message: 'TMS memerlukan sedikitnya satu alasan baku' });
    }
    if (value.statusVerifikasi === 'MS' && value.alasanTms.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['alasanTms'], message: 'MS tidak boleh disertai alasan TMS' });
    }
  });
export type KeputusanVerifikasi = z.input<typeof keputusanVerifikasiSchema>;

/** The two decisions of a blind second verification (issue #34): the first, the second. */
export const PILIHAN_KEPUTUSAN = ['PERTAMA', 'KEDUA'] as const;
export type PilihanKeputusan = (typeof PILIHAN_KEPUTUSAN)[number];

/** One verifier's decision in the supervisor's side-by-side view. */
const keputusanSatuSchema = z.object({
  verifikatorNama: z.string(),
  statusVerifikasi: z.enum(['MS', 'TMS']),
  alasanTms: z.array(z.string()),
  catatan: z.string().nullable(),
  cekDokumen: z.array(z.object({ dokumenId: z.number(), sesuai: z.boolean(), alasan: z.string().nullable() })),
  diputusAt: z.string(),
});

/** Issue #34: both decisions of a sampled applicant, for the supervisor and the admin only. */
export const verifikasiKeduaDetailSchema = z.object({
  pertama: keputusanSatuSchema,
  kedua: keputusanSatuSchema,
  sepakat: z.boolean(),
});
export type VerifikasiKeduaDetail = z.infer<typeof verifikasiKeduaDetailSchema>;

/** PUT /api/{track}/supervisor/{id}: agree, or return with a note. */
export const keputusanSupervisiSchema = z
  .object({
    version: recordVersion,
    statusSupervisi: z.enum(STATUS_SUPERVISI),
    catatan: z.string().trim().max(2000).nullable().default(null),
    /**
     * Issue #34: when the blind second verification disagreed, which decision the supervisor
     * approves, or which verifier it returns to (required to approve such an applicant).
     */
    pakai: z.enum(PILIHAN_KEPUTUSAN).optional(),
  })
  .strict()
  .refine((value) => value.statusSupervisi === 'DISETUJUI' || (value.catatan ?? '') !== '', {
    message: 'catatan wajib diisi saat mengembalikan',
    path: ['catatan'],
  });
export type KeputusanSupervisi = z.input<typeof keputusanSupervisiSchema>;

/** PUT /api/{track}/supervisor/updateStatus: bulk agree. */
export const updateStatusSchema = z
  .object({
    ids: z.array(dbId).min(1).max(500),
    status: z.literal('DISETUJUI'),
  })
  .strict();
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

/** Per id: done, or why not (spec §8: a failed bulk update falls back to an empty array). */
export const updateStatusResultSchema = z.array(
  z.object({ id: z.number(), ok: z.boolean(), error: z.string().optional(), message: z.string().optional() }),
);
export type UpdateStatusResult = z.infer<typeof updateStatusResultSchema>;

/** POST /api/{track}/verifikator/ambil: claim the next applicant (optionally not these). */
export const ambilSchema = z.object({ kecuali: z.array(dbId).max(10).default([]) }).strict();
export const ambilResultSchema = z.object({ id: z.number() });

/** What the system finds by itself on the detail page. */
export const TEMUAN = ['USIA', 'NAMA_BERBEDA', 'PENDIDIKAN', 'IPK', 'LAHIR_BERBEDA'] as const;
export const temuanSchema = z.object({
  kode: z.enum(TEMUAN),
  pesan: z.string(),
  /** The standard TMS reason it suggests. */
  alasan: z.enum(ALASAN_TMS_KODE),
});
export type Temuan = z.infer<typeof temuanSchema>;

export const riwayatSchema = z.object({
  at: z.string(),
  aksi: z.string(),
  /** Who acted, by name (issue #32); their username beside it, for a tooltip. */
  oleh: z.string().nullable(),
  olehUsername: z.string().nullable(),
  dari: z.string().nullable(),
  ke: z.string().nullable(),
  alasan: z.string().nullable(),
});
export type Riwayat = z.infer<typeof riwayatSchema>;

/** The verification part of an applicant's detail. */
export const verifikasiDetailSchema = z.object({
  version: z.number(),
  namaIjazah: z.string(),
  syarat: z.object({
    prodi: z.string(),
    pendidikanNama: z.string(),
    usiaMin: z.number(),
    usiaMax: z.number(),
    ipkMin: z.string(),
    tglTutup: z.string().nullable(),
  }),
  /** Age on the registration's closing date. */
  usia: z.object({ tahun: z.number(), bulan: z.number() }).nullable(),
  temuan: z.array(temuanSchema),
  cekDokumen: z.array(z.object({ dokumenId: z.number(), sesuai: z.boolean(), alasan: z.string().nullable() })),
  alasanTms: z.array(z.string()),
  catatanVerifikasi: z.string().nullable(),
  catatanSupervisi: z.string().nullable(),
  /** Who holds the applicant now; null when nobody does. */
  klaim: z.object({ olehSaya: z.boolean(), nama: z.string(), sejak: z.string() }).nullable(),
  /** The audit trail; null for roles that do not see it (only supervisors and admins do). */
  riwayat: z.array(riwayatSchema).nullable(),
  /**
   * Issue #34: both decisions once a sampled applicant's second verification is in; null
   * otherwise and always for verifiers (the second verification is blind).
   */
  verifikasiKedua: verifikasiKeduaDetailSchema.nullable(),
});
export type VerifikasiDetail = z.infer<typeof verifikasiDetailSchema>;

/** GET/PUT /api/{track}/admin/final-verifikasi: the lock and what still stands in its way. */
export const finalVerifikasiSchema = z.object({
  terkunci: z.boolean(),
  dikunciAt: z.string().nullable(),
  dikunciOleh: z.string().nullable(),
  belumDiverifikasi: z.number(),
  belumDisupervisi: z.number(),
  /** Issue #32: what the lock fixes, said in its confirmation. */
  ms: z.number(),
  tms: z.number(),
});
export type FinalVerifikasi = z.infer<typeof finalVerifikasiSchema>;

/** GET /api/{track}/verifikator/harian?mode=my-verifier: my decisions per day. */
export const harianQuerySchema = z
  .object({
    mode: z.literal('my-verifier'),
    dari: isoDate.optional(),
    sampai: isoDate.optional(),
  })
  .strict();
export const harianSchema = z.array(z.object({ tanggal: z.string(), ms: z.number(), tms: z.number() }));
export type Harian = z.infer<typeof harianSchema>;

/** Full years and months between two `YYYY-MM-DD` dates (age on a given day). */
export function usiaPada(lahir: string, pada: string): { tahun: number; bulan: number } {
  const [ly, lm, ld] = lahir.split('-').map(Number) as [number, number, number];
  const [py, pm, pd] = pada.split('-').map(Number) as [number, number, number];
  let months = (py - ly) * 12 + (pm - lm);
  if (pd < ld) months -= 1;
  return { tahun: Math.floor(months / 12), bulan: months % 12 };
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export interface TemuanInput {
  nama: string;
  namaIjazah: string;
  tanggalLahirKtp: string;
  tanggalLahirIjazah: string;
  tempatLahirKtp: string;
  tempatLahirIjazah: string;
  prodi: string;
  ipk: string;
  syarat: VerifikasiDetail['syarat'];
}

/** What the system can see by itself against the formasi's requirements (issue #4). */
export function temuanOf(input: TemuanInput): { usia: VerifikasiDetail['usia']; temuan: Temuan[] } {
  const temuan: Temuan[] = [];
  const { syarat } = input;
  const usia = syarat.tglTutup ? usiaPada(input.tanggalLahirKtp, syarat.tglTutup) : null;
  if (usia && (usia.tahun < syarat.usiaMin || usia.tahun > syarat.usiaMax)) {
    temuan.push({
      kode: 'USIA',
      pesan: `Usia ${usia.tahun} tahun ${usia.bulan} bulan pada penutupan pendaftaran, di luar batas ${syarat.usiaMin}–${syarat.usiaMax} tahun.`,
      alasan: 'USIA',
    });
  }
  if (fold(input.nama) !== fold(input.namaIjazah)) {
    temuan.push({
      kode: 'NAMA_BERBEDA',
      pesan: `Nama pada KTP (${input.nama}) berbeda dengan nama pada ijazah (${input.namaIjazah}).`,
      alasan: 'NAMA_BERBEDA',
    });
  }
  if (
    input.tanggalLahirKtp !== input.tanggalLahirIjazah ||
    fold(input.tempatLahirKtp) !== fold(input.tempatLahirIjazah)
  ) {
    temuan.push({
      kode: 'LAHIR_BERBEDA',
      pesan: 'Tempat atau tanggal lahir pada KTP berbeda dengan pada ijazah.',
      alasan: 'DOKUMEN_TIDAK_TERBACA',
    });
  }
  if (fold(input.prodi) !== fold(syarat.prodi)) {
    temuan.push({
      kode: 'PENDIDIKAN',
      pesan: `Program studi ${input.prodi} tidak termasuk kualifikasi formasi (${syarat.pendidikanNama}).`,
      alasan: 'PENDIDIKAN',
    });
  }
  if (Number(input.ipk) < Number(syarat.ipkMin)) {
    temuan.push({
      kode: 'IPK',
      pesan: `IPK ${formatIpk(input.ipk)} di bawah batas minimal ${formatIpk(syarat.ipkMin)}.`,
      alasan: 'IPK',
    });
  }
  return { usia, temuan };
}
