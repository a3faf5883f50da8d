// The final lock on /cpns/rekap-pelamar (issue #19), stubbed at the HTTP boundary: while the card
// counts unverified applicants the button is disabled with the reason as its description, and no
// lock is asked; once nothing waits it opens the confirmation.

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { clearAuth } from '../../auth/authStore';
import { idFinal } from '../../i18n/final';
import { jsonResponse, rekapAdmin } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function stubServer(belumDiverifikasi: number) {
  const puts: string[] = [];
  let terkunci = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/final-verifikasi')) {
        if (init?.method === 'PUT') {
          puts.push(String(url));
          terkunci = true;
        }
        return jsonResponse(200, {
          terkunci,
          dikunciAt: terkunci ? '2026-11-27T10:15:00' : null,
          dikunciOleh: terkunci ? 'Admin Uji' : null,
          belumDiverifikasi,
          belumDisupervisi: 0,
          ms: 1200,
          tms: 248,
        });
      }
      if (String(url).includes('/dokumen-resmi')) {
        return jsonResponse(200, {
          terkunci,
          alasan: terkunci ? null : 'Belum dikunci.',
          kop: { alamat: '', kota: '', adaLogo: false },
          peringatanAlamat: null,
          dokumen: [],
        });
      }
      if (String(url).endsWith('/filter')) return jsonResponse(200, { data: [], recordsTotal: 0, summaries: [] });
      return jsonResponse(200, {});
    }),
  );
  return puts;
}

describe('the final lock', { timeout: 30_000 }, () => {
  it('is disabled, with the reason beside it, while applicants are unverified', async () => {
    await signIn(rekapAdmin());
    const puts = stubServer(1448);
    renderApp('/cpns/rekap-pelamar');
    const button = await screen.findByRole('button', { name: idFinal.tombol }, { timeout: 20_000 });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const reason = screen.getByTestId('kunci-alasan');
    expect(reason.textContent).toBe(idFinal.belumDapatDikunci);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    expect(screen.getByText(/1\.448 pelamar belum diverifikasi/)).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('asks for confirmation naming the track and what it locks; once locked, the documents can be printed without a reload', async () => {
    const user = userEvent.setup();
    await signIn(rekapAdmin());
    stubServer(0);
    renderApp('/cpns/rekap-pelamar');
    const button = await screen.findByRole('button', { name: idFinal.tombol }, { timeout: 20_000 });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('kunci-alasan')).toBeNull();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: idFinal.judul });
    expect(
      within(dialog).getByText(
        /Anda akan mengunci hasil verifikasi CPNS instansi Anda: 1\.200 Memenuhi Syarat dan 248 Tidak Memenuhi Syarat\./,
      ),
    ).toBeTruthy();
    const cetak = screen.getByRole('button', { name: 'Cetak Pengumuman' }) as HTMLButtonElement;
    expect(cetak.disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: idFinal.tombol }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Cetak Pengumuman' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect((screen.getByRole('button', { name: 'Cetak Berita Acara' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
