// Issue #34: the measures of agreement between a first and a second verification. Pure functions,
// so that the figures the Mutu Verifikasi screen shows are the ones worked by hand in the tests.

import { PASANGAN_MINIMUM } from '@portal/contract';

export type Hasil = 'MS' | 'TMS';

export interface Putusan {
  hasil: Hasil;
  /** The TMS reasons (codes); empty for MS. */
  alasan: readonly string[];
}

/**
 * Two verifications agree when their results are the same and, for TMS, they share at least one
 * reason (two TMS for unrelated reasons are two different findings).
 */
export function sepakat(pertama: Putusan, kedua: Putusan): boolean {
  if (pertama.hasil !== kedua.hasil) return false;
  if (pertama.hasil === 'MS') return true;
  return pertama.alasan.some((alasan) => kedua.alasan.includes(alasan));
}

export interface Kesepakatan {
  /** Pairs counted. */
  n: number;
  /** Share of pairs that agree (sepakat), 0–1; null without pairs. */
  kesepakatan: number | null;
  /**
   * Cohen's kappa on MS/TMS alone: (pₒ − pₑ) / (1 − pₑ), the agreement beyond what the two
   * verifiers' own rates of MS and TMS would give by chance; null when it cannot be computed (no
   * pairs, or both verifiers always gave the one same result, pₑ = 1).
   */
  kappa: number | null;
  /** Whether n reaches PASANGAN_MINIMUM. */
  cukup: boolean;
}

/** Agreement and Cohen's kappa over pairs of (first, second) verifications. */
export function kesepakatan(pasangan: readonly (readonly [Putusan, Putusan])[]): Kesepakatan {
  const n = pasangan.length;
  if (n === 0) return { n, kesepakatan: null, kappa: null, cukup: false };
  let setuju = 0;
  let samaHasil = 0;
  let pertamaMs = 0;
  let keduaMs = 0;
  for (const [pertama, kedua] of pasangan) {
    if (sepakat(pertama, kedua)) setuju += 1;
    if (pertama.hasil === kedua.hasil) samaHasil += 1;
    if (pertama.hasil === 'MS') pertamaMs += 1;
    if (kedua.hasil === 'MS') keduaMs += 1;
  }
  const po = samaHasil / n;
  const pe = (pertamaMs / n) * (keduaMs / n) + (1 - pertamaMs / n) * (1 - keduaMs / n);
  const kappa = pe >= 1 ? null : (po - pe) / (1 - pe);
  return { n, kesepakatan: setuju / n, kappa, cukup: n >= PASANGAN_MINIMUM };
}
