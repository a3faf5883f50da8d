// Issue #5's objection cycle end to end on the demo data (Kemenkes, Nakes): the supervisor answers
// an open objection accepting every item and the applicant becomes MS; wasdal finds the answer
// and flags it with a note; the Nakes admin resets it and the applicant is TMS again, the
// objection open for a new answer. Screenshots of each screen go to test-results.

import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

// The steps build on each other (one objection through its whole life).
test.describe.configure({ mode: 'serial', retries: 0 });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function searchNoPeserta(page: Page, noPeserta: string) {
  await page.getByLabel('Cari').fill(noPeserta);
  // The search applies after its debounce: wait for the one-row page before touching it.
  await expect(page.getByText('1–1 dari 1 data')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: noPeserta })).toHaveCount(1);
}

test('an objection answered, flagged by wasdal and reset by the Nakes admin', async ({ browser }) => {
  test.setTimeout(240_000);
  // The supervisor answers the first open objection, accepting every item.
  const supervisor = await (await browser.newContext()).newPage();
  await signIn(supervisor, 'supervisor.nakes');
  await supervisor.goto('/nakes/sanggah');
  await expect(supervisor.getByTestId('tenggat')).toContainText('Sisa waktu jawab sanggah');
  // Issue #32: the answerer lands on the objections still waiting, not on everything.
  await expect(supervisor).toHaveURL(/\/nakes\/sanggah\?f\.status=DIAJUKAN$/);
  await expect(supervisor.getByRole('radio', { name: /^Diajukan/ })).toBeChecked();
  const firstRow = supervisor.locator('tbody tr').filter({ hasText: 'Diajukan' }).first();
  await expect(firstRow).toBeVisible();
  // Row checkboxes only on lists with a bulk action: the number is the first cell here.
  const noPeserta = ((await firstRow.getByRole('cell').nth(0).textContent()) ?? '').trim();
  expect(noPeserta).toMatch(/^\d+$/);
  await shot(supervisor, '1-daftar-sanggah');
  await firstRow.click();
  await expect(supervisor).toHaveURL(/\/nakes\/sanggah\/detail\?id=\d+$/);
  const sanggahId = new URL(supervisor.url()).searchParams.get('id');
  const items = supervisor.getByTestId('butir-sanggah');
  await expect(items.first()).toBeVisible();
  await expect(supervisor.getByTestId('status-sanggah')).toHaveText('Diajukan');
  // The document in question is on screen beside the items.
  await expect(supervisor.locator('canvas, img').first()).toBeVisible({ timeout: 20_000 });
  const count = await items.count();
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    await item.getByText('Terima', { exact: true }).click();
    await item
      .getByLabel('Alasan jawaban (wajib)')
      .fill('Dokumen yang dirujuk memenuhi syarat setelah diperiksa ulang.');
  }
  await shot(supervisor, '2-jawab-sanggah');
  await supervisor.keyboard.press('Control+Enter');
  const confirm = supervisor.getByRole('dialog', { name: 'Kirim jawaban sanggah' });
  await expect(confirm).toContainText('status pelamar menjadi Memenuhi Syarat');
  await confirm.getByRole('button', { name: 'Kirim jawaban' }).click();
  // Issue #32: the next waiting objection of the list opens (or, when none is left, the list in
  // the view it was left in), and the toast names whose objection was answered.
  await expect(
    supervisor.getByText(/Jawaban untuk .+ terkirim: sanggah diterima\. Status pelamar kini Memenuhi Syarat\./),
  ).toBeVisible();
  await expect(supervisor).toHaveURL(/\/nakes\/sanggah(\/detail\?id=\d+|\?f\.status=DIAJUKAN)$/);
  if (supervisor.url().includes('/detail')) {
    expect(new URL(supervisor.url()).searchParams.get('id')).not.toBe(sanggahId);
    await expect(supervisor.getByTestId('status-sanggah')).toHaveText('Diajukan');
  }
  await supervisor.goto(`/nakes/sanggah/detail?id=${sanggahId}`);
  await expect(supervisor.getByTestId('status-sanggah')).toHaveText('Diterima');
  await expect(supervisor.getByText('Memenuhi Syarat', { exact: false }).first()).toBeVisible();
  await expect(supervisor.getByText('Status berubah karena sanggah diterima')).toBeVisible();

  // Wasdal finds the answer among every instansi's and flags it.
  const wasdal = await (await browser.newContext()).newPage();
  await signIn(wasdal, 'wasdal');
  await wasdal.goto('/nakes/sanggah');
  await expect(wasdal.getByRole('columnheader', { name: 'Instansi' })).toBeVisible();
  await searchNoPeserta(wasdal, noPeserta);
  await wasdal.getByRole('row').filter({ hasText: noPeserta }).click();
  await expect(wasdal.getByTestId('status-sanggah')).toHaveText('Diterima');
  await expect(wasdal.getByRole('button', { name: 'Kirim jawaban' })).toHaveCount(0);
  await wasdal.getByText('Ditandai', { exact: true }).click();
  await wasdal.getByRole('button', { name: 'Simpan pemeriksaan' }).click();
  await expect(wasdal.getByRole('alert')).toContainText('Catatan wajib diisi');
  await wasdal.getByLabel('Catatan (wajib bila ditandai)').fill('Alasan penerimaan tidak menyebut dokumen pendukung.');
  await wasdal.getByRole('button', { name: 'Simpan pemeriksaan' }).click();
  await expect(wasdal.getByText('Pemeriksaan tersimpan.')).toBeVisible();
  await expect(wasdal.getByText(/^oleh Teguh Santoso pada /)).toBeVisible();
  await expect(wasdal.getByText('Alasan penerimaan tidak menyebut dokumen pendukung.').first()).toBeVisible();
  await shot(wasdal, '3-wasdal-menandai');

  // The Nakes admin resets the answer: the objection is open again and the applicant TMS.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin.nakes');
  await admin.goto('/nakes/admin-reset-jawab-sanggah');
  await searchNoPeserta(admin, noPeserta);
  await expect(admin.getByRole('row').filter({ hasText: noPeserta })).toContainText('Ditandai');
  await admin.getByRole('row').filter({ hasText: noPeserta }).click();
  await admin.getByRole('button', { name: 'Reset ke Diajukan' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Reset jawaban sanggah' });
  await expect(dialog.getByRole('button', { name: 'Reset ke Diajukan' })).toBeDisabled();
  await dialog.getByLabel('Alasan reset (wajib)').fill('Ditandai wasdal: jawaban perlu ditinjau ulang.');
  await shot(admin, '4-reset');
  await dialog.getByRole('button', { name: 'Reset ke Diajukan' }).click();
  await expect(admin).toHaveURL(new RegExp(`/nakes/admin-reset-jawab-sanggah\\?q=${noPeserta}$`));
  await expect(admin.getByText('1 jawaban direset.')).toBeVisible();
  await admin.getByLabel('Cari').fill(noPeserta);
  await expect(admin.getByText('Tidak ada data').first()).toBeVisible();
  await admin.goto('/nakes/rekap-pelamar');
  await searchNoPeserta(admin, noPeserta);
  await expect(admin.getByRole('row').filter({ hasText: noPeserta })).toContainText('TMS');

  // The supervisor sees it open again, with the old answer in the trail.
  await supervisor.goto(`/nakes/sanggah/detail?id=${sanggahId}`);
  await expect(supervisor.getByTestId('status-sanggah')).toHaveText('Diajukan');
  await expect(supervisor.getByRole('button', { name: 'Kirim jawaban' })).toBeVisible();
  await expect(supervisor.getByText('Jawaban sanggah direset')).toBeVisible();
  await shot(supervisor, '5-terbuka-lagi');
});
