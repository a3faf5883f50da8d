// The role-aware dashboard: the verifier sees their queue and their week, the card leads to the
// verification screen; the admin sees the instansi's statuses, supervision and objections. Each
// at desktop width and on a 390 px phone; screenshots go to test-results/ for a look.
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const number = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).first().innerText()).replace(/\./g, ''));

for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['ponsel', { width: 390, height: 844 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test('the verifier sees their queue and week; the queue card opens the verification screen', async ({ page }) => {
      await signIn(page, 'verifikator.cpns');
      const cpns = section(page, 'CPNS');
      await expect(cpns).toBeVisible();
      await expect(cpns.getByText('Verifikator', { exact: true })).toBeVisible();
      await expect(cpns.getByText('Sedang saya kerjakan')).toBeVisible();
      await expect(cpns.getByText('Saya putuskan hari ini')).toBeVisible();
      await expect(cpns.getByText(/^Keputusan saya, 7 hari terakhir: /)).toBeVisible();
      expect(await number(page, 'kartu-menungguVerifikasi')).toBeGreaterThan(0);
      // The greeting and the menu cards stay.
      await expect(page.getByText('Selamat datang, Rina Marlina')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Menu Anda' })).toBeVisible();
      await page.screenshot({ path: `test-results/dashboard-verifikator-${label}.png`, fullPage: true });

      // Issue #32: the tile opens the list filtered to exactly what it counts.
      const menunggu = await number(page, 'kartu-menungguVerifikasi');
      await cpns.getByRole('link', { name: /^Menunggu verifikasi/ }).click();
      await expect(page).toHaveURL(/\/cpns\/verifikasi\?f\.statusVerifikasi=BELUM$/);
      await expect(page.getByRole('radio', { name: /^Belum diverifikasi/ })).toBeChecked();
      await expect(
        page.getByText(`Belum diverifikasi (${new Intl.NumberFormat('id-ID').format(menunggu)})`),
      ).toBeVisible();
    });

    test('the admin sees the instansi’s statuses, supervision, the lock and objections', async ({ page }) => {
      await signIn(page, 'admin.cpns');
      const cpns = section(page, 'CPNS');
      await expect(cpns.getByText('Admin instansi', { exact: true })).toBeVisible();
      await expect(cpns.getByText('Kementerian Hukum')).toBeVisible();
      const total = await number(page, 'kartu-totalPelamar');
      const decided = await number(page, 'kartu-sudahDiverifikasi');
      expect(total).toBeGreaterThan(decided);
      expect(decided).toBeGreaterThan(0);
      await expect(page.getByTestId('kartu-finalVerifikasi')).toHaveText('Belum dikunci');
      for (const chart of ['Status verifikasi pelamar', 'Supervisi keputusan verifikator', 'Sanggah per status']) {
        await expect(cpns.getByRole('figure', { name: chart })).toBeVisible();
      }
      await expect(cpns.getByRole('figure', { name: 'Status verifikasi pelamar' })).toContainText('Memenuhi Syarat:');
      await page.screenshot({ path: `test-results/dashboard-admin-${label}.png`, fullPage: true });
    });
  });
}

test('wasdal sees every track’s national objection figures', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'wasdal');
  for (const track of ['CPNS', 'PPPK Teknis', 'PPPK Guru', 'PPPK Tenaga Kesehatan']) {
    const part = section(page, track);
    await expect(part.getByText('Nasional', { exact: true })).toBeVisible();
    await expect(part.getByText('Jawaban sanggah belum diperiksa')).toBeVisible();
    await expect(part.getByRole('link', { name: /^Jawaban sanggah ditandai/ })).toHaveAttribute(
      'href',
      /\/sanggah\?f\.cek=DITANDAI$/,
    );
  }
  await page.screenshot({ path: 'test-results/dashboard-wasdal-desktop.png', fullPage: true });
});
