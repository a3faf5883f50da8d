// Score objections end to end on the demo data: the Nakes supervisor accepts a teknis objection
// with a corrected value (it waits for approval), wasdal approves it and the detail shows the
// score changed with the old value kept; the SKD answerer rejects a CPNS objection.
// Screenshots of each screen go to test-results.

import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

test.describe.configure({ mode: 'serial', retries: 0 });

/** A full-page screenshot once the splash of a fresh load has faded out. */
async function shot(page: Page, name: string) {
  await expect(page.locator('#splash')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** "85" or "85,5" as a number. */
const angka = (text: string | null) => Number((text ?? '').trim().replace(/\./g, '').replace(',', '.'));

test('a teknis objection accepted by the Nakes supervisor and approved by wasdal corrects the score', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const supervisor = await (await browser.newContext()).newPage();
  await signIn(supervisor, 'supervisor.nakes');
  // An objection about the objector's own score, so the correction shows on the trail on screen.
  await supervisor.goto('/nakes/sanggah-nilai?f.komponen=TEKNIS&f.terkait=false');
  await expect(supervisor.getByTestId('tenggat')).toContainText('Sisa waktu jawab sanggah nilai');
  await supervisor.locator('label', { hasText: /^Diajukan \(\d+\)$/ }).click();
  await expect(supervisor.getByRole('radio', { name: /^Diajukan/ })).toBeChecked();
  const firstRow = supervisor.locator('tbody tr').filter({ hasText: 'Diajukan' }).first();
  await expect(firstRow).toContainText('Kompetensi teknis');
  await expect(firstRow).toContainText('Sendiri');
  await shot(supervisor, '1-daftar-sanggah-nilai');
  await firstRow.click();
  await expect(supervisor).toHaveURL(/\/nakes\/sanggah-nilai\/detail\?id=\d+$/);
  const sanggahId = new URL(supervisor.url()).searchParams.get('id');
  await expect(supervisor.getByTestId('status-sanggah-nilai')).toHaveText('Diajukan');
  await expect(supervisor.getByTestId('komponen')).toHaveText('Kompetensi teknis');
  const teknis = supervisor.locator('[data-disanggah] td').nth(1);
  const lama = angka(await teknis.textContent());
  expect(lama).toBeGreaterThan(0);
  const baru = lama <= 490 ? lama + 7.5 : lama - 7.5;

  // Accepting needs the proposed value; the draft form is driven by keyboard where it can be.
  await supervisor.getByText('Terima', { exact: true }).click();
  await supervisor.getByLabel(/^Nilai usulan/).fill(String(baru).replace('.', ','));
  await supervisor.keyboard.press('Control+Enter');
  await expect(supervisor.getByRole('alert')).toContainText('Alasan wajib diisi');
  await supervisor
    .getByLabel('Alasan jawaban (wajib)')
    .fill('Pencocokan dengan log sistem CAT menunjukkan satu butir belum terhitung.');
  await shot(supervisor, '2-jawab-sanggah-nilai');
  await supervisor.keyboard.press('Control+Enter');
  const confirm = supervisor.getByRole('dialog', { name: 'Kirim jawaban sanggah nilai' });
  await expect(confirm).toContainText('Sanggah DITERIMA');
  await expect(confirm).toContainText('disetujui wasdal BKN');
  await confirm.getByRole('button', { name: 'Kirim jawaban' }).click();
  // The next waiting objection opens (issue #32), or the list in the view it was left in; the
  // toast names whose objection was answered.
  await expect(supervisor.getByText(/^Jawaban untuk .+ terkirim: menunggu persetujuan\.$/)).toBeVisible();
  await expect(supervisor).toHaveURL(/\/nakes\/sanggah-nilai(\/detail\?id=\d+|\?(.+&)?f\.status=DIAJUKAN(&.+)?)$/);

  // Wasdal sees it among every instansi's and approves it.
  const wasdal = await (await browser.newContext()).newPage();
  await signIn(wasdal, 'wasdal');
  await wasdal.goto('/nakes/sanggah-nilai');
  await expect(wasdal.getByRole('columnheader', { name: 'Instansi' })).toBeVisible();
  await wasdal.goto(`/nakes/sanggah-nilai/detail?id=${sanggahId}`);
  await expect(wasdal.getByTestId('status-sanggah-nilai')).toHaveText('Menunggu persetujuan');
  await expect(wasdal.getByRole('button', { name: 'Kirim jawaban' })).toHaveCount(0);
  const fmt = (value: number) => value.toLocaleString('id-ID', { maximumFractionDigits: 2 });
  await expect(wasdal.getByTestId('koreksi-usulan')).toContainText(`${fmt(lama)}`);
  await expect(wasdal.getByTestId('koreksi-usulan')).toContainText(`${fmt(baru)}`);
  await wasdal.getByText('Setujui', { exact: true }).click();
  await wasdal.getByLabel('Alasan persetujuan (wajib)').fill('Sesuai berita acara pemeriksaan ulang log CAT.');
  await wasdal.getByRole('button', { name: 'Simpan persetujuan' }).click();
  const approve = wasdal.getByRole('dialog', { name: 'Simpan persetujuan sanggah nilai' });
  await expect(approve).toContainText(`diubah dari ${fmt(lama)} menjadi ${fmt(baru)}`);
  await approve.getByRole('button', { name: 'Simpan persetujuan' }).click();
  await expect(wasdal.getByText('Persetujuan tersimpan: disetujui.')).toBeVisible();
  await expect(wasdal.getByTestId('status-sanggah-nilai')).toHaveText('Disetujui');
  await expect(wasdal.getByTestId('nilai-dikoreksi')).toHaveText(`${fmt(lama)} → ${fmt(baru)}`);
  await expect(wasdal.getByTestId('nilai-lama-baru')).toContainText(fmt(baru));

  // The supervisor sees the corrected score, the old one kept, and the trail.
  await supervisor.goto(`/nakes/sanggah-nilai/detail?id=${sanggahId}`);
  await expect(supervisor.getByTestId('status-sanggah-nilai')).toHaveText('Disetujui');
  await expect(supervisor.getByTestId('nilai-dikoreksi')).toHaveText(`${fmt(lama)} → ${fmt(baru)}`);
  await expect(supervisor.getByText('Nilai dikoreksi karena sanggah nilai')).toBeVisible();
  await shot(supervisor, '3-sanggah-nilai-disetujui');
});

test('the SKD answerer rejects a CPNS objection', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'penjawab.skd');
  await page.goto('/cpns/sanggah-nilai');
  await expect(page.getByRole('columnheader', { name: 'Instansi' })).toBeVisible();
  await page.locator('label', { hasText: /^Diajukan \(\d+\)$/ }).click();
  const firstRow = page.locator('tbody tr').filter({ hasText: 'Diajukan' }).first();
  await expect(firstRow).toBeVisible();
  await firstRow.click();
  await expect(page).toHaveURL(/\/cpns\/sanggah-nilai\/detail\?id=\d+$/);
  const sanggahId = new URL(page.url()).searchParams.get('id');
  await expect(page.getByTestId('komponen')).toHaveText(/^(TWK|TIU|TKP)$/);
  await expect(page.getByText(/NIK \d{6}\*{6}\d{4}/)).toBeVisible();
  await page.getByText('Tolak', { exact: true }).click();
  await page.getByLabel('Alasan jawaban (wajib)').fill('Nilai sudah dicocokkan dengan log sistem CAT dan sesuai.');
  await page.getByRole('button', { name: 'Kirim jawaban' }).click();
  const confirm = page.getByRole('dialog', { name: 'Kirim jawaban sanggah nilai' });
  await expect(confirm).toContainText('Sanggah DITOLAK');
  await confirm.getByRole('button', { name: 'Kirim jawaban' }).click();
  await expect(page.getByText(/^Jawaban untuk .+ terkirim: ditolak\.$/)).toBeVisible();
  await page.goto(`/cpns/sanggah-nilai/detail?id=${sanggahId}`);
  await expect(page.getByTestId('status-sanggah-nilai')).toHaveText('Ditolak');
  await expect(page.getByText('Sanggah nilai dijawab').first()).toBeVisible();
  await shot(page, '4-sanggah-nilai-ditolak');
});
