// Issue #32: "Simpan & berikutnya" draws the next applicant while the decision travels. Refused
// after the page has moved on, the decision is not lost: a toast names the applicant, and tapping it
// opens them again with what was chosen restored from the draft.
// Stubbed at the HTTP boundary, on the real routes.

import type { PelamarDetail } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { clearAuth } from '../../auth/authStore';
import { idKeputusan } from '../../i18n/keputusan';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DETAIL, ROW } from '../../test/bacaan';
import { jsonResponse, menuEntry, principal } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';
import { clearToasts, getToasts } from '../../ui/toast';

afterEach(() => {
  clearAuth();
  clearToasts();
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const t = idVerifikasi;
const PERTAMA: PelamarDetail = { ...DETAIL, dokumen: [], temuanDokumen: [] };
const KEDUA: PelamarDetail = { ...PERTAMA, id: 2, nama: 'Budi Santoso', noPeserta: '24101234567891' };

/**
 * The queue (both applicants), their details, the claim (answered by `ambil`), and the first one's
 * save answered by `simpan`.
 */
function stubServer(simpan: () => Promise<Response>, ambil = async () => jsonResponse(200, { id: 1 })) {
  const saves: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/filter')) {
        const rows = [ROW, { ...ROW, id: 2, nama: KEDUA.nama, noPeserta: KEDUA.noPeserta }];
        return jsonResponse(200, { data: rows, recordsTotal: rows.length, summaries: [] });
      }
      if (url.endsWith('/ambil')) return ambil();
      if (url.endsWith('/cpns/verifikator/1') && init?.method === 'PUT') {
        saves.push(JSON.parse(String(init.body)));
        return simpan();
      }
      if (url.endsWith('/cpns/verifikator/1')) return jsonResponse(200, PERTAMA);
      if (url.endsWith('/cpns/verifikator/2')) return jsonResponse(200, KEDUA);
      return jsonResponse(200, {});
    }),
  );
  return saves;
}

const verifikator = () => principal({ menus: [menuEntry('/cpns/verifikasi', 'Verifikasi')] });

/** TMS with the first reason, then Ctrl+Enter ("Simpan & berikutnya"). */
async function putuskanTms() {
  await screen.findByRole('heading', { name: PERTAMA.nama, level: 2 });
  fireEvent.keyDown(document.body, { key: 't' });
  fireEvent.keyDown(document.body, { key: '1' });
  fireEvent.keyDown(document.body, { key: 'Enter', ctrlKey: true });
}

describe('"Simpan & berikutnya" (issue #32)', { timeout: 30_000 }, () => {
  it('draws the next applicant before the save has answered, then names whose decision was saved', async () => {
    await signIn(verifikator());
    let answer: (response: Response) => void = () => undefined;
    const saves = stubServer(() => new Promise((resolve) => (answer = resolve)));
    renderApp('/cpns/verifikasi/detail?id=1');
    await putuskanTms();
    expect(await screen.findByRole('heading', { name: KEDUA.nama, level: 2 })).toBeTruthy();
    expect(saves).toHaveLength(1);
    expect(screen.queryByText(/Keputusan tersimpan/)).toBeNull();
    answer(jsonResponse(200, { version: 3 }));
    expect(await screen.findByText(t.tersimpanUntuk(PERTAMA.nama, 'Tidak Memenuhi Syarat'))).toBeTruthy();
    expect(localStorage.getItem('draf-verifikasi:cpns:1')).toBeNull();
  });

  it('a refusal names the applicant; tapping it opens them again with the draft', async () => {
    await signIn(verifikator());
    stubServer(async () => jsonResponse(422, { error: 'DI_LUAR_JADWAL', message: 'Tahap verifikasi sudah ditutup.' }));
    renderApp('/cpns/verifikasi/detail?id=1');
    await putuskanTms();
    await screen.findByRole('heading', { name: KEDUA.nama, level: 2 });
    const toast = await screen.findByText(t.belumTersimpan(PERTAMA.nama, 'Tahap verifikasi sudah ditutup.'));
    fireEvent.click(toast);
    expect(await screen.findByRole('heading', { name: PERTAMA.nama, level: 2 })).toBeTruthy();
    expect(await screen.findByText(idKeputusan.drafPulih)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('radio', { name: /TMS/ }) as HTMLInputElement).checked).toBe(true));
  });

  it('a claim refused while sending a restored draft is said once, naming the applicant', async () => {
    await signIn(verifikator());
    const saves = stubServer(
      async () => jsonResponse(200, { version: 3 }),
      async () =>
        jsonResponse(409, { error: 'SEDANG_DIKERJAKAN', message: 'Pelamar sedang dikerjakan verifikator lain.' }),
    );
    // A draft from earlier, sent without an edit first: the claim is made by the save itself.
    const draft = { version: PERTAMA.verifikasi.version, cek: {}, status: 'TMS', alasanTms: ['X'], catatan: '' };
    localStorage.setItem('draf-verifikasi:cpns:1', JSON.stringify(draft));
    renderApp('/cpns/verifikasi/detail?id=1');
    await screen.findByText(idKeputusan.drafPulih);
    fireEvent.keyDown(document.body, { key: 'Enter', ctrlKey: true });
    await screen.findByRole('heading', { name: KEDUA.nama, level: 2 });
    await screen.findByText(t.belumTersimpan(PERTAMA.nama, 'Pelamar sedang dikerjakan verifikator lain.'));
    expect(saves).toHaveLength(0);
    expect(getToasts().filter((toast) => toast.message.includes('sedang dikerjakan'))).toHaveLength(1);
    expect(localStorage.getItem('draf-verifikasi:cpns:1')).not.toBeNull();
  });
});
