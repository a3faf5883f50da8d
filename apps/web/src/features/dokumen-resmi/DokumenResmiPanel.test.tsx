// The official documents on /cpns/rekap-pelamar (issue #20), stubbed at the HTTP boundary: the
// admin's buttons disabled with the server's reason before the lock, none for a monitoring role,
// and the form checking before it sends, sending what the contract says, and showing the
// server's message when the server refuses. Issue #31: amendments named, the QR address warned about,
// the seat the documents are signed at ("Kota tempat penetapan") asked for with the letterhead.

import type { DokumenProgres, DokumenResmi, DokumenResmiStatus } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ALASAN =
  'Hasil verifikasi CPNS instansi ini belum dikunci. Pengumuman dan berita acara dapat dicetak setelah final verifikasi.';
const REKAP = [menuEntry('/cpns/rekap-pelamar', 'Rekap Seluruh Pelamar', 'Rekap CPNS')];

const status = (terkunci: boolean): DokumenResmiStatus => ({
  terkunci,
  alasan: terkunci ? null : ALASAN,
  kop: { alamat: 'Jl. Merdeka 1', kota: 'Jakarta', adaLogo: false },
  dokumen: terkunci
    ? [
        {
          kode: 'ABCDEFGH23',
          jenis: 'PENGUMUMAN',
          track: 'cpns',
          instansi: 'Badan Kepegawaian Negara',
          nomor: '800/1/2026',
          tanggal: '2026-11-20',
          sha256: 'a'.repeat(64),
          ukuran: 1234,
          halaman: 1,
          xlsx: { sha256: 'c'.repeat(64), ukuran: 567 },
          mengubah: null,
          diubahOleh: null,
          dibuatAt: '2026-11-20T10:15:00',
          dibuatOleh: 'Budi Admin',
        },
      ]
    : [],
  peringatanAlamat: null,
  pembuatan: null,
});

const JOB = '5d0c2a8e-4b1f-4a57-9e1c-0f5b8f7a2c11';
/** Issue #33: the announcement's job as the server reports it. */
const job = (over: Partial<DokumenProgres> = {}): DokumenProgres => ({
  id: JOB,
  status: 'MENUNGGU',
  selesai: 0,
  total: 0,
  dokumen: null,
  pesan: null,
  ...over,
});

type Call = { url: string; method: string; body: unknown };

/** The recap's own calls answered empty; the documents' calls by `dokumen`. */
function stubServer(dokumen: (call: Call) => Response | Promise<Response>) {
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
      if (call.url.includes('/dokumen-resmi')) return dokumen(call);
      if (call.url.endsWith('/final-verifikasi')) {
        return jsonResponse(200, { terkunci: false, belumDiverifikasi: 2, belumDisupervisi: 0 });
      }
      if (call.url.endsWith('/filter')) return jsonResponse(200, { data: [], recordsTotal: 0, summaries: [] });
      return jsonResponse(200, {});
    }),
  );
  return calls;
}

const isDokumenPost = (call: Call) => call.method === 'POST' && call.url.includes('/dokumen-resmi');
const admin = () => principal({ authorities: [{ authority: 'ROLE_ADMIN_CPNS' }], menus: REKAP });

describe('official documents on the recap', () => {
  it('before the lock: both buttons disabled, the server’s reason beside them and as their description', async () => {
    await signIn(admin());
    stubServer(() => jsonResponse(200, status(false)));
    renderApp('/cpns/rekap-pelamar');
    const panel = await screen.findByRole('region', { name: 'Dokumen resmi' });
    for (const name of ['Cetak Pengumuman', 'Cetak Berita Acara']) {
      const button = within(panel).getByRole('button', { name });
      expect((button as HTMLButtonElement).disabled).toBe(true);
      const described = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe(ALASAN);
    }
    expect(within(panel).getByText('Belum ada dokumen yang dibuat.')).toBeTruthy();
  });

  it('a monitoring role sees the recap but no print buttons, and never asks for the documents', async () => {
    await signIn(principal({ authorities: [{ authority: 'ROLE_MONITORING_CPNS_INSTANSI' }], menus: REKAP }));
    const calls = stubServer(() => jsonResponse(200, status(true)));
    renderApp('/cpns/rekap-pelamar');
    expect(await screen.findByRole('table', { name: 'Rekap Seluruh Pelamar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cetak Pengumuman' })).toBeNull();
    expect(calls.some((call) => call.url.includes('/dokumen-resmi'))).toBe(false);
  });

  it('after the lock: lists the documents; the form checks NIP inline, sends the contract’s body and shows a refusal', async () => {
    await signIn(admin());
    const calls = stubServer((call) =>
      isDokumenPost(call)
        ? jsonResponse(409, { error: 'BELUM_FINAL', message: 'Hasil verifikasi belum dikunci (uji).' })
        : jsonResponse(200, status(true)),
    );
    renderApp('/cpns/rekap-pelamar');
    const panel = await screen.findByRole('region', { name: 'Dokumen resmi' });
    const row = within(panel).getByRole('row', { name: /ABCDEFGH23/ });
    expect(row.textContent).toContain('Budi Admin');
    expect(within(row).getByRole('button', { name: 'Unduh lagi dokumen ABCDEFGH23' })).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Cetak Pengumuman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pengumuman Hasil Seleksi Administrasi' });
    expect((within(dialog).getByLabelText(/Alamat instansi/) as HTMLTextAreaElement).value).toBe('Jl. Merdeka 1');
    expect((within(dialog).getByLabelText(/Kota tempat penetapan/) as HTMLInputElement).value).toBe('Jakarta');
    expect((within(dialog).getByLabelText(/Dasar hukum/) as HTMLTextAreaElement).value).toMatch(/^Berdasarkan/);

    // Nothing is sent while the form is incomplete; NIP is checked as soon as it is left.
    await userEvent.type(within(dialog).getByLabelText(/^NIP/), '1234');
    await userEvent.tab();
    expect(within(dialog).getByText('NIP terdiri atas 18 angka')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buat dan unduh PDF' }));
    // On the field and in the summary above the form (issue #32).
    expect(within(dialog).getAllByText('Nomor pengumuman wajib diisi')).toHaveLength(2);
    expect(calls.some(isDokumenPost)).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Nomor pengumuman/), '800/2/2026');
    await userEvent.type(within(dialog).getByLabelText(/^Jabatan/), 'Kepala Badan');
    await userEvent.type(within(dialog).getByLabelText(/^Nama/), 'Ani Lestari');
    await userEvent.clear(within(dialog).getByLabelText(/^NIP/));
    await userEvent.type(within(dialog).getByLabelText(/^NIP/), '198001012005012001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buat dan unduh PDF' }));

    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Hasil verifikasi belum dikunci (uji).',
    );
    const post = calls.find(isDokumenPost);
    expect(post?.url).toBe('/api/cpns/admin/dokumen-resmi/pengumuman');
    expect(post?.body).toMatchObject({
      nomor: '800/2/2026',
      tanggal: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      penandatangan: { jabatan: 'Kepala Badan', nama: 'Ani Lestari', nip: '198001012005012001' },
    });
    // The letterhead did not change, so it was not saved again.
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/kop'))).toBe(false));
  }, 30_000);

  it('while the server makes it: says so, takes no second submit, then downloads it and names the code', async () => {
    await signIn(admin());
    localStorage.setItem(
      'portal-penandatangan.cpns',
      JSON.stringify({ pengumuman: { jabatan: 'Kepala Badan', nama: 'Ani Lestari', nip: '198001012005012001' } }),
    );
    const made = { ...(status(true).dokumen[0] as DokumenResmi), kode: 'KODEBARU23', nomor: '800/3/2026' };
    let selesai = false;
    const calls = stubServer((call) => {
      // Issue #33: the request answers with the job; the worker's progress is read under its id.
      if (isDokumenPost(call)) return jsonResponse(202, job());
      if (call.url.includes('/progres/'))
        return jsonResponse(
          200,
          selesai
            ? job({ status: 'SELESAI', selesai: 360, total: 360, dokumen: made })
            : job({ status: 'BERJALAN', selesai: 90, total: 360 }),
        );
      if (call.url.endsWith('/KODEBARU23')) return new Response(new Blob(['%PDF-1.7']), { status: 200 });
      return jsonResponse(200, status(true));
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:dokumen');
    renderApp('/cpns/rekap-pelamar');
    const panel = await screen.findByRole('region', { name: 'Dokumen resmi' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Cetak Pengumuman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pengumuman Hasil Seleksi Administrasi' });
    // The last signer of this track is remembered.
    expect((within(dialog).getByLabelText(/^NIP/) as HTMLInputElement).value).toBe('198001012005012001');
    await userEvent.type(within(dialog).getByLabelText(/Nomor pengumuman/), '800/3/2026');
    const submit = within(dialog).getByRole('button', { name: 'Buat dan unduh PDF' });
    await userEvent.click(submit);

    expect((await within(dialog).findByRole('status')).textContent).toContain('Menunggu giliran pembuatan…');
    expect(within(dialog).getByRole('status').textContent).toContain('pembuatan tetap berlanjut');
    // How far it has got, from the server, under the job's id.
    expect(await within(dialog).findByText('25% selesai', undefined, { timeout: 3000 })).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toContain('Menyusun dokumen…');
    expect(calls.some((call) => call.url.endsWith(`/dokumen-resmi/progres/${JOB}`))).toBe(true);
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    submit.closest('form')?.requestSubmit();
    expect(calls.filter(isDokumenPost)).toHaveLength(1);

    selesai = true;
    expect(
      await screen.findByText('Dokumen dibuat dan diunduh. Kode dokumen: KODEBARU23.', undefined, { timeout: 3000 }),
    ).toBeTruthy();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 30_000);

  it("says why, in the server's words, when the job ends without a document", async () => {
    await signIn(admin());
    localStorage.setItem(
      'portal-penandatangan.cpns',
      JSON.stringify({ pengumuman: { jabatan: 'Kepala Badan', nama: 'Ani Lestari', nip: '198001012005012001' } }),
    );
    const pesan =
      'Pembuatan pengumuman terhenti karena proses pembuatnya berhenti. Tidak ada dokumen yang diterbitkan.';
    stubServer((call) => {
      if (isDokumenPost(call)) return jsonResponse(202, job());
      if (call.url.includes('/progres/')) return jsonResponse(200, job({ status: 'GAGAL', pesan }));
      return jsonResponse(200, status(true));
    });
    renderApp('/cpns/rekap-pelamar');
    const panel = await screen.findByRole('region', { name: 'Dokumen resmi' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Cetak Pengumuman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pengumuman Hasil Seleksi Administrasi' });
    await userEvent.type(within(dialog).getByLabelText(/Nomor pengumuman/), '800/5/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buat dan unduh PDF' }));
    expect((await within(dialog).findByRole('alert', undefined, { timeout: 3000 })).textContent).toBe(pesan);
    // The form stays, filled, to try again.
    expect((within(dialog).getByLabelText(/Nomor pengumuman/) as HTMLInputElement).value).toBe('800/5/2026');
    expect((within(dialog).getByRole('button', { name: 'Buat dan unduh PDF' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  }, 30_000);

  it('after a reload follows an announcement still being made, then names the document made', async () => {
    await signIn(admin());
    const made = { ...(status(true).dokumen[0] as DokumenResmi), kode: 'KODEBARU23', nomor: '800/6/2026' };
    let selesai = false;
    stubServer((call) => {
      if (call.url.includes('/progres/'))
        return jsonResponse(200, job({ status: 'SELESAI', selesai: 360, total: 360, dokumen: made }));
      return jsonResponse(
        200,
        selesai
          ? { ...status(true), dokumen: [made, ...status(true).dokumen] }
          : { ...status(true), pembuatan: job({ status: 'BERJALAN', selesai: 180, total: 360 }) },
      );
    });
    renderApp('/cpns/rekap-pelamar');
    const panel = await screen.findByRole('region', { name: 'Dokumen resmi' });
    const running = await within(panel).findByRole('status');
    expect(running.textContent).toContain('Pengumuman sedang dibuat');
    expect(running.textContent).toContain('50% selesai');
    // One at a time: the button says why it waits.
    expect((within(panel).getByRole('button', { name: /Cetak Pengumuman/ }) as HTMLButtonElement).disabled).toBe(true);
    selesai = true;
    expect(
      await screen.findByText(
        'Pengumuman selesai dibuat. Kode dokumen: KODEBARU23. Unduh dari daftar dokumen.',
        undefined,
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(await within(panel).findByRole('row', { name: /KODEBARU23/ })).toBeTruthy();
    expect(within(panel).queryByRole('status')).toBeNull();
  }, 30_000);

  it('cancels an announcement still waiting for a worker, and says it was not made', async () => {
    await signIn(admin());
    const pesan = 'Pembuatan pengumuman dibatalkan sebelum dimulai. Tidak ada dokumen yang diterbitkan.';
    let dibatalkan = false;
    const calls = stubServer((call) => {
      if (call.url.endsWith('/batal')) {
        dibatalkan = true;
        return jsonResponse(200, job({ status: 'GAGAL', pesan }));
      }
      if (call.url.includes('/progres/')) return jsonResponse(200, job({ status: 'GAGAL', pesan }));
      return jsonResponse(200, dibatalkan ? status(true) : { ...status(true), pembuatan: job() });
    });
    renderApp('/cpns/rekap-pelamar');
    const panel = await screen.findByRole('region', { name: 'Dokumen resmi' });
    const waiting = await within(panel).findByRole('status');
    expect(waiting.textContent).toContain('Menunggu giliran pembuatan…');
    await userEvent.click(within(waiting).getByRole('button', { name: /^Batalkan/ }));
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith(`/progres/${JOB}/batal`))).toBe(true);
    expect(await within(panel).findByText(pesan)).toBeTruthy();
    expect(within(panel).queryByRole('status')).toBeNull();
    expect((within(panel).getByRole('button', { name: 'Cetak Pengumuman' }) as HTMLButtonElement).disabled).toBe(false);
  }, 30_000);

  it('asks for the seat the document is signed at before sending, and saves it with the letterhead first', async () => {
    await signIn(admin());
    localStorage.setItem(
      'portal-penandatangan.cpns',
      JSON.stringify({ pengumuman: { jabatan: 'Kepala Badan', nama: 'Ani Lestari', nip: '198001012005012001' } }),
    );
    const tanpaKota = { ...status(true), kop: { alamat: 'Jl. Merdeka 1', kota: '', adaLogo: false } };
    const calls = stubServer((call) =>
      isDokumenPost(call)
        ? jsonResponse(409, { error: 'PENGUMUMAN_BERUBAH', message: 'Berhenti di sini (uji).' })
        : call.method === 'PUT'
          ? jsonResponse(200, { alamat: 'Jl. Merdeka 1', kota: 'Waisai', adaLogo: false })
          : jsonResponse(200, tanpaKota),
    );
    renderApp('/cpns/rekap-pelamar');
    const panel = await screen.findByRole('region', { name: 'Dokumen resmi' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Cetak Pengumuman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pengumuman Hasil Seleksi Administrasi' });
    await userEvent.type(within(dialog).getByLabelText(/Nomor pengumuman/), '800/4/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buat dan unduh PDF' }));
    // Nothing sent without the seat: the server would refuse the document (KOTA_PENETAPAN_BELUM_DIISI).
    expect(within(dialog).getAllByText('Kota tempat penetapan wajib diisi')).toHaveLength(2);
    const dikirim = () => calls.filter((call) => call.method !== 'GET' && call.url.includes('/dokumen-resmi'));
    expect(dikirim()).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Kota tempat penetapan/), 'Waisai');
    expect(within(dialog).queryByText('Kota tempat penetapan wajib diisi')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buat dan unduh PDF' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Berhenti di sini (uji).');
    const sent = dikirim();
    expect(sent.map((call) => call.url)).toEqual([
      '/api/cpns/admin/dokumen-resmi/kop',
      '/api/cpns/admin/dokumen-resmi/pengumuman',
    ]);
    expect(sent[0]?.body).toEqual({ alamat: 'Jl. Merdeka 1', kota: 'Waisai' });
  }, 30_000);

  it('names the announcement an amendment changes, warns about a local QR address, and says a new one amends', async () => {
    await signIn(admin());
    const [pertama] = status(true).dokumen as [DokumenResmi];
    const perubahan: DokumenResmi = {
      ...pertama,
      kode: 'KODEBARU23',
      nomor: '800/9/2026',
      tanggal: '2026-11-27',
      mengubah: { kode: pertama.kode, nomor: pertama.nomor, tanggal: pertama.tanggal },
    };
    const lama: DokumenResmi = {
      ...pertama,
      xlsx: null,
      diubahOleh: { kode: perubahan.kode, nomor: perubahan.nomor, tanggal: perubahan.tanggal },
    };
    const beritaAcara: DokumenResmi = {
      ...pertama,
      kode: 'BERITAAC23',
      jenis: 'BERITA_ACARA',
      nomor: 'BA/1/2026',
      xlsx: null,
    };
    const peringatan = 'Kode QR pada dokumen resmi menunjuk ke http://localhost:3000. Atur PUBLIC_URL (uji).';
    stubServer(() =>
      jsonResponse(200, { ...status(true), peringatanAlamat: peringatan, dokumen: [perubahan, beritaAcara, lama] }),
    );
    renderApp('/cpns/rekap-pelamar');
    const panel = await screen.findByRole('region', { name: 'Dokumen resmi' });
    expect(within(panel).getByText(peringatan)).toBeTruthy();
    // A standing note, not a live alert: the page's alerts (a failed list call) stay the only ones.
    expect(within(panel).getByRole('note', { name: 'Alamat kode QR belum diatur' })).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
    const baru = within(panel).getByRole('row', { name: /KODEBARU23/ });
    expect(within(baru).getByText('Perubahan atas Pengumuman Nomor 800/1/2026')).toBeTruthy();
    expect(within(baru).getByRole('button', { name: 'Unduh tabel pengumuman KODEBARU23 sebagai Excel' })).toBeTruthy();
    const diubah = within(panel).getByRole('row', { name: /ABCDEFGH23/ });
    expect(within(diubah).getByText('Telah diubah oleh Pengumuman Nomor 800/9/2026')).toBeTruthy();
    // No Excel copy was kept with it: none is offered.
    expect(within(diubah).queryByRole('button', { name: /sebagai Excel/ })).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Cetak Pengumuman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pengumuman Hasil Seleksi Administrasi' });
    expect(within(dialog).getByText(/diterbitkan sebagai Perubahan atas Pengumuman Nomor 800\/9\/2026/)).toBeTruthy();
    // Minutes amend the latest minutes, not the announcement.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(panel).getByRole('button', { name: 'Cetak Berita Acara' }));
    const ba = await screen.findByRole('dialog', { name: 'Berita Acara Verifikasi' });
    expect(
      within(ba).getByText(/Berita Acara ini akan diterbitkan sebagai Perubahan atas Berita Acara Nomor BA\/1\/2026/),
    ).toBeTruthy();
  }, 30_000);
});
