// Issue #35: the portal reads the documents. The demo's first waiting Nakes applicant has a KTP
// whose NIK differs from the registered one (two digits swapped, db/seed/dokumen-demo.ts); once the
// background reading has reached it, the verifier sees the finding, jumps to the region of the KTP it
// was read from, applies the matching TMS reason with one key and saves – the portal never decides.
// The scans it read are then shown at the size a screen needs, the original one click away (#32).

import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('a verifier sees a NIK read from the KTP that differs, finds it on the scan and uses it as a reason', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'verifikator.nakes');
  await page.goto('/nakes/verifikasi');
  await page.getByRole('button', { name: 'Buka berikutnya' }).click();
  await expect(page).toHaveURL(/\/nakes\/verifikasi\/detail\?id=\d+$/);
  const nama = await page.getByTestId('nama-pelamar').innerText();

  // The documents are read in the background after start: the detail follows until they are.
  const nik = page.locator('li[data-temuan-id]', { hasText: 'NIK' }).filter({ hasText: 'Berat' });
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('nama-pelamar')).toHaveText(nama);
    await expect(nik.first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 240_000, intervals: [5_000] });
  await expect(nik.first()).toContainText('Terbaca');
  await expect(nik.first()).toContainText(/tesseract\.js/);

  // Choosing the finding shows the KTP with the region it was read from outlined.
  await nik.first().getByRole('button').first().click();
  const wilayah = page.getByLabel('Wilayah terbaca: NIK');
  await expect(wilayah).toBeVisible();
  await expect(wilayah).toBeInViewport();
  await page.screenshot({ path: 'test-results/baca-dokumen-nik.png' });

  // One key uses its reason: TMS with "Dokumen tidak terbaca atau tidak sesuai"; then save.
  await nik.first().getByRole('button').first().focus();
  await page.keyboard.press('a');
  const keputusan = page.getByRole('radiogroup', { name: 'Keputusan' });
  await expect(keputusan.getByRole('radio', { name: /^TMS/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Dokumen tidak terbaca atau tidak sesuai/ })).toBeChecked();
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/Keputusan tersimpan/).first()).toBeVisible();

  // Saved as the verifier decided, and the reading is in the applicant's record.
  await page.reload();
  await expect(page.getByTestId('nama-pelamar')).toHaveText(nama);
  const tersimpan = page.locator('section, div', { has: page.getByText('Alasan TMS', { exact: true }) }).last();
  await expect(page.getByText('Tidak Memenuhi Syarat', { exact: true })).toBeVisible();
  await expect(tersimpan.getByText('Dokumen tidak terbaca atau tidak sesuai')).toBeVisible();

  // Issue #32: a scan once read is sent at the size a screen needs, its original one click away.
  const ijazah = page.getByRole('tab', { name: /Ijazah/ });
  const ringkas = page.getByText(/^Ditampilkan ringkas \(\d+ KB\)/);
  await expect(async () => {
    await page.reload();
    await ijazah.click();
    await expect(ringkas).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [5_000] });
  const dokumen = page.waitForResponse((res) => /\/dokumen\/\d+$/.test(new URL(res.url()).pathname));
  await page.getByRole('button', { name: /^Tampilkan asli \(\d+ KB\)$/ }).click();
  expect((await dokumen).status()).toBe(200);
  await expect(page.getByText(/^Ditampilkan asli \(\d+ KB\)/)).toBeVisible();
});
