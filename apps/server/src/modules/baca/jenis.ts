// Issue #35: the types shared by the reading of documents – what a page read gives (words with
// their boxes and confidence), what the registration says, and a finding before it is stored.

import type { AlasanTms, KodeTemuanDokumen, Kotak, TingkatTemuan } from '@portal/contract';

/** One word read, with its box in the page's pixels and its confidence (0–100). */
export interface Kata {
  teks: string;
  keyakinan: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One line read, its words in reading order. */
export interface Baris {
  teks: string;
  keyakinan: number;
  kata: Kata[];
}

/** One page read: its size in pixels, its lines, the mean confidence, and where the text came from. */
export interface HalamanBaca {
  lebar: number;
  tinggi: number;
  baris: Baris[];
  keyakinan: number;
  /** OCR of the page's image, or the text layer of a born-digital PDF. */
  sumber: 'OCR' | 'TEKS_PDF';
}

/** What the applicant registered, and the formasi's requirements, as the checks compare them. */
export interface DataDaftar {
  track: 'cpns' | 'pppk' | 'pppk-guru' | 'nakes';
  nik: string;
  /** The name without titles, as on the KTP. */
  nama: string;
  gelarDepan: string | null;
  gelarBelakang: string | null;
  /** The name on the ijazah when registered as different; null when the same as `nama`. */
  namaIjazah: string | null;
  tempatLahirKtp: string;
  /** YYYY-MM-DD */
  tanggalLahirKtp: string;
  tempatLahirIjazah: string;
  tanggalLahirIjazah: string;
  jenisKelamin: 'L' | 'P';
  domisiliProvinsi: string;
  domisiliKabupaten: string;
  alamat: string;
  lembaga: string;
  prodi: string;
  noIjazah: string;
  /** YYYY-MM-DD */
  tglIjazah: string;
  /** "3.25" */
  ipk: string;
  /** The formasi's required programme(s), as the formasi states it. */
  syaratProdi: string;
  /** "3.00" */
  ipkMin: string;
  /** The registration's closing date, YYYY-MM-DD; null when no schedule is set. */
  tglTutup: string | null;
}

/** A finding as a check makes it, before it is stored. */
export interface TemuanBaru {
  kode: KodeTemuanDokumen;
  tingkat: TingkatTemuan;
  /** The field, in words ("NIK", "Nama", "IPK"). */
  kolom: string;
  nilaiBaca: string | null;
  nilaiDaftar: string | null;
  /** 0–100 */
  keyakinan: number;
  /** In Indonesian, for the verifier. */
  pesan: string;
  alasan: AlasanTms | null;
  kotak: Kotak | null;
}

/** The documents the portal reads and checks (the others are stored, not read). */
export const JENIS_DIBACA = ['KTP', 'IJAZAH', 'TRANSKRIP', 'STR'] as const;
export type JenisDibaca = (typeof JENIS_DIBACA)[number];
export const dibaca = (jenis: string): jenis is JenisDibaca => (JENIS_DIBACA as readonly string[]).includes(jenis);
