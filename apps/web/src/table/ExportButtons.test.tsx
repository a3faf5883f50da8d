// A list's export (issue #33), on the verifier's recap, stubbed at the HTTP boundary: a view of
// modest size comes back as the file and is saved as before; a large one answers 202 with a job,
// which is followed (waiting, then rows of the total), then its file is fetched and saved under the
// job's name. A failed job says why; "Batalkan" cancels it on the server; opening the list again
// follows a job still being made, or offers the file of one made but not yet downloaded.

import type { EksporJob } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/queryClient';
import { clearAuth } from '../auth/authStore';
import { ROW } from '../test/bacaan';
import { jsonResponse, menuEntry, principal } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { signIn } from '../test/signIn';
import { clearToasts, getToasts } from '../ui/toast';

afterEach(() => {
  clearAuth();
  clearToasts();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const JOB_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const NAMA_BERKAS = 'rekap-verifikasi-cpns-20261202.xlsx';
const job = (over: Partial<EksporJob> = {}): EksporJob => ({
  id: JOB_ID,
  status: 'MENUNGGU',
  format: 'xlsx',
  namaBerkas: NAMA_BERKAS,
  halaman: '/cpns/rekap-verifikasi',
  selesai: 0,
  total: 250_000,
  ukuran: null,
  pesan: null,
  dibuatAt: '2026-12-02T10:00:00',
  kedaluwarsaAt: null,
  ...over,
});
const SELESAI = job({ status: 'SELESAI', selesai: 250_000, ukuran: 1_572_864, kedaluwarsaAt: '2026-12-03T10:05:00' });

interface Server {
  /** The list's own POST …/export. */
  export?: () => Response;
  /** What GET /api/ekspor?halaman=… finds. */
  terakhir?: EksporJob;
  /** The successive answers of GET /api/ekspor/{id} (the last one repeats); PUTUS: no connection. */
  jobs?: (EksporJob | typeof PUTUS)[];
}

type Call = { url: string; method: string };
const PUTUS = 'putus';

function stubServer(server: Server) {
  const calls: Call[] = [];
  let poll = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = { url: String(input), method: init?.method ?? 'GET' };
      calls.push(call);
      const { url } = call;
      if (url.includes('/filter')) return jsonResponse(200, { data: [ROW], recordsTotal: 1, summaries: [] });
      if (url.includes('/harian')) return jsonResponse(200, []);
      if (url.includes('/export')) return server.export?.() ?? jsonResponse(500, {});
      if (url.startsWith('/api/ekspor?')) return jsonResponse(200, { ekspor: server.terakhir ?? null });
      if (url.endsWith('/berkas')) {
        return new Response(new Blob(['isi berkas']), {
          status: 200,
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      }
      if (url.endsWith('/batal')) return jsonResponse(200, job({ status: 'GAGAL', pesan: 'Unduhan dibatalkan.' }));
      if (url.startsWith('/api/ekspor/')) {
        const jobs = server.jobs ?? [job()];
        const answer = jobs[Math.min(poll++, jobs.length - 1)];
        if (answer === PUTUS) throw new TypeError('Failed to fetch');
        return jsonResponse(200, answer);
      }
      return jsonResponse(200, {});
    }),
  );
  return calls;
}

/** The names files were saved under, and their contents. */
function spySaves() {
  const saved: string[] = [];
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:ekspor';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { saved, blobs };
}

const verifikator = () => principal({ menus: [menuEntry('/cpns/rekap-verifikasi', 'Rekap Verifikasi')] });

async function clickExport(name: 'Unduh Excel' | 'Unduh CSV') {
  const button = (await screen.findByRole('button', { name })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  await userEvent.click(button);
}

const statusOf = (text: HTMLElement) => text.closest('[role="status"]') as HTMLElement;
const polls = (calls: Call[]) => calls.filter((call) => call.url === `/api/ekspor/${JOB_ID}`).length;
const toastMessages = () => getToasts().map((toast) => toast.message);

describe('list export (issue #33)', { timeout: 30_000 }, () => {
  it('a file answered at once is saved under the list’s name, as before', async () => {
    await signIn(verifikator());
    const calls = stubServer({
      export: () =>
        new Response(new Blob(['\uFEFFNomor Peserta;Nama\r\n']), {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        }),
    });
    const { saved } = spySaves();
    renderApp('/cpns/rekap-verifikasi');
    await clickExport('Unduh CSV');
    await waitFor(() => expect(saved).toEqual(['rekap-verifikasi-cpns.csv']));
    expect(toastMessages()).toContain('Berkas selesai diunduh.');
    expect(calls.some((call) => call.url.startsWith('/api/ekspor/'))).toBe(false);
  });

  it('a job answered 202 is followed – waiting, then rows of the total – and its file saved under its name', async () => {
    await signIn(verifikator());
    const calls = stubServer({
      export: () => jsonResponse(202, job()),
      jobs: [job({ status: 'BERJALAN', selesai: 12_345 }), SELESAI],
    });
    const { saved, blobs } = spySaves();
    renderApp('/cpns/rekap-verifikasi');
    await clickExport('Unduh Excel');
    expect(calls.find((call) => call.url.includes('/export'))).toEqual({
      url: '/api/cpns/verifikator/export?mode=my-verifier',
      method: 'POST',
    });

    const waiting = await screen.findByText('Menunggu giliran pembuatan berkas…');
    expect(statusOf(waiting).getAttribute('aria-live')).toBe('polite');
    const rows = await screen.findByText('Menyiapkan berkas: 12.345 dari 250.000 baris', undefined, { timeout: 3000 });
    const bar = within(statusOf(rows)).getByRole('progressbar', { name: 'Kemajuan unduhan' });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo(4.938, 2);

    await waitFor(() => expect(saved).toEqual([NAMA_BERKAS]), { timeout: 3000 });
    expect(await blobs[0]?.text()).toBe('isi berkas');
    expect(calls.some((call) => call.url === `/api/ekspor/${JOB_ID}/berkas`)).toBe(true);
    expect(toastMessages()).toContain('Berkas selesai diunduh.');
    expect(screen.queryByText(/Menyiapkan berkas/)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Unduh Excel' })).toBeTruthy();
  });

  it('a job that was not made says why, in the server’s words, and saves nothing', async () => {
    await signIn(verifikator());
    const pesan = 'Pembuatan berkas terhenti karena prosesnya berhenti. Silakan unduh lagi.';
    const calls = stubServer({ export: () => jsonResponse(202, job()), jobs: [job({ status: 'GAGAL', pesan })] });
    const { saved } = spySaves();
    renderApp('/cpns/rekap-verifikasi');
    await clickExport('Unduh Excel');
    await waitFor(() => expect(toastMessages()).toContain(pesan), { timeout: 3000 });
    expect(await screen.findByRole('button', { name: 'Unduh Excel' })).toBeTruthy();
    expect(saved).toEqual([]);
    expect(calls.some((call) => call.url.endsWith('/berkas'))).toBe(false);
  });

  it('a connection lost for a moment while following is waited out; one that stays lost is said', async () => {
    await signIn(verifikator());
    stubServer({ export: () => jsonResponse(202, job()), jobs: [PUTUS, PUTUS, SELESAI] });
    const { saved } = spySaves();
    renderApp('/cpns/rekap-verifikasi');
    await clickExport('Unduh Excel');
    await waitFor(() => expect(saved).toEqual([NAMA_BERKAS]), { timeout: 8000 });
    expect(toastMessages()).toEqual(['Berkas selesai diunduh.']);

    clearToasts();
    stubServer({ export: () => jsonResponse(202, job()), jobs: [PUTUS] });
    await clickExport('Unduh Excel');
    await waitFor(() => expect(toastMessages()).toEqual(['Tidak dapat terhubung ke server. Periksa koneksi Anda.']), {
      timeout: 8000,
    });
    expect(saved).toEqual([NAMA_BERKAS]);
    expect(await screen.findByRole('button', { name: 'Unduh Excel' })).toBeTruthy();
  });

  it('"Batalkan" cancels the job on the server and stops following it', async () => {
    await signIn(verifikator());
    const calls = stubServer({ export: () => jsonResponse(202, job()), jobs: [job()] });
    spySaves();
    renderApp('/cpns/rekap-verifikasi');
    await clickExport('Unduh Excel');
    const waiting = await screen.findByText('Menunggu giliran pembuatan berkas…');
    await userEvent.click(within(statusOf(waiting)).getByRole('button', { name: 'Batalkan' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url === `/api/ekspor/${JOB_ID}/batal`)).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Unduh Excel' })).toBeTruthy();
    expect(screen.queryByText('Menunggu giliran pembuatan berkas…')).toBeNull();
    const asked = polls(calls);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(polls(calls)).toBe(asked);
  });

  it('after a reload follows the screen’s job still being made, then saves its file', async () => {
    await signIn(verifikator());
    const calls = stubServer({ terakhir: job({ status: 'BERJALAN', selesai: 100_000 }), jobs: [SELESAI] });
    const { saved } = spySaves();
    renderApp('/cpns/rekap-verifikasi');
    expect(await screen.findByText('Menyiapkan berkas: 100.000 dari 250.000 baris')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/ekspor?halaman=%2Fcpns%2Frekap-verifikasi')).toBe(true);
    await waitFor(() => expect(saved).toEqual([NAMA_BERKAS]), { timeout: 3000 });
    expect(calls.some((call) => call.url.includes('/export'))).toBe(false);
  });

  it('after a reload offers the file made but not downloaded; "Unduh berkas" saves it', async () => {
    await signIn(verifikator());
    const calls = stubServer({ terakhir: SELESAI });
    const { saved } = spySaves();
    renderApp('/cpns/rekap-verifikasi');
    const line = await screen.findByText(`Berkas unduhan siap: ${NAMA_BERKAS} (1,5 MB)`);
    // Saving needs the user's click: nothing is fetched before it.
    expect(calls.some((call) => call.url.endsWith('/berkas'))).toBe(false);
    await userEvent.click(within(line.parentElement as HTMLElement).getByRole('button', { name: 'Unduh berkas' }));
    await waitFor(() => expect(saved).toEqual([NAMA_BERKAS]));
    expect(calls.some((call) => call.url === `/api/ekspor/${JOB_ID}/berkas`)).toBe(true);
    expect(screen.queryByText(/Berkas unduhan siap/)).toBeNull();
  });

  it('the offer of a file made can be put away', async () => {
    await signIn(verifikator());
    stubServer({ terakhir: SELESAI });
    const { saved } = spySaves();
    renderApp('/cpns/rekap-verifikasi');
    await screen.findByText(/Berkas unduhan siap/);
    await userEvent.click(screen.getByRole('button', { name: 'Tutup pemberitahuan berkas unduhan' }));
    expect(screen.queryByText(/Berkas unduhan siap/)).toBeNull();
    expect(saved).toEqual([]);
  });
});
