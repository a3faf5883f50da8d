// Issue #34 end to end: the blind second verification. The national operator samples every CPNS
// decision; Kemenkum's verifier decides TMS; the sample is set back to 0; a second verifier of the
// same instansi finds the applicant under "Verifikasi kedua" with nothing of the first decision
// and decides MS; the supervisor sees both side by side, cannot approve without choosing, and
// approves the second; Mutu Verifikasi then shows the pair. Runs after every flow that decides (playwright.config.ts, project "kedua"),
// since the rate is per track.

import { expect, type Page, test } from '@playwright/test';
import { DEMO_TOTP_SECRET } from '@portal/contract';
import { generate } from 'otplib';
import { signIn } from './helpers';

test.describe.configure({ retries: 0 });

async function rate(page: Page, persen: string) {
  await page.goto('/admin/jadwal');
  const field = page.getByRole('textbox', { name: 'Persentase sampel: CPNS' });
  await field.fill(persen);
  await field.press('Enter');
  await expect(page.getByText(`Sampel verifikasi kedua CPNS menjadi ${persen}%.`)).toBeVisible();
}

async function decide(page: Page, keys: string[]) {
  const documents = await page.getByRole('tab').count();
  for (let index = 0; index < documents; index += 1) await page.keyboard.press('s');
  await expect(page.getByRole('tab', { name: /✓/ })).toHaveCount(documents);
  for (const key of keys) await page.keyboard.press(key);
  await page.keyboard.press('Control+Enter');
}

test('a sampled decision is verified again blind, and the supervisor decides between the two', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'superadmin');
  await rate(admin, '100');

  // 1. The first verifier decides TMS, as every day.
  const first = await (await browser.newContext()).newPage();
  await first.setViewportSize({ width: 1440, height: 900 });
  await signIn(first, 'verifikator.cpns');
  await first.goto('/cpns/verifikasi?f.statusVerifikasi=BELUM');
  await first.getByRole('button', { name: 'Buka berikutnya' }).click();
  await expect(first).toHaveURL(/\/cpns\/verifikasi\/detail\?id=\d+/);
  const id = Number(new URL(first.url()).searchParams.get('id'));
  const nama = await first.getByTestId('nama-pelamar').innerText();
  await decide(first, ['t', '4']);
  await expect(first.getByText(`Keputusan tersimpan. ${nama}: Tidak Memenuhi Syarat.`)).toBeVisible();
  await rate(admin, '0');
  // Their own list says it is being checked; they cannot take it again.
  await first.goto(`/cpns/verifikasi/detail?id=${id}`);
  await expect(first.getByTestId('verifikasi-kedua')).toHaveText('Menunggu verifikasi kedua');
  await expect(first.getByText(/sedang diverifikasi ulang oleh rekan/)).toBeVisible();
  await expect(first.getByRole('radiogroup', { name: 'Keputusan' })).toHaveCount(0);

  // 2. A colleague finds it among the second verifications, with nothing of the first decision.
  const second = await (await browser.newContext()).newPage();
  await second.setViewportSize({ width: 1440, height: 900 });
  await second.goto('/auth/login');
  await second.getByLabel('Nama Pengguna').fill('verifikator.2fa');
  await second.getByLabel('Kata Sandi').fill('Demo#2024');
  await second.getByRole('button', { name: 'Masuk', exact: true }).click();
  await second.getByLabel(/Kode OTP/).fill(await generate({ secret: DEMO_TOTP_SECRET }));
  await second.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(second).toHaveURL(/\/dashboard$/);
  await second.goto('/cpns/verifikasi?f.kerjaSaya=kedua');
  const row = second.getByRole('row', { name: new RegExp(nama) });
  await expect(row).toContainText('Verifikasi kedua');
  await expect(row).toContainText('Belum');
  await expect(row).not.toContainText('TMS');
  await expect(row).not.toContainText('Rina Marlina');
  await second.screenshot({ path: 'test-results/verifikasi-kedua-daftar.png', fullPage: true });
  await row.getByText(nama).click();
  await expect(second).toHaveURL(new RegExp(`/cpns/verifikasi/detail\\?id=${id}`));
  await expect(second.getByTestId('verifikasi-kedua')).toHaveText('Verifikasi kedua');
  const page = await second.locator('main').innerText();
  expect(page).not.toContain('Rina Marlina');
  expect(page).not.toContain('Tidak Memenuhi Syarat');
  await second.screenshot({ path: 'test-results/verifikasi-kedua-detail.png', fullPage: true });
  await decide(second, ['m']);
  await expect(second.getByText(`Keputusan tersimpan. ${nama}: Memenuhi Syarat.`)).toBeVisible();

  // 3. The supervisor sees both, must choose, and approves the second verifier's MS.
  const supervisor = await (await browser.newContext()).newPage();
  await supervisor.setViewportSize({ width: 1440, height: 900 });
  await signIn(supervisor, 'supervisor.cpns');
  await supervisor.goto('/cpns/supervisi');
  await expect(supervisor.getByRole('row', { name: new RegExp(nama) })).toContainText('2× berbeda');
  await supervisor.goto(`/cpns/supervisi/detail?id=${id}`);
  const dua = supervisor.getByTestId('dua-keputusan');
  await expect(dua).toContainText('Kedua verifikator memutuskan berbeda');
  await expect(dua.getByRole('group', { name: 'Verifikator pertama' })).toContainText('Tidak Memenuhi Syarat');
  await expect(dua.getByRole('group', { name: 'Verifikator pertama' })).toContainText('Rina Marlina');
  await expect(dua.getByRole('group', { name: 'Verifikator kedua' })).toContainText('Memenuhi Syarat');
  await expect(dua.getByRole('group', { name: 'Verifikator kedua' })).toContainText('Indah Permatasari');
  await supervisor.screenshot({ path: 'test-results/verifikasi-kedua-supervisor.png', fullPage: true });
  await supervisor.getByRole('button', { name: 'Setujui' }).click();
  await expect(supervisor.getByText('Pilih keputusan verifikator pertama atau kedua.')).toBeVisible();
  await supervisor.getByText(/^Verifikator kedua: Memenuhi Syarat/).click();
  await expect(supervisor.getByRole('radio', { name: /^Verifikator kedua: Memenuhi Syarat/ })).toBeChecked();
  await supervisor.getByRole('button', { name: 'Setujui' }).click();
  const confirm = supervisor.getByRole('dialog', { name: 'Setujui keputusan verifikasi' });
  await expect(confirm).toContainText('Keputusan Memenuhi Syarat verifikator menjadi hasil akhir');
  await confirm.getByRole('button', { name: 'Setujui' }).click();
  await expect(supervisor.getByText(`Keputusan untuk ${nama} disetujui.`)).toBeVisible();

  // 4. Mutu Verifikasi counts the pair for the first verifier: the demo's 40 (35 agreeing) and this
  // one, which differed – 35 of 41.
  await supervisor.goto('/cpns/mutu-verifikasi');
  const perVerifikator = supervisor.getByRole('table', { name: 'Per verifikator' });
  const rina = perVerifikator.getByRole('row', { name: /Rina Marlina/ });
  await expect(rina).toContainText('41 pasangan');
  await expect(rina).toContainText('85,4%');
  await expect(supervisor.getByRole('table', { name: 'Per alasan TMS' })).toContainText(
    'Kualifikasi pendidikan tidak sesuai formasi',
  );
  await supervisor.screenshot({ path: 'test-results/mutu-verifikasi.png', fullPage: true });
  const download = supervisor.waitForEvent('download');
  await supervisor.getByRole('button', { name: /Unduh Excel/ }).click();
  expect((await download).suggestedFilename()).toBe('mutu-verifikasi-cpns.xlsx');
});
