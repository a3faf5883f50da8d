// Issue #19 on the verification detail: opening an applicant claims that one only (the next one
// is read and loaded, not held from other verifiers); on a phone the documents come before the
// decision and the decision's choice is not cut off; focus is visible and follows the reading
// order; each route has its own title; the dashboard's menu cards print no route paths.

import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

const held = async (page: Page) => Number((await page.getByTestId('kartu-klaimSaya').first().innerText()).trim());

test('opening an applicant claims that one only; the next one is loaded without being held', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'verifikator.guru');
  expect(await held(page)).toBe(0);
  // The menu cards name the screens, not their paths.
  const menu = page.locator('section', { has: page.getByRole('heading', { name: 'Menu Anda' }) });
  await expect(menu.getByRole('link').first()).toBeVisible();
  await expect(menu.getByText(/^\/[a-z-]+/)).toHaveCount(0);

  const details: number[] = [];
  page.on('response', (response) => {
    const match = /\/api\/pppk-guru\/verifikator\/(\d+)$/.exec(new URL(response.url()).pathname);
    if (match && response.request().method() === 'GET' && response.ok()) details.push(Number(match[1]));
  });
  await page.goto('/pppk-guru/verifikasi');
  await page.getByRole('button', { name: 'Buka berikutnya' }).click();
  await expect(page).toHaveURL(/\/pppk-guru\/verifikasi\/detail\?id=\d+$/);
  const current = Number(new URL(page.url()).searchParams.get('id'));
  // Opening is not claiming (issue #32): the verifier's first edit claims the applicant.
  await expect(page.getByRole('radiogroup', { name: 'Keputusan' })).toBeVisible();
  await expect(page.getByTestId('klaim-saya')).toHaveCount(0);
  await page.keyboard.press('s');
  await expect(page.getByTestId('klaim-saya')).toHaveText('Sedang Anda kerjakan');
  // The tab names the applicant (issue #32).
  const nama = await page.getByTestId('nama-pelamar').innerText();
  await expect(page).toHaveTitle(`${nama} – Verifikasi (detail) – Portal Verifikasi ASN`);
  // The next applicant's detail is read in the background…
  await expect.poll(() => details.some((id) => id !== current), { timeout: 20_000 }).toBe(true);

  // …but only the opened one is held: the dashboard says 1.
  await page.goto('/pppk-guru/verifikasi');
  await expect(page).toHaveTitle('Verifikasi – Portal Verifikasi ASN');
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Dashboard – Portal Verifikasi ASN');
  await expect.poll(() => held(page)).toBe(1);
});

test('on a phone the documents come before the decision, and the choice is not cut off', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'verifikator.pppk');
  await page.goto('/pppk/verifikasi');
  await page.getByRole('button', { name: 'Buka berikutnya' }).click();
  await expect(page).toHaveURL(/\/pppk\/verifikasi\/detail\?id=\d+$/);
  const viewer = page.getByTestId('document-viewer');
  const choice = page.getByRole('radiogroup', { name: 'Keputusan' });
  await expect(viewer).toBeVisible();
  await expect(choice).toBeAttached();
  const viewerBox = await viewer.boundingBox();
  const choiceBox = await choice.boundingBox();
  expect(viewerBox && choiceBox && viewerBox.y < choiceBox.y).toBe(true);
  await choice.scrollIntoViewIfNeeded();
  // Every label of the choice shows all its text within the page.
  const labels = choice.locator('label');
  await expect(labels).toHaveCount(2);
  for (const label of await labels.all()) {
    const fits = await label.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
    expect(fits).toBe(true);
  }
  await expect(page.getByText('TMS – Tidak Memenuhi [T]')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/verifikasi-detail-ponsel.png', fullPage: true });
});

test('focus on the verification detail is visible and follows the reading order', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'verifikator.nakes');
  await page.goto('/nakes/verifikasi');
  await page.getByRole('button', { name: 'Buka berikutnya' }).click();
  await expect(page).toHaveURL(/\/nakes\/verifikasi\/detail\?id=\d+$/);
  await expect(page.getByRole('tab').first()).toBeVisible();
  // From the way back to the list, Tab walks the page: every stop is visible and outlined, and
  // the documents come before the decision.
  await page.getByRole('link', { name: 'Kembali ke daftar' }).focus();
  const stops: { what: string; visible: boolean; outlined: boolean }[] = [];
  for (let step = 0; step < 60; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      // A radio or checkbox of the kit is drawn by its label: the ring may sit there.
      const drawn = [element, ...Array.from((element as HTMLInputElement).labels ?? []), element.parentElement].filter(
        (item): item is HTMLElement => item instanceof HTMLElement,
      );
      const ringed = (item: HTMLElement) => {
        const style = getComputedStyle(item);
        return style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
      };
      return {
        what: `${element.getAttribute('role') ?? element.tagName.toLowerCase()}:${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}`,
        visible: drawn.some((item) => {
          const box = item.getBoundingClientRect();
          return box.width > 0 && box.height > 0;
        }),
        outlined: drawn.some(ringed),
      };
    });
    if (!stop) break;
    stops.push(stop);
    if (stop.what.startsWith('button:Simpan & berikutnya')) break;
  }
  const problems = stops.filter((stop) => !stop.visible || !stop.outlined);
  expect(problems, JSON.stringify(problems)).toEqual([]);
  const firstTab = stops.findIndex((stop) => stop.what.startsWith('tab:'));
  const firstChoice = stops.findIndex((stop) => stop.what.startsWith('input:') || stop.what.startsWith('radio'));
  const save = stops.findIndex((stop) => stop.what.startsWith('button:Simpan & berikutnya'));
  expect(firstTab).toBeGreaterThan(-1);
  expect(save).toBeGreaterThan(firstTab);
  if (firstChoice > -1) expect(firstChoice).toBeGreaterThan(firstTab);
});
