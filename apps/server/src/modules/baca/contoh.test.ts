// The demo's own documents: the discrepancies drawn the same for the same seed, at realistic
// rates; the KTP a JPEG photo of the card, the others scanned pages in image-only PDFs (no text
// layer); the same inputs give the same bytes and a discrepancy changes them.

import { loadImage } from '@napi-rs/canvas';
import { FIRST_NAMES_L, FIRST_NAMES_P, LAST_NAMES, seededRandom } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  berlakuStr,
  CACAT_TERSEBAR,
  cacatTetap,
  DOKUMEN_CACAT,
  DOKUMEN_TERSEBAR,
  type DokumenContoh,
  ijazahPdf,
  ipkCetak,
  isiKtp,
  JENIS_CACAT,
  type JenisCacat,
  ktpJpeg,
  LAJU_CACAT,
  LAJU_CACAT_KEDUA,
  lahirLain,
  lajuBersih,
  namaEjaan,
  nikTukar,
  nomorStr,
  prodiLain,
  strPdf,
  transkripPdf,
  undiCacat,
} from './contoh.js';
import type { DataDaftar } from './jenis.js';

const DATA: DataDaftar = {
  track: 'nakes',
  nik: '3201014509910123',
  nama: 'Muhammad Rizky Hidayat',
  gelarDepan: null,
  gelarBelakang: 'S.Kep.',
  namaIjazah: null,
  tempatLahirKtp: 'Bogor',
  tanggalLahirKtp: '1991-09-05',
  tempatLahirIjazah: 'Bogor',
  tanggalLahirIjazah: '1991-09-05',
  jenisKelamin: 'L',
  domisiliProvinsi: 'Jawa Barat',
  domisiliKabupaten: 'Kabupaten Bogor',
  alamat: 'Jl. Gajah Mada No. 123, Deli Serdang',
  lembaga: 'Politeknik Kesehatan Kemenkes Jakarta II',
  prodi: 'Keperawatan (Ners)',
  noIjazah: 'POLITE/2014/00000123',
  tglIjazah: '2014-08-17',
  ipk: '3.25',
  syaratProdi: 'Keperawatan (Ners)',
  ipkMin: '2.75',
  tglTutup: '2024-09-20',
};
const SEED = 7;
const N = 10_000;

const validDate = (iso: string) => {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
};
const hari = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** The PDF's streams: its dictionary and raw contents (pdfkit writes them uncompressed here). */
function streams(pdf: Uint8Array): { dict: string; body: string }[] {
  const text = Buffer.from(pdf).toString('latin1');
  return [...text.matchAll(/<<([\s\S]*?)>>\s*stream\r?\n([\s\S]*?)endstream/g)].map((m) => ({
    dict: m[1] ?? '',
    body: m[2] ?? '',
  }));
}

function expectImageOnlyPdf(file: DokumenContoh) {
  expect(file.mime).toBe('application/pdf');
  expect(Buffer.from(file.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const all = streams(file.bytes);
  const images = all.filter((s) => /\/Subtype\s*\/Image/.test(s.dict));
  expect(images).toHaveLength(1);
  expect(images[0]?.dict).toMatch(/\/Filter\s*\/DCTDecode/);
  expect(images[0]?.dict).toMatch(/\/Width 1240/);
  expect(images[0]?.dict).toMatch(/\/Height 1754/);
  // No text layer: no font, and no text operators in any content stream.
  const text = Buffer.from(file.bytes).toString('latin1');
  const outsideImages = images.reduce((rest, image) => rest.replace(image.body, ''), text);
  expect(outsideImages).not.toMatch(/\/Font\b/);
  for (const content of all.filter((s) => !/\/Subtype\s*\/Image/.test(s.dict))) {
    expect(content.body).not.toMatch(/\bBT\b|\bTj\b|\bTJ\b|\bET\b/);
    expect(content.body).toMatch(/\bDo\b/);
  }
}

describe('undiCacat', () => {
  it('draws the same discrepancies for the same applicant, track and seed', () => {
    for (let id = 1; id <= 500; id++) {
      expect(undiCacat(id, 'nakes', SEED)).toEqual(undiCacat(id, 'nakes', SEED));
    }
    const a = Array.from({ length: 500 }, (_, i) => undiCacat(i + 1, 'cpns', SEED));
    const b = Array.from({ length: 500 }, (_, i) => undiCacat(i + 1, 'cpns', SEED + 1));
    expect(a).not.toEqual(b);
  });

  for (const track of ['cpns', 'nakes'] as const) {
    it(`gives ${track} applicants realistic rates over ${N} applicants`, () => {
      const per = new Map<JenisCacat, number>(JENIS_CACAT.map((jenis) => [jenis, 0]));
      let bersih = 0;
      for (let id = 1; id <= N; id++) {
        const cacat = undiCacat(id, track, SEED);
        if (cacat.length === 0) bersih++;
        expect(cacat.length).toBeLessThanOrEqual(2);
        // Two discrepancies sit on two documents.
        expect(new Set(cacat.map((c) => c.jenisDokumen)).size).toBe(cacat.length);
        for (const c of cacat) {
          per.set(c.cacat, (per.get(c.cacat) ?? 0) + 1);
          if (CACAT_TERSEBAR.includes(c.cacat)) expect(DOKUMEN_TERSEBAR).toContain(c.jenisDokumen);
          else expect(c.jenisDokumen).toBe(DOKUMEN_CACAT[c.cacat]);
        }
      }
      const sigma = (p: number) => Math.sqrt((p * (1 - p)) / N);
      const p0 = lajuBersih(track);
      expect(p0).toBeGreaterThanOrEqual(0.75);
      expect(p0).toBeLessThanOrEqual(0.8);
      expect(Math.abs(bersih / N - p0)).toBeLessThan(4 * sigma(p0));
      for (const jenis of JENIS_CACAT) {
        const rate = (per.get(jenis) ?? 0) / N;
        if (jenis === 'STR_KEDALUWARSA' && track !== 'nakes') {
          expect(rate).toBe(0);
          continue;
        }
        const p = LAJU_CACAT[jenis];
        expect(p).toBeGreaterThanOrEqual(0.015);
        expect(p).toBeLessThanOrEqual(0.03);
        // The second discrepancies add a little on top of the first ones.
        expect(rate).toBeGreaterThan(p - 4 * sigma(p));
        expect(rate).toBeLessThan(p * (1 + 3 * LAJU_CACAT_KEDUA) + 4 * sigma(p));
      }
    });
  }

  it('never gives STR_KEDALUWARSA outside the nakes track', () => {
    for (const track of ['cpns', 'pppk', 'pppk-guru'] as const) {
      for (let id = 1; id <= 3000; id++) {
        expect(undiCacat(id, track, 3).some((c) => c.cacat === 'STR_KEDALUWARSA' || c.jenisDokumen === 'STR')).toBe(
          false,
        );
      }
    }
  });
});

describe('cacatTetap', () => {
  it('puts every kind on one applicant in turn, the STR one on a nakes applicant, the rest clean', () => {
    const pelamar = [
      ...Array.from({ length: 12 }, (_, i) => ({ id: i + 1, track: 'cpns' as const })),
      { id: 50, track: 'nakes' as const },
    ];
    const tetap = cacatTetap(pelamar);
    expect(tetap.size).toBe(pelamar.length);
    const semua = [...tetap.values()].flat();
    expect(semua.map((c) => c.cacat).sort()).toEqual([...JENIS_CACAT].sort());
    expect(tetap.get(50)).toEqual([{ jenisDokumen: 'STR', cacat: 'STR_KEDALUWARSA' }]);
    expect([...tetap.values()].filter((c) => c.length === 0)).toHaveLength(pelamar.length - JENIS_CACAT.length);
  });
});

describe('the discrepancies', () => {
  it('NIK_TUKAR swaps two adjacent different digits, in the serial part when it can', () => {
    const acak = seededRandom(1);
    for (const nik of ['3201014509910123', '3171016512950001', '3201014509910000', '1111111111111121']) {
      for (let i = 0; i < 20; i++) {
        const lain = nikTukar(nik, acak);
        expect(lain).not.toBe(nik);
        expect([...lain].sort().join('')).toBe([...nik].sort().join(''));
        const beda = [...nik].map((c, j) => (c === lain[j] ? -1 : j)).filter((j) => j >= 0);
        expect(beda).toHaveLength(2);
        expect((beda[1] ?? 0) - (beda[0] ?? 0)).toBe(1);
        if (nik === '3201014509910123') expect(beda[0]).toBeGreaterThanOrEqual(12);
      }
    }
  });

  it('NAMA_EJAAN spells every demo name another way', () => {
    const acak = seededRandom(2);
    for (const depan of [...FIRST_NAMES_L, ...FIRST_NAMES_P]) {
      for (const belakang of LAST_NAMES) {
        const nama = `${depan} ${belakang}`;
        const lain = namaEjaan(nama, acak);
        expect(lain).not.toBe(nama.toUpperCase());
        expect(lain).toBe(lain.toUpperCase());
        expect(Math.abs(lain.length - nama.length)).toBeLessThanOrEqual(3);
      }
    }
    expect(namaEjaan('Siti Nurhaliza', () => 0)).toBe('SITY NURHALIZA');
  });

  it('LAHIR_LAIN gives another valid date', () => {
    const acak = seededRandom(3);
    for (const iso of ['1991-09-05', '1992-02-29', '1990-01-31', '1988-12-31']) {
      for (let i = 0; i < 50; i++) {
        const lain = lahirLain(iso, acak);
        expect(validDate(lain)).toBe(true);
        expect(lain).not.toBe(iso);
        expect(Math.abs(hari(iso, lain))).toBeLessThanOrEqual(3 * 366);
      }
    }
  });

  it('IPK_RENDAH prints under the requirement (at least 2,00); IPK_LAIN another IPK that still meets it', () => {
    const acak = seededRandom(4);
    for (const [ipk, ipkMin] of [
      ['3.25', '3.00'],
      ['3.02', '3.00'],
      ['2.80', '2.75'],
      ['2.90', '3.00'],
      ['3.98', '3.00'],
      ['4.00', '2.75'],
    ] as const) {
      for (let i = 0; i < 50; i++) {
        const rendah = ipkCetak({ ipk, ipkMin }, ['IPK_RENDAH'], acak);
        expect(rendah).toBeLessThan(Number(ipkMin));
        expect(rendah).toBeGreaterThanOrEqual(2);
        expect(rendah).not.toBe(Number(ipk));
        const lain = ipkCetak({ ipk, ipkMin }, ['IPK_LAIN'], acak);
        const beda = Math.abs(lain - Number(ipk));
        expect(beda).toBeGreaterThanOrEqual(0.05 - 1e-9);
        expect(beda).toBeLessThanOrEqual(0.4 + 1e-9);
        expect(lain).toBeLessThanOrEqual(4);
        if (Number(ipk) >= Number(ipkMin)) expect(lain).toBeGreaterThanOrEqual(Number(ipkMin));
        else expect(lain).toBeGreaterThan(Number(ipk));
      }
      expect(ipkCetak({ ipk, ipkMin }, [], acak)).toBe(Number(ipk));
    }
  });

  it('STR_KEDALUWARSA lapses 1–300 days before the closing date; a valid STR runs 1–5 years past it', () => {
    const acak = seededRandom(5);
    for (let i = 0; i < 200; i++) {
      const lewat = berlakuStr({ tglTutup: '2024-09-20' }, ['STR_KEDALUWARSA'], acak);
      expect(hari(lewat, '2024-09-20')).toBeGreaterThanOrEqual(1);
      expect(hari(lewat, '2024-09-20')).toBeLessThanOrEqual(300);
      const berlaku = berlakuStr({ tglTutup: '2024-09-20' }, [], acak);
      expect(hari('2024-09-20', berlaku)).toBeGreaterThanOrEqual(365);
      expect(hari('2024-09-20', berlaku)).toBeLessThan(6 * 366);
    }
  });

  it('PRODI_LAIN is neither the registered programme nor the required one', () => {
    const acak = seededRandom(6);
    for (let i = 0; i < 100; i++) {
      const lain = prodiLain({ prodi: 'Teknik Informatika', syaratProdi: 'Ilmu Komunikasi' }, acak);
      expect(['Teknik Informatika', 'Ilmu Komunikasi']).not.toContain(lain);
    }
  });

  it('changes only what it changes on the KTP', () => {
    const asli = isiKtp(DATA, [], SEED);
    expect(asli).toMatchObject({
      provinsi: 'PROVINSI JAWA BARAT',
      kabupaten: 'KABUPATEN BOGOR',
      nik: DATA.nik,
      nama: 'MUHAMMAD RIZKY HIDAYAT',
      tanggalLahir: DATA.tanggalLahirKtp,
    });
    expect(isiKtp({ ...DATA, domisiliKabupaten: 'Bogor' }, [], SEED).kabupaten).toBe('KABUPATEN BOGOR');
    expect(isiKtp({ ...DATA, domisiliKabupaten: 'Kota Bandung' }, [], SEED).kabupaten).toBe('KOTA BANDUNG');
    const nik = isiKtp(DATA, ['NIK_TUKAR'], SEED);
    expect({ ...nik, nik: asli.nik }).toEqual(asli);
    expect(nik.nik).not.toBe(asli.nik);
    const nama = isiKtp(DATA, ['NAMA_EJAAN'], SEED);
    expect({ ...nama, nama: asli.nama }).toEqual(asli);
    const lahir = isiKtp(DATA, ['LAHIR_LAIN'], SEED);
    expect({ ...lahir, tanggalLahir: asli.tanggalLahir }).toEqual(asli);
    expect(lahir.tanggalLahir).not.toBe(asli.tanggalLahir);
  });

  it('numbers an STR with 16 digits, the same for the same applicant and seed', () => {
    expect(nomorStr(42, SEED)).toMatch(/^\d{16}$/);
    expect(nomorStr(42, SEED)).toBe(nomorStr(42, SEED));
    expect(nomorStr(42, SEED)).not.toBe(nomorStr(43, SEED));
    expect(nomorStr(DATA.nik, SEED)).toMatch(/^\d{16}$/);
  });
});

describe('the generated files', () => {
  it('makes the KTP a JPEG photo of the card', async () => {
    const ktp = await ktpJpeg(DATA, [], SEED);
    expect(ktp.mime).toBe('image/jpeg');
    expect([ktp.bytes[0], ktp.bytes[1]]).toEqual([0xff, 0xd8]);
    const image = await loadImage(Buffer.from(ktp.bytes));
    expect([image.width, image.height]).toEqual([1160, 786]);
    const kosong = await ktpJpeg(DATA, ['HALAMAN_KOSONG'], SEED);
    expect([kosong.bytes[0], kosong.bytes[1]]).toEqual([0xff, 0xd8]);
  });

  it('makes the ijazah, transkrip and STR scanned pages in image-only PDFs', async () => {
    for (const file of [
      await ijazahPdf(DATA, [], SEED),
      await transkripPdf(DATA, [], SEED),
      await strPdf(DATA, [], SEED, nomorStr(1, SEED)),
      await ijazahPdf(DATA, ['HALAMAN_KOSONG'], SEED),
      await transkripPdf(DATA, ['BURAM'], SEED),
    ]) {
      expectImageOnlyPdf(file);
    }
  });

  it('gives the same bytes for the same inputs, and other bytes for a discrepancy', async () => {
    const buat: Record<string, (cacat: JenisCacat[], seed?: number) => Promise<DokumenContoh>> = {
      KTP: (cacat, seed = SEED) => ktpJpeg(DATA, cacat, seed),
      IJAZAH: (cacat, seed = SEED) => ijazahPdf(DATA, cacat, seed),
      TRANSKRIP: (cacat, seed = SEED) => transkripPdf(DATA, cacat, seed),
      STR: (cacat, seed = SEED) => strPdf(DATA, cacat, seed, nomorStr(1, SEED)),
    };
    const cacatPer: Record<string, JenisCacat[]> = {
      KTP: ['NIK_TUKAR', 'NAMA_EJAAN', 'LAHIR_LAIN', 'BURAM', 'HALAMAN_KOSONG'],
      IJAZAH: ['PRODI_LAIN', 'BURAM', 'HALAMAN_KOSONG'],
      TRANSKRIP: ['IPK_RENDAH', 'IPK_LAIN', 'BURAM', 'HALAMAN_KOSONG'],
      STR: ['STR_KEDALUWARSA', 'BURAM', 'HALAMAN_KOSONG'],
    };
    const sama = (a: DokumenContoh, b: DokumenContoh) => Buffer.from(a.bytes).equals(Buffer.from(b.bytes));
    for (const [jenis, fn] of Object.entries(buat)) {
      const asli = await fn([]);
      expect(sama(asli, await fn([])), jenis).toBe(true);
      expect(sama(asli, await fn([], SEED + 1)), jenis).toBe(false);
      for (const cacat of cacatPer[jenis] ?? []) {
        const lain = await fn([cacat]);
        expect(sama(asli, lain), `${jenis} ${cacat}`).toBe(false);
        expect(sama(lain, await fn([cacat])), `${jenis} ${cacat}`).toBe(true);
      }
    }
  });

  it('is fast enough to seed many applicants', async () => {
    const ms: Record<string, number> = {};
    const ulang = 3;
    for (const [jenis, fn] of [
      ['KTP', () => ktpJpeg(DATA, [], SEED)],
      ['IJAZAH', () => ijazahPdf(DATA, [], SEED)],
      ['TRANSKRIP', () => transkripPdf(DATA, [], SEED)],
      ['STR', () => strPdf(DATA, [], SEED, '1')],
    ] as const) {
      await fn();
      const mulai = performance.now();
      for (let i = 0; i < ulang; i++) await fn();
      ms[jenis] = Math.round((performance.now() - mulai) / ulang);
    }
    console.info('ms per document', ms);
    // The target is 150 ms; a loaded test machine gets room.
    for (const value of Object.values(ms)) expect(value).toBeLessThan(600);
  });
});
