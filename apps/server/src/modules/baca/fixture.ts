// Issue #35's tests of reading: a CPNS applicant's registration whose KTP the tests generate and read,
// and the priority of this process's threads (reading and drawing run in threads of their own).

import { readdirSync, readFileSync } from 'node:fs';
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

/** Linux: the nice value of each of this process's threads. */
export function niceOfThreads(): { tid: number; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // After the command's closing parenthesis: the state is field 3, the nice value field 19.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ tid: Number(tid), nice: Number(fields[16]) }];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });
}
