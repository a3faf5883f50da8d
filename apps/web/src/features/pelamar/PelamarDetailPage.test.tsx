// Issue #35 on the admin/recap applicant detail: what the reading of the documents found, per
// document with each document's reading state, read-only; choosing a finding opens its document
// in the page's dialog with the region it was read from outlined. Issue #32: the dialog shows a
// document's rendition for the screen when there is one, the original one click away. Stubbed at
// the HTTP boundary.

import type { PelamarDetail } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { clearAuth } from '../../auth/authStore';
import { idPelamar } from '../../i18n/pelamar';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DETAIL, dok, NAMA, NIK, PNG, pindaian } from '../../test/bacaan';
import { jsonResponse, rekapAdmin } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const b = idVerifikasi.bacaan;

// The shared applicant, without the duplicate-scan finding (the KTP has one "berat" finding
// here) and with the ijazah's name read without a region, so that one opens without an outline.
const DETAIL_DUA_TEMUAN: PelamarDetail = { ...DETAIL, temuanDokumen: [{ ...NAMA, kotak: null }, NIK] };

/** Answers the admin list's detail and its documents; returns the documents asked for. */
function stubServer(detail: PelamarDetail = DETAIL_DUA_TEMUAN) {
  const berkas: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.includes('/dokumen/')) {
        berkas.push(url);
        return new Response(new Blob([PNG], { type: 'image/png' }), { headers: { 'Content-Type': 'image/png' } });
      }
      if (/\/cpns\/admin\/1$/.test(url)) return jsonResponse(200, detail);
      return jsonResponse(200, {});
    }),
  );
  return berkas;
}

describe('the reading findings on the admin applicant detail (issue #35)', { timeout: 30_000 }, () => {
  it('lists them per document with each document’s reading state, read-only', async () => {
    await signIn(rekapAdmin());
    stubServer();
    renderApp('/cpns/rekap-pelamar/detail?id=1');
    expect(await screen.findByRole('heading', { name: b.judul })).toBeTruthy();
    const ktp = screen.getByRole('list', { name: b.daftarTemuan('KTP') });
    expect(ktp.textContent).toContain('Terbaca: 3273011705950010 · Terdaftar: 3273011705950001');
    expect(ktp.textContent).toContain('NIK pada KTP berbeda dengan NIK yang didaftarkan.');
    expect(within(ktp).getByText('Berat')).toBeTruthy();
    const ijazah = screen.getByRole('list', { name: b.daftarTemuan('Ijazah') });
    expect(within(ijazah).getByText('Periksa')).toBeTruthy();
    const area = screen.getByTestId('temuan-bacaan');
    expect(within(area).getByText('Menunggu dibaca.')).toBeTruthy();
    expect(
      within(area).getByText('Tidak dapat dibaca otomatis: Berkas PDF dienkripsi atau berkata sandi.'),
    ).toBeTruthy();
    expect(within(area).queryByText('Pas foto')).toBeNull();
    // Read-only: nothing here decides.
    expect(screen.queryByRole('button', { name: idVerifikasi.pakaiAlasan })).toBeNull();
  });

  it('opens the chosen finding’s document in the dialog, outlined where it was read', async () => {
    await signIn(rekapAdmin());
    const berkas = stubServer();
    renderApp('/cpns/rekap-pelamar/detail?id=1');
    await screen.findByRole('heading', { name: b.judul });
    expect(screen.queryByRole('dialog')).toBeNull();
    const nik = screen.getByRole('button', { name: /NIK pada KTP berbeda/ });
    fireEvent.click(nik);
    expect(nik.getAttribute('aria-current')).toBe('true');
    const dialog = await screen.findByRole('dialog', { name: 'KTP' });
    const region = await within(dialog).findByRole('img', { name: 'Wilayah terbaca: NIK' });
    expect(region.style.left).toBe('25%');
    expect(region.style.top).toBe('20%');
    expect(within(dialog).getByTestId('document-viewer').contains(region)).toBe(true);
    expect(berkas.at(-1)).toMatch(/\/cpns\/admin\/1\/dokumen\/11$/);
  });

  it('opens a finding’s document without an outline when no region was read', async () => {
    await signIn(rekapAdmin());
    const berkas = stubServer();
    renderApp('/cpns/rekap-pelamar/detail?id=1');
    await screen.findByRole('heading', { name: b.judul });
    fireEvent.click(screen.getByRole('button', { name: /Nama pada ijazah mirip/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ijazah' });
    await within(dialog).findByTestId('document-viewer');
    expect(within(dialog).queryByTestId('sorotan')).toBeNull();
    expect(berkas.at(-1)).toMatch(/\/cpns\/admin\/1\/dokumen\/12$/);
  });

  it('shows nothing of the reading when no document is read', async () => {
    await signIn(rekapAdmin());
    stubServer({ ...DETAIL, dokumen: [dok(15, 'PAS_FOTO', 'image/png', null)], temuanDokumen: [] });
    renderApp('/cpns/rekap-pelamar/detail?id=1');
    expect(await screen.findByTestId('nama-pelamar')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: b.judul })).toBeNull();
    expect(screen.queryByTestId('temuan-bacaan')).toBeNull();
  });
});

describe('a document at the size a screen needs on the admin applicant detail (issue #32)', { timeout: 30_000 }, () => {
  // The KTP as a scan of 2,4 MB, with a JPEG of 180 KB the server made for the screen.
  const KTP = pindaian(11, 'KTP', 2_516_582, 184_320);
  const detail = { ...DETAIL_DUA_TEMUAN, dokumen: DETAIL.dokumen.map((item) => (item.id === 11 ? KTP : item)) };

  it('opens the rendition in the dialog, with both sizes, and the original on one click', async () => {
    await signIn(rekapAdmin());
    const berkas = stubServer(detail);
    renderApp('/cpns/rekap-pelamar/detail?id=1');
    await screen.findByRole('heading', { name: b.judul });
    const row = screen.getByRole('button', { name: `${idPelamar.detail.view} KTP` }).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('2,4 MB');
    fireEvent.click(within(row).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'KTP' });
    await waitFor(() => expect(berkas).toHaveLength(1));
    expect(berkas[0]).toMatch(/\/cpns\/admin\/1\/dokumen\/11\/tampilan$/);
    expect(within(dialog).getByText(/Ditampilkan ringkas \(180 KB\)/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tampilkan asli (2,4 MB)' }));
    await waitFor(() => expect(berkas).toHaveLength(2));
    expect(berkas[1]).toMatch(/\/cpns\/admin\/1\/dokumen\/11$/);
    expect(within(dialog).getByText(/Ditampilkan asli \(2,4 MB\)/)).toBeTruthy();
  });

  it('opens only the original of a document without a rendition', async () => {
    await signIn(rekapAdmin());
    const berkas = stubServer(detail);
    renderApp('/cpns/rekap-pelamar/detail?id=1');
    await screen.findByRole('heading', { name: b.judul });
    fireEvent.click(screen.getByRole('button', { name: `${idPelamar.detail.view} Ijazah` }));
    const dialog = await screen.findByRole('dialog', { name: 'Ijazah' });
    await waitFor(() => expect(berkas).toHaveLength(1));
    expect(berkas[0]).toMatch(/\/cpns\/admin\/1\/dokumen\/12$/);
    expect(within(dialog).queryByRole('button', { name: /Tampilkan asli/ })).toBeNull();
  });
});
