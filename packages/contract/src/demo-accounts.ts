// The demo instansi and accounts of issue #2: the server seeds them on an empty embedded database,
// the SPA's mock mode signs them in, and the e2e suite reads the list to sign in as every account.

import type { MenuPrincipal } from './menu.js';
import type { Role } from './roles.js';

export const DEMO_PASSWORD = 'Demo#2024';
/** Base32 TOTP secret of verifikator.2fa, printed in the README for the demo. */
export const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

export const DEMO_INSTANSI = [
  { id: 1, kode: '4001', nama: 'Badan Kepegawaian Negara', jenis: 'pusat' },
  { id: 2, kode: '4002', nama: 'Kementerian Pendayagunaan Aparatur Negara dan Reformasi Birokrasi', jenis: 'pusat' },
  { id: 3, kode: '4010', nama: 'Kementerian Hukum', jenis: 'pusat' },
  { id: 4, kode: '3201', nama: 'Pemerintah Kabupaten Bogor', jenis: 'daerah' },
  { id: 5, kode: '3300', nama: 'Pemerintah Provinsi Jawa Tengah', jenis: 'daerah' },
  { id: 6, kode: '4024', nama: 'Kementerian Kesehatan', jenis: 'pusat' },
  { id: 7, kode: '3273', nama: 'Pemerintah Kota Bandung', jenis: 'daerah' },
  // A small instansi whose whole verification cycle can be finished in a demo (and in e2e).
  { id: 8, kode: '9105', nama: 'Pemerintah Kabupaten Raja Ampat', jenis: 'daerah' },
] as const;

type Flag = 'isCpns' | 'isPppk' | 'isPppkGuru' | 'isPppkNakes';

export interface DemoAccount {
  username: string;
  fullname: string;
  instansiId: number;
  roles: Role[];
  flags: Flag[];
  totp?: boolean;
}

const BKN = 1;
const MENPAN = 2;
const KEMENKUM = 3;
const BOGOR = 4;
const JATENG = 5;
const KEMENKES = 6;
const BANDUNG = 7;
const RAJA_AMPAT = 8;

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'verifikator.cpns',
    fullname: 'Rina Marlina',
    instansiId: KEMENKUM,
    roles: ['ROLE_VERIFIKATOR_CPNS'],
    flags: ['isCpns'],
  },
  {
    username: 'supervisor.cpns',
    fullname: 'Bambang Sutrisno',
    instansiId: KEMENKUM,
    roles: ['ROLE_SUPERVISOR_CPNS'],
    flags: ['isCpns'],
  },
  {
    username: 'admin.cpns',
    fullname: 'Dewi Lestari',
    instansiId: KEMENKUM,
    roles: ['ROLE_ADMIN_CPNS'],
    flags: ['isCpns'],
  },
  {
    username: 'monitor.cpns',
    fullname: 'Agus Setiawan',
    instansiId: KEMENKUM,
    roles: ['ROLE_MONITORING_CPNS_INSTANSI'],
    flags: ['isCpns'],
  },
  {
    username: 'penjawab.skd',
    fullname: 'Sri Wahyuni',
    instansiId: BKN,
    roles: ['ROLE_JAWAB_SANGGAH_NILAI_SKD'],
    flags: [],
  },
  {
    username: 'verifikator.pppk',
    fullname: 'Andi Pratama',
    instansiId: BOGOR,
    roles: ['ROLE_VERIFIKATOR_PPPK'],
    flags: ['isPppk'],
  },
  {
    username: 'supervisor.pppk',
    fullname: 'Yuliana Siregar',
    instansiId: BOGOR,
    roles: ['ROLE_SUPERVISOR_PPPK'],
    flags: ['isPppk'],
  },
  {
    username: 'admin.pppk',
    fullname: 'Hendra Gunawan',
    instansiId: BOGOR,
    roles: ['ROLE_ADMIN_PPPK'],
    flags: ['isPppk'],
  },
  {
    username: 'checker.pppk',
    fullname: 'Putu Ayu Wulandari',
    instansiId: BOGOR,
    roles: ['ROLE_CHECKER_TAMBAH_NILAI_PPPK_TEKNIS'],
    flags: ['isPppk'],
  },
  {
    username: 'verifikator.guru',
    fullname: 'Siti Nurhaliza',
    instansiId: JATENG,
    roles: ['ROLE_VERIFIKATOR_PPPK_GURU'],
    flags: ['isPppkGuru'],
  },
  {
    username: 'supervisor.guru',
    fullname: 'Joko Susilo',
    instansiId: JATENG,
    roles: ['ROLE_SUPERVISOR_PPPK_GURU'],
    flags: ['isPppkGuru'],
  },
  {
    username: 'admin.guru',
    fullname: 'Endang Purwanti',
    instansiId: JATENG,
    roles: ['ROLE_ADMIN_PPPK_GURU'],
    flags: ['isPppkGuru'],
  },
  {
    username: 'monitor.guru',
    fullname: 'Heru Prasetyo',
    instansiId: JATENG,
    roles: ['ROLE_MONITORING_PPPK_GURU_INSTANSI'],
    flags: ['isPppk', 'isPppkGuru'],
  },
  {
    username: 'kemristek.guru',
    fullname: 'Made Suardana',
    instansiId: JATENG,
    roles: ['ROLE_SUPERVISOR_KEMENRISTEK_PPPK_GURU'],
    flags: ['isPppkGuru'],
  },
  {
    username: 'verifikator.nakes',
    fullname: 'Fitri Handayani',
    instansiId: KEMENKES,
    roles: ['ROLE_VERIFIKATOR_PPPK_NAKES'],
    flags: ['isPppkNakes'],
  },
  {
    username: 'supervisor.nakes',
    fullname: 'Rudi Hartono',
    instansiId: KEMENKES,
    roles: ['ROLE_SUPERVISOR_PPPK_NAKES'],
    flags: ['isPppkNakes'],
  },
  {
    username: 'admin.nakes',
    fullname: 'Lina Marpaung',
    instansiId: KEMENKES,
    roles: ['ROLE_ADMIN_PPPK_NAKES'],
    flags: ['isPppkNakes'],
  },
  {
    username: 'monitor.nakes',
    fullname: 'Yohanes Manurung',
    instansiId: KEMENKES,
    roles: ['ROLE_MONITORING_PPPK_NAKES_INSTANSI'],
    flags: ['isPppkNakes'],
  },
  {
    username: 'checker.nakes',
    fullname: 'Nur Aisyah',
    instansiId: KEMENKES,
    roles: ['ROLE_CHECKER_TAMBAH_NILAI_PPPK_NAKES'],
    flags: ['isPppkNakes'],
  },
  { username: 'wasdal', fullname: 'Teguh Santoso', instansiId: BKN, roles: ['ROLE_CEK_SANGGAH_WASDAL'], flags: [] },
  {
    username: 'menpan',
    fullname: 'Ratna Kusumawati',
    instansiId: MENPAN,
    roles: ['ROLE_MONITORING_MENPAN'],
    flags: [],
  },
  {
    username: 'nonasn.bkn',
    fullname: 'Dimas Ardiansyah',
    instansiId: BKN,
    roles: ['ROLE_MONITORING_NONASN_BKN'],
    flags: [],
  },
  {
    username: 'operator.multi',
    fullname: 'Wahyu Hidayat',
    instansiId: BANDUNG,
    roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_PPPK', 'ROLE_ADMIN_PPPK_NAKES', 'ROLE_VERIFIKATOR_PPPK_GURU'],
    flags: ['isCpns', 'isPppk', 'isPppkNakes'],
  },
  {
    username: 'verifikator.rajaampat',
    fullname: 'Yohana Mambraku',
    instansiId: RAJA_AMPAT,
    roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_VERIFIKATOR_PPPK_NAKES'],
    flags: ['isCpns', 'isPppkNakes'],
  },
  // Issue #34: a second verifier of the same instansi and tracks, for the blind second verification.
  {
    username: 'verifikator2.rajaampat',
    fullname: 'Agustinus Rumbewas',
    instansiId: RAJA_AMPAT,
    roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_VERIFIKATOR_PPPK_NAKES'],
    flags: ['isCpns', 'isPppkNakes'],
  },
  {
    username: 'supervisor.rajaampat',
    fullname: 'Markus Dimara',
    instansiId: RAJA_AMPAT,
    roles: ['ROLE_SUPERVISOR_CPNS', 'ROLE_SUPERVISOR_PPPK_NAKES'],
    flags: ['isCpns', 'isPppkNakes'],
  },
  {
    username: 'admin.rajaampat',
    fullname: 'Fransiska Wanma',
    instansiId: RAJA_AMPAT,
    roles: ['ROLE_ADMIN_CPNS', 'ROLE_ADMIN_PPPK_NAKES'],
    flags: ['isCpns', 'isPppkNakes'],
  },
  {
    username: 'verifikator.2fa',
    fullname: 'Indah Permatasari',
    instansiId: KEMENKUM,
    roles: ['ROLE_VERIFIKATOR_CPNS'],
    flags: ['isCpns'],
    totp: true,
  },
  // Issue #6: the national operator who manages instansi admins (user administration).
  {
    username: 'superadmin',
    fullname: 'Ahmad Fauzi',
    instansiId: BKN,
    roles: ['ROLE_SUPERADMIN'],
    flags: [],
  },
];

/** What spec §6 reads of a demo account: its authorities and track flags. */
export function demoMenuPrincipal(account: DemoAccount): MenuPrincipal {
  return {
    authorities: account.roles.map((authority) => ({ authority })),
    isCpns: account.flags.includes('isCpns'),
    isPppk: account.flags.includes('isPppk'),
    isPppkGuru: account.flags.includes('isPppkGuru'),
    isPppkNakes: account.flags.includes('isPppkNakes'),
  };
}
