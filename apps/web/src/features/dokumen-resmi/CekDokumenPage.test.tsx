// The public check page /cek-dokumen/:kode (issue #20), signed out, stubbed at the HTTP boundary:
// what the code is, "tidak dikenal" for an unknown one, and the uploaded file posted as PDF with
// the verdict and both hashes. Issue #31: the Excel copy posted as XLSX; an amended document says so.

import type { Keaslian } from '@portal/contract';
import { screen, within } from '@testing-library/react';
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
};

function stubServer(cocok: boolean, dokumen: Keaslian = DOKUMEN) {
  const posts: RequestInit[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
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
  return posts;
}

describe('/cek-dokumen/:kode without signing in', () => {
  it('shows what the code was issued for and that the uploaded file matches', async () => {
    const posts = stubServer(true);
    renderApp('/cek-dokumen/ABCDEFGH23');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cek Keaslian Dokumen' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const region = await screen.findByRole('region', { name: 'Pengumuman Hasil Seleksi Administrasi' });
    for (const text of ['Pemerintah Kabupaten Raja Ampat', '800/17/2026', '20 November 2026', '48.213 byte']) {
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
});
