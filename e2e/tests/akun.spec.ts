// Issue #6: the account lifecycle as people live it — enrolling a TOTP second factor on the
// profile page and signing in with a code, forgot-password through the development mailbox, and
// an instansi admin creating a verifier who then signs in and sees the verifier menu. Issue #30:
// an access key is made with the password and the OTP code, and a new password ends it.

import { expect, type Page, test } from '@playwright/test';
import { DEMO_INSTANSI, DEMO_PASSWORD, XSRF_COOKIE, XSRF_HEADER } from '@portal/contract';
import { generate } from 'otplib';
import { MENU, menuHrefs, signIn } from './helpers.js';

const KEMENKUM = DEMO_INSTANSI.find((i) => i.kode === '4010')!.id;

async function xsrf(page: Page): Promise<string> {
  const find = async () => (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)?.value;
  if (!(await find())) await page.request.get('/api/health');
  return (await find()) ?? '';
}

/** A fresh verifier made by the super-admin through the API, with its own password set. */
async function freshUser(page: Page) {
  const headers = { [XSRF_HEADER]: await xsrf(page) };
  const login = await page.request.post('/api/auth/login', {
    headers,
    data: { username: 'superadmin', password: DEMO_PASSWORD },
  });
  const { accessToken } = await login.json();
  const username = `e2e.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `${username}@uji.go.id`;
  const created = await page.request.post('/api/admin/pengguna', {
    headers: { ...headers, authorization: `Bearer ${accessToken}` },
    data: { username, fullname: 'Pengguna Uji Akun', email, instansiId: KEMENKUM, roles: ['ROLE_VERIFIKATOR_CPNS'] },
  });
  expect(created.status()).toBe(201);
  const { temporaryPassword } = await created.json();
  const password = 'jeruk-nipis-segar-99';
  const reset = await page.request.post('/api/auth/reset-password', {
    headers,
    data: { username, oldPassword: temporaryPassword, newPassword: password },
  });
  expect(reset.status()).toBe(200);
  return { username, email, password };
}

/** The code of the next 30-second step: a code works once, and the current one may be spent. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function openProfile(page: Page) {
  await page.getByRole('button', { name: /^Menu pengguna: / }).click();
  await page.getByRole('link', { name: 'Profil Saya' }).click();
  await expect(page).toHaveURL(/\/profil$/);
}

async function logout(page: Page) {
  await page.getByRole('button', { name: /^Menu pengguna: / }).click();
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

test('enrols a TOTP second factor on the profile page, then signs in with a code', async ({ page }) => {
  const user = await freshUser(page);
  await signIn(page, user.username, user.password);
  await openProfile(page);
  const totp = page.getByRole('region', { name: 'Verifikasi Dua Langkah (OTP)' });
  await expect(totp.getByText('Tidak aktif')).toBeVisible();
  await totp.getByRole('button', { name: 'Aktifkan Verifikasi Dua Langkah' }).click();
  await expect(totp.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' })).toBeVisible();
  const secret = (await totp.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  // Not on before a correct code.
  await totp.getByLabel('Kode dari aplikasi').fill((await generate({ secret })) === '000000' ? '111111' : '000000');
  await totp.getByRole('button', { name: 'Verifikasi dan Aktifkan' }).click();
  // Said on the code's field (issue #32's one form pattern), which describes it.
  await expect(totp.getByLabel('Kode dari aplikasi')).toHaveAccessibleDescription(/Kode OTP salah/);
  await expect(totp.getByLabel('Kode dari aplikasi')).toHaveAttribute('aria-invalid', 'true');
  await totp.getByLabel('Kode dari aplikasi').fill(await generate({ secret }));
  await totp.getByRole('button', { name: 'Verifikasi dan Aktifkan' }).click();
  const codes = totp.getByRole('list', { name: 'Simpan kode pemulihan Anda' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  // A tall viewport rather than fullPage: the fixed header and aside stay where a person sees them.
  await page.setViewportSize({ width: 1280, height: 1300 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/akun-profil.png' });
  await totp.getByRole('button', { name: 'Saya sudah menyimpannya' }).click();
  await expect(totp.getByText('Aktif', { exact: true })).toBeVisible();
  await expect(totp.getByText('10 kode pemulihan tersisa.')).toBeVisible();

  await logout(page);
  await page.getByLabel('Nama Pengguna').fill(user.username);
  await page.getByLabel('Kata Sandi').fill(user.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  const otp = page.getByLabel('Kode OTP');
  await expect(otp).toBeVisible();
  // The code that enabled the factor is spent (issue #30): the next one.
  await otp.fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator(MENU)).toBeVisible();
});

test('a user with the second factor makes an access key with password and OTP code; a new password ends the key', async ({
  page,
}) => {
  const user = await freshUser(page);
  await signIn(page, user.username, user.password);
  // The second factor is switched on meanwhile (through the API: the enrolment screen is the test above).
  const headers = { [XSRF_HEADER]: await xsrf(page) };
  const login = await page.request.post('/api/auth/login', {
    headers,
    data: { username: user.username, password: user.password },
  });
  const auth = { ...headers, authorization: `Bearer ${(await login.json()).accessToken}` };
  const { secret } = await (await page.request.post('/api/profil/totp/setup', { headers: auth, data: {} })).json();
  const enableCode = await generate({ secret });
  const enabled = await page.request.post('/api/profil/totp/enable', { headers: auth, data: { code: enableCode } });
  expect(enabled.status()).toBe(200);

  await openProfile(page);
  const keys = page.getByRole('region', { name: 'Kunci Akses Pribadi' });
  await keys.getByLabel('Nama kunci').fill('Skrip rekap harian');
  const create = keys.getByRole('button', { name: 'Buat Kunci' });
  // The password and the code are asked for.
  await expect(create).toBeDisabled();
  await keys.getByLabel('Kata sandi Anda').fill(user.password);
  await expect(create).toBeDisabled();
  const otp = keys.getByLabel('Kode OTP');
  // A spent code is refused, under its field.
  await otp.fill(enableCode);
  await create.click();
  await expect(keys.getByText('Kode OTP ini sudah dipakai.', { exact: false })).toBeVisible();
  await otp.fill(await nextCode(secret));
  await create.click();
  const key = (await keys.getByTestId('access-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^pva_/);
  await expect(keys.getByRole('table')).toContainText('Skrip rekap harian');

  const loginKey = () =>
    page.request.post('/api/auth/login-key', {
      headers,
      data: { username: user.username, password: key, token: null },
    });
  expect((await loginKey()).status()).toBe(200);

  // A new password (the profile's form) ends every key.
  const password = page.getByRole('region', { name: 'Ganti Kata Sandi' });
  await password.getByLabel('Kata Sandi Lama').fill(user.password);
  await password.getByRole('textbox', { name: 'Kata Sandi Baru', exact: true }).fill('salak-pondoh-manis-8');
  await password.getByLabel('Ulangi Kata Sandi Baru').fill('salak-pondoh-manis-8');
  await password.getByRole('button', { name: 'Ganti Kata Sandi' }).click();
  await expect(password.getByRole('status')).toContainText('kunci akses Anda dicabut');
  await expect(keys.getByRole('table')).toContainText('Dicabut');
  expect((await loginKey()).status()).toBe(401);
});

test('forgot-password: the temporary password from the dev mailbox leads to a new password', async ({ page }) => {
  const user = await freshUser(page);
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
  await expect(page).toHaveURL(/\/auth\/lupa-kata-sandi$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Kirim Kata Sandi Sementara' }).click();
  await expect(page.getByRole('status')).toContainText('Jika alamat email tersebut terdaftar');

  let temporary = '';
  await expect
    .poll(async () => {
      const mails: { subject: string; text: string }[] = await (
        await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(user.email)}`)
      ).json();
      // The forgot-password mail, sent after the answer – not the new account's mail (its
      // temporary password is already replaced).
      const lupa = mails.find((mail) => mail.subject === 'Kata sandi sementara Portal Verifikasi ASN');
      temporary = lupa?.text.match(/Kata sandi sementara: (\S+)/)?.[1] ?? '';
      return temporary;
    })
    .not.toBe('');

  await page.getByRole('link', { name: 'Kembali ke halaman masuk' }).click();
  await page.getByLabel('Nama Pengguna').fill(user.username);
  await page.getByLabel('Kata Sandi').fill(temporary);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/ganti-kata-sandi$/);
  await page.screenshot({ path: 'test-results/akun-ganti-kata-sandi.png' });
  await page.getByLabel('Kata Sandi Baru', { exact: true }).fill('password123');
  await page.getByLabel('Ulangi Kata Sandi Baru').fill('password123');
  await page.getByRole('button', { name: 'Simpan dan Masuk' }).click();
  await expect(page.getByRole('alert')).toContainText('mudah ditebak');
  await page.getByLabel('Kata Sandi Baru', { exact: true }).fill('mangga-harum-manis-7');
  await page.getByLabel('Ulangi Kata Sandi Baru').fill('mangga-harum-manis-7');
  await page.getByRole('button', { name: 'Simpan dan Masuk' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner')).toContainText('Pengguna Uji Akun');
});

test('an instansi admin creates a verifier who signs in and sees the verifier menu', async ({ page }) => {
  await signIn(page, 'admin.cpns');
  await page.locator(MENU).getByRole('link', { name: 'Manajemen Pengguna' }).click();
  await expect(page).toHaveURL(/\/admin\/pengguna$/);
  await expect(page.getByRole('table')).toContainText('admin.cpns');
  await page.screenshot({ path: 'test-results/akun-pengguna.png', fullPage: true });

  const username = `verif.${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Tambah Pengguna' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Pengguna' });
  await dialog.getByLabel('Nama Pengguna').fill(username);
  await dialog.getByLabel('Nama Lengkap').fill('Verifikator Dibuat Admin');
  await dialog.getByLabel('Email').fill(`${username}@uji.go.id`);
  // An instansi admin grants only their track's roles below admin.
  await expect(dialog.getByRole('checkbox')).toHaveCount(3);
  await dialog.getByRole('checkbox', { name: 'Verifikator CPNS' }).check();
  await page.screenshot({ path: 'test-results/akun-pengguna-form.png' });
  await dialog.getByRole('button', { name: 'Buat Akun' }).click();
  const created = page.getByRole('dialog', { name: 'Akun dibuat' });
  const temporary = (await created.getByTestId('temporary-password').textContent())?.trim() ?? '';
  expect(temporary).toMatch(/^\S{4}-\S{4}-\S{4}$/);
  await created.getByRole('button', { name: 'Tutup', exact: true }).click();
  await page.getByLabel('Cari pengguna').fill(username);
  await expect(page.getByRole('table')).toContainText('Verifikator Dibuat Admin');

  await logout(page);
  await page.getByLabel('Nama Pengguna').fill(username);
  await page.getByLabel('Kata Sandi').fill(temporary);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/ganti-kata-sandi$/);
  await page.getByLabel('Kata Sandi Baru', { exact: true }).fill('nasi-goreng-kampung-3');
  await page.getByLabel('Ulangi Kata Sandi Baru').fill('nasi-goreng-kampung-3');
  await page.getByRole('button', { name: 'Simpan dan Masuk' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect
    .poll(async () => (await menuHrefs(page)).sort())
    .toEqual(['/cpns/rekap-verifikasi', '/cpns/verifikasi', '/dashboard']);
});
