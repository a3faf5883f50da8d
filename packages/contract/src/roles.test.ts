import { describe, expect, it } from 'vitest';
import { namaPeran, ROLE_KELOMPOK, ROLE_NAMA, ROLES } from './roles.js';

describe('role names (issue #32)', () => {
  it('names every role in words and puts it in exactly one group', () => {
    const grouped = ROLE_KELOMPOK.flatMap((k) => k.roles);
    expect([...grouped].sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) expect(ROLE_NAMA[role]).not.toMatch(/ROLE_|_/);
  });

  it('shows a code it does not know readable, not hidden', () => {
    expect(namaPeran('ROLE_VERIFIKATOR_CPNS')).toBe('Verifikator CPNS');
    expect(namaPeran('ROLE_PENGAWAS_BARU')).toBe('pengawas baru');
  });
});
