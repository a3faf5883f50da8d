import { describe, expect, it } from 'vitest';
import { fieldLabel, validationDetail, validationMessage } from './validation.js';

describe('a refused field in words (issue #32)', () => {
  it('keeps the path for programs and names the field for people', () => {
    expect(validationDetail('body.penandatangan.0.nip', 'NIP terdiri atas 18 angka')).toEqual({
      field: 'body.penandatangan.0.nip',
      path: 'penandatangan.0.nip',
      name: 'nip',
      label: 'NIP',
      message: 'NIP terdiri atas 18 angka',
    });
    expect(validationDetail('body.ids.1', 'x')).toMatchObject({ path: 'ids.1', name: 'ids' });
    expect(fieldLabel('tglDaftarDari')).toBe('Tgl daftar dari');
    // Names a hostile request may use are names like any other, not Object's own members.
    expect(fieldLabel('constructor')).toBe('Constructor');
    expect(fieldLabel('__proto__')).toBe('Proto');
    expect(validationMessage([validationDetail('querystring.constructor', 'x')])).toBe(
      'Data tidak valid: Constructor x.',
    );
  });

  it('never shows a path in the message, and does not name a field twice', () => {
    const username = validationDetail('body.username', 'wajib diisi');
    const fullname = validationDetail('body.fullname', 'Nama lengkap minimal 3 karakter');
    expect(validationMessage([username])).toBe('Data tidak valid: Nama pengguna wajib diisi.');
    expect(validationMessage([fullname])).toBe('Data tidak valid: Nama lengkap minimal 3 karakter.');
    expect(validationMessage([username, fullname])).toBe(
      'Data tidak valid: Nama pengguna wajib diisi (dan 1 isian lain).',
    );
    expect(validationMessage([validationDetail('body.alasanTms', 'TMS memerlukan sedikitnya satu alasan baku')])).toBe(
      'Data tidak valid — Alasan TMS: TMS memerlukan sedikitnya satu alasan baku.',
    );
    expect(validationMessage([username, { ...username, message: 'tidak valid' }])).toBe(
      'Data tidak valid: Nama pengguna wajib diisi.',
    );
    expect(validationMessage([username])).not.toMatch(/body\./);
  });
});
