// Issue #19: axe-core on every route of spec §2 that the demo accounts can open (plus the account
// and administration screens), on a detail page and an open dialog per feature, at desktop and at
// 390 px: no violation of impact serious or critical. On the verification detail, Tab follows the
// visual order with a visible focus ring, and every icon-only button has a name.
//
// Read-only: dialogs are opened and cancelled, and the only detail that claims an applicant (the
// verification detail) is opened as operator.multi, whose claims no other spec counts.

import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  allowedPages,
  BUILDER_PATH,
  DEMO_ACCOUNTS,
  type DemoAccount,
  demoMenuPrincipal,
  PROFILE_PATH,
  TRACK_IDS,
  trackPath,
} from '@portal/contract';
import { signIn } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'ponsel', width: 390, height: 844 },
] as const;

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** The pages an account opens: its menu, the roots of its tracks, and the always-allowed ones. */
function pagesOf(account: DemoAccount): string[] {
  const menu = allowedPages(demoMenuPrincipal(account)).map((entry) => entry.page);
  const roots = TRACK_IDS.map((track) => trackPath(track)).filter((root) =>
    menu.some((page) => page.startsWith(`${root}/`)),
  );
  return ['/dashboard', ...roots, ...menu];
}

/**
 * Every page once, each with the first account (in this order) that opens it. operator.multi
 * comes first so that it is the one opening the verification detail.
 */
function plan(): { account: string; pages: string[]; details: Set<string> }[] {
  const accounts = DEMO_ACCOUNTS.filter((account) => !account.totp);
  const ordered = [
    ...accounts.filter((a) => a.username === 'operator.multi'),
    ...accounts.filter((a) => a.username !== 'operator.multi'),
  ];
  const seen = new Set<string>();
  const screens = new Set<string>();
  const result: { account: string; pages: string[]; details: Set<string> }[] = [];
  for (const account of ordered) {
    const pages = pagesOf(account).filter((page) => !seen.has(page));
    if (result.length === 0) pages.push(PROFILE_PATH, BUILDER_PATH);
    if (pages.length === 0) continue;
    const details = new Set<string>();
    for (const page of pages) {
      seen.add(page);
      // A detail (and its dialog) once per kind of screen: the same components serve every track.
      const screen = page.split('/').slice(2).join('/');
      if (screen && !screens.has(screen) && screen !== 'dashboard-konfirmasi') {
        screens.add(screen);
        details.add(page);
      }
    }
    result.push({ account: account.username, pages, details });
  }
  return result;
}

/** Waits until the screen has drawn its data: no request in flight, a heading, no loader. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * With SCREENS_DIR set, each screen scanned is also kept as a full-page picture there (issue #19:
 * every list and detail screen looked at, desktop and phone), named after where it was taken.
 */
async function picture(page: Page, where: string): Promise<void> {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  const name = where.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

async function scan(page: Page, where: string, findings: Finding[], include?: string): Promise<void> {
  if (!include) await picture(page, where);
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    findings.push({
      where,
      rule: violation.id,
      impact: violation.impact,
      // For contrast, the colours axe measured: they say which shared colour is too light.
      targets: violation.nodes.map((node) => {
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : '';
        return `${node.target.join(' ')}${colours}`;
      }),
    });
  }
  findings.push(...(await unnamedIconButtons(page, where)));
}

/** Buttons and links that show no text must carry a name of their own. */
async function unnamedIconButtons(page: Page, where: string): Promise<Finding[]> {
  const unnamed = await page.locator('button, a[href], [role="button"]').evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        if ((element as HTMLElement).innerText.trim() !== '') return false;
        const labelled = (element.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .some((id) => id && document.getElementById(id)?.textContent?.trim());
        return !element.getAttribute('aria-label')?.trim() && !labelled && !element.getAttribute('title')?.trim();
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  );
  return unnamed.length ? [{ where, rule: 'icon-button-name', impact: 'serious', targets: unnamed }] : [];
}

function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.where}: ${f.rule} (${f.impact}) ×${f.targets.length}\n  ${f.targets.slice(0, 5).join('\n  ')}`)
    .join('\n');
}

/** Opens a dialog, scans it, and closes it without doing anything. */
async function scanDialog(page: Page, where: string, findings: Finding[], open: () => Promise<void>): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  await picture(page, `${where} dialog`);
  // The dialog itself: the page under the overlay is dimmed on purpose.
  await scan(page, `${where} [dialog]`, findings, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The first row's link of a list, when the list has one. */
const rowLink = (page: Page) => page.locator('table tbody tr a[href*="/detail?"]').first();

async function detailAndDialogs(page: Page, path: string, findings: Finding[]): Promise<void> {
  // A list with row selection: the bulk action's confirmation dialog, cancelled.
  const rowBox = page.locator('table tbody tr').first().getByRole('checkbox');
  if ((await rowBox.count()) > 0 && (await rowBox.isEnabled())) {
    await rowBox.check();
    const bulk = page.getByRole('button', { name: /terpilih$/ }).first();
    if ((await bulk.count()) > 0 && (await bulk.isEnabled())) {
      await scanDialog(page, `${path} (aksi massal)`, findings, () => bulk.click());
    }
    await rowBox.uncheck();
  }
  const link = rowLink(page);
  const next = page.getByRole('button', { name: 'Buka berikutnya' });
  if ((await link.count()) === 0 && (await next.count()) > 0) {
    // The verification list hands out the next applicant instead of listing links.
    await next.click();
  } else if ((await link.count()) === 0) {
    // Lists without a detail (nothing in it, or a dashboard): said, not hidden.
    test.info().annotations.push({ type: 'tanpa detail', description: path });
    return;
  } else {
    await link.click();
  }
  await expect(page).toHaveURL(/\/detail\?id=\d+/);
  await settled(page);
  // WCAG 2.4.2: the tab names whom the detail is about, so two open details can be told apart
  // (issue #32). Waiting for the name also means the detail has drawn its data before the scan.
  const nama = page.locator('[data-testid="nama-pelamar"], [data-testid="nama-nonasn"]').first();
  await expect(nama, `${path}/detail names whom it is about`).toBeVisible();
  const judul = (await nama.innerText()).trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveTitle(new RegExp(`^${judul} – .+ \\(detail\\) – Portal Verifikasi ASN$`));
  await scan(page, `${path}/detail`, findings);
  const help = page.getByRole('button', { name: /^Pintasan/ });
  if ((await help.count()) > 0) {
    await scanDialog(page, `${path}/detail`, findings, () => help.first().click());
  }
}

for (const viewport of VIEWPORTS) {
  for (const { account, pages, details } of plan()) {
    test(`${account} at ${viewport.name}: no serious or critical axe violation`, async ({ page }) => {
      test.setTimeout(60_000 + pages.length * 15_000 + details.size * 20_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn(page, account);
      const findings: Finding[] = [];
      const where = (path: string) => `${viewport.name} ${account} ${path}`;

      // The header's user panel, and on a phone the menu drawer, on the first page.
      await settled(page);
      await scanDialog(page, where('/dashboard'), findings, () =>
        page.getByRole('button', { name: /^Menu pengguna: / }).click(),
      );
      if (viewport.name === 'ponsel') {
        await scanDialog(page, where('/dashboard'), findings, () =>
          page.getByRole('button', { name: 'Buka menu navigasi' }).click(),
        );
      }
      for (const path of pages) {
        await page.goto(path);
        await settled(page);
        await scan(page, where(path), findings);
        if (path === '/admin/pengguna') {
          await scanDialog(page, where(path), findings, () =>
            page.getByRole('button', { name: 'Tambah Pengguna' }).click(),
          );
        }
        if (details.has(path)) await detailAndDialogs(page, where(path), findings);
      }
      expect(findings.length, report(findings)).toBe(0);
    });
  }
}

test('the sign-in and public pages have no serious or critical axe violation', async ({ page }) => {
  // Ten scans (five pages, two widths), each after the network settles: more than the default 30 s
  // on a slow machine (it ran out of time there, with no violation found so far).
  test.setTimeout(150_000);
  const findings: Finding[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const path of ['/auth/login', '/auth/lupa-kata-sandi', '/auth/masuk-kunci', '/cek-dokumen', '/error/404']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await scan(page, `${viewport.name} ${path}`, findings);
    }
  }
  expect(findings.length, report(findings)).toBe(0);
});

test('on the verification detail Tab follows the visual order with a visible ring, and icon buttons are named', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'operator.multi');
  await page.goto('/cpns/verifikasi');
  await page.getByRole('button', { name: 'Buka berikutnya' }).click();
  await expect(page).toHaveURL(/\/cpns\/verifikasi\/detail\?id=\d+$/);
  await settled(page);
  expect(await unnamedIconButtons(page, 'detail')).toEqual([]);
  const icons = page.locator('.mantine-ActionIcon-root:visible');
  for (const icon of await icons.all()) await expect(icon).toHaveAccessibleName(/\S/);

  await page.getByRole('link', { name: 'Kembali ke daftar' }).focus();
  const stops: { what: string; x: number; y: number; ring: boolean }[] = [];
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body || !element.closest('main')) return null;
      // The kit draws a radio or checkbox with its label or wrapper: the ring may sit there.
      const drawn = [element, ...Array.from((element as HTMLInputElement).labels ?? []), element.parentElement];
      const ring = drawn.some((item) => {
        if (!item) return false;
        const style = getComputedStyle(item);
        const outline = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
        return outline || style.boxShadow !== 'none';
      });
      const box = element.getBoundingClientRect();
      const scrollY = window.scrollY;
      return {
        what: `${element.getAttribute('role') ?? element.tagName.toLowerCase()}:${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}`,
        x: Math.round(box.left),
        y: Math.round(box.top + scrollY),
        ring: element.matches(':focus-visible') && ring,
      };
    });
    if (!stop) break;
    stops.push(stop);
    if (stop.what.startsWith('button:Simpan & berikutnya')) break;
  }
  expect(stops.length).toBeGreaterThan(3);
  expect(stops.at(-1)?.what).toMatch(/^button:Simpan & berikutnya/);
  expect(
    stops.filter((stop) => !stop.ring),
    'every stop shows its focus',
  ).toEqual([]);
  // Reading order in columns: a stop may be lower on the page, or on the same row further right,
  // or at the top of a column to the right – never up and to the left (or straight up).
  const backwards = stops.filter((stop, index) => {
    const before = stops[index - 1];
    if (!before) return false;
    return stop.y < before.y - 8 && stop.x <= before.x;
  });
  expect(backwards, JSON.stringify(stops)).toEqual([]);
});
