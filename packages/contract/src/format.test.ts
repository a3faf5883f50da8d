import { describe, expect, it } from 'vitest';
import {
  bacaWaktu,
  formatAngka,
  formatBagian,
  formatIpk,
  formatJam,
  formatNilai,
  formatPersen,
  formatTanggal,
  formatTanggalPanjang,
  formatUkuranBerkas,
  formatWaktu,
  formatWaktuPanjang,
  maskNik,
  namaLengkap,
} from './format.js';

describe('dates and moments on Jakarta’s clock (issue #32)', () => {
  it('writes a calendar date short and long, never shifting its zone', () => {
    expect(formatTanggal('2024-09-18')).toBe('18/09/2024');
    expect(formatTanggalPanjang('2024-09-18')).toBe('18 September 2024');
    expect(formatTanggalPanjang('2026-01-01')).toBe('1 Januari 2026');
    expect(formatWaktu('2024-09-18')).toBe('18/09/2024');
    expect(formatJam('2024-09-18')).toBe('–');
  });

  it('reads a naive moment from the server as WIB wall time', () => {
    expect(formatWaktu('2024-09-18T19:15:00')).toBe('18/09/2024 19.15 WIB');
    expect(formatWaktu('2024-09-18T19:15')).toBe('18/09/2024 19.15 WIB');
    expect(formatWaktuPanjang('2024-09-18T19:15:42')).toBe('18 September 2024 pukul 19.15 WIB');
    expect(formatJam('2024-09-18T07:05:00')).toBe('07.05 WIB');
    expect(formatTanggal('2024-09-18T23:59:59')).toBe('18/09/2024');
  });

  it('converts a Z instant, an offset and a Date to WIB (UTC+7, no daylight saving time)', () => {
    expect(formatWaktu('2024-09-18T12:15:00Z')).toBe('18/09/2024 19.15 WIB');
    expect(formatWaktu('2024-09-18T12:15:00.123Z')).toBe('18/09/2024 19.15 WIB');
    // 20.00 UTC is already the next day in Jakarta.
    expect(formatTanggal('2024-09-18T20:00:00Z')).toBe('19/09/2024');
    expect(formatWaktu('2024-12-31T17:30:00Z')).toBe('01/01/2025 00.30 WIB');
    expect(formatWaktu('2024-09-18T21:15:00+09:00')).toBe('18/09/2024 19.15 WIB');
    expect(formatWaktu('2024-09-18 19:15:00+07')).toBe('18/09/2024 19.15 WIB');
    expect(formatWaktu('2024-09-18T07:15:00-05:00')).toBe('18/09/2024 19.15 WIB');
    // Summer and winter of the northern hemisphere alike: seven hours, all year.
    expect(formatJam('2024-01-15T00:00:00Z')).toBe('07.00 WIB');
    expect(formatJam('2024-07-15T00:00:00Z')).toBe('07.00 WIB');
    expect(formatWaktuPanjang(new Date('2026-11-27T03:15:00Z'))).toBe('27 November 2026 pukul 10.15 WIB');
  });

  it('says "–" for nothing and leaves a text that is not a date as it is', () => {
    for (const f of [formatTanggal, formatTanggalPanjang, formatWaktu, formatWaktuPanjang, formatJam]) {
      expect(f(null)).toBe('–');
      expect(f(undefined)).toBe('–');
      expect(f('')).toBe('–');
    }
    expect(formatTanggal('besok')).toBe('besok');
    expect(formatTanggal('2024-02-30')).toBe('2024-02-30');
    expect(bacaWaktu('2024-02-29')).toMatchObject({ tahun: 2024, bulan: 2, hari: 29, adaJam: false });
    expect(bacaWaktu(new Date(Number.NaN))).toBeNull();
  });
});

describe('numbers as Indonesians write them', () => {
  it('groups thousands with a dot and decimals with a comma', () => {
    expect(formatAngka(1234.5)).toBe('1.234,5');
    expect(formatAngka(1234567)).toBe('1.234.567');
    expect(formatAngka(0)).toBe('0');
    expect(formatAngka(-1234.567)).toBe('-1.234,57');
    expect(formatAngka(2.345, 1)).toBe('2,3');
    expect(formatAngka('85.50')).toBe('85,5');
    expect(formatAngka(null)).toBe('–');
    expect(formatAngka('bukan angka')).toBe('–');
  });

  it('writes an IPK always with two decimals', () => {
    expect(formatIpk('2.92')).toBe('2,92');
    expect(formatIpk(3)).toBe('3,00');
    expect(formatIpk('3.456')).toBe('3,46');
    expect(formatIpk(null)).toBe('–');
  });

  it('writes scores and percentages', () => {
    expect(formatNilai('85.50')).toBe('85,5');
    expect(formatNilai('166.00')).toBe('166');
    expect(formatNilai('')).toBe('–');
    expect(formatPersen(60.25)).toBe('60,3%');
    expect(formatPersen(100)).toBe('100%');
    expect(formatPersen(undefined)).toBe('–');
    expect(formatBagian(3, 4)).toBe('75%');
    expect(formatBagian(1, 3)).toBe('33,3%');
    expect(formatBagian(0, 0)).toBe('0%');
  });

  it('names a file’s size in KB under a megabyte and in MB with one decimal from one', () => {
    expect(formatUkuranBerkas(200)).toBe('1 KB');
    expect(formatUkuranBerkas(88_185)).toBe('86 KB');
    expect(formatUkuranBerkas(1_048_000)).toBe('1.023 KB');
    expect(formatUkuranBerkas(2_550_073)).toBe('2,4 MB');
    expect(formatUkuranBerkas(3 * 1024 * 1024)).toBe('3 MB');
  });
});

describe('people', () => {
  it('writes a name with its titles', () => {
    expect(namaLengkap({ gelarDepan: 'Dr.', nama: 'Budi Santoso', gelarBelakang: 'S.Kom.' })).toBe(
      'Dr. Budi Santoso, S.Kom.',
    );
    expect(namaLengkap({ gelarDepan: null, nama: 'Budi Santoso', gelarBelakang: 'S.Kom., M.T.' })).toBe(
      'Budi Santoso, S.Kom., M.T.',
    );
    expect(namaLengkap({ gelarDepan: ' ', nama: 'Budi Santoso', gelarBelakang: null })).toBe('Budi Santoso');
    expect(namaLengkap({ nama: 'Budi Santoso' })).toBe('Budi Santoso');
  });

  it('hides the birth date of a NIK', () => {
    expect(maskNik('3201234567890001')).toBe('320123******0001');
  });
});
