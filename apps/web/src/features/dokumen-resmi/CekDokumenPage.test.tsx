// The public check page /cek-dokumen/:kode (issue #20), signed out, stubbed at the HTTP boundary:
// what the code is, "tidak dikenal" for an unknown one, and the uploaded file posted as PDF with
// the verdict and both hashes. Issue #31: the Excel copy posted as XLSX; an amended document says so;
// an announcement shows its list as issued (searched, paged, its empty and error states), and an
// unknown code offers a field to type another.

import type { BarisTerbit, DaftarTerbit, Keaslian } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { jsonResponse } from '../../test/factories';
import { renderApp } from '../../test/renderApp';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const DOKUMEN: Keaslian = {
  kode: 'ABCDEFGH23',
  jenis: 'PENGUMUMAN',
  judul: 'Pengumuman Hasil Seleksi Administrasi',
  instansi: 'Pemerintah Kabupaten Raja Ampat',
  track: 'CPNS',
  nomor: '800/17/2026',
  tanggal: '2026-11-20',
  dibuatAt: '2026-11-20T10:15:00',
  sha256: 'a'.repeat(64),
  ukuran: 48_213,
  xlsx: null,
  mengubah: null,
  diubahOleh: null,
  penandaTangan: null,
};

/** The announcement's list as the server keeps it: 45 rows under two formasi, the 7th planted. */
const BARIS: BarisTerbit[] = Array.from({ length: 45 }, (_, i) => ({
  no: i + 1,
  noPeserta: `2460${i < 30 ? '1' : '2'}${String(1000 + i).padStart(11, '0')}`,
  nama: i === 6 ? 'Maria Emilia Rumbiak, S.Kom.' : `Pelamar Uji ${i + 1}`,
  nik: `920501******${String(1000 + i)}`,
  status: i % 5 === 4 ? 'Tidak Memenuhi Syarat' : 'Memenuhi Syarat',
  keterangan: i % 5 === 4 ? 'IPK di bawah batas minimal' : '',
  formasi: i < 30 ? 'Analis Kebijakan · Waisai · Formasi Umum' : 'Pranata Komputer · Misool · Formasi Umum',
}));

/** The server's search: digits the start of a nomor peserta, words the start of a name's words. */
function daftarDari(url: URL): DaftarTerbit {
  const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
  const halaman = Number(url.searchParams.get('halaman') ?? 1);
  const cocok = !q
    ? BARIS
    : /^\d+$/.test(q)
      ? BARIS.filter((r) => r.noPeserta.startsWith(q))
      : BARIS.filter((r) => {
          const kata = r.nama.toLowerCase().split(/[^a-z0-9]+/);
          return q.split(/\s+/).every((w) => kata.some((k) => k.startsWith(w)));
        });
  return { baris: cocok.slice((halaman - 1) * 20, halaman * 20), total: cocok.length, halaman, perHalaman: 20 };
}

function stubServer(cocok: boolean, dokumen: Keaslian = DOKUMEN, daftar?: () => Response) {
  const posts: RequestInit[] = [];
  const lists: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).startsWith('/api/cek-dokumen/ABCDEFGH23/daftar')) {
        const asked = new URL(String(url), 'http://localhost');
        lists.push(asked);
        return daftar ? daftar() : jsonResponse(200, daftarDari(asked));
      }
      if (String(url) === '/api/cek-dokumen/ABCDEFGH23') {
        if (init?.method === 'POST') {
          posts.push(init);
          return jsonResponse(200, { cocok, sha256: cocok ? DOKUMEN.sha256 : 'b'.repeat(64) });
        }
        return jsonResponse(200, dokumen);
      }
      if (String(url).startsWith('/api/cek-dokumen/')) {
        return jsonResponse(404, { error: 'NOT_FOUND', message: 'Dokumen dengan kode ini tidak ditemukan.' });
      }
      return jsonResponse(200, {});
    }),
  );
  return Object.assign(posts, { lists });
}

describe('/cek-dokumen/:kode without signing in', () => {
  it('shows what the code was issued for and that the uploaded file matches', async () => {
    const posts = stubServer(true);
    renderApp('/cek-dokumen/ABCDEFGH23');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cek Keaslian Dokumen' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const region = await screen.findByRole('region', { name: 'Pengumuman Hasil Seleksi Administrasi' });
    for (const text of [
      'Pemerintah Kabupaten Raja Ampat',
      '800/17/2026',
      '20/11/2026',
      '20/11/2026 10.15 WIB',
      '48.213 byte',
    ]) {
      expect(within(region).getByText(text)).toBeTruthy();
    }

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.7 isi'], 'pengumuman.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Cocok: berkas ini asli dan tidak diubah')).toBeTruthy();
    const [post] = posts;
    if (!post) throw new Error('the file was not posted');
    expect(new Headers(post.headers).get('Content-Type')).toBe('application/pdf');
    expect(await (post.body as Blob).text()).toBe('%PDF-1.7 isi');
    expect(new Headers(post.headers).get('Authorization')).toBeNull();
  });

  it('says so when the file differs, with both hashes', async () => {
    stubServer(false);
    renderApp('/cek-dokumen/ABCDEFGH23');
    await screen.findByRole('region', { name: 'Pengumuman Hasil Seleksi Administrasi' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['lain'], 'salinan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Tidak cocok: berkas ini berbeda dari dokumen yang diterbitkan')).toBeTruthy();
    expect(screen.getAllByText('a'.repeat(64)).length).toBeGreaterThan(0);
    expect(screen.getByText('b'.repeat(64))).toBeTruthy();
  });

  it('says an unknown code is unknown', async () => {
    stubServer(true);
    renderApp('/cek-dokumen/ZZZZZZZZZZ');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Kode dokumen tidak dikenal')).toBeTruthy();
  });

  it('posts an Excel copy as XLSX and says when a later announcement amended the document', async () => {
    const xlsx = { sha256: 'c'.repeat(64), ukuran: 9_000 };
    const posts = stubServer(true, {
      ...DOKUMEN,
      xlsx,
      diubahOleh: { kode: 'KODEBARU23', nomor: '800/18/2026', tanggal: '2026-11-27' },
    });
    renderApp('/cek-dokumen/ABCDEFGH23');
    const status = await screen.findByText(/Dokumen ini telah diubah oleh Pengumuman Nomor 800\/18\/2026/);
    expect(status).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cek dokumen KODEBARU23' }).getAttribute('href')).toBe(
      '/cek-dokumen/KODEBARU23',
    );
    const region = await screen.findByRole('region', { name: 'Pengumuman Hasil Seleksi Administrasi' });
    expect(within(region).getByText('c'.repeat(64))).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['PK\u0003\u0004isi'], 'pengumuman.xlsx', { type: '' }));
    expect(await screen.findByText('SHA-256 salinan Excel yang diterbitkan:')).toBeTruthy();
    const [post] = posts;
    expect(new Headers(post?.headers).get('Content-Type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('names who signed the PDF electronically and marks a demo certificate', async () => {
    stubServer(true, {
      ...DOKUMEN,
      jenis: 'BERITA_ACARA',
      judul: 'Berita Acara Verifikasi',
      mengubah: { kode: 'KODELAMA23', nomor: 'BA/1/2026', tanggal: '2026-11-20' },
      penandaTangan: {
        nama: 'Pemerintah Kabupaten Raja Ampat',
        organisasi: 'DEMO Portal Verifikasi ASN',
        penerbit: 'CA Demo Portal Verifikasi ASN',
        nomorSeri: '10AB',
        berlakuSampai: '2029-11-27T00:00:00.000Z',
        sidikJari: 'AB:CD',
        waktu: '2026-11-27T03:15:00.000Z',
        demo: true,
      },
    });
    renderApp('/cek-dokumen/ABCDEFGH23');
    const region = await screen.findByRole('region', { name: 'Berita Acara Verifikasi' });
    const row = within(region).getByRole('row', { name: /Tanda tangan elektronik/ });
    expect(within(row).getByText('Pemerintah Kabupaten Raja Ampat')).toBeTruthy();
    expect(within(row).getByText('Sertifikat demo — bukan tanda tangan elektronik resmi')).toBeTruthy();
    expect(within(region).getByRole('row', { name: /Penerbit sertifikat CA Demo Portal Verifikasi ASN/ })).toBeTruthy();
    expect(within(region).getByText('AB:CD')).toBeTruthy();
    // Minutes amend minutes: the reference names the kind.
    expect(within(region).getByRole('link', { name: 'Berita Acara Nomor BA/1/2026 (kode KODELAMA23)' })).toBeTruthy();
  });

  it('says when a document was issued before documents were signed', async () => {
    stubServer(true);
    renderApp('/cek-dokumen/ABCDEFGH23');
    const unsigned = await screen.findByRole('region', { name: 'Pengumuman Hasil Seleksi Administrasi' });
    expect(within(unsigned).getByText(/Tidak ada \(diterbitkan sebelum dokumen resmi ditandatangani/)).toBeTruthy();
  });

  it('offers to type another code when the code is unknown, starting from the one not found', async () => {
    stubServer(true);
    const { router } = renderApp('/cek-dokumen/ZZZZZZZZZZ');
    await screen.findByRole('alert');
    const field = screen.getByRole('textbox', { name: 'Periksa kode lain' });
    expect((field as HTMLInputElement).value).toBe('ZZZZZZZZZZ');
    await userEvent.clear(field);
    await userEvent.type(field, 'abcdefgh23{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cek-dokumen/ABCDEFGH23'));
    expect(await screen.findByRole('region', { name: 'Pengumuman Hasil Seleksi Administrasi' })).toBeTruthy();
  });
});

describe('the list of an announcement as issued (issue #31)', () => {
  it('shows the rows as printed under their formasi, a page at a time', async () => {
    const server = stubServer(true);
    renderApp('/cek-dokumen/ABCDEFGH23');
    const section = await screen.findByRole('region', { name: 'Daftar yang diumumkan' });
    const table = await within(section).findByRole('table');
    expect(within(section).getByText('Baris 1–20 dari 45')).toBeTruthy();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['No.', 'Nomor Peserta', 'Nama', 'NIK', 'Status', 'Keterangan']);
    expect(
      within(table).getByRole('rowheader', { name: 'Formasi: Analis Kebijakan · Waisai · Formasi Umum' }),
    ).toBeTruthy();
    const fifth = within(table).getByRole('row', { name: /Pelamar Uji 5 / });
    for (const text of [
      '5',
      '2460100000001004',
      '920501******1004',
      'Tidak Memenuhi Syarat',
      'IPK di bawah batas minimal',
    ]) {
      expect(within(fifth).getByText(text)).toBeTruthy();
    }
    // The table scrolls inside its own frame, which the keyboard can reach.
    const frame = within(section).getByRole('region', { name: 'Daftar pelamar pada pengumuman' });
    expect(frame.getAttribute('tabindex')).toBe('0');

    await userEvent.click(within(section).getByRole('button', { name: 'Halaman 2' }));
    expect(await within(section).findByText('Baris 21–40 dari 45')).toBeTruthy();
    // A page that crosses from one formasi to the next shows both headings.
    expect(
      within(section).getByRole('rowheader', { name: 'Formasi: Pranata Komputer · Misool · Formasi Umum' }),
    ).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Halaman berikutnya' }));
    expect(await within(section).findByText('Baris 41–45 dari 45')).toBeTruthy();
    expect(within(section).getAllByRole('row')).toHaveLength(1 + 1 + 5);
    expect(server.lists.map((u) => u.searchParams.get('halaman'))).toEqual(['1', '2', '3']);
    // Signed out: no token is sent.
    const calls = vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/daftar'));
    expect(calls.every(([, init]) => new Headers(init?.headers).get('Authorization') === null)).toBe(true);
  });

  it('searches once typing pauses, at once on Enter, by name or nomor peserta; says when nothing matches', async () => {
    const server = stubServer(true);
    renderApp('/cek-dokumen/ABCDEFGH23');
    const section = await screen.findByRole('region', { name: 'Daftar yang diumumkan' });
    await within(section).findByText('Baris 1–20 dari 45');
    const search = within(section).getByRole('searchbox', { name: 'Cari nomor peserta atau nama' });

    await userEvent.type(search, 'emilia rumb');
    expect(await within(section).findByText('Baris 1–1 dari 1 yang cocok')).toBeTruthy();
    expect(within(section).getByText('Maria Emilia Rumbiak, S.Kom.')).toBeTruthy();
    // One request for the whole word typed, not one per key.
    expect(server.lists.map((u) => u.searchParams.get('q'))).toEqual([null, 'emilia rumb']);

    // Enter: at once, from the first page.
    await userEvent.clear(search);
    await userEvent.type(search, '24602{Enter}');
    expect(await within(section).findByText('Baris 1–15 dari 15 yang cocok')).toBeTruthy();
    expect(server.lists.at(-1)?.searchParams.get('q')).toBe('24602');
    expect(server.lists.at(-1)?.searchParams.get('halaman')).toBe('1');

    await userEvent.clear(search);
    await userEvent.type(search, 'zzz{Enter}');
    expect(await within(section).findByText('Tidak ada baris yang cocok dengan “zzz”.')).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says why when the list cannot be shown: not kept at issue, or the server failed (with a retry)', async () => {
    const message =
      'Daftar pengumuman ini tidak disimpan ketika diterbitkan, jadi tidak dapat ditampilkan di sini tanpa berisiko berbeda dari yang diumumkan.';
    stubServer(true, DOKUMEN, () => jsonResponse(410, { error: 'DAFTAR_TIDAK_DISIMPAN', message }));
    renderApp('/cek-dokumen/ABCDEFGH23');
    const section = await screen.findByRole('region', { name: 'Daftar yang diumumkan' });
    const alert = await within(section).findByRole('alert');
    expect(within(alert).getByText('Daftar tidak dapat dimuat')).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Coba lagi' })).toBeNull();
  });

  it('offers to try again after a failure that may pass', async () => {
    let failing = true;
    const server = stubServer(true, DOKUMEN, () =>
      failing
        ? jsonResponse(429, { error: 'RATE_LIMITED', message: 'Terlalu banyak permintaan. Coba lagi dalam 30 detik.' })
        : jsonResponse(200, daftarDari(server.lists.at(-1) as URL)),
    );
    renderApp('/cek-dokumen/ABCDEFGH23');
    const section = await screen.findByRole('region', { name: 'Daftar yang diumumkan' });
    const alert = await within(section).findByRole('alert');
    expect(within(alert).getByText('Terlalu banyak permintaan. Coba lagi dalam 30 detik.')).toBeTruthy();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    expect(await within(section).findByText('Baris 1–20 dari 45')).toBeTruthy();
  });

  it('is not shown for the minutes, which hold no list', async () => {
    const server = stubServer(true, { ...DOKUMEN, jenis: 'BERITA_ACARA', judul: 'Berita Acara Verifikasi' });
    renderApp('/cek-dokumen/ABCDEFGH23');
    await screen.findByRole('region', { name: 'Berita Acara Verifikasi' });
    expect(screen.queryByRole('region', { name: 'Daftar yang diumumkan' })).toBeNull();
    expect(server.lists).toEqual([]);
  });
});
