// Issue #20 end to end: before the final lock the admin's print buttons are disabled with the
// reason (PPPK Guru, never locked by any spec) and the monitoring role sees none; after the lock
// (Raja Ampat CPNS, locked by verification.spec.ts, which this project depends on) the admin prints
// the announcement and the minutes, the PDF holds the title and the applicants, and the public
// check page, without sign-in, says the file is genuine and a file with one byte changed is not.
// Issue #31: a second announcement is an amendment naming the first, which still checks (its PDF
// and its Excel copy) and says it was amended; the check page shows the list as issued, and a
// search finds an applicant by nomor peserta and by name.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

const NIP = '198706152010011002';

/** Today in WIB as the form shows it (DD/MM/YYYY). */
function todayWib(): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()).split('-');
  return `${d}/${m}/${y}`;
}

/** A column of the recap as listed on screen, by its header. */
async function kolomRekap(page: Page, header: RegExp): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Rekap Seluruh Pelamar' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const headers = await table.locator('thead th').allInnerTexts();
  const column = headers.findIndex((text) => header.test(text.trim()));
  expect(column).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts();
}

/** The "Nomor Peserta" column of the recap as listed on screen. */
const nomorPeserta = (page: Page) => kolomRekap(page, /nomor peserta/i);

test('before the final lock the admin cannot print and sees why; a monitor sees no print buttons', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin.guru');
  await admin.goto('/pppk-guru/rekap-pelamar');
  const panel = admin.getByRole('region', { name: 'Dokumen resmi' });
  for (const name of ['Cetak Pengumuman', 'Cetak Berita Acara']) {
    await expect(panel.getByRole('button', { name })).toBeDisabled();
  }
  await expect(panel).toContainText(
    /belum dikunci\. Pengumuman dan berita acara dapat dicetak setelah final verifikasi/,
  );
  // The reason is also the buttons' description for a screen reader.
  await expect(panel.getByRole('button', { name: 'Cetak Pengumuman' })).toHaveAccessibleDescription(/belum dikunci/);
  await panel.getByRole('button', { name: 'Cetak Pengumuman' }).hover({ force: true });
  await panel.screenshot({ path: test.info().outputPath('dokumen-resmi-belum-dikunci.png') });

  const monitor = await (await browser.newContext()).newPage();
  await signIn(monitor, 'monitor.guru');
  await monitor.goto('/pppk-guru/rekap-pelamar');
  await expect(monitor.getByRole('heading', { name: 'Final verifikasi' })).toBeVisible();
  await expect(monitor.getByRole('button', { name: 'Cetak Pengumuman' })).toHaveCount(0);
});

test('the admin prints the announcement and the minutes; anyone checks the file without signing in', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(admin, 'admin.rajaampat');
  await admin.goto('/cpns/rekap-pelamar');
  await expect(admin.getByText(/Hasil verifikasi sudah dikunci oleh Fransiska Wanma/)).toBeVisible();
  const peserta = await nomorPeserta(admin);
  expect(peserta).toHaveLength(3);
  const nama = await kolomRekap(admin, /^nama/i);
  expect(nama).toHaveLength(3);
  const panel = admin.getByRole('region', { name: 'Dokumen resmi' });
  await expect(panel.getByRole('button', { name: 'Cetak Pengumuman' })).toBeEnabled();
  await admin.screenshot({ path: testInfo.outputPath('rekap-dokumen-resmi.png'), fullPage: true });

  // A tiny PNG for the letterhead: a piece of the page itself.
  const logo = await admin.screenshot({ clip: { x: 0, y: 0, width: 64, height: 64 } });

  await panel.getByRole('button', { name: 'Cetak Pengumuman' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Pengumuman Hasil Seleksi Administrasi' });
  await expect(dialog.getByRole('textbox', { name: 'Tanggal', exact: true })).toHaveValue(todayWib());
  await expect(dialog.getByLabel('Dasar hukum')).toHaveValue(/Undang-Undang Nomor 20 Tahun 2023/);
  await dialog.getByLabel('Nomor pengumuman').fill('800/17/BKPSDM-RA/2026');
  await dialog.getByLabel('Jabatan').fill('Kepala BKPSDM Kabupaten Raja Ampat');
  await dialog.getByLabel('Nama').fill('Drs. Yulianus Mayor, M.Si.');
  // NIP is checked inline as soon as the field is left.
  await dialog.getByLabel('NIP').fill('19870615');
  await dialog.getByLabel('Alamat instansi').click();
  await expect(dialog.getByText('NIP terdiri atas 18 angka')).toBeVisible();
  await dialog.getByLabel('NIP').fill(NIP);
  await expect(dialog.getByText('NIP terdiri atas 18 angka')).toHaveCount(0);
  await dialog.getByLabel('Alamat instansi').fill('Jl. Raya Waisai, Waisai, Kabupaten Raja Ampat, Papua Barat Daya');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await admin.screenshot({ path: testInfo.outputPath('form-pengumuman.png') });

  const downloading = admin.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Buat dan unduh PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pengumuman-cpns-[A-Z2-9]{10}\.pdf$/);
  const kode = download.suggestedFilename().slice('pengumuman-cpns-'.length, -'.pdf'.length);
  const file = testInfo.outputPath('pengumuman.pdf');
  await download.saveAs(file);
  await expect(admin.getByText(`Kode dokumen: ${kode}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The PDF says what it is and lists every applicant.
  const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('PENGUMUMAN');
  expect(text).toContain('TENTANG HASIL SELEKSI ADMINISTRASI');
  expect(text).toContain('800/17/BKPSDM-RA/2026');
  expect(text).toContain('Drs. Yulianus Mayor, M.Si.');
  for (const nomor of peserta) expect(text).toContain(nomor);
  execFileSync('/usr/bin/pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    file,
    testInfo.outputPath('pengumuman'),
  ]);

  // It is listed, with a way to download the same file again.
  const row = panel.getByRole('row', { name: new RegExp(kode) });
  await expect(row).toContainText('Pengumuman');
  await expect(row).toContainText('800/17/BKPSDM-RA/2026');
  await expect(row).toContainText('Fransiska Wanma');
  const again = admin.waitForEvent('download');
  await row.getByRole('button', { name: `Unduh lagi dokumen ${kode}` }).click();
  const second = testInfo.outputPath('pengumuman-lagi.pdf');
  await (await again).saveAs(second);
  expect(readFileSync(second).equals(readFileSync(file))).toBe(true);
  // And its table as Excel (an XLSX is a ZIP: it starts with PK).
  const excel = admin.waitForEvent('download');
  await row.getByRole('button', { name: `Unduh tabel pengumuman ${kode} sebagai Excel` }).click();
  expect((await excel).suggestedFilename()).toBe(`pengumuman-cpns-${kode}.xlsx`);
  const xlsx = testInfo.outputPath('pengumuman.xlsx');
  await (await excel).saveAs(xlsx);
  expect(readFileSync(xlsx).subarray(0, 2).toString()).toBe('PK');

  // The minutes with two signers; the first is remembered for the next announcement.
  await panel.getByRole('button', { name: 'Cetak Berita Acara' }).click();
  const minutes = admin.getByRole('dialog', { name: 'Berita Acara Verifikasi' });
  await minutes.getByLabel('Nomor berita acara').fill('800/18/BKPSDM-RA/2026');
  await expect(minutes.getByLabel('Alamat instansi')).toHaveValue(/Jl\. Raya Waisai/);
  const first = minutes.getByRole('group', { name: 'Penanda tangan 1' });
  await first.getByLabel('Jabatan').fill('Kepala BKPSDM Kabupaten Raja Ampat');
  await first.getByLabel('Nama').fill('Drs. Yulianus Mayor, M.Si.');
  await first.getByLabel('NIP').fill(NIP);
  await minutes.getByRole('button', { name: 'Tambah penanda tangan' }).click();
  const secondSigner = minutes.getByRole('group', { name: 'Penanda tangan 2' });
  await secondSigner.getByLabel('Jabatan').fill('Sekretaris Panitia Seleksi');
  await secondSigner.getByLabel('Nama').fill('Maria Rumbewas, S.E.');
  await secondSigner.getByLabel('NIP').fill('199001012015032001');
  const minutesDownload = admin.waitForEvent('download', { timeout: 60_000 });
  await minutes.getByRole('button', { name: 'Buat dan unduh PDF' }).click();
  expect((await minutesDownload).suggestedFilename()).toMatch(/^berita-acara-cpns-[A-Z2-9]{10}\.pdf$/);
  await expect(minutes).toBeHidden();
  // Issue #31: a second announcement is an amendment of the first, said before it is made and
  // named in the list; the first stays as issued.
  await panel.getByRole('button', { name: 'Cetak Pengumuman' }).click();
  const amendment = admin.getByRole('dialog', { name: 'Pengumuman Hasil Seleksi Administrasi' });
  await expect(amendment.getByLabel('NIP')).toHaveValue(NIP);
  await expect(amendment).toContainText('Perubahan atas Pengumuman Nomor 800/17/BKPSDM-RA/2026');
  await amendment.getByLabel('Nomor pengumuman').fill('800/19/BKPSDM-RA/2026');
  const amendmentDownload = admin.waitForEvent('download', { timeout: 60_000 });
  await amendment.getByRole('button', { name: 'Buat dan unduh PDF' }).click();
  const kodePerubahan = (await amendmentDownload).suggestedFilename().slice('pengumuman-cpns-'.length, -'.pdf'.length);
  await expect(amendment).toBeHidden();
  await expect(panel.getByRole('row', { name: new RegExp(kodePerubahan) })).toContainText(
    'Perubahan atas Pengumuman Nomor 800/17/BKPSDM-RA/2026',
  );
  await expect(row).toContainText('Telah diubah oleh Pengumuman Nomor 800/19/BKPSDM-RA/2026');
  await panel.screenshot({ path: testInfo.outputPath('dokumen-resmi-daftar.png') });

  // The public check, on a phone, signed out.
  const visitor = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  ).newPage();
  await visitor.goto(`/cek-dokumen/${kode}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Cek Keaslian Dokumen' })).toBeVisible();
  const identitas = visitor.getByRole('region', { name: 'Pengumuman Hasil Seleksi Administrasi' });
  await expect(identitas).toContainText(kode);
  await expect(identitas).toContainText('Pemerintah Kabupaten Raja Ampat');
  await expect(identitas).toContainText('800/17/BKPSDM-RA/2026');
  await expect(identitas).toContainText('CPNS');
  // Issue #31: who signed the PDF electronically — the demo's certificate for the instansi, marked as such.
  const ttd = identitas.getByRole('row', { name: /Tanda tangan elektronik/ });
  await expect(ttd).toContainText('Pemerintah Kabupaten Raja Ampat');
  await expect(ttd).toContainText('Sertifikat demo — bukan tanda tangan elektronik resmi');
  await expect(identitas.getByRole('row', { name: /Penerbit sertifikat/ })).toContainText(
    'CA Demo Portal Verifikasi ASN',
  );
  await expect(
    visitor.getByText(/Dokumen ini telah diubah oleh Pengumuman Nomor 800\/19\/BKPSDM-RA\/2026/),
  ).toBeVisible();
  await visitor.locator('input[type="file"]').setInputFiles(file);
  await expect(visitor.getByText('Cocok: berkas ini asli dan tidak diubah')).toBeVisible();
  // The Excel copy kept with it is checked too.
  await visitor.locator('input[type="file"]').setInputFiles(xlsx);
  await expect(visitor.getByText('SHA-256 salinan Excel yang diterbitkan:')).toBeVisible();
  await expect(visitor.getByText('Cocok: berkas ini asli dan tidak diubah')).toBeVisible();

  // The list as issued, for whoever holds the paper: every applicant, then one found by a search.
  const daftar = visitor.getByRole('region', { name: 'Daftar yang diumumkan' });
  const baris = daftar.getByRole('region', { name: 'Daftar pelamar pada pengumuman' }).locator('tbody tr');
  await expect(daftar).toContainText('Baris 1–3 dari 3');
  for (const nomor of peserta) await expect(daftar.getByRole('table')).toContainText(nomor);
  const cari = daftar.getByRole('searchbox', { name: 'Cari nomor peserta atau nama' });
  const dicari = peserta[1] ?? '';
  await cari.fill(dicari.slice(0, 12));
  await cari.press('Enter');
  await expect(daftar).toContainText(/Baris 1–\d dari \d yang cocok/);
  await expect(daftar.getByRole('table')).toContainText(dicari);
  await cari.fill(dicari);
  await cari.press('Enter');
  await expect(daftar).toContainText('Baris 1–1 dari 1 yang cocok');
  // The formasi heading and the applicant's row, NIK masked as printed.
  await expect(baris).toHaveCount(2);
  await expect(baris.nth(1)).toContainText(/\d{6}\*{6}\d{4}/);
  // By name: the longest word of the name as the recap lists it, typed in lower case.
  const kata = ((nama[1] ?? '').match(/\p{L}{3,}/gu) ?? []).sort((a, b) => b.length - a.length)[0] ?? '';
  await cari.fill(kata.toLowerCase());
  await expect(daftar).toContainText(/yang cocok/);
  await expect(daftar.getByRole('table')).toContainText(dicari);
  await cari.fill('zzzqqq');
  await expect(daftar).toContainText('Tidak ada baris yang cocok dengan “zzzqqq”.');
  await cari.fill('');
  await cari.press('Enter');
  await expect(daftar).toContainText('Baris 1–3 dari 3');
  await daftar.screenshot({ path: testInfo.outputPath('cek-dokumen-daftar.png') });
  const scrollWidth = await visitor.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await visitor.screenshot({ path: testInfo.outputPath('cek-dokumen-cocok.png'), fullPage: true });

  const altered = readFileSync(file);
  const middle = Math.floor(altered.length / 2);
  altered[middle] = (altered[middle] ?? 0) ^ 0xff;
  await visitor
    .locator('input[type="file"]')
    .setInputFiles({ name: 'pengumuman-diubah.pdf', mimeType: 'application/pdf', buffer: altered });
  await expect(visitor.getByText('Tidak cocok: berkas ini berbeda dari dokumen yang diterbitkan')).toBeVisible();
  await visitor.screenshot({ path: testInfo.outputPath('cek-dokumen-tidak-cocok.png'), fullPage: true });

  // The code read off paper, typed in.
  await visitor.goto('/cek-dokumen');
  await visitor.getByLabel('Kode dokumen').fill(kode.toLowerCase());
  await visitor.getByRole('button', { name: 'Periksa' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/cek-dokumen/${kode}$`));
  await expect(visitor.getByRole('region', { name: 'Pengumuman Hasil Seleksi Administrasi' })).toContainText(kode);

  await visitor.goto('/cek-dokumen/ZZZZZZZZZZ');
  await expect(visitor.getByRole('alert')).toContainText('Kode dokumen tidak dikenal');
  // Issue #31: another code is typed right there.
  const lain = visitor.getByRole('textbox', { name: 'Periksa kode lain' });
  await expect(lain).toHaveValue('ZZZZZZZZZZ');
  await lain.fill(kode);
  await lain.press('Enter');
  await expect(visitor).toHaveURL(new RegExp(`/cek-dokumen/${kode}$`));
  await expect(visitor.getByRole('region', { name: 'Daftar yang diumumkan' })).toContainText('Baris 1–3 dari 3');
});
