// Issue #5, Non-ASN: the Bogor admin (admin.pppk) answers for the instansi's non-ASN records – one
// on its detail page with the keyboard, three at once from the list – each under the SPTJM, and the
// national monitor's confirmation dashboard moves by exactly that many; the monitor (nonasn.bkn)
// sees every instansi read-only. Screenshots go to test-results/ for a look.
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

const BOGOR = 4;
const table = (page: Page) => page.getByRole('table', { name: 'Data Non ASN' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const SPTJM = /Surat Pernyataan Tanggung Jawab Mutlak/;

/** The dashboard's numbers for Bogor, as the monitor sees them. */
async function bogorStats(page: Page) {
  await page.goto(`/pppk/dashboard-konfirmasi?f.instansiId=${BOGOR}`);
  await expect(
    page.getByRole('table', { name: 'Kemajuan per instansi dan kategori' }).locator('tbody tr').first(),
  ).toContainText('Pemerintah Kabupaten Bogor');
  const read = async (testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/\./g, ''));
  return {
    dikonfirmasi: await read('stat-dikonfirmasi'),
    belum: await read('stat-belum'),
    total: await read('stat-total'),
  };
}

test('the instansi admin confirms one record and three in bulk; the national dashboard moves', async ({ browser }) => {
  test.setTimeout(150_000);
  const monitor = await (await browser.newContext()).newPage();
  await signIn(monitor, 'nonasn.bkn');
  const before = await bogorStats(monitor);
  expect(before.belum).toBeGreaterThan(4);
  await monitor.screenshot({ path: 'test-results/nonasn-dashboard-sebelum.png', fullPage: true });

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin.pppk');
  await admin.goto('/pppk/rekap-nonasn?f.statusKonfirmasi=BELUM');
  await expect(admin.getByTestId('tenggat')).toContainText('konfirmasi Non ASN');
  await expect(bodyRows(admin)).toHaveCount(10);
  await admin.screenshot({ path: 'test-results/nonasn-daftar-admin.png', fullPage: true });

  // One record, on its detail page, with the keyboard: the name link, the SPTJM tick, save.
  const first = bodyRows(admin).first().getByRole('link');
  const name = await first.innerText();
  await first.focus();
  await admin.keyboard.press('Enter');
  await expect(admin).toHaveURL(/\/pppk\/rekap-nonasn\/detail\?id=\d+$/);
  const recordId = new URL(admin.url()).searchParams.get('id');
  await expect(admin.getByTestId('nama-nonasn')).toHaveText(name);
  // Without the SPTJM statement nothing is sent.
  await admin.getByRole('button', { name: 'Simpan' }).press('Enter');
  await expect(admin.getByText('Centang pernyataan SPTJM untuk melanjutkan.')).toBeVisible();
  await admin.getByRole('checkbox', { name: SPTJM }).press('Space');
  await admin.screenshot({ path: 'test-results/nonasn-detail-form.png', fullPage: true });
  await admin.getByRole('button', { name: 'Simpan' }).press('Enter');
  await expect(admin.getByText(`Konfirmasi untuk ${name} tersimpan.`)).toBeVisible();
  // The next unanswered record of the list opens at the top, its name focused (issue #32).
  await expect(admin.getByTestId('nama-nonasn')).not.toHaveText(name);
  await expect(admin).not.toHaveURL(new RegExp(`id=${recordId}$`));
  await admin.goto(`/pppk/rekap-nonasn/detail?id=${recordId}`);
  await expect(admin.getByLabel('Riwayat konfirmasi')).toContainText('Konfirmasi: Belum dikonfirmasi → Dikonfirmasi');
  await expect(admin.getByLabel('Riwayat konfirmasi')).toContainText('Hendra Gunawan');
  await admin.screenshot({ path: 'test-results/nonasn-detail-tersimpan.png', fullPage: true });

  // Three at once from the list: select, answer in the dialog under the SPTJM.
  await admin.getByRole('link', { name: 'Kembali ke Data Non ASN' }).click();
  await admin.goto('/pppk/rekap-nonasn?f.statusKonfirmasi=BELUM');
  await expect(bodyRows(admin).first()).not.toContainText(name);
  const picked: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const row = bodyRows(admin).nth(index);
    picked.push(await row.getByRole('link').innerText());
    await row.getByRole('checkbox').check();
  }
  await admin.getByRole('button', { name: 'Konfirmasi 3 terpilih' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Konfirmasi Data Non ASN' });
  await expect(dialog).toContainText('3 data akan ditandai "Dikonfirmasi"');
  await dialog.getByRole('checkbox', { name: SPTJM }).check();
  await admin.screenshot({ path: 'test-results/nonasn-massal.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Konfirmasi (diusulkan)' }).click();
  await expect(admin.getByText('3 data tersimpan.')).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const nama of picked) await expect(table(admin)).not.toContainText(nama);

  // Not proposed needs a reason.
  await bodyRows(admin).first().getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Tidak diusulkan (1)' }).click();
  const tolak = admin.getByRole('dialog', { name: 'Tidak mengusulkan Data Non ASN' });
  await tolak.getByRole('checkbox', { name: SPTJM }).check();
  await tolak.getByRole('button', { name: 'Tidak diusulkan' }).click();
  await expect(tolak.getByText('Alasan wajib diisi untuk data yang tidak diusulkan.')).toBeVisible();
  await tolak.getByRole('button', { name: 'Batal' }).click();

  const after = await bogorStats(monitor);
  expect(after.total).toBe(before.total);
  expect(after.dikonfirmasi).toBe(before.dikonfirmasi + 4);
  expect(after.belum).toBe(before.belum - 4);
  await monitor.screenshot({ path: 'test-results/nonasn-dashboard-sesudah.png', fullPage: true });
});

test('the BKN monitor sees every instansi, read-only', async ({ page }) => {
  await signIn(page, 'nonasn.bkn');
  await page.goto('/pppk/rekap-nonasn?size=100');
  await expect(bodyRows(page)).toHaveCount(100);
  await expect(
    page.getByText('Akun Anda hanya dapat melihat Data Non ASN; konfirmasi dilakukan oleh admin instansi.'),
  ).toBeVisible();
  // Monitors see masked NIKs and the instansi of each record.
  await expect(bodyRows(page).first().locator('td').nth(1)).toHaveText(/^\d{6}\*{6}\d{4}$/);
  await page.getByRole('button', { name: 'Urutkan menurut Nama' }).click();
  await expect(page).toHaveURL(/sort=nama\.asc/);
  await expect
    .poll(async () => new Set(await bodyRows(page).locator('td:last-child').allTextContents()).size)
    .toBeGreaterThan(1);
  await bodyRows(page).first().getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: /Konfirmasi \d+ terpilih/ })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/nonasn-daftar-monitor.png', fullPage: true });
  await bodyRows(page).first().getByRole('link').click();
  await expect(page.getByTestId('nama-nonasn')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Simpan' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: SPTJM })).toHaveCount(0);

  await page.goto('/pppk/dashboard-konfirmasi?sort=persen.desc');
  const rows = page.getByRole('table', { name: 'Kemajuan per instansi dan kategori' }).locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect
    .poll(async () => new Set(await rows.locator('td:nth-child(1)').allTextContents()).size)
    .toBeGreaterThan(1);
  await expect(page.getByTestId('stat-total')).not.toHaveText('0');
  await page.screenshot({ path: 'test-results/nonasn-dashboard-monitor.png', fullPage: true });
});
