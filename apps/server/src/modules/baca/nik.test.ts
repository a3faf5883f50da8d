// Issue #35: what a NIK says by itself – province, birth date, sex – and OCR's digits put back.

import { describe, expect, it } from 'vitest';
import { bacaNik, nikTidakSesuai, normalisasiAngka, PROVINSI_KODE } from './nik.js';

const PADA_2024 = new Date(Date.UTC(2024, 5, 1));

describe('PROVINSI_KODE', () => {
  it('has the 38 provinces and only their codes', () => {
    const kode = Object.keys(PROVINSI_KODE).sort();
    expect(kode).toHaveLength(38);
    const rentang = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
    expect(kode).toEqual(
      [
        ...rentang(11, 19),
        '21',
        ...rentang(31, 36),
        ...rentang(51, 53),
        ...rentang(61, 65),
        ...rentang(71, 76),
        '81',
        '82',
        ...rentang(91, 96),
      ].sort(),
    );
    expect(PROVINSI_KODE['32']).toBe('Jawa Barat');
    expect(PROVINSI_KODE['31']).toBe('DKI Jakarta');
  });
});

describe('normalisasiAngka', () => {
  it("puts back OCR's letters for digits and drops spaces", () => {
    expect(normalisasiAngka('32O1 O1l7 O8 95 OOO2')).toBe('3201011708950002');
    expect(normalisasiAngka('3S7B IZG')).toBe('3578126');
    expect(normalisasiAngka('3,25')).toBe('3,25');
  });
});

describe('bacaNik', () => {
  it('reads a man: the birth date as it is', () => {
    expect(bacaNik('3171011708950002', PADA_2024)).toEqual({
      valid: true,
      tanggalLahir: '1995-08-17',
      jenisKelamin: 'L',
      provinsi: 'DKI Jakarta',
      alasan: null,
    });
  });

  it('reads a woman: 40 added to the day', () => {
    expect(bacaNik('3201014108950001', PADA_2024)).toMatchObject({
      valid: true,
      tanggalLahir: '1995-08-01',
      jenisKelamin: 'P',
      provinsi: 'Jawa Barat',
    });
    expect(bacaNik('3201017112990003', PADA_2024)).toMatchObject({ tanggalLahir: '1999-12-31', jenisKelamin: 'P' });
  });

  it("puts the year in this century up to this year's two digits, the last one after", () => {
    expect(bacaNik('3201011708240002', PADA_2024).tanggalLahir).toBe('2024-08-17');
    expect(bacaNik('3201011708030002', PADA_2024).tanggalLahir).toBe('2003-08-17');
    expect(bacaNik('3201011708250002', PADA_2024).tanggalLahir).toBe('1925-08-17');
    expect(bacaNik('3201011708000002', PADA_2024).tanggalLahir).toBe('2000-08-17');
  });

  it("reads through OCR's letters and spaces", () => {
    expect(bacaNik('32O1 O14l O8 95 OOOl', PADA_2024)).toMatchObject({ valid: true, tanggalLahir: '1995-08-01' });
  });

  it('refuses a province that does not exist', () => {
    const nik = bacaNik('2001011708950002', PADA_2024);
    expect(nik.valid).toBe(false);
    expect(nik.provinsi).toBeNull();
    expect(nik.alasan).toMatch(/kode provinsi 20 tidak dikenal/i);
    // The birth date is still read.
    expect(nik.tanggalLahir).toBe('1995-08-17');
    expect(bacaNik('9901011708950002', PADA_2024).valid).toBe(false);
    expect(bacaNik('3701011708950002', PADA_2024).valid).toBe(false);
    expect(bacaNik('9601011708950002', PADA_2024).valid).toBe(true);
  });

  it('refuses kabupaten or kecamatan 00', () => {
    expect(bacaNik('3200011708950002', PADA_2024).alasan).toMatch(/kabupaten/);
    expect(bacaNik('3201001708950002', PADA_2024).alasan).toMatch(/kecamatan/);
  });

  it('refuses a date that does not exist', () => {
    for (const nik of ['3201013208950002', '3201017208950002', '3201011713950002', '3201010000950002']) {
      const hasil = bacaNik(nik, PADA_2024);
      expect(hasil.valid, nik).toBe(false);
      expect(hasil.tanggalLahir, nik).toBeNull();
      expect(hasil.alasan, nik).toMatch(/tanggal lahir/i);
    }
    // 29 February only in a leap year.
    expect(bacaNik('3201012902960002', PADA_2024).tanggalLahir).toBe('1996-02-29');
    expect(bacaNik('3201012902950002', PADA_2024).valid).toBe(false);
  });

  it('refuses anything but 16 digits', () => {
    expect(bacaNik('320101170895000', PADA_2024)).toMatchObject({ valid: false, alasan: expect.stringMatching(/16/) });
    expect(bacaNik('32010117089500021', PADA_2024).valid).toBe(false);
    expect(bacaNik('3201O117X8950002', PADA_2024).valid).toBe(false);
    expect(bacaNik('', PADA_2024).valid).toBe(false);
  });

  it("uses today's year by default", () => {
    expect(bacaNik('3201011708950002').tanggalLahir).toBe('1995-08-17');
  });
});

describe('nikTidakSesuai', () => {
  it('agrees on day, month, two-digit year and sex', () => {
    expect(nikTidakSesuai(bacaNik('3201014108950001', PADA_2024), '1995-08-01', 'P')).toBeNull();
    expect(nikTidakSesuai(bacaNik('3171011708950002', PADA_2024), '1995-08-17', 'L')).toBeNull();
  });

  it('says what disagrees', () => {
    expect(nikTidakSesuai(bacaNik('3171011708950002', PADA_2024), '1995-08-18', 'L')).toMatch(/tanggal lahir/);
    // A woman's NIK without the 40: it reads as a man born that day.
    expect(nikTidakSesuai(bacaNik('3201010108950001', PADA_2024), '1995-08-01', 'P')).toMatch(/laki-laki/);
    expect(nikTidakSesuai(bacaNik('3201014108950001', PADA_2024), '1995-08-01', 'L')).toMatch(/perempuan/);
  });
});
