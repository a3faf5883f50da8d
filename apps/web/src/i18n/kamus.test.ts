// The dictionary's one rule (README.md): each file exports one object named after the file, and
// no text in it is empty or padded with spaces.
import { describe, expect, it } from 'vitest';

const bagian = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

/**
 * Every string of a part, with its path; a wording function is called with sample words (one that
 * needs other arguments than words is left to the screens' own tests).
 */
function teks(nilai: unknown, jalur: string): [string, string][] {
  if (typeof nilai === 'string') return [[jalur, nilai]];
  if (typeof nilai === 'function') {
    try {
      const hasil: unknown = nilai(...Array.from({ length: nilai.length }, () => '2'));
      return typeof hasil === 'string' ? [[jalur, hasil]] : [];
    } catch {
      return [];
    }
  }
  if (nilai && typeof nilai === 'object') {
    return Object.entries(nilai).flatMap(([k, v]) => teks(v, `${jalur}.${k}`));
  }
  return [];
}

describe('kamus Indonesia', () => {
  const files = Object.entries(bagian);

  it('holds the parts of every screen', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  it.each(files)('%s exports one object named after the file', (file, mod) => {
    const base = file.replace('./', '').replace('.ts', '');
    const nama = `id${base.replace(/(^|-)([a-z])/g, (_, _d: string, c: string) => c.toUpperCase())}`;
    expect(Object.keys(mod)).toEqual([nama]);
  });

  it.each(files)('%s has no empty or padded text', (file, mod) => {
    const semua = teks(Object.values(mod)[0], file);
    expect(semua.length).toBeGreaterThan(0);
    const salah = semua.filter(([, s]) => s.trim() === '' || s !== s.trim()).map(([j]) => j);
    expect(salah).toEqual([]);
  });
});
