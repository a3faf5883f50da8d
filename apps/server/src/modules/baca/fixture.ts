// Issue #35's tests of reading: a CPNS applicant's registration whose KTP the tests generate and read.

import type { DataDaftar } from './jenis.js';

export const DATA_SITI: DataDaftar = {
  track: 'cpns',
  nik: '3201014509910123',
  nama: 'Siti Rahmawati',
  gelarDepan: null,
  gelarBelakang: null,
  namaIjazah: null,
  tempatLahirKtp: 'Bogor',
  tanggalLahirKtp: '1991-09-05',
  tempatLahirIjazah: 'Bogor',
  tanggalLahirIjazah: '1991-09-05',
  jenisKelamin: 'P',
  domisiliProvinsi: 'Jawa Barat',
  domisiliKabupaten: 'Kabupaten Bogor',
  alamat: 'Jl. Pajajaran No. 12',
  lembaga: 'Universitas Indonesia',
  prodi: 'Teknik Informatika',
  noIjazah: 'UI/2015/00001234',
  tglIjazah: '2015-08-20',
  ipk: '3.25',
  syaratProdi: 'Teknik Informatika',
  ipkMin: '3.00',
  tglTutup: '2024-09-10',
};
