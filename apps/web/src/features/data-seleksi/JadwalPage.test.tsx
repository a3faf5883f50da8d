// Jadwal Tahapan (issue #32), stubbed at the HTTP boundary: a cleared date does not leave Simpan
// silently disabled — Simpan says on the field what is missing — and on a 390 px phone each row is
// a card whose Selesai and Simpan are there to reach; the server's refusal lands on its field.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { clearAuth } from '../../auth/authStore';
import { jsonResponse, menuEntry, principal } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';

const original = window.matchMedia;
afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.matchMedia = original;
});

const LABEL = 'CPNS – verifikasi';

/** A phone: every max-width query of the layout matches. */
function onPhone() {
  window.matchMedia = vi.fn((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })) as unknown as typeof window.matchMedia;
}

const SAMPEL = ['cpns', 'pppk', 'pppk-guru', 'nakes'].map((track) => ({
  track,
  persen: 5,
  diubahAt: null,
  diubahOleh: null,
}));

async function open(
  put: () => Response = () => jsonResponse(200, {}),
  putSampel: (body: { track: string; persen: number }) => Response = (body) =>
    jsonResponse(200, { ...body, diubahAt: '2026-12-02T01:00:00.000Z', diubahOleh: 'Operator Nasional' }),
) {
  await signIn(
    principal({
      authorities: [{ authority: 'ROLE_SUPERADMIN' }],
      menus: [menuEntry('/admin/jadwal', 'Jadwal Tahapan', 'Data Seleksi')],
    }),
  );
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (String(url).endsWith('/sampel-verifikasi')) {
      return init?.method === 'PUT' ? putSampel(JSON.parse(String(init.body))) : jsonResponse(200, SAMPEL);
    }
    if (String(url).endsWith('/jadwal') && init?.method === 'PUT') return put();
    if (String(url).endsWith('/jadwal')) {
      return jsonResponse(200, [
        { track: 'cpns', tahap: 'VERIFIKASI', mulai: '2024-09-01T01:00:00.000Z', selesai: '2024-09-30T16:59:00.000Z' },
      ]);
    }
    return jsonResponse(200, {});
  });
  vi.stubGlobal('fetch', fetch);
  renderApp('/admin/jadwal');
  const simpan = (await screen.findByRole('button', { name: `Simpan: ${LABEL}` })) as HTMLButtonElement;
  const puts = () => fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
  return { simpan, puts };
}

/** The row of LABEL: its table row, or its card on a phone. */
const rowOf = (simpan: HTMLElement) => simpan.closest('tr, li') as HTMLElement;

describe('Jadwal Tahapan says why it cannot save (issue #32)', () => {
  it('keeps Simpan enabled when a date is cleared, and names the missing field on the field', async () => {
    const { simpan, puts } = await open();
    expect(simpan.disabled).toBe(true); // nothing changed yet
    const row = rowOf(simpan);
    fireEvent.click(within(row).getAllByRole('button', { name: 'Kosongkan isian' })[0] as HTMLElement);
    await waitFor(() => expect(simpan.disabled).toBe(false));
    fireEvent.click(simpan);
    expect(await within(row).findByText('Waktu mulai wajib diisi.')).toBeTruthy();
    const mulai = within(row).getByRole('button', { name: new RegExp(`^Mulai \\(WIB\\): ${LABEL}, `) });
    expect(mulai.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(mulai));
    expect(puts()).toEqual([]);
  });

  it('shows each row as a card on a phone, with Selesai and Simpan in it', async () => {
    onPhone();
    const { simpan } = await open();
    expect(screen.queryByRole('table')).toBeNull();
    const card = rowOf(simpan);
    expect(card.tagName).toBe('LI');
    expect(within(card).getByText(LABEL)).toBeTruthy();
    expect(within(card).getByRole('button', { name: new RegExp(`^Selesai \\(WIB\\): ${LABEL}, `) })).toBeTruthy();
    expect(within(card).getByRole('button', { name: new RegExp(`^Mulai \\(WIB\\): ${LABEL}, `) })).toBeTruthy();
  });

  it('puts the server’s refusal of the start on the start field, in words', async () => {
    const message = 'verifikasi tidak boleh mulai sebelum pendaftaran dimulai';
    const { simpan } = await open(() =>
      jsonResponse(400, {
        error: 'VALIDATION_ERROR',
        message: `Data tidak valid: Waktu mulai ${message}.`,
        details: [{ field: 'body.mulai', path: 'mulai', name: 'mulai', label: 'Waktu mulai', message }],
      }),
    );
    const row = rowOf(simpan);
    // Another end, picked as the operator picks it.
    fireEvent.click(within(row).getByRole('button', { name: new RegExp(`^Selesai \\(WIB\\): ${LABEL}, `) }));
    const picker = await screen.findByRole('dialog');
    fireEvent.click(within(picker).getByRole('button', { name: '20 September 2024', hidden: true }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Pakai tanggal dan jam ini', hidden: true }));
    await waitFor(() => expect(simpan.disabled).toBe(false));
    fireEvent.click(simpan);
    expect(await within(row).findByText(message)).toBeTruthy();
    const mulai = within(row).getByRole('button', { name: new RegExp(`^Mulai \\(WIB\\): ${LABEL}, `) });
    expect(mulai.getAttribute('aria-invalid')).toBe('true');
    expect(row.textContent).not.toMatch(/body\./);
  });
});

describe('the sample rate of the blind second verification (issue #34)', () => {
  const field = async (jalur: string) =>
    (await screen.findByRole('textbox', { name: `Persentase sampel: ${jalur}` })) as HTMLInputElement;
  const simpanOf = (jalur: string) =>
    screen.getByRole('button', { name: `Simpan: Persentase sampel ${jalur}` }) as HTMLButtonElement;

  it('shows every track at its rate with a decimal comma, and saves a new one with its toast', async () => {
    const { puts } = await open();
    const nakes = await field('PPPK Tenaga Kesehatan');
    expect(nakes.value).toBe('5%');
    expect(screen.getAllByText('Bawaan, belum pernah diubah')).toHaveLength(4);
    expect(simpanOf('PPPK Tenaga Kesehatan').disabled).toBe(true);
    fireEvent.change(nakes, { target: { value: '12,5' } });
    await waitFor(() => expect(simpanOf('PPPK Tenaga Kesehatan').disabled).toBe(false));
    fireEvent.click(simpanOf('PPPK Tenaga Kesehatan'));
    expect(await screen.findByText('Sampel verifikasi kedua PPPK Tenaga Kesehatan menjadi 12,5%.')).toBeTruthy();
    const sent = puts().filter(([url]) => String(url).endsWith('/sampel-verifikasi'));
    expect(sent.map(([, init]) => JSON.parse(String((init as RequestInit).body)))).toEqual([
      { track: 'nakes', persen: 12.5 },
    ]);
  });

  it('says on the field what is wrong, focused, and sends nothing; the server’s refusal lands there too', async () => {
    const message = 'tidak boleh lebih dari 100';
    const { puts } = await open(undefined, () =>
      jsonResponse(400, {
        error: 'VALIDATION_ERROR',
        message: `Data tidak valid: persen ${message}.`,
        details: [{ field: 'body.persen', path: 'persen', name: 'persen', label: 'Persentase', message }],
      }),
    );
    const cpns = await field('CPNS');
    fireEvent.change(cpns, { target: { value: '' } });
    await waitFor(() => expect(simpanOf('CPNS').disabled).toBe(false));
    fireEvent.click(simpanOf('CPNS'));
    expect(await screen.findByText('Isi persentase sampel (0–100).')).toBeTruthy();
    expect(cpns.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(cpns));
    fireEvent.change(cpns, { target: { value: '150' } });
    fireEvent.click(simpanOf('CPNS'));
    expect(await screen.findByText('Persentase tidak boleh lebih dari 100.')).toBeTruthy();
    expect(puts().filter(([url]) => String(url).endsWith('/sampel-verifikasi'))).toEqual([]);

    // A value the screen lets through but the server refuses: its words, on the field.
    fireEvent.change(cpns, { target: { value: '7' } });
    fireEvent.click(simpanOf('CPNS'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(cpns.getAttribute('aria-invalid')).toBe('true');
  });
});
