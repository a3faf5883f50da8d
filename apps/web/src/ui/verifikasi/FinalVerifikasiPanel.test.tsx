// The final lock on /cpns/rekap-pelamar (issue #19), stubbed at the HTTP boundary: while the card
// counts unverified applicants the button is disabled with the reason as its description, and no
// lock is asked; once nothing waits it opens the confirmation.

import { screen, within } from '@testing-library/react';
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
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/final-verifikasi')) {
        if (init?.method === 'PUT') puts.push(String(url));
        return jsonResponse(200, { terkunci: false, belumDiverifikasi, belumDisupervisi: 0 });
      }
      if (String(url).includes('/dokumen-resmi')) {
        return jsonResponse(200, {
          terkunci: false,
          alasan: 'Belum dikunci.',
          kop: { alamat: '', adaLogo: false },
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

  it('asks for confirmation once nothing waits', async () => {
    const user = userEvent.setup();
    await signIn(rekapAdmin());
    stubServer(0);
    renderApp('/cpns/rekap-pelamar');
    const button = await screen.findByRole('button', { name: idFinal.tombol }, { timeout: 20_000 });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('kunci-alasan')).toBeNull();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: idFinal.judul });
    expect(within(dialog).getByText(idFinal.konfirmasi)).toBeTruthy();
  });
});
