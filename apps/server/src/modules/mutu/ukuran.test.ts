// Issue #34: agreement and Cohen's kappa against examples worked by hand.

import { PASANGAN_MINIMUM } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { kesepakatan, type Putusan, sepakat } from './ukuran.js';

const MS: Putusan = { hasil: 'MS', alasan: [] };
const tms = (...alasan: string[]): Putusan => ({ hasil: 'TMS', alasan });
const kali = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

describe('two verifications agree (issue #34)', () => {
  it('on the same result, and for TMS on at least one shared reason', () => {
    expect(sepakat(MS, MS)).toBe(true);
    expect(sepakat(MS, tms('PENDIDIKAN'))).toBe(false);
    expect(sepakat(tms('PENDIDIKAN', 'USIA'), tms('USIA'))).toBe(true);
    expect(sepakat(tms('PENDIDIKAN'), tms('USIA'))).toBe(false);
  });
});

describe('Cohen’s kappa (issue #34)', () => {
  it('is 0.4 for the textbook table: 20 both MS, 5 MS/TMS, 10 TMS/MS, 15 both TMS', () => {
    // pₒ = 35/50 = 0.7; the first says MS 25/50, the second 30/50: pₑ = 0.5·0.6 + 0.5·0.4 = 0.5;
    // κ = (0.7 − 0.5) / (1 − 0.5) = 0.4.
    const pairs = [
      ...kali(20, [MS, MS] as const),
      ...kali(5, [MS, tms('USIA')] as const),
      ...kali(10, [tms('USIA'), MS] as const),
      ...kali(15, [tms('USIA'), tms('USIA')] as const),
    ];
    const k = kesepakatan(pairs);
    expect(k.n).toBe(50);
    expect(k.kesepakatan).toBeCloseTo(0.7, 12);
    expect(k.kappa).toBeCloseTo(0.4, 12);
    expect(k.cukup).toBe(true);
  });

  it('counts a TMS with unrelated reasons as a disagreement, but kappa on the results alone', () => {
    // 10 both MS, 10 both TMS of which 4 for unrelated reasons: agreement 16/20 = 0.8; on results
    // pₒ = 1, pₑ = 0.5·0.5 + 0.5·0.5 = 0.5, κ = 1.
    const pairs = [
      ...kali(10, [MS, MS] as const),
      ...kali(6, [tms('USIA'), tms('USIA', 'IPK')] as const),
      ...kali(4, [tms('USIA'), tms('IPK')] as const),
    ];
    const k = kesepakatan(pairs);
    expect(k.kesepakatan).toBeCloseTo(0.8, 12);
    expect(k.kappa).toBeCloseTo(1, 12);
  });

  it('is no better than chance at 0, worse below it, and undefined when both always say MS', () => {
    // Each says MS half the time, independently: pₒ = 0.5 = pₑ, κ = 0.
    const chance = [
      ...kali(5, [MS, MS] as const),
      ...kali(5, [MS, tms('USIA')] as const),
      ...kali(5, [tms('USIA'), MS] as const),
      ...kali(5, [tms('USIA'), tms('USIA')] as const),
    ];
    expect(kesepakatan(chance).kappa).toBeCloseTo(0, 12);
    // Always opposite: pₒ = 0, pₑ = 0.5, κ = −1.
    const opposite = [...kali(10, [MS, tms('USIA')] as const), ...kali(10, [tms('USIA'), MS] as const)];
    expect(kesepakatan(opposite).kappa).toBeCloseTo(-1, 12);
    const onlyMs = kesepakatan(kali(30, [MS, MS] as const));
    expect(onlyMs).toMatchObject({ kesepakatan: 1, kappa: null, cukup: true });
  });

  it('says too few below the threshold, and nothing without pairs', () => {
    expect(kesepakatan(kali(PASANGAN_MINIMUM - 1, [MS, MS] as const)).cukup).toBe(false);
    expect(kesepakatan([])).toEqual({ n: 0, kesepakatan: null, kappa: null, cukup: false });
  });
});
