// Issue #32, one set of formats: the main list and detail screens, rendered from what the server
// sends (ISO dates, naive WIB moments, decimal strings with a point, codes), show none of it raw —
// no ISO date, no decimal point in a number, no enum code, no "HH:MM" time, and no table row that
// writes a date in words (lists and cells use "18/09/2024", the long form is for sentences).

import type { DokumenResmiStatus, PelamarDetail, PelamarRow } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/queryClient';
import { clearAuth } from '../auth/authStore';
import { SyaratTable } from '../features/verifikasi/shared';
import { jsonResponse, rekapAdmin } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { signIn } from '../test/signIn';
import { HasilVerifikasi } from '../ui/pelamar/HasilVerifikasi';
import { RiwayatPanel } from '../ui/pelamar/riwayat';
import { Providers } from './Providers';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const ROW: PelamarRow = {
  id: 1,
  nik: '9205011234560001',
  noPeserta: '24601234567890',
  nama: 'Maria Emilia Rumbiak',
  gelarDepan: 'Dr.',
  gelarBelakang: 'S.Kom.',
  jenisKelamin: 'P',
  jabatanNama: 'Pranata Komputer Ahli Pertama',
  lokasiNama: 'Waisai',
  jenisFormasi: 'PUTRA_PUTRI_PAPUA',
  pendidikanNama: 'S-1 Informatika',
  statusVerifikasi: 'TMS',
  statusSupervisi: 'DIKEMBALIKAN',
  tglDaftar: '2024-09-18',
  tglVerifikasi: '2024-09-20T11:42:00',
  verifikatorNama: 'Yohana Mambraku',
  alasanTms: ['IPK', 'NAMA_BERBEDA'],
  klaimSaya: false,
  klaimNama: null,
  temuanOtomatis: 'PERIKSA',
  verifikasiKedua: null,
  instansi: { id: 10, kode: 'RAJA', nama: 'Pemerintah Kabupaten Raja Ampat' },
};

const DETAIL: PelamarDetail = {
  ...ROW,
  noRegister: 'R24601234567890',
  tempatLahirKtp: 'Sorong',
  tanggalLahirKtp: '1990-01-31',
  tempatLahirIjazah: 'Sorong',
  tanggalLahirIjazah: '1990-01-31',
  agama: 'Kristen',
  jenisDisabilitas: null,
  domisili: 'Waisai',
  alamat: 'Jalan Raya Waisai',
  email: 'maria@contoh.id',
  noHp: '081234567890',
  lembagaPendidikan: 'Universitas Cenderawasih',
  akreditasiLembaga: 'Baik Sekali',
  prodi: 'Informatika',
  akreditasiProdi: 'Unggul',
  noIjazah: 'UNCEN/2014/0042',
  tglIjazah: '2014-08-30',
  tahunLulus: 2014,
  ipk: '2.92',
  lokasiUjian: 'Kota Sorong',
  tglSupervisi: '2024-09-21T00:00:00',
  supervisorNama: 'Markus Dimara',
  dokumen: [],
  temuanDokumen: [],
  nilai: [
    { komponen: 'TEKNIS', nilai: '385.50' },
    { komponen: 'MANAJERIAL_SOSIOKULTURAL', nilai: '120.00' },
  ],
  verifikasi: {
    version: 3,
    namaIjazah: 'Maria Emilia Rumbiak',
    syarat: {
      prodi: 'Informatika',
      pendidikanNama: 'S-1 Informatika',
      usiaMin: 18,
      usiaMax: 35,
      ipkMin: '3.00',
      tglTutup: '2024-09-30',
    },
    usia: { tahun: 34, bulan: 7 },
    temuan: [],
    cekDokumen: [],
    alasanTms: ['IPK', 'NAMA_BERBEDA'],
    catatanVerifikasi: null,
    catatanSupervisi: null,
    klaim: null,
    riwayat: [
      {
        at: '2024-09-20T11:40:00',
        aksi: 'KLAIM',
        oleh: 'Yohana Mambraku',
        olehUsername: 'verifikator.rajaampat',
        dari: null,
        ke: 'Yohana Mambraku',
        alasan: null,
      },
      {
        at: '2024-09-20T11:42:00',
        aksi: 'VERIFIKASI',
        oleh: 'Yohana Mambraku',
        olehUsername: 'verifikator.rajaampat',
        dari: 'BELUM',
        ke: 'TMS',
        alasan: 'IPK, NAMA_BERBEDA – Nama pada ijazah tanpa marga',
      },
      {
        at: '2024-09-21T03:15:00Z',
        aksi: 'NILAI_AFIRMASI',
        oleh: 'Markus Dimara',
        olehUsername: 'supervisor.rajaampat',
        dari: '12.50',
        ke: '50.00',
        alasan: null,
      },
    ],
    verifikasiKedua: null,
  },
};

const DOKUMEN: DokumenResmiStatus = {
  terkunci: true,
  alasan: null,
  kop: { alamat: 'Jl. Merdeka 1', kota: 'Waisai', adaLogo: false },
  peringatanAlamat: null,
  pembuatan: null,
  dokumen: [
    {
      kode: 'ABCDEFGH23',
      jenis: 'PENGUMUMAN',
      track: 'cpns',
      instansi: 'Pemerintah Kabupaten Raja Ampat',
      nomor: '800/1/2026',
      tanggal: '2026-11-27',
      sha256: 'a'.repeat(64),
      ukuran: 1234,
      halaman: 1,
      xlsx: null,
      mengubah: null,
      diubahOleh: null,
      dibuatAt: '2026-11-27T03:15:00Z',
      dibuatOleh: 'Admin Raja Ampat',
    },
  ],
};

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.includes('/dokumen-resmi')) return jsonResponse(200, DOKUMEN);
      if (url.includes('/final-verifikasi')) {
        return jsonResponse(200, {
          terkunci: true,
          dikunciAt: '2026-11-27T10:15:00',
          dikunciOleh: 'Admin Raja Ampat',
          belumDiverifikasi: 0,
          belumDisupervisi: 0,
          ms: 1200,
          tms: 1,
        });
      }
      if (url.includes('/filter')) {
        return jsonResponse(200, {
          data: [ROW],
          recordsTotal: 1,
          summaries: [{ statusVerifikasi: 'TMS', jumlah: 1 }],
        });
      }
      if (url.endsWith('/jadwal')) {
        return jsonResponse(200, [
          { track: 'cpns', tahap: 'VERIFIKASI', mulai: '2024-09-01T01:00:00Z', selesai: '2024-09-30T16:59:00Z' },
        ]);
      }
      if (/\/cpns\/admin\/1(\?|$)/.test(url)) return jsonResponse(200, DETAIL);
      return jsonResponse(200, {});
    }),
  );
}

const MONTH = /\b\d{1,2} (Jan|Feb|Mar|Apr|Mei|Jun|Jul|Agu|Agt|Sep|Okt|Nov|Des)[a-z]*\.? \d{4}\b/;

/** What a reader must never see; each finding with the text around it. */
function rawFormats(root: HTMLElement): string[] {
  const shown = root.cloneNode(true) as HTMLElement;
  for (const hidden of shown.querySelectorAll('style, script')) hidden.remove();
  const text = shown.textContent ?? '';
  const around = (pattern: RegExp) =>
    [...text.matchAll(new RegExp(pattern.source, 'g'))].map((m) => text.slice(Math.max(0, m.index - 20), m.index + 30));
  const findings = [
    ...around(/\d{4}-\d{2}-\d{2}/).map((s) => `ISO date: ${s}`),
    // A decimal point (a time of day "19.15 WIB" is not one; thousands "1.234" are not either).
    ...around(/\d\.\d{1,2}\b(?! WIB)/).map((s) => `decimal point: ${s}`),
    ...around(/\b[A-Z]{2,}_[A-Z_]+\b/).map((s) => `enum code: ${s}`),
    ...around(/\b\d{2}:\d{2}\b/).map((s) => `HH:MM time: ${s}`),
  ];
  for (const row of shown.querySelectorAll('tr')) {
    if (MONTH.test(row.textContent ?? '')) findings.push(`date in words in a table row: ${row.textContent}`);
  }
  return findings;
}

describe('one set of formats on every screen (issue #32)', { timeout: 30_000 }, () => {
  it('the recap list: short dates, titles, words for codes', async () => {
    await signIn(rekapAdmin());
    stubServer();
    renderApp('/cpns/rekap-pelamar');
    expect(await screen.findByText('Dr. Maria Emilia Rumbiak, S.Kom.')).toBeTruthy();
    expect(await screen.findByText('800/1/2026')).toBeTruthy();
    expect(screen.getByText('18/09/2024')).toBeTruthy();
    // The document row writes its date and its moment in the same short form.
    expect(screen.getByText('27/11/2026')).toBeTruthy();
    expect(screen.getByText('27/11/2026 10.15 WIB')).toBeTruthy();
    expect(rawFormats(document.body)).toEqual([]);
  });

  it('the applicant detail: IPK with a comma, scores and moments as the lists write them', async () => {
    await signIn(rekapAdmin());
    stubServer();
    renderApp('/cpns/rekap-pelamar/detail?id=1');
    expect(await screen.findByText('2,92')).toBeTruthy();
    expect(screen.getAllByText('Dr. Maria Emilia Rumbiak, S.Kom.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Sorong, 31/01/1990')).toHaveLength(2);
    expect(screen.getByText(/Kompetensi teknis: 385,5/)).toBeTruthy();
    expect(rawFormats(document.body)).toEqual([]);
  });

  it('the verification pieces: requirements, decision and trail', () => {
    const { container } = render(
      <Providers>
        <MemoryRouter>
          <SyaratTable detail={DETAIL} />
          <HasilVerifikasi detail={DETAIL} />
          <RiwayatPanel detail={DETAIL} />
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.getByText('≥ 3,00')).toBeTruthy();
    expect(screen.getByText(/Nilai afirmasi berubah: 12,5 → 50/)).toBeTruthy();
    // The trail names people, with the username on hover.
    expect(screen.getAllByTitle('verifikator.rajaampat').length).toBeGreaterThan(0);
    expect(screen.getByText('21/09/2024 10.15 WIB', { exact: false })).toBeTruthy();
    expect(rawFormats(container)).toEqual([]);
  });
});
