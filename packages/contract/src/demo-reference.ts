// Reference lists for generated demo applicants – the server's seed and the SPA's mock mode draw
// from the same ones: Indonesian names, regions with their BPS codes (the first six digits of a
// NIK), universities, study programmes, positions per track with the education they require.
// Small on purpose: combined they give millions of distinct people.

/** mulberry32: a tiny seeded generator, enough for demo data that must repeat exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FIRST_NAMES_L = [
  'Agus',
  'Ahmad',
  'Andi',
  'Arif',
  'Bambang',
  'Bayu',
  'Budi',
  'Dedi',
  'Dimas',
  'Eko',
  'Fajar',
  'Fikri',
  'Gilang',
  'Hadi',
  'Hendra',
  'Ilham',
  'Indra',
  'Joko',
  'Kurniawan',
  'Made',
  'Muhammad',
  'Nyoman',
  'Putu',
  'Rahmat',
  'Reza',
  'Rizky',
  'Slamet',
  'Teguh',
  'Wahyu',
  'Yusuf',
  'Zainal',
  'Ketut',
];
export const FIRST_NAMES_P = [
  'Ani',
  'Ayu',
  'Citra',
  'Dewi',
  'Dian',
  'Eka',
  'Fitri',
  'Hana',
  'Indah',
  'Intan',
  'Kartika',
  'Lestari',
  'Maya',
  'Nadia',
  'Nur',
  'Putri',
  'Rahma',
  'Ratna',
  'Rina',
  'Sari',
  'Siti',
  'Sri',
  'Tri',
  'Wulan',
  'Yuli',
  'Zahra',
  'Ni Luh',
  'Nurul',
  'Anisa',
  'Desi',
  'Fatimah',
  'Mega',
];
export const LAST_NAMES = [
  'Pratama',
  'Saputra',
  'Wijaya',
  'Hidayat',
  'Kusuma',
  'Nugroho',
  'Siregar',
  'Harahap',
  'Santoso',
  'Rahmawati',
  'Setiawan',
  'Lubis',
  'Wibowo',
  'Gunawan',
  'Purnamasari',
  'Susanti',
  'Hasibuan',
  'Nasution',
  'Simanjuntak',
  'Sembiring',
  'Ginting',
  'Tanjung',
  'Putri',
  'Wahyuni',
  'Handayani',
  'Permata',
  'Suryani',
  'Firmansyah',
  'Ramadhan',
  'Maulana',
  'Hakim',
  'Aritonang',
  'Pangaribuan',
  'Manurung',
  'Sitompul',
  'Effendi',
  'Syahputra',
  'Utami',
  'Anggraini',
  'Damayanti',
];
export const GELAR_DEPAN = ['dr.', 'Ns.', 'apt.', 'drg.', 'Ir.'];
export const AGAMA = [
  'Islam',
  'Islam',
  'Islam',
  'Islam',
  'Islam',
  'Islam',
  'Kristen',
  'Katolik',
  'Hindu',
  'Buddha',
  'Konghucu',
];
export const DISABILITAS = ['Fisik', 'Sensorik netra', 'Sensorik rungu', 'Intelektual'];

/** Kabupaten/kota with the six-digit code of a kecamatan in it (NIK digits 1–6) and province. */
export const WILAYAH: readonly (readonly [kode: string, kabupaten: string, provinsi: string])[] = [
  ['317101', 'Kota Jakarta Pusat', 'DKI Jakarta'],
  ['317401', 'Kota Jakarta Selatan', 'DKI Jakarta'],
  ['320101', 'Kabupaten Bogor', 'Jawa Barat'],
  ['327301', 'Kota Bandung', 'Jawa Barat'],
  ['320401', 'Kabupaten Bandung', 'Jawa Barat'],
  ['327601', 'Kota Depok', 'Jawa Barat'],
  ['337401', 'Kota Semarang', 'Jawa Tengah'],
  ['337201', 'Kota Surakarta', 'Jawa Tengah'],
  ['330101', 'Kabupaten Cilacap', 'Jawa Tengah'],
  ['340101', 'Kabupaten Kulon Progo', 'DI Yogyakarta'],
  ['347101', 'Kota Yogyakarta', 'DI Yogyakarta'],
  ['357801', 'Kota Surabaya', 'Jawa Timur'],
  ['357301', 'Kota Malang', 'Jawa Timur'],
  ['351501', 'Kabupaten Sidoarjo', 'Jawa Timur'],
  ['127101', 'Kota Medan', 'Sumatera Utara'],
  ['120701', 'Kabupaten Deli Serdang', 'Sumatera Utara'],
  ['137101', 'Kota Padang', 'Sumatera Barat'],
  ['167101', 'Kota Palembang', 'Sumatera Selatan'],
  ['187101', 'Kota Bandar Lampung', 'Lampung'],
  ['517101', 'Kota Denpasar', 'Bali'],
  ['527101', 'Kota Mataram', 'Nusa Tenggara Barat'],
  ['537101', 'Kota Kupang', 'Nusa Tenggara Timur'],
  ['617101', 'Kota Pontianak', 'Kalimantan Barat'],
  ['647101', 'Kota Balikpapan', 'Kalimantan Timur'],
  ['737101', 'Kota Makassar', 'Sulawesi Selatan'],
  ['717101', 'Kota Manado', 'Sulawesi Utara'],
  ['817101', 'Kota Ambon', 'Maluku'],
  ['947101', 'Kota Jayapura', 'Papua'],
  ['117101', 'Kota Banda Aceh', 'Aceh'],
  ['147101', 'Kota Pekanbaru', 'Riau'],
];

/** A place where formasi lie: its code (it starts with the region's code) and its name. */
export type LokasiFormasi = readonly [kode: string, nama: string];

/**
 * Where a regional demo instansi's formasi lie, keyed by the instansi's kode (the region's BPS
 * code): a kabupaten/kota's in its own kecamatan (distrik in Papua), a province's in its
 * kabupaten/kota – the seat (ibu kota) first. Codes are the region's code and the district's number.
 */
export const LOKASI_FORMASI: Readonly<Record<string, readonly LokasiFormasi[]>> = {
  // Pemerintah Kabupaten Bogor
  '3201': [
    ['320101', 'Kecamatan Cibinong'],
    ['320102', 'Kecamatan Gunung Putri'],
    ['320103', 'Kecamatan Citeureup'],
    ['320104', 'Kecamatan Sukaraja'],
    ['320105', 'Kecamatan Babakan Madang'],
    ['320106', 'Kecamatan Jonggol'],
    ['320107', 'Kecamatan Cileungsi'],
  ],
  // Pemerintah Provinsi Jawa Tengah
  '3300': [
    ['337401', 'Kota Semarang'],
    ['337201', 'Kota Surakarta'],
    ['330101', 'Kabupaten Cilacap'],
    ['330201', 'Kabupaten Banyumas'],
    ['331901', 'Kabupaten Kudus'],
    ['337101', 'Kota Magelang'],
    ['337601', 'Kota Tegal'],
  ],
  // Pemerintah Kota Bandung
  '3273': [
    ['327319', 'Kecamatan Sumur Bandung'],
    ['327302', 'Kecamatan Coblong'],
    ['327305', 'Kecamatan Andir'],
    ['327306', 'Kecamatan Cicendo'],
    ['327309', 'Kecamatan Bandung Wetan'],
    ['327322', 'Kecamatan Buahbatu'],
  ],
  // Pemerintah Kabupaten Raja Ampat: Waisai is the seat.
  '9105': [
    ['910517', 'Distrik Kota Waisai'],
    ['910503', 'Distrik Waigeo Selatan'],
    ['910501', 'Distrik Misool'],
    ['910504', 'Distrik Salawati Utara'],
    ['910510', 'Distrik Kofiau'],
    ['910511', 'Distrik Meos Mansar'],
  ],
};

/** A national instansi's formasi lie anywhere in the country. */
export const LOKASI_NASIONAL: readonly LokasiFormasi[] = WILAYAH.map(([kode, kabupaten]) => [kode, kabupaten]);

/** The places an instansi's formasi lie in: its own region's, or the whole country's for a ministry. */
export function lokasiFormasiOf(kodeInstansi: string): readonly LokasiFormasi[] {
  return Object.hasOwn(LOKASI_FORMASI, kodeInstansi)
    ? (LOKASI_FORMASI[kodeInstansi] as readonly LokasiFormasi[])
    : LOKASI_NASIONAL;
}

export const UNIVERSITAS: readonly (readonly [nama: string, akreditasi: string])[] = [
  ['Universitas Indonesia', 'Unggul'],
  ['Universitas Gadjah Mada', 'Unggul'],
  ['Institut Teknologi Bandung', 'Unggul'],
  ['Institut Pertanian Bogor', 'Unggul'],
  ['Universitas Airlangga', 'Unggul'],
  ['Universitas Diponegoro', 'Unggul'],
  ['Universitas Padjadjaran', 'Unggul'],
  ['Universitas Brawijaya', 'Unggul'],
  ['Universitas Sumatera Utara', 'Unggul'],
  ['Universitas Hasanuddin', 'Unggul'],
  ['Universitas Sebelas Maret', 'Unggul'],
  ['Universitas Negeri Yogyakarta', 'Unggul'],
  ['Universitas Negeri Semarang', 'Unggul'],
  ['Universitas Pendidikan Indonesia', 'Unggul'],
  ['Universitas Andalas', 'Unggul'],
  ['Universitas Udayana', 'A'],
  ['Universitas Sriwijaya', 'A'],
  ['Universitas Lampung', 'A'],
  ['Universitas Mataram', 'Baik Sekali'],
  ['Universitas Nusa Cendana', 'Baik Sekali'],
  ['Universitas Cenderawasih', 'Baik Sekali'],
  ['Universitas Muhammadiyah Malang', 'Unggul'],
  ['Universitas Islam Indonesia', 'Unggul'],
  ['Politeknik Kesehatan Kemenkes Jakarta II', 'Baik Sekali'],
  ['Politeknik Kesehatan Kemenkes Semarang', 'Unggul'],
  ['Sekolah Tinggi Ilmu Kesehatan Bhakti Husada', 'Baik'],
  ['Universitas Terbuka', 'Unggul'],
  ['Universitas Pamulang', 'Baik Sekali'],
];
export const AKREDITASI_PRODI = ['Unggul', 'A', 'Baik Sekali', 'B', 'Baik'];

/** A position with the education it requires; applicants of a formasi studied that programme. */
export interface Jabatan {
  kode: string;
  nama: string;
  pendidikanKode: string;
  pendidikanNama: string;
  prodi: string;
}

const jabatan = (kode: string, nama: string, pendidikanKode: string, pendidikanNama: string, prodi: string) => ({
  kode,
  nama,
  pendidikanKode,
  pendidikanNama,
  prodi,
});

export const JABATAN_PER_TRACK: Record<'cpns' | 'pppk' | 'pppk-guru' | 'nakes', readonly Jabatan[]> = {
  cpns: [
    jabatan(
      'AK-AP',
      'Analis Kepegawaian Ahli Pertama',
      '5101001',
      'S-1 Ilmu Administrasi Negara',
      'Ilmu Administrasi Negara',
    ),
    jabatan('PK-AP', 'Pranata Komputer Ahli Pertama', '5101087', 'S-1 Teknik Informatika', 'Teknik Informatika'),
    jabatan('AH-AP', 'Analis Hukum Ahli Pertama', '5101020', 'S-1 Ilmu Hukum', 'Ilmu Hukum'),
    jabatan('AUD-AP', 'Auditor Ahli Pertama', '5101044', 'S-1 Akuntansi', 'Akuntansi'),
    jabatan('PPK-AP', 'Perencana Ahli Pertama', '5101012', 'S-1 Ekonomi Pembangunan', 'Ekonomi Pembangunan'),
    jabatan('ARS-T', 'Arsiparis Terampil', '4101002', 'D-III Kearsipan', 'Kearsipan'),
    jabatan('PBJ-AP', 'Pengelola Pengadaan Barang/Jasa Ahli Pertama', '5101066', 'S-1 Manajemen', 'Manajemen'),
    jabatan('PAS-T', 'Penjaga Tahanan', '3000001', 'SMA/Sederajat', 'IPA'),
  ],
  pppk: [
    jabatan('PK-T', 'Pranata Komputer Terampil', '4101087', 'D-III Manajemen Informatika', 'Manajemen Informatika'),
    jabatan('PP-AP', 'Penyuluh Pertanian Ahli Pertama', '5101031', 'S-1 Agroteknologi', 'Agroteknologi'),
    jabatan('TS-AP', 'Teknik Pengairan Ahli Pertama', '5101052', 'S-1 Teknik Sipil', 'Teknik Sipil'),
    jabatan('PKSM-AP', 'Pekerja Sosial Ahli Pertama', '5101073', 'S-1 Kesejahteraan Sosial', 'Kesejahteraan Sosial'),
    jabatan('APK-T', 'Analis Pengelolaan Keuangan APBN Terampil', '4101044', 'D-III Akuntansi', 'Akuntansi'),
    jabatan(
      'PL-T',
      'Pengendali Dampak Lingkungan Terampil',
      '4101055',
      'D-III Kesehatan Lingkungan',
      'Kesehatan Lingkungan',
    ),
  ],
  'pppk-guru': [
    jabatan('GM-AP', 'Guru Matematika Ahli Pertama', '5101101', 'S-1 Pendidikan Matematika', 'Pendidikan Matematika'),
    jabatan(
      'GBI-AP',
      'Guru Bahasa Indonesia Ahli Pertama',
      '5101102',
      'S-1 Pendidikan Bahasa Indonesia',
      'Pendidikan Bahasa dan Sastra Indonesia',
    ),
    jabatan(
      'GK-AP',
      'Guru Kelas Ahli Pertama',
      '5101103',
      'S-1 Pendidikan Guru Sekolah Dasar',
      'Pendidikan Guru Sekolah Dasar',
    ),
    jabatan(
      'GPJ-AP',
      'Guru Pendidikan Jasmani Ahli Pertama',
      '5101104',
      'S-1 Pendidikan Jasmani',
      'Pendidikan Jasmani, Kesehatan dan Rekreasi',
    ),
    jabatan(
      'GBING-AP',
      'Guru Bahasa Inggris Ahli Pertama',
      '5101105',
      'S-1 Pendidikan Bahasa Inggris',
      'Pendidikan Bahasa Inggris',
    ),
    jabatan('GIPA-AP', 'Guru IPA Ahli Pertama', '5101106', 'S-1 Pendidikan IPA', 'Pendidikan Ilmu Pengetahuan Alam'),
  ],
  nakes: [
    jabatan('PRW-T', 'Perawat Terampil', '4101201', 'D-III Keperawatan', 'Keperawatan'),
    jabatan('PRW-AP', 'Perawat Ahli Pertama', '5101201', 'S-1 Keperawatan + Ners', 'Keperawatan (Ners)'),
    jabatan('BDN-T', 'Bidan Terampil', '4101202', 'D-III Kebidanan', 'Kebidanan'),
    jabatan('DOK-AP', 'Dokter Ahli Pertama', '5101203', 'S-1 Pendidikan Dokter + Profesi', 'Pendidikan Dokter'),
    jabatan('APT-AP', 'Apoteker Ahli Pertama', '5101204', 'S-1 Farmasi + Apoteker', 'Farmasi (Apoteker)'),
    jabatan(
      'PLB-T',
      'Pranata Laboratorium Kesehatan Terampil',
      '4101205',
      'D-III Teknologi Laboratorium Medis',
      'Teknologi Laboratorium Medis',
    ),
    jabatan('NUT-T', 'Nutrisionis Terampil', '4101206', 'D-III Gizi', 'Gizi'),
  ],
};

export const JENIS_FORMASI_PER_TRACK: Record<keyof typeof JABATAN_PER_TRACK, readonly string[]> = {
  cpns: ['UMUM', 'UMUM', 'UMUM', 'UMUM', 'CUMLAUDE', 'DISABILITAS', 'PUTRA_PUTRI_PAPUA', 'DIASPORA'],
  pppk: ['UMUM', 'UMUM', 'UMUM', 'EKS_THK_II', 'DISABILITAS'],
  'pppk-guru': ['UMUM', 'UMUM', 'UMUM', 'EKS_THK_II', 'DISABILITAS'],
  nakes: ['UMUM', 'UMUM', 'UMUM', 'EKS_THK_II', 'DISABILITAS', 'DAERAH_TERTINGGAL'],
};

/** The documents an applicant uploads, per track (DOMAIN.md "Dokumen"). */
export const DOKUMEN_PER_TRACK: Record<keyof typeof JABATAN_PER_TRACK, readonly string[]> = {
  cpns: ['KTP', 'IJAZAH', 'TRANSKRIP', 'PAS_FOTO', 'SWAFOTO', 'SURAT_LAMARAN', 'SURAT_PERNYATAAN'],
  pppk: ['KTP', 'IJAZAH', 'TRANSKRIP', 'PAS_FOTO', 'SURAT_LAMARAN', 'SURAT_PENGALAMAN_KERJA'],
  'pppk-guru': ['KTP', 'IJAZAH', 'TRANSKRIP', 'PAS_FOTO', 'SERTIFIKAT_PENDIDIK', 'SURAT_LAMARAN'],
  nakes: ['KTP', 'IJAZAH', 'TRANSKRIP', 'PAS_FOTO', 'STR', 'SURAT_PENGALAMAN_KERJA', 'SURAT_LAMARAN'],
};

/** Score components per track (DOMAIN.md "Nilai"). */
const PPPK_NILAI = [
  ['TEKNIS', 500],
  ['MANAJERIAL_SOSIOKULTURAL', 190],
  ['WAWANCARA', 40],
] as const;

export const NILAI_PER_TRACK: Record<keyof typeof JABATAN_PER_TRACK, readonly (readonly [string, number])[]> = {
  cpns: [
    ['TWK', 150],
    ['TIU', 175],
    ['TKP', 225],
  ],
  pppk: PPPK_NILAI,
  'pppk-guru': PPPK_NILAI,
  nakes: PPPK_NILAI,
};

/** The degree an applicant of that position carries after the name (null for school leavers). */
export function gelarOf(jabatan: Jabatan): string | null {
  const { pendidikanNama: level, prodi } = jabatan;
  if (level.startsWith('SMA')) return null;
  if (level.startsWith('D-III'))
    return prodi === 'Keperawatan' ? 'A.Md.Kep.' : prodi === 'Kebidanan' ? 'A.Md.Keb.' : 'A.Md.';
  const rules: [RegExp, string][] = [
    [/^Pendidikan Dokter/, 'S.Ked.'],
    [/Ners/, 'S.Kep., Ners'],
    [/Apoteker/, 'S.Farm., Apt.'],
    [/^Pendidikan/, 'S.Pd.'],
    [/Hukum/, 'S.H.'],
    [/Informatika/, 'S.Kom.'],
    [/Akuntansi|Ekonomi|Manajemen/, 'S.E.'],
    [/Teknik/, 'S.T.'],
    [/Agro/, 'S.P.'],
  ];
  return rules.find(([pattern]) => pattern.test(prodi))?.[1] ?? 'S.Sos.';
}
