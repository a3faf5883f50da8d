// An applicant's detail in mock mode, in the shape the real detail answers (PelamarDetail), and
// their documents as drawn images: a KTP, an ijazah, a transcript and a photo. Issue #35: the
// reading of the documents, as the server would store it – per the row's `temuanOtomatis`, a NIK
// read differently from the registration on the KTP ("berat", with where it was read) and a name
// on the ijazah close to the registered one ("periksa"), the transcript still waiting to be read,
// the photo not read at all.

import type { Kotak, PelamarDetail, TemuanDokumen } from '@portal/contract';
import type { Row } from './data';

const MESIN = 'tesseract.js 7.0.0 (Tesseract 5, ind 4.0.0_best_int)';
const DIBACA_AT = '2024-09-19T08:30:00';

/** Where the KTP draws its NIK and the ijazah the holder's name (fractions of the drawing). */
const KTP = { lebar: 856, tinggi: 540 };
const NIK_KOTAK: Kotak = { halaman: 1, x: 225 / 856, y: 104 / 540, w: 400 / 856, h: 40 / 540 };
const IJAZAH = { lebar: 1123, tinggi: 794 };
const NAMA_KOTAK: Kotak = { halaman: 1, x: 261 / 1123, y: 318 / 794, w: 600 / 1123, h: 56 / 794 };

type Dokumen = PelamarDetail['dokumen'][number];

const dokumenId = (row: Row, urutan: number) => row.id * 10 + urutan;

/** The NIK as the reading got it: two digits swapped, as a worn card is misread. */
const nikTerbaca = (nik: string) => `${nik.slice(0, 6)}${nik[7] ?? ''}${nik[6] ?? ''}${nik.slice(8)}`;
/** The name as printed on the ijazah: one letter different. */
function namaIjazah(nama: string): string {
  const mirip = nama.replace(/a(?=[^a]*$)/, 'ah');
  return mirip === nama ? `${nama}h` : mirip;
}

function dokumen(row: Row): Dokumen[] {
  const selesai = { status: 'SELESAI' as const, mesin: MESIN, pesan: null, dibacaAt: DIBACA_AT };
  // The mock's SVGs are small already: no rendition for the screen (issue #32), only the original.
  const base = { mime: 'image/svg+xml', ukuran: 48_000, diunggahAt: '2024-09-18T10:00:00', tampilan: null };
  return [
    { ...base, id: dokumenId(row, 1), jenis: 'KTP', namaFile: 'ktp.svg', bacaan: selesai },
    { ...base, id: dokumenId(row, 2), jenis: 'IJAZAH', namaFile: 'ijazah.svg', bacaan: selesai },
    {
      ...base,
      id: dokumenId(row, 3),
      jenis: 'TRANSKRIP',
      namaFile: 'transkrip.svg',
      bacaan: { status: 'ANTRE', mesin: null, pesan: null, dibacaAt: null },
    },
    { ...base, id: dokumenId(row, 4), jenis: 'PAS_FOTO', namaFile: 'pas-foto.svg', bacaan: null },
  ];
}

function temuan(row: Row): TemuanDokumen[] {
  const found: TemuanDokumen[] = [];
  const nama = String(row.nama);
  if (row.temuanOtomatis === 'BERAT') {
    const nik = String(row.nik);
    found.push({
      id: row.id * 10 + 1,
      dokumenId: dokumenId(row, 1),
      jenisDokumen: 'KTP',
      kode: 'NIK_BERBEDA',
      tingkat: 'BERAT',
      kolom: 'NIK',
      nilaiBaca: nikTerbaca(nik),
      nilaiDaftar: nik,
      keyakinan: 91,
      mesin: MESIN,
      pesan: 'NIK pada KTP berbeda dengan NIK yang didaftarkan.',
      alasan: 'DOKUMEN_TIDAK_TERBACA',
      kotak: NIK_KOTAK,
      pelamarLain: null,
    });
  }
  if (row.temuanOtomatis !== 'TIDAK_ADA') {
    found.push({
      id: row.id * 10 + 2,
      dokumenId: dokumenId(row, 2),
      jenisDokumen: 'IJAZAH',
      kode: 'NAMA_MIRIP',
      tingkat: 'PERIKSA',
      kolom: 'Nama',
      nilaiBaca: namaIjazah(nama).toUpperCase(),
      nilaiDaftar: nama,
      keyakinan: 78,
      mesin: MESIN,
      pesan: 'Nama pada ijazah mirip, tetapi tidak sama persis, dengan nama yang didaftarkan.',
      alasan: null,
      kotak: NAMA_KOTAK,
      pelamarLain: null,
    });
  }
  return found;
}

/** The detail of a generated applicant. */
export function mockDetail(row: Row): Record<string, unknown> {
  const prodi = String(row.pendidikanNama).replace(/^\S+ /, '');
  return {
    ...row,
    noRegister: `R${row.noPeserta}`,
    tempatLahirKtp: 'Bandung',
    tanggalLahirKtp: '1995-05-17',
    tempatLahirIjazah: 'Bandung',
    tanggalLahirIjazah: '1995-05-17',
    agama: 'Islam',
    jenisDisabilitas: null,
    domisili: 'Kota Bandung, Jawa Barat',
    alamat: 'Jl. Merdeka No. 1, Bandung',
    email: 'pelamar@contoh.id',
    noHp: '081234567890',
    lembagaPendidikan: 'Universitas Padjadjaran',
    akreditasiLembaga: 'Unggul',
    prodi,
    akreditasiProdi: 'A',
    noIjazah: 'UNPAD/2017/000123',
    tglIjazah: '2017-08-30',
    tahunLulus: 2017,
    ipk: '3.45',
    lokasiUjian: 'Kota Bandung',
    tglSupervisi: null,
    supervisorNama: null,
    dokumen: dokumen(row),
    temuanDokumen: temuan(row),
    nilai: [],
    verifikasi: {
      version: Number(row.versi ?? 1),
      namaIjazah: row.nama,
      syarat: {
        prodi,
        pendidikanNama: row.pendidikanNama,
        usiaMin: 18,
        usiaMax: 35,
        ipkMin: '3.00',
        tglTutup: '2024-09-30',
      },
      usia: { tahun: 29, bulan: 4 },
      temuan: [],
      cekDokumen: [],
      alasanTms: row.alasanTms ?? [],
      catatanVerifikasi: null,
      catatanSupervisi: null,
      klaim: row.klaimSaya ? { olehSaya: true, nama: 'Rina Marlina', sejak: DIBACA_AT } : null,
      riwayat: null,
      verifikasiKedua: null,
    },
  };
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function svg(lebar: number, tinggi: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lebar}" height="${tinggi}" viewBox="0 0 ${lebar} ${tinggi}" font-family="Arial, sans-serif">${body}</svg>`;
}

function ktp(row: Row): string {
  const nik = row.temuanOtomatis === 'BERAT' ? nikTerbaca(String(row.nik)) : String(row.nik);
  const baris = [
    ['Nama', String(row.nama).toUpperCase()],
    ['Tempat/Tgl Lahir', 'BANDUNG, 17-05-1995'],
    ['Jenis Kelamin', row.jenisKelamin === 'L' ? 'LAKI-LAKI' : 'PEREMPUAN'],
    ['Alamat', 'JL. MERDEKA NO. 1'],
    ['Agama', 'ISLAM'],
    ['Pekerjaan', 'PELAJAR/MAHASISWA'],
  ];
  return svg(
    KTP.lebar,
    KTP.tinggi,
    `<rect width="856" height="540" rx="24" fill="#cfe3f5"/>` +
      `<text x="428" y="44" font-size="26" font-weight="bold" text-anchor="middle">PROVINSI JAWA BARAT</text>` +
      `<text x="428" y="78" font-size="24" font-weight="bold" text-anchor="middle">KOTA BANDUNG</text>` +
      `<text x="40" y="136" font-size="30" font-weight="bold">NIK</text>` +
      `<text x="230" y="136" font-size="32" font-weight="bold" letter-spacing="2">: ${xml(nik)}</text>` +
      baris
        .map(
          ([label, value], index) =>
            `<text x="40" y="${190 + index * 44}" font-size="20">${label}</text>` +
            `<text x="230" y="${190 + index * 44}" font-size="20">: ${xml(value ?? '')}</text>`,
        )
        .join('') +
      `<rect x="660" y="120" width="160" height="210" fill="#e8eef5" stroke="#7a8ca0"/>` +
      `<text x="740" y="232" font-size="16" text-anchor="middle" fill="#7a8ca0">FOTO</text>`,
  );
}

function ijazah(row: Row): string {
  const nama = row.temuanOtomatis === 'TIDAK_ADA' ? String(row.nama) : namaIjazah(String(row.nama));
  return svg(
    IJAZAH.lebar,
    IJAZAH.tinggi,
    `<rect width="1123" height="794" fill="#fffdf4" stroke="#b8a16a" stroke-width="16"/>` +
      `<text x="561" y="120" font-size="34" font-weight="bold" text-anchor="middle">UNIVERSITAS PADJADJARAN</text>` +
      `<text x="561" y="200" font-size="48" font-weight="bold" text-anchor="middle" letter-spacing="8">IJAZAH</text>` +
      `<text x="561" y="280" font-size="22" text-anchor="middle">Diberikan kepada</text>` +
      `<text x="561" y="360" font-size="40" font-weight="bold" text-anchor="middle">${xml(nama.toUpperCase())}</text>` +
      `<text x="561" y="430" font-size="22" text-anchor="middle">lahir di Bandung, 17 Mei 1995</text>` +
      `<text x="561" y="500" font-size="22" text-anchor="middle">${xml(String(row.pendidikanNama))}</text>` +
      `<text x="561" y="640" font-size="18" text-anchor="middle">Nomor ijazah: UNPAD/2017/000123</text>`,
  );
}

function lembar(judul: string): string {
  return svg(
    794,
    1123,
    `<rect width="794" height="1123" fill="#fff" stroke="#ccc"/>` +
      `<text x="397" y="120" font-size="30" font-weight="bold" text-anchor="middle">${xml(judul)}</text>`,
  );
}

/** The file of one of a generated applicant's documents, or null when it is not theirs. */
export function mockBerkas(row: Row, id: number): string | null {
  if (id === dokumenId(row, 1)) return ktp(row);
  if (id === dokumenId(row, 2)) return ijazah(row);
  if (id === dokumenId(row, 3)) return lembar('TRANSKRIP AKADEMIK');
  if (id === dokumenId(row, 4)) return lembar('PAS FOTO');
  return null;
}
