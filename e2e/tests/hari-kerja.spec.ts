// Issue #32: a working day per role, keyboard only, at 1440×900. A verifier decides 20 applicants
// in a row – each next one opens at the top with its name focused, in the list's own order; a
// supervisor approves and returns 10 with "next"; an answerer answers 5 objections in a row. The
// keystrokes and milliseconds per decision are printed (bench/web measures them on Slow 4G).
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

test.describe.configure({ mode: 'serial' });

const nama = (page: Page) => page.getByTestId('nama-pelamar');
const idOf = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** After a decision that moves on: the next one is at the top, its name focused; ms until then. */
async function arrives(page: Page, previous: string, started: number): Promise<number> {
  await expect(nama(page)).not.toHaveText(previous);
  await expect(nama(page)).toBeFocused();
  const ms = Date.now() - started;
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  return ms;
}

/** The ids of a list's rows as shown, in order, with whether each is free to work on. */
async function rowsOf(page: Page): Promise<{ id: number; free: boolean }[]> {
  const rows = page.locator('tbody tr:not(.portal-list-state)');
  await expect(rows.first()).toBeVisible();
  // The view the address asks for, fetched: no earlier view's rows are still drawn.
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  return rows.evaluateAll((items) =>
    items.map((row) => {
      const href = row.querySelector('a[href*="detail?id="]')?.getAttribute('href') ?? '';
      return {
        id: Number(new URL(href, 'http://x').searchParams.get('id')),
        free: !/Dikerjakan /.test(row.textContent ?? ''),
      };
    }),
  );
}

test('a verifier decides 20 applicants in a row, each next one at the top and in the list’s order', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'verifikator.pppk');
  await page.goto('/pppk/verifikasi?f.statusVerifikasi=BELUM&size=50');
  const order = (await rowsOf(page)).filter((row) => row.free).map((row) => row.id);
  expect(order.length).toBeGreaterThanOrEqual(21);
  const start = page.getByRole('button', { name: 'Buka berikutnya' });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pppk\/verifikasi\/detail\?id=\d+$/);
  expect(idOf(page)).toBe(order[0]);

  const keystrokes: number[] = [];
  const ms: number[] = [];
  for (let index = 0; index < 20; index += 1) {
    const name = await nama(page).innerText();
    // The decision panel is reachable without scrolling at 1440×900 (issue #32).
    const panel = page.getByRole('radiogroup', { name: 'Keputusan' });
    await expect(panel).toBeInViewport();
    const documents = await page.getByRole('tab').count();
    expect(documents).toBeGreaterThan(0);
    let keys = 0;
    for (let document = 0; document < documents; document += 1) {
      await page.keyboard.press('s');
      keys += 1;
    }
    await expect(page.getByRole('tab', { name: /✓/ })).toHaveCount(documents);
    await page.keyboard.press('m');
    await expect(panel.getByRole('radio', { name: /^MS/ })).toBeChecked();
    const started = Date.now();
    await page.keyboard.press('Control+Enter');
    keys += 2;
    keystrokes.push(keys);
    await expect(page.getByText(`Keputusan tersimpan. ${name}: Memenuhi Syarat.`)).toBeVisible();
    ms.push(await arrives(page, name, started));
    // The list's order, not one of its own.
    expect(idOf(page)).toBe(order[index + 1]);
  }
  console.log(
    `[hari verifikator] 20 keputusan: tombol per keputusan ${keystrokes.join(', ')}; ms sampai pelamar berikutnya median ${median(ms)} (${ms.join(', ')})`,
  );

  // Their own work is findable: today's decisions, counted as the dashboard counts them.
  await page.goto('/pppk/verifikasi?f.kerjaSaya=hari-ini');
  await expect(page.getByRole('table').locator('tbody tr:not(.portal-list-state)').first()).toBeVisible();
  const shown = Number((await page.getByText(/^Semua \(\d+\)$/).innerText()).replace(/\D/g, ''));
  expect(shown).toBeGreaterThanOrEqual(20);
  await page.goto('/dashboard');
  const tile = page.locator('a[href="/pppk/verifikasi?f.kerjaSaya=hari-ini"]');
  await expect(tile).toContainText(new Intl.NumberFormat('id-ID').format(shown));
});

test('a supervisor approves (by button and by Ctrl+Enter) and returns 10 decisions with "next"', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'supervisor.pppk');
  await page.goto('/pppk/supervisi');
  const order = (await rowsOf(page)).map((row) => row.id);
  expect(order.length).toBeGreaterThanOrEqual(10);
  await page.locator('tbody tr').first().getByRole('link').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pppk\/supervisi\/detail\?id=\d+$/);
  const ms: number[] = [];
  for (let index = 0; index < 10; index += 1) {
    const name = await nama(page).innerText();
    const returning = index % 3 === 2;
    // Every other approval by Ctrl+Enter, as the verifier saves; it asks first like the button.
    const shortcut = !returning && index % 2 === 1;
    if (returning) {
      await page.getByLabel(/Catatan untuk verifikator/).focus();
      await page.keyboard.type('Mohon periksa ulang ijazah.');
      await page.getByRole('button', { name: 'Kembalikan', exact: true }).focus();
    } else if (!shortcut) {
      await page.getByRole('button', { name: 'Setujui', exact: true }).focus();
    }
    await page.keyboard.press(shortcut ? 'Control+Enter' : 'Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(returning ? `Keputusan untuk ${name} dikembalikan` : 'hasil akhir');
    const started = Date.now();
    // The dialog's confirm button has the focus: Enter confirms (Ctrl+Enter too).
    await page.keyboard.press(shortcut ? 'Control+Enter' : 'Enter');
    await expect(
      page.getByText(
        returning ? `Keputusan untuk ${name} dikembalikan ke verifikator.` : `Keputusan untuk ${name} disetujui.`,
      ),
    ).toBeVisible();
    if (index === 9) break;
    ms.push(await arrives(page, name, started));
    expect(idOf(page)).toBe(order[index + 1]);
  }
  console.log(`[hari supervisor] 10 keputusan; ms sampai berikutnya median ${median(ms)} (${ms.join(', ')})`);
});

test('an answerer answers 5 objections in a row', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'supervisor.cpns');
  await page.goto('/cpns/sanggah');
  // The answerer lands on the objections still waiting.
  await expect(page).toHaveURL(/\/cpns\/sanggah\?f\.status=DIAJUKAN$/);
  await expect(page.locator('tbody tr:not(.portal-list-state)').filter({ hasNotText: 'Diajukan' })).toHaveCount(0);
  const order = (await rowsOf(page)).map((row) => row.id);
  expect(order.length).toBeGreaterThanOrEqual(5);
  await page.locator('tbody tr').first().getByRole('link').first().focus();
  await page.keyboard.press('Enter');
  const ms: number[] = [];
  for (let index = 0; index < 5; index += 1) {
    await expect(page).toHaveURL(new RegExp(`/cpns/sanggah/detail\\?id=${order[index]}$`));
    const name = await nama(page).innerText();
    const items = page.getByTestId('butir-sanggah');
    await expect(items.first()).toBeVisible();
    for (let item = 0; item < (await items.count()); item += 1) {
      await items.nth(item).getByRole('radio', { name: 'Tolak' }).focus();
      await page.keyboard.press('Space');
      await items.nth(item).getByLabel('Alasan jawaban (wajib)').focus();
      await page.keyboard.type('Dokumen yang diunggah tetap tidak memenuhi syarat.');
    }
    await page.keyboard.press('Control+Enter');
    const confirm = page.getByRole('dialog', { name: 'Kirim jawaban sanggah' });
    await expect(confirm).toBeVisible();
    const started = Date.now();
    await page.keyboard.press('Enter');
    await expect(page.getByText(new RegExp(`^Jawaban untuk ${name} terkirim: sanggah ditolak\\.`))).toBeVisible();
    if (index === 4) break;
    ms.push(await arrives(page, name, started));
  }
  console.log(`[hari penjawab sanggah] 5 jawaban; ms sampai berikutnya median ${median(ms)} (${ms.join(', ')})`);
});
