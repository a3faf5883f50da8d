// Issue #35 on the admin/recap applicant detail: what the reading of the documents found, per
// document with each document's reading state, read-only; choosing a finding opens its document
// in the page's dialog with the region it was read from outlined. Stubbed at the HTTP boundary.

import type { PelamarDetail, TemuanDokumen } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { clearAuth } from '../../auth/authStore';
import { idVerifikasi } from '../../i18n/verifikasi';
import { jsonResponse, rekapAdmin } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const b = idVerifikasi.bacaan;
const MESIN = 'tesseract.js 7.0.0 (Tesseract 5, ind 4.0.0_best_int)';

const selesai = { status: 'SELESAI' as const, mesin: MESIN, pesan: null, dibacaAt: '2024-09-19T08:30:00' };
const dok = (id: number, jenis: string, mime: string, bacaan: PelamarDetail['dokumen'][number]['bacaan']) => ({
  id,
  jenis,
  namaFile: `${jenis.toLowerCase()}.${mime.split('/')[1]}`,
  mime,
  ukuran: 50_000,
  diunggahAt: '2024-09-18T10:00:00',
  bacaan,
});

const NIK: TemuanDokumen = {
  id: 101,
  dokumenId: 11,
  jenisDokumen: 'KTP',
  kode: 'NIK_BERBEDA',
  tingkat: 'BERAT',
  kolom: 'NIK',
  nilaiBaca: '3273011705950010',
  nilaiDaftar: '3273011705950001',
  keyakinan: 87.4,
  mesin: MESIN,
  pesan: 'NIK pada KTP berbeda dengan NIK yang didaftarkan.',
  alasan: 'DOKUMEN_TIDAK_TERBACA',
  kotak: { halaman: 1, x: 0.25, y: 0.2, w: 0.5, h: 0.1 },
  pelamarLain: null,
};
const NAMA: TemuanDokumen = {
  ...NIK,
  id: 103,
  dokumenId: 12,
  jenisDokumen: 'IJAZAH',
  kode: 'NAMA_MIRIP',
  tingkat: 'PERIKSA',
  kolom: 'Nama',
  nilaiBaca: 'WULAN SARIH',
  nilaiDaftar: 'Wulan Sari',
  keyakinan: 78,
  pesan: 'Nama pada ijazah mirip dengan nama yang didaftarkan.',
  alasan: null,
  kotak: null,
};

const DETAIL: PelamarDetail = {
  id: 1,
  nik: '3273011705950001',
  noPeserta: '24101234567890',
  nama: 'Wulan Sari',
  gelarDepan: null,
  gelarBelakang: null,
  jenisKelamin: 'P',
  jabatanNama: 'Analis Kebijakan Ahli Pertama',
  lokasiNama: 'Kota Bandung',
  jenisFormasi: 'UMUM',
  pendidikanNama: 'S-1 Administrasi Negara',
  statusVerifikasi: 'BELUM',
  statusSupervisi: null,
  tglDaftar: '2024-09-18',
  tglVerifikasi: null,
  verifikatorNama: null,
  alasanTms: null,
  klaimSaya: false,
  klaimNama: null,
  temuanOtomatis: 'BERAT',
  instansi: { id: 10, kode: 'BKN', nama: 'Badan Kepegawaian Negara' },
  noRegister: 'R24101234567890',
  tempatLahirKtp: 'Bandung',
  tanggalLahirKtp: '1995-05-17',
  tempatLahirIjazah: 'Bandung',
  tanggalLahirIjazah: '1995-05-17',
  agama: 'Islam',
  jenisDisabilitas: null,
  domisili: 'Kota Bandung',
  alamat: 'Jl. Merdeka No. 1',
  email: 'wulan@contoh.id',
  noHp: '081234567890',
  lembagaPendidikan: 'Universitas Padjadjaran',
  akreditasiLembaga: 'Unggul',
  prodi: 'Administrasi Negara',
  akreditasiProdi: 'A',
  noIjazah: 'UNPAD/2017/000123',
  tglIjazah: '2017-08-30',
  tahunLulus: 2017,
  ipk: '3.45',
  lokasiUjian: 'Kota Bandung',
  tglSupervisi: null,
  supervisorNama: null,
  dokumen: [
    dok(15, 'PAS_FOTO', 'image/png', null),
    dok(11, 'KTP', 'image/png', selesai),
    dok(12, 'IJAZAH', 'image/png', selesai),
    dok(13, 'TRANSKRIP', 'application/pdf', { status: 'ANTRE', mesin: null, pesan: null, dibacaAt: null }),
    dok(14, 'STR', 'application/pdf', {
      status: 'GAGAL',
      mesin: MESIN,
      pesan: 'Berkas PDF dienkripsi atau berkata sandi.',
      dibacaAt: null,
    }),
  ],
  temuanDokumen: [NAMA, NIK],
  nilai: [],
  verifikasi: {
    version: 1,
    namaIjazah: 'Wulan Sari',
    syarat: {
      prodi: 'Administrasi Negara',
      pendidikanNama: 'S-1 Administrasi Negara',
      usiaMin: 18,
      usiaMax: 35,
      ipkMin: '3.00',
      tglTutup: '2024-09-30',
    },
    usia: { tahun: 29, bulan: 4 },
    temuan: [],
    cekDokumen: [],
    alasanTms: [],
    catatanVerifikasi: null,
    catatanSupervisi: null,
    klaim: null,
    riwayat: null,
  },
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Answers the admin list's detail and its documents; returns the documents asked for. */
function stubServer(detail: PelamarDetail = DETAIL) {
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
