// What a verifier on a district office's link feels (issue #22, see README.md): Debian's Chromium
// with a "Slow 4G" profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and the CPU of a
// device class (issue #33: the slowdown is calibrated on this machine, as DevTools' calibrated
// presets are, not a fixed factor), a fresh profile, the production build. Prints bytes and times
// beside the targets; asserts nothing. In the same run, alternating with the portal's runs, the same
// steps of the Mantine floor (lantai/, issue #33): each of the portal's steps as a multiple of what
// React and Mantine alone cost on the same link and CPU (BENCH_LANTAI=0 leaves it out).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../scripts/chromium.mjs';
import { freePort } from '../../scripts/pg-cluster.mjs';
import { DEMO_PASSWORD, root, startServer, stop } from '../lib.mjs';
import { buildLantai, serveLantai } from './lantai/serve.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LANTAI = process.env.BENCH_LANTAI !== '0';
/** Issue #33: every step of the portal within this multiple of the Mantine floor's. */
const LANTAI_TARGET = 1.5;
// A fixed port when the machine's ports are shared out (BENCH_PORT), otherwise any free one.
const PORT = Number(process.env.BENCH_PORT ?? 0);
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};
/**
 * Device classes by their Lighthouse benchmark index, as Chrome DevTools calibrates its CPU
 * presets (panels/mobile_throttling/CalibrationController.ts): a mid-tier phone (Pixel 5) scores
 * about 1,000, a low-tier one (Moto G Power 2022) about 264. BENCH_PERANGKAT chooses (menengah by
 * default); BENCH_CPU=<rate> sets a fixed slowdown instead (×4 was every figure before 2026-12-01).
 */
const PERANGKAT = {
  menengah: { nama: 'mid-tier phone', indeks: 1000 },
  rendah: { nama: 'low-tier phone', indeks: 264 },
};
let CPU_SLOWDOWN = Number(process.env.BENCH_CPU ?? 0);
// A row of the list's data: the table draws placeholder rows (class portal-list-state) while the
// first page loads, and an empty or failed list draws one such row too.
const DATA_ROW = 'tbody tr:not(.portal-list-state)';

/** Debian's Chromium with a fresh profile of its own (a first visit), at 1440 × 900 in Jakarta. */
async function browser(base, prefix) {
  const profile = mkdtempSync(path.join(tmpdir(), prefix));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH,
    baseURL: base,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    viewport: { width: 1440, height: 900 },
  });
  return { profile, context };
}

/** Throttles a page as the profile says and counts the bytes that cross the wire. */
async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const wire = { bytes: 0 };
  cdp.on('Network.loadingFinished', (event) => {
    wire.bytes += event.encodedDataLength;
  });
  return wire;
}

/**
 * The repeat visit's serial chain, from the page's resource timings (ms from the navigation):
 * when the session check left and came back, and when the list's first page left and came back.
 */
function rantai(page) {
  return page.evaluate(() => {
    const at = (part) => performance.getEntriesByType('resource').find((entry) => entry.name.includes(part));
    const check = at('/api/auth/check-token');
    const list = at('/admin/filter');
    return {
      checkLeaves: check?.startTime ?? Number.NaN,
      checkBack: check?.responseEnd ?? Number.NaN,
      listLeaves: list?.startTime ?? Number.NaN,
      listBack: list?.responseEnd ?? Number.NaN,
    };
  });
}

/**
 * Lighthouse's benchmark index (core/lib/page-functions.js computeBenchmarkIndex), each half run
 * for `ms` as DevTools' calibration does: string building (with garbage collection) and array
 * copying (without), each in iterations per second divided by 10, averaged.
 */
function indeksBenchmark(ms) {
  const gc = () => {
    const start = Date.now();
    let iterations = 0;
    while (Date.now() - start < ms) {
      let _s = '';
      for (let j = 0; j < 10000; j++) _s += 'a';
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  };
  const noGc = () => {
    const a = [];
    const b = [];
    for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
    const start = Date.now();
    let iterations = 0;
    while (iterations % 10 !== 0 || Date.now() - start < ms) {
      const src = iterations % 2 === 0 ? a : b;
      const tgt = iterations % 2 === 0 ? b : a;
      for (let j = 0; j < src.length; j++) tgt[j] = src[j];
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  };
  return (gc() + noGc()) / 2;
}

/**
 * The CPU slowdown at which this machine, now, scores the device class's index: the page's
 * unthrottled index over the target, then corrected from the throttled index until within 5 %
 * (throttling is not exactly proportional). Returns the rate and the indices seen.
 */
async function kalibrasi(context, target) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const skor = async (rate) => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const values = [];
    for (let i = 0; i < 3; i++) values.push(await page.evaluate(indeksBenchmark, 250));
    return median(values);
  };
  await page.evaluate(indeksBenchmark, 250);
  const tanpa = await skor(1);
  let rate = Math.max(1, tanpa / target);
  let dapat = await skor(rate);
  for (let i = 0; i < 4 && Math.abs(dapat / target - 1) > 0.05 && rate > 1; i++) {
    rate = Math.max(1, rate * (dapat / target));
    dapat = await skor(rate);
  }
  await page.close();
  return { rate: Number(rate.toFixed(2)), tanpa: Math.round(tanpa), dapat: Math.round(dapat) };
}

const seconds = (ms) => Number((ms / 1000).toFixed(2));

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function oneRun(base) {
  const { profile, context } = await browser(base, 'bench-web-');
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const wire = await throttle(context, page);
    const user = page.getByLabel('Nama Pengguna');
    const signInButton = page.getByRole('button', { name: 'Masuk', exact: true });
    // First visit: until the sign-in form can be typed into and sent.
    const firstVisit = await timed(async () => {
      await page.goto('/auth/login', { waitUntil: 'commit' });
      await user.waitFor();
      await signInButton.waitFor();
    });
    const firstBytes = wire.bytes;
    // The service worker registers once the first screen is usable and then precaches the app in
    // the background; a verifier typing name and password gives it that time. (DevTools does not
    // throttle a service worker's own requests, so this time is not a Slow 4G figure.)
    const precache = await timed(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined)));
    await user.fill('admin.cpns');
    await page.getByLabel('Kata Sandi').fill(DEMO_PASSWORD);
    const signIn = await timed(async () => {
      await signInButton.click();
      await page.getByRole('button', { name: /^Menu pengguna: / }).waitFor();
      await page.locator('section[aria-labelledby="dashboard-angka"][aria-busy="false"]').waitFor();
    });
    const list = await timed(async () => {
      await page.locator('nav[aria-label="Menu utama"] a[href="/cpns/rekap-pelamar"]').click();
      await page.getByRole('table', { name: 'Rekap Seluruh Pelamar' }).locator(DATA_ROW).first().waitFor();
    });
    // Repeat visit: a new tab of the same browser, straight to the list (cache and service worker warm).
    const second = await context.newPage();
    await throttle(context, second);
    const repeat = await timed(async () => {
      await second.goto('/cpns/rekap-pelamar', { waitUntil: 'commit' });
      await second.getByRole('table', { name: 'Rekap Seluruh Pelamar' }).locator(DATA_ROW).first().waitFor();
    });
    const chain = await rantai(second);
    // And again, as every later day: Chromium keeps the compiled code of a script the worker
    // served once (V8's code cache), so from here it parses and compiles nothing again.
    await second.close();
    const third = await context.newPage();
    await throttle(context, third);
    const again = await timed(async () => {
      await third.goto('/cpns/rekap-pelamar', { waitUntil: 'commit' });
      await third.getByRole('table', { name: 'Rekap Seluruh Pelamar' }).locator(DATA_ROW).first().waitFor();
    });
    return { firstVisit, firstBytes, precache, signIn, list, repeat, again, ...chain };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * The Mantine floor's steps (lantai/main.tsx), timed as the portal's are: the first visit until the
 * same two fields are there, then from the click on Masuk until the list's first row of data is
 * drawn (the floor signs in and goes straight to the list), then a new tab straight to the list,
 * and the one after. The floor has no service worker: its repeat visits come from the HTTP cache.
 */
async function oneRunLantai(base) {
  const { profile, context } = await browser(base, 'bench-web-lantai-');
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const wire = await throttle(context, page);
    const user = page.getByLabel('Nama Pengguna');
    const signInButton = page.getByRole('button', { name: 'Masuk', exact: true });
    const rows = (tab) => tab.getByRole('table', { name: 'Rekap Seluruh Pelamar' }).locator(DATA_ROW).first();
    const firstVisit = await timed(async () => {
      await page.goto('/masuk', { waitUntil: 'commit' });
      await user.waitFor();
      await signInButton.waitFor();
    });
    const firstBytes = wire.bytes;
    await user.fill('admin.cpns');
    await page.getByLabel('Kata Sandi').fill(DEMO_PASSWORD);
    const signIn = await timed(async () => {
      await signInButton.click();
      await rows(page).waitFor();
    });
    const visit = async (tab) => {
      await throttle(context, tab);
      return timed(async () => {
        await tab.goto('/daftar', { waitUntil: 'commit' });
        await rows(tab).waitFor();
      });
    };
    const second = await context.newPage();
    const repeat = await visit(second);
    await second.close();
    const again = await visit(await context.newPage());
    return { firstVisit, firstBytes, signIn, repeat, again };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The version of a package the portal and the floor are both built with, as installed. */
const versi = (name) => JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

/** How many applicants the verifier's day decides per run, and how long they look at each first. */
const DAY_DECISIONS = Number(process.env.BENCH_DAY ?? 6);
const READING_MS = 4000;
/** Between choosing MS and Ctrl+Enter: a hand moving to the next keys. */
const KEY_GAP_MS = 300;

/**
 * A verifier's day on the same link (issue #32): keyboard only, each applicant's documents checked
 * with S, MS with M, "Simpan & berikutnya" with Ctrl+Enter; timed from Ctrl+Enter until the next
 * applicant's name is drawn and focused and its first document is on screen. The verifier reads
 * each applicant for a few seconds first, as anyone deciding does (the next one is loaded then).
 */
async function verifierDay(base) {
  const { profile, context } = await browser(base, 'bench-web-day-');
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/auth/login');
    await page.getByLabel('Nama Pengguna').fill('verifikator.pppk');
    await page.getByLabel('Kata Sandi').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    await throttle(context, page);
    await page.goto('/pppk/verifikasi');
    // "Buka berikutnya" since issue #32 ("Ambil berikutnya", which claimed, before it).
    await page.getByRole('button', { name: /^(Buka|Ambil) berikutnya$/ }).click();
    const name = page.getByTestId('nama-pelamar');
    const drawn = page.locator('[data-testid="document-viewer"] canvas, [data-testid="document-viewer"] img');
    await name.waitFor();
    const times = [];
    const names = [];
    const saves = [];
    const keys = [];
    for (let index = 0; index < DAY_DECISIONS; index++) {
      await drawn.first().waitFor();
      const before = await name.innerText();
      const documents = await page.getByRole('tab').count();
      // Each document looked at before its S (S shows the next one), as a person checks them: a
      // burst of keys faster than anyone reads would measure the backlog of drawing the documents
      // skipped past, not the move to the next applicant.
      for (let d = 0; d < documents; d++) {
        await page.waitForTimeout(READING_MS / documents);
        await page.keyboard.press('s');
      }
      await page.keyboard.press('m');
      await page.waitForTimeout(KEY_GAP_MS);
      const started = performance.now();
      const saved = page
        .waitForResponse(
          (response) => response.request().method() === 'PUT' && /\/verifikator\/\d+$/.test(response.url()),
        )
        .then(() => performance.now() - started);
      await page.keyboard.press('Control+Enter');
      await page.waitForFunction(
        (previous) => document.querySelector('[data-testid="nama-pelamar"]')?.textContent !== previous,
        before,
        { polling: 20, timeout: 60_000 },
      );
      names.push(performance.now() - started);
      saves.push(await saved);
      await page.waitForFunction(
        (previous) => {
          const shown = document.querySelector('[data-testid="nama-pelamar"]');
          const viewer = document.querySelector('[data-testid="document-viewer"]');
          return shown !== null && shown.textContent !== previous && Boolean(viewer?.querySelector('canvas, img'));
        },
        before,
        { polling: 20, timeout: 60_000 },
      );
      times.push(performance.now() - started);
      keys.push(documents + 2);
    }
    return { times, names, saves, keys };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main() {
  const port = PORT || (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-data-'));
  // Built before the server starts, so the build's work is over before anything is timed.
  const lantaiDist = LANTAI ? await buildLantai() : null;
  const { child } = await startServer(port, {
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-web-secret-bench-web-secret-0123456789',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
  });
  const lantai = lantaiDist ? await serveLantai(lantaiDist, port) : null;
  try {
    const perangkat = PERANGKAT[process.env.BENCH_PERANGKAT ?? 'menengah'];
    if (!perangkat) throw new Error(`BENCH_PERANGKAT: ${Object.keys(PERANGKAT).join(' or ')}`);
    let profil = `CPU ×${CPU_SLOWDOWN} (fixed)`;
    if (!CPU_SLOWDOWN) {
      const { profile, context } = await browser(`http://127.0.0.1:${port}`, 'bench-web-cal-');
      const cal = await kalibrasi(context, perangkat.indeks);
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      CPU_SLOWDOWN = cal.rate;
      profil =
        `${perangkat.nama} (benchmark index ≈ ${perangkat.indeks}): this machine scores ${cal.tanpa}, ` +
        `CPU ×${cal.rate} scores ${cal.dapat}`;
    }
    // The portal and the floor in turn, so the machine's drift (README.md) falls on both alike.
    const runs = [];
    const lantaiRuns = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await oneRun(`http://127.0.0.1:${port}`));
      if (lantai) lantaiRuns.push(await oneRunLantai(lantai.base));
    }
    const day = process.env.BENCH_DAY === '0' ? null : await verifierDay(`http://127.0.0.1:${port}`);
    const row = (step, key, target, format = seconds) => ({
      step,
      median: format(median(runs.map((r) => r[key]))),
      runs: runs.map((r) => format(r[key])).join(' / '),
      target,
    });
    console.log(`Slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), ${profil}, fresh profile, ${RUNS} runs`);
    if (runs.length)
      console.table([
        row('first visit: sign-in form usable (s)', 'firstVisit', '≤ 2.5'),
        row('first visit: transferred (KB)', 'firstBytes', '≤ 600', (b) => Math.round(b / 1024)),
        row('then: service worker ready, app precached (s)', 'precache', '–'),
        row('sign-in → dashboard, figures shown (s)', 'signIn', '≤ 1.2'),
        row('open a list, rows shown (s)', 'list', '≤ 1.2'),
        row('repeat visit, list shown (s)', 'repeat', '≤ 1.0'),
        row('  its session check left (s)', 'checkLeaves', '–'),
        row('  …came back (s)', 'checkBack', '–'),
        row('  its list call left (s)', 'listLeaves', '–'),
        row('  …came back (s)', 'listBack', '–'),
        row('the visit after, list shown (s)', 'again', '≤ 1.0'),
      ]);
    if (lantaiRuns.length) {
      // Ratios of medians. The floor signs in straight into the list, so its "sign-in → rows" is
      // what both of the portal's signed-in steps are read against: sign-in → dashboard (another
      // screen, with its own call), opening the list from there, and the two together (Masuk until
      // the list's rows, as the floor has it, less the time a person takes to click).
      const lantaiMedian = (key) => median(lantaiRuns.map((r) => r[key]));
      const portalMedian = (key) => median(runs.map((r) => (typeof key === 'function' ? key(r) : r[key])));
      const compare = (step, portalKey, lantaiKey, format = seconds, target = LANTAI_TARGET) => {
        const ratio = portalMedian(portalKey) / lantaiMedian(lantaiKey);
        return {
          step,
          portal: format(portalMedian(portalKey)),
          floor: format(lantaiMedian(lantaiKey)),
          'floor runs': lantaiRuns.map((r) => format(r[lantaiKey])).join(' / '),
          'portal / floor': `${ratio.toFixed(2)}×`,
          target: target ? `≤ ${target}× ${ratio <= target ? '✓' : '✗'}` : '–',
        };
      };
      console.log(
        `The Mantine floor (bench/web/lantai: React ${versi('react')}, Mantine ${versi('@mantine/core')}), same link and CPU, runs taken in turn with the portal's`,
      );
      console.table([
        compare('first visit: sign-in form usable (s)', 'firstVisit', 'firstVisit'),
        compare('first visit: transferred (KB)', 'firstBytes', 'firstBytes', (b) => Math.round(b / 1024), null),
        compare('sign-in → dashboard (portal) / → rows (floor) (s)', 'signIn', 'signIn'),
        compare('open a list (portal) / sign-in → rows (floor) (s)', 'list', 'signIn'),
        compare('sign-in → dashboard + open a list / sign-in → rows (s)', (r) => r.signIn + r.list, 'signIn'),
        compare('repeat visit, list shown (s)', 'repeat', 'repeat'),
        compare('the visit after, list shown (s)', 'again', 'again'),
      ]);
    }
    if (day) {
      console.log(
        `Verifier's day (issue #32), ${day.times.length} decisions: Simpan & berikutnya → next name and first document drawn, ` +
          `median ${seconds(median(day.times))} s (${day.times.map(seconds).join(' / ')}; target ≤ 0.5 s; ` +
          `the name alone ${seconds(median(day.names))} s, of which the save's round trip ${seconds(median(day.saves))} s), ` +
          `keystrokes per decision ${day.keys.join(', ')}`,
      );
    }
  } finally {
    await lantai?.close();
    if (lantaiDist) rmSync(lantaiDist, { recursive: true, force: true });
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
