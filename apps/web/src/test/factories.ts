// Small factories for test data: a principal with the menu entries a test needs.

import type { MenuEntry, Principal } from '@portal/contract';

export function menuEntry(page: string, title = page, section = 'Verifikasi CPNS'): MenuEntry {
  return { page, title, section };
}

export function principal(overrides: Partial<Principal> = {}): Principal {
  return {
    id: 1,
    username: 'verifikator.cpns',
    fullname: 'Siti Rahmawati',
    email: 'siti@example.go.id',
    instansi: { id: 10, kode: 'BKN', nama: 'Badan Kepegawaian Negara' },
    authorities: [{ authority: 'ROLE_VERIFIKATOR_CPNS' }],
    isCpns: true,
    isPppk: false,
    isPppkGuru: false,
    isPppkNakes: false,
    menus: [menuEntry('/cpns/verifikasi', 'Verifikasi'), menuEntry('/cpns/rekap-verifikasi', 'Rekap Verifikasi')],
    ...overrides,
  };
}

/** The CPNS admin of an instansi, who opens Rekap Seluruh Pelamar (the final lock, the recap). */
export function rekapAdmin(): Principal {
  return principal({
    authorities: [{ authority: 'ROLE_ADMIN_CPNS' }],
    menus: [menuEntry('/cpns/rekap-pelamar', 'Rekap Seluruh Pelamar', 'Rekap CPNS')],
  });
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
