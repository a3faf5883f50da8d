// Issue #5's affirmation points end to end on the demo data (Kemenkes, Nakes): the checker opens a
// claim waiting for a decision, sees its evidence, decides VALID by keyboard and the applicant's
// AFIRMASI score changes by the category's points; the supervisor accepts an objection against a
// TIDAK_VALID decision (sanggah afirmasi) and the claim becomes VALID. Screenshots go to test-results.

import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** A number as the screens write it ("1.234,5", issue #32). */
const angka = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.') || '0');

test('a checker validates an affirmation claim and the score changes', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'checker.nakes');
  await page.goto('/nakes/afirmasi-admin');
  await expect(page.getByTestId('tenggat')).toBeVisible();
  await page.locator('label', { hasText: /^Belum diperiksa \(\d+\)$/ }).click();
  await expect(page.getByRole('radio', { name: /^Belum diperiksa/ })).toBeChecked();
  const firstRow = page.locator('tbody tr').filter({ hasText: 'Belum diperiksa' }).first();
  await expect(firstRow).toBeVisible();
  await shot(page, '1-daftar-afirmasi');
  await firstRow.click();
  await expect(page).toHaveURL(/\/nakes\/afirmasi-admin\/detail\?id=\d+$/);
  const klaimId = new URL(page.url()).searchParams.get('id');
  await expect(page.getByTestId('status-afirmasi')).toHaveText('Belum diperiksa');
  // The evidence is in the viewer beside the claim.
  await expect(page.locator('canvas, img').first()).toBeVisible({ timeout: 20_000 });
  const before = angka(await page.getByTestId('nilai-afirmasi').textContent());
  const poin = Number(
    (
      (await page
        .getByText(/% nilai teknis maks\./)
        .first()
        .textContent()) ?? ''
    ).match(/\d+/)?.[0],
  );

  // V chooses VALID (outside a text field), the reason is typed, Ctrl+Enter asks to confirm.
  await page.getByTestId('nama-pelamar').click();
  await page.keyboard.press('v');
  await expect(page.getByRole('radio', { name: 'Valid', exact: true })).toBeChecked();
  await page.getByLabel('Alasan (wajib)').fill('Surat keterangan sah, ditandatangani pejabat berwenang.');
  await page.keyboard.press('Control+Enter');
  const confirm = page.getByRole('dialog', { name: 'Simpan keputusan klaim afirmasi' });
  await expect(confirm).toContainText('nilai afirmasi pelamar dihitung ulang');
  await shot(page, '2-konfirmasi-afirmasi');
  await confirm.getByRole('button', { name: 'Simpan keputusan' }).click();
  await expect(page.getByText(/Keputusan tersimpan; nilai afirmasi/)).toBeVisible();
  // The next claim still to check opens (issue #32); the checked one shows its new state.
  await expect(page).not.toHaveURL(new RegExp(`id=${klaimId}$`));
  await page.goto(`/nakes/afirmasi-admin/detail?id=${klaimId}`);
  await expect(page.getByTestId('status-afirmasi')).toHaveText('Valid');
  // The claim's points (percent of the maximum teknis 500), within the track's cap (20 % = 100).
  const after = angka(await page.getByTestId('nilai-afirmasi').textContent());
  expect(after).toBe(Math.min(100, Math.max(before, 0) + poin * 5));
  expect(after).toBeGreaterThanOrEqual(before);
  await expect(page.getByText('Pemeriksaan klaim afirmasi').first()).toBeVisible();
  await shot(page, '3-afirmasi-valid');
});

test('a supervisor accepts an objection against the checker and the claim becomes valid', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'supervisor.nakes');
  await page.goto('/nakes/sanggah-afirmasi');
  await expect(page.getByTestId('tenggat')).toContainText('jawab sanggah afirmasi');
  await page.locator('label', { hasText: /^Diajukan \(\d+\)$/ }).click();
  const firstRow = page.locator('tbody tr').filter({ hasText: 'Diajukan' }).first();
  await expect(firstRow).toBeVisible();
  await firstRow.click();
  await expect(page).toHaveURL(/\/nakes\/sanggah-afirmasi\/detail\?id=\d+$/);
  const items = page.getByTestId('butir-sanggah');
  await expect(items.first()).toContainText('Keputusan checker');
  await expect(items.first()).toContainText('Tidak valid');
  await expect(page.locator('canvas, img').first()).toBeVisible({ timeout: 20_000 });
  await shot(page, '4-sanggah-afirmasi');
  const count = await items.count();
  for (let index = 0; index < count; index += 1) {
    await items.nth(index).getByText('Terima', { exact: true }).click();
    await items.nth(index).getByLabel('Alasan jawaban (wajib)').fill('Bukti yang dirujuk sah setelah diperiksa ulang.');
  }
  await page.keyboard.press('Control+Enter');
  const confirm = page.getByRole('dialog', { name: 'Kirim jawaban sanggah' });
  await expect(confirm).toContainText('klaim afirmasi yang disanggah menjadi VALID');
  await confirm.getByRole('button', { name: 'Kirim jawaban' }).click();
  // The next waiting objection opens (issue #32), or the list in the view it was left in.
  await expect(page.getByText('Klaim afirmasi yang diterima kini VALID.')).toBeVisible();
  await expect(page).toHaveURL(/\/nakes\/sanggah-afirmasi(\/detail\?id=\d+|\?f\.status=DIAJUKAN)$/);
});
