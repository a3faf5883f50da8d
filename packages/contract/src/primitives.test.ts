import { describe, expect, it } from 'vitest';
import { penandatanganSchema } from './schemas/dokumen-resmi.js';
import {
  dbId,
  INT4_MAX,
  idParam,
  intRange,
  isoDate,
  isoDateTime,
  isRealDate,
  NIP_MESSAGE,
  nipSchema,
  recordVersion,
} from './schemas/primitives.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('isoDate (issue #30: a date PostgreSQL can take)', () => {
  it('takes real days, leap days of leap years only', () => {
    for (const day of ['2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2023-12-31']) {
      expect(`${day} ${isoDate.safeParse(day).success}`).toBe(`${day} true`);
    }
  });

  it('refuses days that do not exist, year 0000 and other shapes, with the Indonesian message', () => {
    for (const day of [
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '0000-01-01',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-2-1',
      '20240201',
      '2024-02-01T00:00:00Z',
      ' 2024-02-01',
    ]) {
      const result = isoDate.safeParse(day);
      expect(`${day} ${result.success}`).toBe(`${day} false`);
      expect(messageOf(result)).toBe('harus tanggal yang ada, berformat YYYY-MM-DD');
    }
    expect(isoDate.safeParse(20240201).success).toBe(false);
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2100-02-29')).toBe(false);
  });
});

describe('isoDateTime', () => {
  it('takes instants with an offset, refuses impossible ones and those without an offset', () => {
    expect(isoDateTime.safeParse('2024-08-20T08:00:00+07:00').success).toBe(true);
    expect(isoDateTime.safeParse('2024-08-20T01:00:00.123Z').success).toBe(true);
    for (const value of [
      '2024-02-30T08:00:00+07:00',
      '0000-01-01T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:00:00',
      '2024-01-01T10:00:00+24:00',
    ]) {
      const result = isoDateTime.safeParse(value);
      expect(`${value} ${result.success}`).toBe(`${value} false`);
      expect(messageOf(result)).toMatch(/^harus waktu yang ada/);
    }
  });
});

describe('integers that reach int4 columns', () => {
  it('idParam coerces text and keeps ids within 1..2147483647', () => {
    expect(idParam.parse('12')).toBe(12);
    expect(idParam.parse(INT4_MAX)).toBe(2_147_483_647);
    for (const value of ['2147483648', '0', '-1', '1.5', 'abc', '', 2 ** 53, Number.NaN]) {
      const result = idParam.safeParse(value);
      expect(`${value} ${result.success}`).toBe(`${value} false`);
      expect(messageOf(result)).toBe('harus nomor identitas 1 sampai 2147483647');
    }
  });

  it('dbId and recordVersion take JSON numbers only, within int4', () => {
    expect(dbId.safeParse('5').success).toBe(false);
    expect(dbId.safeParse(2 ** 31).success).toBe(false);
    expect(recordVersion.safeParse(1).success).toBe(true);
    expect(messageOf(recordVersion.safeParse(2 ** 31))).toBe('versi harus bilangan bulat 1 sampai 2147483647');
  });

  it('intRange says its bounds', () => {
    const tahun = intRange(1900, 2100);
    expect(tahun.safeParse(2024).success).toBe(true);
    expect(messageOf(tahun.safeParse(2101))).toBe('harus bilangan bulat 1900 sampai 2100');
  });
});

describe('NIP as it is written (issue #32)', () => {
  it('takes "19700101 199503 1 002" and the other usual forms as the 18 digits', () => {
    for (const written of [
      '19700101 199503 1 002',
      ' 197001011995031002 ',
      '19700101.199503.1.002',
      '19700101-199503-1-002',
    ]) {
      expect(nipSchema.parse(written)).toBe('197001011995031002');
    }
  });

  it('still refuses what is not 18 digits, saying how a NIP looks', () => {
    for (const wrong of ['19700101 199503 1 00', '19700101 199503 1 0021', '1970010l199503l002', '']) {
      const result = nipSchema.safeParse(wrong);
      expect(`${wrong} ${result.success}`).toBe(`${wrong} false`);
      expect(messageOf(result)).toBe(NIP_MESSAGE);
    }
  });

  it('is what the signer of an official document is checked with, on both sides', () => {
    const signer = penandatanganSchema.parse({ jabatan: 'Kepala', nama: 'Budi', nip: '19700101 199503 1 002' });
    expect(signer.nip).toBe('197001011995031002');
  });
});
