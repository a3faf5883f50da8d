// Issue #19: every list screen the demo accounts can open fits the page – at 1440 × 900 the page
// and the table do not overflow sideways and no status badge is cut off; on a 390 × 844 phone the
// rows are cards with the name on screen. One test per account and width, each list visited once.

import { expect, type Page, test } from '@playwright/test';
import { allowedPages, DEMO_ACCOUNTS, demoMenuPrincipal, USER_ADMIN_PATH } from '@portal/contract';
import { signIn } from './helpers';

const LIST_SCREENS = new Set([
  'rekap-pelamar',
  'verifikasi',
  'rekap-verifikasi',
  'supervisi',
  'rekap-supervisi',
  'sanggah',
  'sanggah-afirmasi',
  'afirmasi-admin',
  'sanggah-nilai',
  'admin-reset-jawab-sanggah',
  'rekap-nonasn',
  'dashboard-konfirmasi',
]);
const isList = (path: string) => path === USER_ADMIN_PATH || LIST_SCREENS.has(path.split('/').at(-1) ?? '');

// Each list once, with the first account that opens it (the Raja Ampat accounts belong to the
// verification cycle that runs beside this spec).
const seen = new Set<string>();
const visits: { username: string; paths: string[] }[] = [];
for (const account of DEMO_ACCOUNTS.filter((a) => !a.totp && !a.username.endsWith('.rajaampat'))) {
  const paths = allowedPages(demoMenuPrincipal(account))
    .map((entry) => entry.page)
    .filter((path) => isList(path) && !seen.has(path));
  for (const path of paths) seen.add(path);
  if (paths.length > 0) visits.push({ username: account.username, paths });
}

/** Waits for the list's first answer (or its error), never measuring a skeleton. */
async function loaded(page: Page): Promise<void> {
  const table = page.locator('table.portal-list-table');
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expect(page.getByText('Memuat data…')).toHaveCount(0);
  await expect(table.locator('tbody tr').first()).toBeVisible();
}

interface Measure {
  page: { scroll: number; width: number };
  tables: { scroll: number; width: number; box: number }[];
  truncated: string[];
  names: { left: number; right: number; width: number }[];
  brokenWords: string[];
}

function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const tables = Array.from(document.querySelectorAll<HTMLTableElement>('table.portal-list-table'));
    const badges = Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Badge-label'));
    return {
      page: { scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth },
      tables: tables.map((table) => ({
        scroll: table.scrollWidth,
        width: table.getBoundingClientRect().width,
        box: (table.parentElement as HTMLElement).clientWidth,
      })),
      truncated: badges
        .filter((badge) => badge.offsetParent !== null && badge.scrollWidth > badge.clientWidth + 1)
        .map((badge) => badge.textContent ?? ''),
      names: Array.from(document.querySelectorAll<HTMLElement>('table.portal-list-table tbody td[data-primary]'))
        .slice(0, 3)
        .map((cell) => {
          const rect = cell.getBoundingClientRect();
          return { left: rect.left, right: rect.right, width: rect.width };
        }),
      // A word of a cell drawn on two lines ("Kabupate / n"): cells wrap between words (or at a
      // hyphen or slash) only.
      brokenWords: Array.from(document.querySelectorAll<HTMLElement>('table.portal-list-table tbody td')).flatMap(
        (cell) => {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          const broken: string[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const match of text.matchAll(/[^\s/–-]+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
              // Up to 20 characters (a name, a 16-digit NIK or number): never broken. A longer
              // token (an e-mail address on a phone's card) may break where it cannot fit.
              if (lines.size > 1 && match[0].length <= 20) broken.push(match[0]);
            }
          }
          return broken;
        },
      ),
    };
  });
}

for (const viewport of [
  { name: 'desktop 1440', width: 1440, height: 900, phone: false },
  { name: 'phone 390', width: 390, height: 844, phone: true },
]) {
  test.describe(viewport.name, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.phone ? { isMobile: true, hasTouch: true } : {}),
    });

    for (const { username, paths } of visits) {
      test(`${username}: ${paths.join(', ')}`, async ({ page }) => {
        test.setTimeout(60_000 + paths.length * 15_000);
        await signIn(page, username);
        for (const path of paths) {
          await page.goto(path);
          await loaded(page);
          const m = await measure(page);
          expect(m.page.scroll, `${path}: page wider than the window`).toBeLessThanOrEqual(m.page.width);
          for (const table of m.tables) {
            expect(table.scroll, `${path}: table overflows`).toBeLessThanOrEqual(Math.ceil(table.width) + 1);
            expect(Math.floor(table.width), `${path}: table wider than its box`).toBeLessThanOrEqual(table.box + 1);
          }
          expect(m.truncated, `${path}: badges cut off`).toEqual([]);
          expect(m.brokenWords, `${path}: words broken inside`).toEqual([]);
          // The row's name is on screen (first on the card on a phone).
          for (const name of m.names) {
            expect(name.width, `${path}: name cell`).toBeGreaterThan(0);
            expect(name.left, `${path}: name off screen`).toBeGreaterThanOrEqual(0);
            expect(name.right, `${path}: name off screen`).toBeLessThanOrEqual(viewport.width);
          }
        }
      });
    }
  });
}
