// Issue #35: what a NIK says by itself (Dukcapil's layout): digits 1–2 the province, 3–4 the
// kabupaten/kota, 5–6 the kecamatan, 7–12 the birth date as DDMMYY with 40 added to the day for
// women, 13–16 a sequence. Pure functions, with OCR's usual digit mistakes undone.

/**
 * The 38 provinces by their Kemendagri code (since 2022). NIKs issued before keep their old code:
 * 91 was Papua Barat and 94 Papua then, so both stay valid (Jayapura's NIKs begin 9471).
 */
export const PROVINSI_KODE: Record<string, string> = {
  '11': 'Aceh',
  '12': 'Sumatera Utara',
  '13': 'Sumatera Barat',
  '14': 'Riau',
  '15': 'Jambi',
  '16': 'Sumatera Selatan',
  '17': 'Bengkulu',
  '18': 'Lampung',
  '19': 'Kepulauan Bangka Belitung',
  '21': 'Kepulauan Riau',
  '31': 'DKI Jakarta',
  '32': 'Jawa Barat',
  '33': 'Jawa Tengah',
  '34': 'DI Yogyakarta',
  '35': 'Jawa Timur',
  '36': 'Banten',
  '51': 'Bali',
  '52': 'Nusa Tenggara Barat',
  '53': 'Nusa Tenggara Timur',
  '61': 'Kalimantan Barat',
  '62': 'Kalimantan Tengah',
  '63': 'Kalimantan Selatan',
  '64': 'Kalimantan Timur',
  '65': 'Kalimantan Utara',
  '71': 'Sulawesi Utara',
  '72': 'Sulawesi Tengah',
  '73': 'Sulawesi Selatan',
  '74': 'Sulawesi Tenggara',
  '75': 'Gorontalo',
  '76': 'Sulawesi Barat',
  '81': 'Maluku',
  '82': 'Maluku Utara',
  '91': 'Papua',
  '92': 'Papua Barat',
  '93': 'Papua Selatan',
  '94': 'Papua Tengah',
  '95': 'Papua Pegunungan',
  '96': 'Papua Barat Daya',
};

/** Letters OCR reads where a digit was printed. */
const HURUF_KE_DIGIT: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  L: '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
  G: '6',
  b: '6',
  T: '7',
};

/**
 * Text that should be a number, with OCR's letters for digits put back (O → 0, I/l → 1, S → 5,
 * B → 8, Z → 2, G → 6, …) and spaces removed: "32O1 5S12" → "32015512". Other characters stay.
 */
export function normalisasiAngka(teks: string): string {
  return teks.replace(/\s+/g, '').replace(/[ODQoIli|!LSsBZzGbT]/g, (c) => HURUF_KE_DIGIT[c] ?? c);
}

export interface BacaanNik {
  /** 16 digits, a known province, kabupaten and kecamatan not 00, a real birth date. */
  valid: boolean;
  /** YYYY-MM-DD: YY after this year's is the 1900s, otherwise the 2000s. */
  tanggalLahir: string | null;
  jenisKelamin: 'L' | 'P' | null;
  provinsi: string | null;
  /** Why it is not valid, in Indonesian; null when valid. */
  alasan: string | null;
}

const dua = (n: number) => String(n).padStart(2, '0');

/** Decodes a NIK (OCR's letters for digits are put back first). `hariIni` sets the century's turn. */
export function bacaNik(nik: string, hariIni: Date = new Date()): BacaanNik {
  const angka = normalisasiAngka(nik);
  if (!/^\d{16}$/.test(angka)) {
    return {
      valid: false,
      tanggalLahir: null,
      jenisKelamin: null,
      provinsi: null,
      alasan: `NIK harus 16 angka (terbaca ${angka.replace(/\D/g, '').length} angka).`,
    };
  }
  const alasan: string[] = [];
  const kodeProvinsi = angka.slice(0, 2);
  const provinsi = PROVINSI_KODE[kodeProvinsi] ?? null;
  if (provinsi === null) alasan.push(`kode provinsi ${kodeProvinsi} tidak dikenal`);
  if (angka.slice(2, 4) === '00') alasan.push('kode kabupaten/kota 00 tidak ada');
  if (angka.slice(4, 6) === '00') alasan.push('kode kecamatan 00 tidak ada');

  const hariKode = Number(angka.slice(6, 8));
  const bulan = Number(angka.slice(8, 10));
  const yy = Number(angka.slice(10, 12));
  const jenisKelamin = hariKode > 40 ? 'P' : hariKode >= 1 ? 'L' : null;
  const hari = hariKode > 40 ? hariKode - 40 : hariKode;
  const tahunKini = hariIni.getUTCFullYear() % 100;
  const tahun = (yy > tahunKini ? 1900 : 2000) + yy;
  const tanggal = new Date(Date.UTC(tahun, bulan - 1, hari));
  const tanggalSah =
    hari >= 1 &&
    hari <= 31 &&
    bulan >= 1 &&
    bulan <= 12 &&
    tanggal.getUTCMonth() === bulan - 1 &&
    tanggal.getUTCDate() === hari;
  if (!tanggalSah) alasan.push(`tanggal lahir ${angka.slice(6, 12)} bukan tanggal yang ada`);
  return {
    valid: alasan.length === 0,
    tanggalLahir: tanggalSah ? `${tahun}-${dua(bulan)}-${dua(hari)}` : null,
    jenisKelamin: tanggalSah ? jenisKelamin : null,
    provinsi,
    alasan: alasan.length === 0 ? null : `${alasan.join('; ')}.`.replace(/^./, (c) => c.toUpperCase()),
  };
}

/**
 * Whether a decoded NIK agrees with a birth date (YYYY-MM-DD) and sex: the day, month and the
 * year's last two digits (the NIK has no century). Null when it agrees; otherwise why, in Indonesian.
 */
export function nikTidakSesuai(nik: BacaanNik, tanggalLahir: string, jenisKelamin: 'L' | 'P'): string | null {
  const alasan: string[] = [];
  if (nik.tanggalLahir !== null && nik.tanggalLahir.slice(2) !== tanggalLahir.slice(2)) {
    const [t, b, h] = nik.tanggalLahir.split('-');
    const [tt, bb, hh] = tanggalLahir.split('-');
    alasan.push(
      `tanggal lahir dalam NIK ${h}/${b}/${t?.slice(2)} tidak sama dengan tanggal lahir ${hh}/${bb}/${tt?.slice(2)}`,
    );
  }
  if (nik.jenisKelamin !== null && nik.jenisKelamin !== jenisKelamin) {
    alasan.push(
      `NIK menunjukkan ${nik.jenisKelamin === 'P' ? 'perempuan' : 'laki-laki'} (tanggal ${nik.jenisKelamin === 'P' ? 'ditambah' : 'tanpa tambahan'} 40), bukan ${jenisKelamin === 'P' ? 'perempuan' : 'laki-laki'}`,
    );
  }
  return alasan.length === 0 ? null : alasan.join('; ');
}
