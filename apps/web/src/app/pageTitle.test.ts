// document.title per route (issue #19).

import { describe, expect, it } from 'vitest';
import { bindPageTitle, pageTitle } from './pageTitle';

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

describe('the bound page title (issue #32)', () => {
  it('changes with the path, and keeps the name a detail page added while the path stays', () => {
    let listener: (state: { location: { pathname: string } }) => void = () => {};
    const router = {
      state: { location: { pathname: '/cpns/supervisi' } },
      subscribe: (next: typeof listener) => {
        listener = next;
      },
    };
    bindPageTitle(router);
    expect(document.title).toBe('Supervisi – Portal Verifikasi ASN');
    listener({ location: { pathname: '/cpns/supervisi/detail' } });
    expect(document.title).toBe('Supervisi (detail) – Portal Verifikasi ASN');
    // The detail page names the applicant; a loading state or ?id= change on the same path keeps it.
    document.title = `Budi Santoso – ${document.title}`;
    listener({ location: { pathname: '/cpns/supervisi/detail' } });
    expect(document.title).toBe('Budi Santoso – Supervisi (detail) – Portal Verifikasi ASN');
    listener({ location: { pathname: '/cpns/supervisi' } });
    expect(document.title).toBe('Supervisi – Portal Verifikasi ASN');
  });
});
