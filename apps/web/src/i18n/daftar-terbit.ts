// Issue #31: the list of an announcement as issued, on the public check page (/cek-dokumen/:kode),
// and the field to try another code when one is not known.

import { formatAngka as angka } from '@portal/contract';

export const idDaftarTerbit = {
  judul: 'Daftar yang diumumkan',
  pengantar:
    'Daftar ini sama dengan yang tercetak pada pengumuman ketika diterbitkan dan tidak berubah sesudahnya. Cari baris pada salinan Anda, lalu cocokkan isinya.',
  cari: 'Cari nomor peserta atau nama',
  cariKet: 'Awal nomor peserta, atau awal kata pada nama. Tekan Enter untuk langsung mencari.',
  tombolCari: 'Cari',
  label: 'Daftar pelamar pada pengumuman',
  kolom: {
    no: 'No.',
    noPeserta: 'Nomor Peserta',
    nama: 'Nama',
    nik: 'NIK',
    status: 'Status',
    keterangan: 'Keterangan',
  },
  formasi: (formasi: string) => `Formasi: ${formasi}`,
  memuat: 'Memuat daftar…',
  gagal: 'Daftar tidak dapat dimuat',
  cobaLagi: 'Coba lagi',
  kosong: (q: string) => `Tidak ada baris yang cocok dengan “${q}”.`,
  kosongSemua: 'Pengumuman ini tidak memuat pelamar.',
  rentang: (dari: number, sampai: number, total: number) =>
    `Baris ${angka(dari)}–${angka(sampai)} dari ${angka(total)}`,
  rentangCari: (dari: number, sampai: number, total: number) =>
    `Baris ${angka(dari)}–${angka(sampai)} dari ${angka(total)} yang cocok`,
  halaman: 'Halaman daftar',
  halamanKe: (n: number) => `Halaman ${n}`,
  kontrol: {
    previous: 'Halaman sebelumnya',
    next: 'Halaman berikutnya',
    first: 'Halaman pertama',
    last: 'Halaman terakhir',
  } as Record<string, string>,
  kodeLain: 'Periksa kode lain',
} as const;
