// The official document's form with the one form pattern (issue #32), stubbed at the HTTP boundary:
// a submit that cannot be sent marks every field and focuses a summary at the top of the dialog
// that links to them in words (a signer's fields too), nothing is sent; the server's 400 naming
// `penandatangan.0.nip` lands on that signer's NIP; a wrong logo is marked as it is chosen and
// keeps the form from being sent; Batal closes the dialog.

import type { DokumenResmiStatus } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { clearAuth } from '../../auth/authStore';
import { jsonResponse, menuEntry, principal } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REKAP = [menuEntry('/cpns/rekap-pelamar', 'Rekap Seluruh Pelamar', 'Rekap CPNS')];
const STATUS: DokumenResmiStatus = {
  terkunci: true,
  alasan: null,
  kop: { alamat: 'Jl. Merdeka 1', kota: 'Jakarta', adaLogo: false },
  dokumen: [],
  peringatanAlamat: null,
  pembuatan: null,
};
const SIGNER = { jabatan: 'Kepala Badan', nama: 'Ani Lestari', nip: '198001012005012001' };

type Call = { url: string; method: string; body: unknown };

/** The recap's own calls answered empty; a document's POST (or the letterhead's PUT) by `send`. */
function stubServer(send: (call: Call) => Response = () => jsonResponse(500, {})) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url: String(url),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.url.includes('/dokumen-resmi')) return call.method === 'GET' ? jsonResponse(200, STATUS) : send(call);
      if (call.url.endsWith('/final-verifikasi')) {
        return jsonResponse(200, { terkunci: true, belumDiverifikasi: 0, belumDisupervisi: 0 });
      }
      if (call.url.endsWith('/filter')) return jsonResponse(200, { data: [], recordsTotal: 0, summaries: [] });
      return jsonResponse(200, {});
    }),
  );
  return { sent: () => calls.filter((call) => call.method !== 'GET' && call.url.includes('/dokumen-resmi')) };
}

async function openForm(button: 'Cetak Pengumuman' | 'Cetak Berita Acara', send?: (call: Call) => Response) {
  await signIn(principal({ authorities: [{ authority: 'ROLE_ADMIN_CPNS' }], menus: REKAP }));
  const server = stubServer(send);
  renderApp('/cpns/rekap-pelamar');
  const panel = await screen.findByRole('region', { name: 'Dokumen resmi' });
  await userEvent.click(within(panel).getByRole('button', { name: button }));
  const title = button === 'Cetak Pengumuman' ? 'Pengumuman Hasil Seleksi Administrasi' : 'Berita Acara Verifikasi';
  return { dialog: await screen.findByRole('dialog', { name: title }), ...server };
}

/** The error text an input is described by (Mantine's field error). */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('');

const links = (summary: HTMLElement) =>
  within(summary)
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the official document’s form says what is wrong (issue #32)', () => {
  it('an empty submit marks the fields, focuses a summary linking to them in words, and sends nothing', async () => {
    const { dialog, sent } = await openForm('Cetak Pengumuman');
    const submit = within(dialog).getByRole('button', { name: 'Buat dan unduh PDF' });
    fireEvent.click(submit);

    const summary = await within(dialog).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByText('Periksa isian berikut:')).toBeTruthy();
    // In the order shown, the signer's fields named as such, never as a path.
    expect(links(summary)).toEqual([
      'Nomor pengumuman wajib diisi',
      'Jabatan penanda tangan wajib diisi',
      'Nama penanda tangan wajib diisi',
      'NIP penanda tangan: NIP terdiri atas 18 angka',
    ]);
    expect(summary.textContent).not.toMatch(/penandatangan|body\./);
    // The summary is at the top of the form.
    expect(dialog.querySelector('form')?.querySelector('[role="alert"]')).toBe(summary);

    const nomor = within(dialog).getByRole('textbox', { name: /Nomor pengumuman/ });
    const jabatan = within(dialog).getByRole('textbox', { name: /^Jabatan/ });
    const nama = within(dialog).getByRole('textbox', { name: /^Nama/ });
    const nip = within(dialog).getByRole('textbox', { name: /^NIP/ });
    for (const input of [nomor, jabatan, nama, nip]) expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(nip)).toBe('NIP terdiri atas 18 angka');
    // The seat and the address are filled from the stored letterhead: not marked.
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Kota tempat penetapan/ })
        .getAttribute('aria-invalid'),
    ).not.toBe('true');

    await userEvent.click(within(summary).getByRole('link', { name: /^NIP penanda tangan/ }));
    expect(document.activeElement).toBe(nip);
    expect(sent()).toEqual([]);

    // A field that is changed loses its mark, and its line in the summary.
    await userEvent.type(nomor, '800/5/2026');
    expect(nomor.getAttribute('aria-invalid')).not.toBe('true');
    expect(links(within(dialog).getByRole('alert'))).not.toContain('Nomor pengumuman wajib diisi');
    // The next failed submit takes the focus to the summary again.
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('alert')));
    expect(sent()).toEqual([]);
  }, 30_000);

  it('the server’s 400 naming penandatangan.0.nip marks the first signer’s NIP, linked from the summary', async () => {
    localStorage.setItem('portal-penandatangan.cpns', JSON.stringify({ beritaAcara: [SIGNER] }));
    const message = 'NIP tidak terdaftar sebagai pegawai instansi ini (uji)';
    const { dialog, sent } = await openForm('Cetak Berita Acara', () =>
      jsonResponse(400, {
        error: 'VALIDATION_ERROR',
        message: `Data tidak valid — NIP: ${message}.`,
        details: [
          { field: 'body.penandatangan.0.nip', path: 'penandatangan.0.nip', name: 'nip', label: 'NIP', message },
        ],
      }),
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nomor berita acara/ }), 'BA/2/2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat dan unduh PDF' }));

    const nip = within(dialog).getByRole('textbox', { name: /^NIP/ });
    await waitFor(() => expect(nip.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(nip)).toBe(message);
    expect(sent().map((call) => call.url)).toEqual(['/api/cpns/admin/dokumen-resmi/berita-acara']);
    const summary = within(dialog).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    // Said on its field and in the summary, not again as the server's sentence.
    expect(links(summary)).toEqual([`NIP penanda tangan 1: ${message}`]);
    expect(summary.textContent).not.toContain('Data tidak valid');
    await userEvent.click(within(summary).getByRole('link'));
    expect(document.activeElement).toBe(nip);
    // Fixing it takes the mark away.
    await userEvent.clear(nip);
    await userEvent.type(nip, '198001012005012002');
    expect(nip.getAttribute('aria-invalid')).not.toBe('true');
  }, 30_000);

  it('marks a wrong logo as it is chosen, lists it on submit without sending, and has Batal', async () => {
    localStorage.setItem('portal-penandatangan.cpns', JSON.stringify({ pengumuman: SIGNER }));
    const { dialog, sent } = await openForm('Cetak Pengumuman');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nomor pengumuman/ }), '800/6/2026');
    const file = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!file) throw new Error('no file input');
    await userEvent.upload(file, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }), { applyAccept: false });

    const logo = within(dialog).getByRole('button', { name: /Logo instansi/ });
    await waitFor(() => expect(errorOf(logo)).toBe('Logo harus berkas PNG atau JPEG.'));
    // Marked on its field; the summary lists what a submit finds.
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat dan unduh PDF' }));
    const summary = await within(dialog).findByRole('alert');
    expect(links(summary)).toEqual(['Logo instansi: Logo harus berkas PNG atau JPEG.']);
    await userEvent.click(within(summary).getByRole('link'));
    expect(document.activeElement).toBe(logo);
    expect(sent()).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()).toEqual([]);
  }, 30_000);
});
