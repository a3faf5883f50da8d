// Issue #35, in front of the verifier: what the reading of the documents found, per document with
// its words and each document's reading state; choosing a finding shows its document with the
// region outlined; a "berat" finding's reason is used by its button or by A (never by itself);
// the supervisor reads the same without using it; the lists filter and sort on the worst finding.
// Stubbed at the HTTP boundary, on the real routes.

import type { PelamarDetail, PelamarRow, SanggahDetail } from '@portal/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { Providers } from '../../app/Providers';
import { clearAuth } from '../../auth/authStore';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DETAIL, dok, MESIN, PNG, ROW, selesai } from '../../test/bacaan';
import { jsonResponse, menuEntry, principal } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';
import { TemuanBacaanList } from '../../ui/pelamar/TemuanBacaan';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const t = idVerifikasi;

/** Answers the detail, its documents, the claim and the lists; returns the list calls' bodies. */
function stubServer(list: 'verifikator' | 'supervisor', detail: PelamarDetail = DETAIL, rows: PelamarRow[] = []) {
  const listCalls: { filter: Record<string, string>; sorting: { column: string } }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/dokumen/')) {
        const mime = url.endsWith('/12') ? 'image/jpeg' : 'image/png';
        return new Response(new Blob([PNG], { type: mime }), { status: 200, headers: { 'Content-Type': mime } });
      }
      if (url.includes('/filter')) {
        listCalls.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { data: rows, recordsTotal: rows.length, summaries: [] });
      }
      if (url.endsWith('/ambil')) return jsonResponse(200, { id: detail.id });
      if (new RegExp(`/cpns/${list}/${detail.id}$`).test(url)) return jsonResponse(200, detail);
      return jsonResponse(200, {});
    }),
  );
  return listCalls;
}

const verifikator = () =>
  principal({ menus: [menuEntry('/cpns/verifikasi', 'Verifikasi'), menuEntry('/cpns/rekap-verifikasi', 'Rekap')] });
const supervisor = () =>
  principal({
    username: 'supervisor.cpns',
    authorities: [{ authority: 'ROLE_SUPERVISOR_CPNS' }],
    menus: [menuEntry('/cpns/supervisi', 'Supervisi')],
  });

const daftar = (jenis: string) => screen.getByRole('list', { name: t.bacaan.daftarTemuan(jenis) });
const temuanButton = (name: RegExp) => screen.getByRole('button', { name });
const alasan = (label: RegExp) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;

describe('the reading findings on the verifier’s screen (issue #35)', { timeout: 30_000 }, () => {
  it('lists them per document in words, after the registration’s, with each document’s reading state', async () => {
    await signIn(verifikator());
    const ipk = 'IPK 2,90 di bawah batas minimal 3,00.';
    stubServer('verifikator', {
      ...DETAIL,
      verifikasi: { ...DETAIL.verifikasi, temuan: [{ kode: 'IPK', pesan: ipk, alasan: 'IPK' }] },
    });
    renderApp('/cpns/verifikasi/detail?id=1');
    const heading = await screen.findByRole('heading', { name: t.bacaan.judul });
    const registration = screen.getByText(ipk);
    expect(registration.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const ktp = daftar('KTP');
    const [ganda, nik] = within(ktp).getAllByRole('listitem') as HTMLElement[];
    // Each with its words (colour is never the only signal).
    expect(within(nik as HTMLElement).getByText('Berat')).toBeTruthy();
    expect(nik?.textContent).toContain('Terbaca: 3273011705950010 · Terdaftar: 3273011705950001');
    expect(nik?.textContent).toContain('NIK pada KTP berbeda dengan NIK yang didaftarkan.');
    expect(nik?.textContent).toContain(`Keyakinan 87 % · ${MESIN}`);
    expect(nik?.textContent).toContain(t.bacaan.lihatDiDokumen);
    expect(ganda?.textContent).toContain('Dokumen yang sama pada pelamar nomor peserta 24109876543210');
    expect(ganda?.textContent).not.toContain('Terbaca');
    const ijazah = daftar('Ijazah');
    expect(within(ijazah).getByText('Periksa')).toBeTruthy();
    // A finding to check has no reason to use.
    expect(within(ijazah).queryByRole('button', { name: t.pakaiAlasan })).toBeNull();
    const area = screen.getByTestId('temuan-bacaan');
    expect(within(area).getByText('Menunggu dibaca.')).toBeTruthy();
    expect(
      within(area).getByText('Tidak dapat dibaca otomatis: Berkas PDF dienkripsi atau berkata sandi.'),
    ).toBeTruthy();
    // A document the portal does not read is not listed.
    expect(within(area).queryByText('Pas foto')).toBeNull();
  });

  it('shows the chosen finding’s document with the region it was read from outlined', async () => {
    await signIn(verifikator());
    stubServer('verifikator');
    renderApp('/cpns/verifikasi/detail?id=1');
    await screen.findByRole('heading', { name: t.bacaan.judul });
    expect(screen.getByRole('tab', { name: 'Pas foto' }).getAttribute('aria-selected')).toBe('true');
    const nik = temuanButton(/NIK pada KTP berbeda/);
    fireEvent.click(nik);
    expect(nik.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('tab', { name: 'KTP' }).getAttribute('aria-selected')).toBe('true');
    const region = await screen.findByRole('img', { name: 'Wilayah terbaca: NIK' });
    expect(region.style.left).toBe('25%');
    expect(region.style.top).toBe('20%');
    expect(region.style.width).toBe('50%');
    expect(region.style.height).toBe('10%');
    // Over the document's image, in the viewer.
    const viewer = screen.getByTestId('document-viewer');
    expect(viewer.contains(region)).toBe(true);
    expect(region.parentElement?.querySelector('img')).toBeTruthy();

    // By keyboard: Enter on another finding shows the ijazah, outlined where the name was read.
    const nama = temuanButton(/Nama pada ijazah mirip/);
    nama.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Ijazah' }).getAttribute('aria-selected')).toBe('true');
    const namaRegion = await screen.findByRole('img', { name: 'Wilayah terbaca: Nama' });
    expect(namaRegion.style.top).toBe('40%');
    expect(screen.queryByRole('img', { name: 'Wilayah terbaca: NIK' })).toBeNull();
  });

  it('uses a "berat" finding’s reason by its button, as the registration’s findings are used', async () => {
    await signIn(verifikator());
    stubServer('verifikator');
    renderApp('/cpns/verifikasi/detail?id=1');
    await screen.findByRole('heading', { name: t.bacaan.judul });
    expect(screen.queryByRole('checkbox', { name: /Dokumen tidak terbaca/ })).toBeNull();
    const nik = temuanButton(/NIK pada KTP berbeda/).closest('li') as HTMLElement;
    fireEvent.click(within(nik).getByRole('button', { name: t.pakaiAlasan }));
    await waitFor(() => expect(alasan(/Dokumen tidak terbaca atau tidak sesuai/).checked).toBe(true));
    expect((screen.getByRole('radio', { name: /TMS/ }) as HTMLInputElement).checked).toBe(true);
    expect(alasan(/Dokumen diduga dipalsukan/).checked).toBe(false);
  });

  it('uses the focused or chosen finding’s reason on A, and nothing for a finding to check', async () => {
    await signIn(verifikator());
    stubServer('verifikator');
    renderApp('/cpns/verifikasi/detail?id=1');
    await screen.findByRole('heading', { name: t.bacaan.judul });
    // A finding without a reason: A does nothing (no decision is started).
    const nama = temuanButton(/Nama pada ijazah mirip/);
    nama.focus();
    fireEvent.keyDown(nama, { key: 'a' });
    expect(screen.queryByRole('checkbox', { name: /Dokumen/ })).toBeNull();
    expect((screen.getByRole('radio', { name: /TMS/ }) as HTMLInputElement).checked).toBe(false);

    // The focused one.
    const ganda = temuanButton(/sama dengan dokumen pelamar lain/);
    ganda.focus();
    fireEvent.keyDown(ganda, { key: 'a' });
    await waitFor(() => expect(alasan(/Dokumen diduga dipalsukan/).checked).toBe(true));
    expect(alasan(/Dokumen tidak terbaca/).checked).toBe(false);

    // The chosen one, with the focus elsewhere.
    fireEvent.click(temuanButton(/NIK pada KTP berbeda/));
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(document.body, { key: 'A' });
    await waitFor(() => expect(alasan(/Dokumen tidak terbaca/).checked).toBe(true));
  });

  it('names the key in the shortcut help', async () => {
    await signIn(verifikator());
    stubServer('verifikator');
    renderApp('/cpns/verifikasi/detail?id=1');
    await screen.findByRole('heading', { name: t.bacaan.judul });
    fireEvent.keyDown(document.body, { key: '?' });
    const help = await screen.findByRole('dialog', { name: t.pintasan });
    expect(within(help).getByText('Pakai temuan pembacaan yang dipilih sebagai alasan TMS')).toBeTruthy();
  });
});

describe('the reading findings elsewhere (issue #35)', { timeout: 30_000 }, () => {
  it('are read-only on the supervisor’s screen, and still show where they were read', async () => {
    await signIn(supervisor());
    stubServer('supervisor', {
      ...DETAIL,
      statusVerifikasi: 'TMS',
      tglVerifikasi: '2024-09-20T10:00:00',
      verifikatorNama: 'Rina Marlina',
      alasanTms: ['DOKUMEN_TIDAK_TERBACA'],
      verifikasi: { ...DETAIL.verifikasi, alasanTms: ['DOKUMEN_TIDAK_TERBACA'] },
    });
    renderApp('/cpns/supervisi/detail?id=1');
    expect(await screen.findByRole('heading', { name: t.bacaan.judul })).toBeTruthy();
    expect(daftar('KTP').textContent).toContain('Terbaca: 3273011705950010');
    expect(screen.queryByRole('button', { name: t.pakaiAlasan })).toBeNull();
    fireEvent.click(temuanButton(/NIK pada KTP berbeda/));
    expect(await screen.findByRole('img', { name: 'Wilayah terbaca: NIK' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'KTP' }).getAttribute('aria-selected')).toBe('true');
  });

  it('are read-only on an objection’s screen, beside the applicant’s documents', async () => {
    await signIn(
      principal({
        username: 'supervisor.cpns',
        authorities: [{ authority: 'ROLE_SUPERVISOR_CPNS' }],
        menus: [menuEntry('/cpns/sanggah', 'Jawab Sanggah', 'Sanggah CPNS')],
      }),
    );
    const pelamar: PelamarDetail = { ...DETAIL, statusVerifikasi: 'TMS', alasanTms: ['DOKUMEN_TIDAK_TERBACA'] };
    const sanggah: SanggahDetail = {
      id: 5,
      pelamarId: 1,
      noPeserta: pelamar.noPeserta,
      nik: pelamar.nik,
      nama: pelamar.nama,
      jabatanNama: pelamar.jabatanNama,
      instansi: pelamar.instansi,
      status: 'DITOLAK',
      jumlahButir: 1,
      diajukanAt: '2024-10-01T09:00:00',
      dijawabAt: '2024-10-02T09:00:00',
      penjawabNama: 'Markus Dimara',
      cek: null,
      jenis: 'ADMINISTRASI',
      version: 2,
      butir: [
        {
          alasanTms: 'DOKUMEN_TIDAK_TERBACA',
          argumen: 'KTP saya terbaca jelas.',
          dokumenId: 12,
          jawaban: 'DITOLAK',
          alasanJawaban: 'NIK pada KTP tidak sama dengan yang didaftarkan.',
        },
      ],
      mengubahStatus: false,
      cekCatatan: null,
      cekOlehNama: null,
      cekAt: null,
      pelamar,
      klaim: [],
      bolehJawab: false,
      bolehCek: false,
      bolehReset: false,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = String(input);
        if (url.includes('/dokumen/')) {
          return new Response(new Blob([PNG], { type: 'image/png' }), { headers: { 'Content-Type': 'image/png' } });
        }
        if (url.endsWith('/jadwal')) return jsonResponse(200, []);
        if (/\/cpns\/sanggah\/5$/.test(url)) return jsonResponse(200, sanggah);
        return jsonResponse(200, {});
      }),
    );
    renderApp('/cpns/sanggah/detail?id=5');
    expect(await screen.findByRole('heading', { name: t.bacaan.judul })).toBeTruthy();
    // The objected document (the ijazah) is shown first; a finding shows its own.
    expect(screen.getByRole('tab', { name: /Ijazah/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('button', { name: t.pakaiAlasan })).toBeNull();
    fireEvent.click(temuanButton(/NIK pada KTP berbeda/));
    expect(screen.getByRole('tab', { name: /KTP/ }).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByRole('img', { name: 'Wilayah terbaca: NIK' })).style.left).toBe('25%');
  });

  it('say each document’s reading state, and nothing when no document is read', () => {
    const states = {
      dokumen: [
        dok(11, 'KTP', 'image/png', selesai),
        dok(12, 'IJAZAH', 'image/png', { status: 'DIBACA', mesin: null, pesan: null, dibacaAt: null }),
        dok(13, 'TRANSKRIP', 'application/pdf', { status: 'ANTRE', mesin: null, pesan: null, dibacaAt: null }),
        dok(14, 'STR', 'application/pdf', { status: 'GAGAL', mesin: null, pesan: null, dibacaAt: null }),
        dok(15, 'PAS_FOTO', 'image/png', null),
      ],
      temuanDokumen: [],
    };
    const { container, rerender } = render(
      <Providers>
        <TemuanBacaanList detail={states} />
      </Providers>,
    );
    expect(screen.getByText('Tidak ada temuan.')).toBeTruthy();
    expect(screen.getByText('Sedang dibaca…')).toBeTruthy();
    expect(screen.getByText('Menunggu dibaca.')).toBeTruthy();
    expect(screen.getByText('Tidak dapat dibaca otomatis.')).toBeTruthy();
    expect(screen.queryByText('Pas foto')).toBeNull();
    // No finding, nothing to choose.
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <Providers>
        <TemuanBacaanList detail={{ dokumen: [dok(15, 'PAS_FOTO', 'image/png', null)], temuanDokumen: [] }} />
      </Providers>,
    );
    expect(container.textContent).not.toContain(t.bacaan.judul);
  });
});

describe('the applicant lists’ "Temuan otomatis" (issue #35)', { timeout: 30_000 }, () => {
  it('shows the worst finding per row (under its status) and filters on it', async () => {
    await signIn(verifikator());
    const calls = stubServer('verifikator', DETAIL, [
      ROW,
      { ...ROW, id: 2, nama: 'Andi Saputra', temuanOtomatis: 'PERIKSA' },
      { ...ROW, id: 3, nama: 'Budi Santoso', temuanOtomatis: 'TIDAK_ADA' },
    ]);
    renderApp('/cpns/verifikasi');
    const table = await screen.findByRole('table');
    await within(table).findByText('Wulan Sari');
    const rows = within(table).getAllByRole('row');
    const rowOf = (nama: string) => rows.find((row) => row.textContent?.includes(nama)) as HTMLElement;
    expect(within(rowOf('Wulan Sari')).getByText('Berat')).toBeTruthy();
    expect(within(rowOf('Andi Saputra')).getByText('Perlu diperiksa')).toBeTruthy();
    expect(rowOf('Budi Santoso').textContent).not.toMatch(/Berat|Perlu diperiksa|Tidak ada/);

    const filter = screen.getByRole('combobox', { name: t.temuanOtomatis });
    await userEvent.click(filter);
    const listbox = await waitFor(() => {
      const element = document.getElementById(filter.getAttribute('aria-controls') ?? '');
      if (!element) throw new Error('pilihan belum terbuka');
      return element;
    });
    const options = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    expect(options).toEqual(['Tidak ada', 'Perlu diperiksa', 'Berat']);
    expect(filter.getAttribute('placeholder')).toBe('Semua');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Berat', hidden: true }));
    await waitFor(() => expect(calls.at(-1)?.filter.temuanOtomatis).toBe('BERAT'));
  });
});
