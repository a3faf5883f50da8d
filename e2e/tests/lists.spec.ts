// Issue #3: a monitor works a recap list end to end – filters, sorts, searches, pages, changes the
// page size – and the view lives in the URL, so reload and back return to it. Rows are selected
// where a bulk action needs them (the supervisor's queue, issue #19: no checkboxes without one).
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { MENU, signIn } from './helpers';

const table = (page: Page) => page.getByRole('table', { name: 'Rekap Seluruh Pelamar' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const range = (page: Page) => page.getByText(/^\d[\d.]*–[\d.]+ dari [\d.]+ data$|^0 data$/);

test('a monitor filters, sorts, searches and pages on the recap; the view survives reload and back', async ({
  page,
}) => {
  // Many steps, each a round trip: the default 30 s ran out on a loaded two-core machine.
  test.setTimeout(150_000);
  await signIn(page, 'monitor.cpns');
  await page.goto('/cpns/rekap-pelamar');
  await expect(bodyRows(page)).toHaveCount(10);
  await expect(range(page)).toHaveText(/^1–10 dari [\d.]+ data$/);
  // Monitoring roles see masked NIKs.
  await expect(bodyRows(page).first().locator('td').nth(1)).toHaveText(/^\d{6}\*{6}\d{4}$/);
  // No bulk action on the recap, so no row checkboxes.
  await expect(table(page).getByRole('checkbox')).toHaveCount(0);

  await page.locator('label', { hasText: /^Tidak Memenuhi Syarat/ }).click();
  await expect(page).toHaveURL(/f\.statusVerifikasi=TMS/);
  await expect(bodyRows(page).first()).toContainText('TMS');

  await page.getByRole('button', { name: 'Urutkan menurut Nama' }).click();
  await expect(page).toHaveURL(/sort=nama\.asc/);
  // The sorted page replaces the previous one when it arrives.
  await expect
    .poll(async () => {
      const names = await bodyRows(page).locator('td:nth-child(3)').allTextContents();
      return names.every((name, index) => index === 0 || (names[index - 1] ?? '').localeCompare(name, 'id') <= 0);
    })
    .toBe(true);

  await page.getByRole('button', { name: 'Halaman 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(range(page)).toHaveText(/^11–20 dari/);

  await page.getByLabel('Baris per halaman').first().click();
  await page.getByRole('option', { name: '50' }).click();
  await expect(page).toHaveURL(/size=50/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(range(page)).toHaveText(/^1–50 dari/);

  const first = (await bodyRows(page).first().locator('td:nth-child(3)').textContent()) ?? '';
  const word = first.split(/[ ,]/)[0] ?? '';
  await page.getByLabel('Cari').fill(word.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`q=${word.toLowerCase()}`));
  await expect(bodyRows(page).first()).toContainText(word);
  const view = page.url();

  await page.reload();
  await expect(page.getByLabel('Cari')).toHaveValue(word.toLowerCase());
  await expect(page.getByRole('radio', { name: /^Tidak Memenuhi Syarat/ })).toBeChecked();
  await expect(bodyRows(page).first()).toContainText(word);

  await page.locator(MENU).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goBack();
  await expect(page).toHaveURL(view);
  await expect(bodyRows(page).first()).toContainText(word);

  // The current view downloads as CSV and Excel.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('rekap-pelamar-cpns.csv');
  const csvText = readFileSync((await csv.path()) as string, 'utf8');
  expect(csvText.split('\r\n')[0]).toContain('Nomor Peserta;NIK;Nama');
  expect(csvText).toContain(word);
  await expect(page.getByText('Berkas selesai diunduh.')).toBeVisible();
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe('rekap-pelamar-cpns.xlsx');
  expect(
    readFileSync((await xlsx.path()) as string)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  // A row opens the applicant's full data and documents; "back" returns to the same view.
  await bodyRows(page).first().locator('td:nth-child(3)').click();
  await expect(page).toHaveURL(/\/cpns\/rekap-pelamar\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(word) })).toBeVisible();
  await expect(page.getByText(/^\d{6}\*{6}\d{4}$/)).toBeVisible();
  await page.getByRole('button', { name: 'Lihat KTP' }).click();
  // PDFs are drawn page by page (pdf.js) in the viewer of the verification screens.
  await expect(
    page.getByRole('dialog', { name: 'KTP' }).getByRole('img', { name: 'KTP – Halaman 1 dari 1' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Lihat Pas foto' }).click();
  await expect(page.getByRole('dialog', { name: 'Pas foto' }).getByRole('img', { name: 'Pas foto' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Kembali ke daftar' }).click();
  await expect(page).toHaveURL(view);
  await expect(page.getByLabel('Cari')).toHaveValue(word.toLowerCase());

  await page.getByRole('button', { name: 'Atur ulang' }).click();
  await expect(page).toHaveURL(/\/cpns\/rekap-pelamar$/);
  await expect(page.getByLabel('Cari')).toHaveValue('');
});

test('a failed list call shows the error with a retry and the empty fallback', async ({ page }) => {
  await signIn(page, 'admin.cpns');
  let fail = true;
  await page.route('**/api/cpns/admin/filter', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":"INTERNAL","message":"Terjadi kesalahan pada server. Silakan coba lagi."}',
        })
      : route.continue(),
  );
  await page.goto('/cpns/rekap-pelamar');
  await expect(page.getByRole('alert')).toContainText('Terjadi kesalahan pada server');
  // One state at a time (issue #19): the error, not "Tidak ada data" under it.
  await expect(page.getByText('Tidak ada data')).toHaveCount(0);
  await expect(range(page)).toHaveText('0 data');
  fail = false;
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(bodyRows(page)).toHaveCount(10);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('rows are selected on a list with a bulk action: all of the page, or one, and counted', async ({ page }) => {
  await signIn(page, 'supervisor.cpns');
  await page.goto('/cpns/supervisi?size=50');
  const rows = page.locator('tbody tr');
  // Each load resets the selection to the loaded rows (spec §4): select once the rows have arrived.
  await expect(range(page)).toHaveText(/^1–\d+ dari/, { timeout: 30_000 });
  await expect(rows.first().getByRole('checkbox')).toBeVisible();
  await page.getByLabel('Pilih semua baris di halaman ini').check();
  await expect(page.getByText(/baris dipilih$/)).toHaveText(/^\d+ baris dipilih$/);
  await page.getByLabel('Pilih semua baris di halaman ini').uncheck();
  await rows.first().getByRole('checkbox').check();
  await expect(page.getByText('1 baris dipilih')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Setujui 1 terpilih' })).toBeVisible();
});

test('a row is a real link: focusable, and its address opens the detail in a new tab', async ({ page, context }) => {
  await signIn(page, 'admin.cpns');
  await page.goto('/cpns/rekap-pelamar?f.statusVerifikasi=TMS');
  const link = bodyRows(page).first().getByRole('link');
  await expect(link).toHaveAttribute('href', /^\/cpns\/rekap-pelamar\/detail\?id=\d+$/);
  await link.focus();
  await expect(link).toBeFocused();
  const opened = context.waitForEvent('page');
  await link.click({ modifiers: ['Control'] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/cpns\/rekap-pelamar\/detail\?id=\d+$/);
  await tab.close();
  await expect(page).toHaveURL(/\/cpns\/rekap-pelamar\?f\.statusVerifikasi=TMS$/);
  await link.press('Enter');
  await expect(page).toHaveURL(/\/cpns\/rekap-pelamar\/detail\?id=\d+$/);
  // Back: the list, its filter, and a search box that agrees with the URL.
  await page.goBack();
  await expect(page.getByRole('radio', { name: /^Tidak Memenuhi Syarat/ })).toBeChecked();
  await expect(page.getByLabel('Cari')).toHaveValue('');
});

test('date filters are entered and shown as DD/MM/YYYY in Indonesian', async ({ page }) => {
  await signIn(page, 'admin.cpns');
  await page.goto('/cpns/rekap-pelamar');
  await expect(bodyRows(page)).toHaveCount(10);
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
  const dari = page.getByLabel('Daftar dari');
  await dari.click();
  // The calendar speaks Indonesian ("November 2026"), weeks from Monday ("Sen").
  await expect(
    page.getByText(/^(Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}$/),
  ).toBeVisible();
  await dari.fill('01/01/2020');
  await dari.press('Enter');
  await expect(page).toHaveURL(/f\.tglDaftarDari=2020-01-01/);
  await expect(dari).toHaveValue('01/01/2020');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the recap list is usable: the table scrolls inside its box, the page does not', async ({ page }) => {
    await signIn(page, 'admin.cpns');
    await page.goto('/cpns/rekap-pelamar');
    await expect(bodyRows(page)).toHaveCount(10);
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: innerWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(width);
    await page.getByRole('button', { name: 'Halaman 2' }).click();
    await expect(range(page)).toHaveText(/^11–20 dari/);
  });
});

// Issue #33: a view of more rows than EKSPOR_LANGSUNG_MAKS (200 in this suite) is made on the job
// queue: the screen follows the job, then downloads the file; after a reload it finds it again.
test('a large export is made on the job queue, followed, and found again after a reload', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'monitor.cpns');
  await page.goto('/cpns/rekap-pelamar');
  await expect(range(page)).toHaveText(/^1–10 dari [\d.]+ data$/);
  const total = Number(
    (/dari ([\d.]+) data$/.exec((await range(page).textContent()) ?? '')?.[1] ?? '0').replaceAll('.', ''),
  );
  expect(total).toBeGreaterThan(200);
  const progress = page.getByRole('status').filter({ hasText: /Menunggu giliran|Menyiapkan berkas/ });

  const csvDownload = page.waitForEvent('download', { timeout: 90_000 });
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/cpns/admin/export'));
  await page.getByRole('button', { name: 'Unduh CSV' }).click();
  expect((await asked).status()).toBe(202);
  await expect(progress).toBeVisible();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^rekap-pelamar-cpns-\d{8}\.csv$/);
  const lines = readFileSync((await csv.path()) as string, 'utf8')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toContain('Nomor Peserta;NIK;Nama');
  expect(lines).toHaveLength(total + 1);
  await expect(page.getByText('Berkas selesai diunduh.')).toBeVisible();

  // Excel, and a reload as soon as the job is there: the screen follows it again, or offers its file.
  const xlsxDownload = page.waitForEvent('download', { timeout: 90_000 });
  const askedXlsx = page.waitForResponse((r) => r.url().endsWith('/api/cpns/admin/export'));
  await page.getByRole('button', { name: 'Unduh Excel' }).click();
  expect((await askedXlsx).status()).toBe(202);
  await page.reload();
  const ready = page.getByRole('button', { name: 'Unduh berkas' });
  await expect(ready.or(progress).first()).toBeVisible({ timeout: 30_000 });
  if (await ready.isVisible()) {
    await expect(page.getByText(/^Berkas unduhan siap: rekap-pelamar-cpns-\d{8}\.xlsx \([\d,]+ MB\)$/)).toBeVisible();
    await ready.click();
  }
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^rekap-pelamar-cpns-\d{8}\.xlsx$/);
  expect(
    readFileSync((await xlsx.path()) as string)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
});
