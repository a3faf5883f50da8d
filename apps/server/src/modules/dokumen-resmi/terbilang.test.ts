// Numbers and dates in Indonesian words (issue #31): the edges of the number words ("sebelas",
// "seratus", "seribu" but "satu juta"), refusals, and the opening of minutes whatever the zone.

import { describe, expect, it } from 'vitest';
import { pembukaanBeritaAcara, TERBILANG_MAKS, tanggalTerbilang, terbilang } from './terbilang.js';

describe('terbilang', () => {
  it.each([
    [0, 'nol'],
    [1, 'satu'],
    [9, 'sembilan'],
    [10, 'sepuluh'],
    [11, 'sebelas'],
    [12, 'dua belas'],
    [19, 'sembilan belas'],
    [20, 'dua puluh'],
    [21, 'dua puluh satu'],
    [99, 'sembilan puluh sembilan'],
    [100, 'seratus'],
    [101, 'seratus satu'],
    [110, 'seratus sepuluh'],
    [111, 'seratus sebelas'],
    [200, 'dua ratus'],
    [215, 'dua ratus lima belas'],
    [999, 'sembilan ratus sembilan puluh sembilan'],
    [1000, 'seribu'],
    [1001, 'seribu satu'],
    [1100, 'seribu seratus'],
    [1999, 'seribu sembilan ratus sembilan puluh sembilan'],
    [2000, 'dua ribu'],
    [2026, 'dua ribu dua puluh enam'],
    [10_000, 'sepuluh ribu'],
    [11_000, 'sebelas ribu'],
    [100_000, 'seratus ribu'],
    [101_000, 'seratus satu ribu'],
    [111_111, 'seratus sebelas ribu seratus sebelas'],
    [1_000_000, 'satu juta'],
    [1_001_000, 'satu juta seribu'],
    [1_500_000, 'satu juta lima ratus ribu'],
    [3_300_000, 'tiga juta tiga ratus ribu'],
    [1_000_000_000, 'satu miliar'],
    [2_000_000_001, 'dua miliar satu'],
    [
      999_999_999_999,
      'sembilan ratus sembilan puluh sembilan miliar sembilan ratus sembilan puluh sembilan juta ' +
        'sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan',
    ],
    [1_000_000_000_000, 'satu triliun'],
    [
      TERBILANG_MAKS,
      'sembilan ratus sembilan puluh sembilan triliun sembilan ratus sembilan puluh sembilan miliar ' +
        'sembilan ratus sembilan puluh sembilan juta sembilan ratus sembilan puluh sembilan ribu ' +
        'sembilan ratus sembilan puluh sembilan',
    ],
  ])('%i is "%s"', (n, words) => {
    expect(terbilang(n)).toBe(words);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, TERBILANG_MAKS + 1])('refuses %s with a RangeError', (n) => {
    expect(() => terbilang(n)).toThrow(RangeError);
  });
});

describe('tanggalTerbilang', () => {
  it.each([
    ['2026-11-27', { hari: 'Jumat', tanggal: 'dua puluh tujuh', bulan: 'November', tahun: 'dua ribu dua puluh enam' }],
    [
      '2024-02-29',
      { hari: 'Kamis', tanggal: 'dua puluh sembilan', bulan: 'Februari', tahun: 'dua ribu dua puluh empat' },
    ],
    ['2000-01-01', { hari: 'Sabtu', tanggal: 'satu', bulan: 'Januari', tahun: 'dua ribu' }],
    [
      '2024-12-31',
      { hari: 'Selasa', tanggal: 'tiga puluh satu', bulan: 'Desember', tahun: 'dua ribu dua puluh empat' },
    ],
    ['2026-08-16', { hari: 'Minggu', tanggal: 'enam belas', bulan: 'Agustus', tahun: 'dua ribu dua puluh enam' }],
  ])('%s', (tanggal, expected) => {
    expect(tanggalTerbilang(tanggal)).toEqual(expected);
  });

  it('takes a moment as the day it falls on in WIB, whatever the machine’s zone', () => {
    // 26 November 2026, 17:30 UTC is already 00:30 on the 27th in Jakarta.
    expect(tanggalTerbilang(new Date('2026-11-26T17:30:00Z')).hari).toBe('Jumat');
    expect(tanggalTerbilang(new Date('2026-11-27T16:59:59Z')).tanggal).toBe('dua puluh tujuh');
    expect(tanggalTerbilang(new Date('2026-11-27T17:00:00Z')).hari).toBe('Sabtu');
  });

  it.each(['2026-02-29', '2026-13-01', '27-11-2026', '2026-11-27T00:00:00Z', ''])('refuses "%s"', (tanggal) => {
    expect(() => tanggalTerbilang(tanggal)).toThrow(RangeError);
  });

  it('refuses an invalid Date', () => {
    expect(() => tanggalTerbilang(new Date('bukan tanggal'))).toThrow(RangeError);
  });
});

describe('pembukaanBeritaAcara', () => {
  it('opens minutes with the day and the date in words', () => {
    expect(pembukaanBeritaAcara('2026-11-27')).toBe(
      'Pada hari ini Jumat tanggal dua puluh tujuh bulan November tahun dua ribu dua puluh enam',
    );
    expect(pembukaanBeritaAcara(new Date('2024-02-29T03:00:00Z'))).toBe(
      'Pada hari ini Kamis tanggal dua puluh sembilan bulan Februari tahun dua ribu dua puluh empat',
    );
  });
});
