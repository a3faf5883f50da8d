// document.title per route (issue #19).

import { describe, expect, it } from 'vitest';
import { pageTitle } from './pageTitle';

describe('the page title', () => {
  it('names the screen, its detail and the auth screens, then the portal', () => {
    expect(pageTitle('/cpns/verifikasi')).toBe('Verifikasi – Portal Verifikasi ASN');
    expect(pageTitle('/cpns/verifikasi/detail')).toBe('Verifikasi (detail) – Portal Verifikasi ASN');
    expect(pageTitle('/dashboard')).toBe('Dashboard – Portal Verifikasi ASN');
    expect(pageTitle('/auth/login')).toBe('Masuk – Portal Verifikasi ASN');
    expect(pageTitle('/auth/lupa-kata-sandi')).toBe('Lupa Kata Sandi – Portal Verifikasi ASN');
    expect(pageTitle('/tidak-ada')).toBe('Portal Verifikasi ASN');
  });
});
