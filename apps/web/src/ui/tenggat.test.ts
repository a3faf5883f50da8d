import { describe, expect, it } from 'vitest';
import { sisaWaktu } from './Tenggat';

describe('sisaWaktu', () => {
  it('names days and hours, then hours and minutes, then minutes', () => {
    expect(sisaWaktu((2 * 24 + 3) * 3_600_000 + 59_000)).toBe('2 hari 3 jam');
    expect(sisaWaktu(3 * 24 * 3_600_000)).toBe('3 hari');
    expect(sisaWaktu(5 * 3_600_000 + 12 * 60_000)).toBe('5 jam 12 menit');
    expect(sisaWaktu(12 * 60_000 + 30_000)).toBe('12 menit');
    expect(sisaWaktu(-5)).toBe('0 menit');
  });
});
