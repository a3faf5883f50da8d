// Issue #32 on the verifier's screen: a scanned document is shown at the size a screen needs (the
// rendition at `…/tampilan`) with the original one click away, the original kept while the
// verifier moves through the applicant's documents; the next applicant in the queue is loaded in
// the background as they will be shown first. Stubbed at the HTTP boundary, on the real routes.

import type { PelamarDetail } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { clearAuth } from '../../auth/authStore';
import { DETAIL, dok, PNG, pindaian, ROW } from '../../test/bacaan';
import { jsonResponse, menuEntry, principal } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const PERTAMA: PelamarDetail = {
  ...DETAIL,
  dokumen: [
    pindaian(11, 'KTP', 2_516_582, 184_320),
    pindaian(12, 'IJAZAH', 1_572_864, 204_800),
    dok(15, 'PAS_FOTO', 'image/png', null),
  ],
};
const KEDUA: PelamarDetail = {
  ...PERTAMA,
  id: 2,
  noPeserta: '24101234567891',
  dokumen: [pindaian(21, 'KTP', 900_000, 90_000)],
};

/** Answers the queue (both applicants), their details and documents; returns the documents asked for. */
function stubServer() {
  const berkas: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.includes('/dokumen/')) {
        berkas.push(url.replace(/^.*\/cpns\/verifikator\//, ''));
        const mime = url.endsWith('/tampilan') ? 'image/jpeg' : 'image/png';
        return new Response(new Blob([PNG], { type: mime }), { headers: { 'Content-Type': mime } });
      }
      if (url.includes('/filter')) {
        const rows = [ROW, { ...ROW, id: 2, noPeserta: KEDUA.noPeserta }];
        return jsonResponse(200, { data: rows, recordsTotal: rows.length, summaries: [] });
      }
      if (/\/cpns\/verifikator\/1$/.test(url)) return jsonResponse(200, PERTAMA);
      if (/\/cpns\/verifikator\/2$/.test(url)) return jsonResponse(200, KEDUA);
      return jsonResponse(200, {});
    }),
  );
  return berkas;
}

const verifikator = () => principal({ menus: [menuEntry('/cpns/verifikasi', 'Verifikasi')] });

describe('documents at the size a screen needs, on the verifier’s screen (issue #32)', { timeout: 30_000 }, () => {
  it('shows the rendition first and the original on one click, kept across the applicant’s documents', async () => {
    await signIn(verifikator());
    const berkas = stubServer();
    renderApp('/cpns/verifikasi/detail?id=1');
    const asli = await screen.findByRole('button', { name: 'Tampilkan asli (2,4 MB)' });
    expect(screen.getByText(/Ditampilkan ringkas \(180 KB\)/)).toBeTruthy();
    await waitFor(() => expect(berkas).toContain('1/dokumen/11/tampilan'));
    expect(berkas).not.toContain('1/dokumen/11');

    fireEvent.click(asli);
    await waitFor(() => expect(berkas).toContain('1/dokumen/11'));
    expect(screen.getByRole('button', { name: 'Tampilkan ringkas (180 KB)' })).toBeTruthy();

    // The next document (J) opens as its original too; the choice to go back stays beside it.
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(berkas).toContain('1/dokumen/12'));
    expect(berkas).not.toContain('1/dokumen/12/tampilan');
    expect(screen.getByText(/Ditampilkan asli \(1,5 MB\)/)).toBeTruthy();
  });

  it('loads the next applicant in the background as they are shown first: the rendition', async () => {
    await signIn(verifikator());
    const berkas = stubServer();
    renderApp('/cpns/verifikasi/detail?id=1');
    await waitFor(() => expect(berkas).toContain('2/dokumen/21/tampilan'));
    expect(berkas).not.toContain('2/dokumen/21');
  });
});
