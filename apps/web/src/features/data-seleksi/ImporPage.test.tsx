// Impor Data (issue #18), stubbed at the HTTP boundary: a large file's check goes on after its
// upload is answered; the page follows it from the address (so a reload keeps following it),
// says how many rows it has read, and shows the report when it ends — or its reason when it fails.

import type { ImporCek } from '@portal/contract';
import { screen, within } from '@testing-library/react';
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

const ID = '6f1c2d3e-0000-4000-8000-000000000001';

const cek = (over: Partial<ImporCek>): ImporCek => ({
  id: ID,
  status: 'MEMERIKSA',
  pesan: null,
  jenis: 'pelamar',
  namaFile: 'pelamar-nasional.csv',
  sha256: 'a'.repeat(64),
  ukuran: 348_000_000,
  dibaca: 0,
  baru: 0,
  berubah: 0,
  sama: 0,
  ditolak: 0,
  konflik: 0,
  penolakan: [],
  konflikList: [],
  dibuat: '2026-11-25T10:00:00.000Z',
  ...over,
});

/** Answers the check's report from `reports` in turn (the last one again once they run out). */
function stubServer(reports: ImporCek[]) {
  let read = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      if (path.includes(`/admin/impor/cek/${ID}`)) {
        const report = reports[Math.min(read, reports.length - 1)];
        read += 1;
        return jsonResponse(200, report);
      }
      if (path.includes('/admin/impor/jenis')) return jsonResponse(200, { jenis: [] });
      if (path.includes('/admin/impor/jobs')) return jsonResponse(200, { data: [] });
      return jsonResponse(200, {});
    }),
  );
}

const operator = () =>
  principal({
    authorities: [{ authority: 'ROLE_SUPERADMIN' }],
    menus: [menuEntry('/admin/impor', 'Impor Data', 'Data Seleksi')],
  });

describe('Impor Data follows a long check', () => {
  it('shows the rows read while the check runs, then its report', async () => {
    await signIn(operator());
    stubServer([cek({ dibaca: 120_000 }), cek({ status: 'SELESAI', dibaca: 1_000_000, baru: 999_998, ditolak: 2 })]);
    renderApp(`/admin/impor?jenis=pelamar&cek=${ID}`);
    expect(await screen.findByText(/Memeriksa berkas… 120\.000 baris sudah dibaca/)).toBeTruthy();
    expect(await screen.findByText('Hasil pemeriksaan pelamar-nasional.csv', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText(/Memeriksa berkas…/)).toBeNull();
    expect(screen.getByText('999.998')).toBeTruthy();
  });

  it('says why a check failed after its upload was answered, and lets the operator upload again', async () => {
    await signIn(operator());
    stubServer([
      cek({ status: 'GAGAL', pesan: 'Pemeriksaan terhenti (server dimulai ulang). Unggah berkasnya kembali.' }),
    ]);
    const { router } = renderApp(`/admin/impor?jenis=pelamar&cek=${ID}`);
    expect(await screen.findByText(/Pemeriksaan terhenti \(server dimulai ulang\)/)).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.search).not.toContain('cek='));
    expect(screen.queryByText(/Hasil pemeriksaan/)).toBeNull();
  });

  it('lists every problem of a row with its column, never "–" (issue #32)', async () => {
    await signIn(operator());
    stubServer([
      cek({
        status: 'SELESAI',
        dibaca: 2,
        ditolak: 2,
        penolakan: [
          { baris: 2, kolom: 'nik', nilai: '3171', pesan: 'nik: NIK harus 16 angka' },
          {
            baris: 2,
            kolom: 'instansi_kode',
            nilai: '0000',
            pesan: 'instansi_kode tidak dikenal: tidak ada instansi berkode 0000',
          },
          { baris: 3, kolom: null, nilai: null, pesan: 'baris bukan JSON yang sah' },
        ],
      }),
    ]);
    renderApp(`/admin/impor?jenis=pelamar&cek=${ID}`);
    const table = await screen.findByRole('table', { name: 'Baris yang ditolak' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2', 'nik', '3171', 'nik: NIK harus 16 angka'],
      ['2', 'instansi_kode', '0000', 'instansi_kode tidak dikenal: tidak ada instansi berkode 0000'],
      ['3', 'seluruh baris', '(kosong)', 'baris bukan JSON yang sah'],
    ]);
  });
});
