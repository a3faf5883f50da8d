// Issue #4 end to end, for two tracks, on the demo instansi Raja Ampat (three undecided
// applicants per track): a verifier claims and decides with the keyboard (TMS with a reason, then
// MS, saving and going next), a supervisor returns the TMS one, the verifier fixes it, the
// supervisor agrees to all in bulk, the admin finalises, and the history shows every step.
// The keystrokes of each decision are counted against the target.

import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

// The cycle ends in an irreversible lock: a retry would start from a finished instansi.
test.describe.configure({ retries: 0 });

const TRACKS = [
  { track: 'cpns', documents: 7 },
  { track: 'nakes', documents: 7 },
] as const;

/** Presses keys on the work screen and counts them. */
function keyboard(page: Page) {
  let count = 0;
  return {
    async press(...keys: string[]) {
      for (const key of keys) {
        await page.keyboard.press(key);
        count += 1;
      }
    },
    take() {
      const taken = count;
      count = 0;
      return taken;
    },
  };
}

const applicantName = (page: Page) => page.getByTestId('nama-pelamar');

for (const { track, documents } of TRACKS) {
  test(`a whole verification cycle, ${track}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const verifier = await (await browser.newContext()).newPage();
    await signIn(verifier, 'verifikator.rajaampat');
    await verifier.goto(`/${track}/verifikasi`);
    await expect(verifier.getByText('Belum diverifikasi (3)')).toBeVisible();
    await verifier.getByRole('button', { name: 'Buka berikutnya' }).click();
    await expect(verifier).toHaveURL(new RegExp(`/${track}/verifikasi/detail\\?id=\\d+`));
    await expect(verifier.getByRole('tab')).toHaveCount(documents);
    const keys = keyboard(verifier);

    // 1: every document checked with S, then TMS with the 4th standard reason, save & next.
    const first = await applicantName(verifier).innerText();
    await expect(verifier.getByTestId('document-viewer').locator('canvas, img').first()).toBeVisible();
    await verifier.screenshot({ path: `test-results/verifikasi-detail-${track}.png`, fullPage: true });
    for (let index = 0; index < documents; index += 1) await keys.press('s');
    await keys.press('t', '4');
    await expect(verifier.getByRole('checkbox', { name: /Kualifikasi pendidikan tidak sesuai formasi/ })).toBeChecked();
    const tmsKeys = keys.take() + 1; // and Ctrl+Enter below
    // Nothing typed is lost: a reload brings the unsaved form back from the draft.
    await verifier.getByLabel('Catatan (opsional)').fill('Program studi di ijazah berbeda.');
    await verifier.reload();
    await expect(verifier.getByText('Isian yang belum tersimpan dipulihkan dari draf.')).toBeVisible();
    await expect(verifier.getByLabel('Catatan (opsional)')).toHaveValue('Program studi di ijazah berbeda.');
    await expect(verifier.getByRole('tab', { name: /✓/ })).toHaveCount(documents);
    // Saved from the decision panel below the fold (issue #32): the next applicant opens at the top,
    // its name focused, and the toast names whose decision was saved.
    await verifier.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await verifier.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await verifier.keyboard.press('Control+Enter');
    await expect(verifier.getByText(`Keputusan tersimpan. ${first}: Tidak Memenuhi Syarat.`)).toBeVisible();
    await expect(applicantName(verifier)).not.toHaveText(first);
    await expect(applicantName(verifier)).toBeFocused();
    expect(await verifier.evaluate(() => window.scrollY)).toBe(0);

    // 2 and 3: MS – one key per document, then decide and save & next.
    const msKeys: number[] = [];
    for (let applicant = 0; applicant < 2; applicant += 1) {
      const name = await applicantName(verifier).innerText();
      await expect(verifier.getByRole('tab')).toHaveCount(documents);
      for (let index = 0; index < documents; index += 1) await keys.press('s');
      await keys.press('m', 'Control+Enter');
      msKeys.push(keys.take());
      if (applicant === 0) await expect(applicantName(verifier)).not.toHaveText(name);
    }
    // The queue is empty now: back to the list with a notice.
    await expect(verifier).toHaveURL(new RegExp(`/${track}/verifikasi$`));
    await expect(verifier.getByText('Tidak ada lagi pelamar yang dapat Anda kerjakan di daftar ini.')).toBeVisible();
    console.log(
      `[${track}] keystrokes: MS ${msKeys.join(', ')} (target ≤ ${documents + 2}); TMS ${tmsKeys} (target ≤ ${documents + 6})`,
    );
    for (const count of msKeys) expect(count).toBeLessThanOrEqual(documents + 2);
    expect(tmsKeys).toBeLessThanOrEqual(documents + 2 + 4);

    // The supervisor returns the TMS decision with a note.
    const supervisor = await (await browser.newContext()).newPage();
    await signIn(supervisor, 'supervisor.rajaampat');
    await supervisor.goto(`/${track}/supervisi`);
    const tmsRow = supervisor.getByRole('row', { name: new RegExp(first) });
    await expect(tmsRow).toContainText('Kualifikasi pendidikan tidak sesuai formasi');
    await tmsRow.getByText(first).click();
    await expect(supervisor).toHaveURL(new RegExp(`/${track}/supervisi/detail`));
    await expect(supervisor.getByRole('table', { name: 'Pemeriksaan dokumen' })).toContainText('Sesuai');
    await supervisor.getByLabel(/Catatan untuk verifikator/).fill('Ijazah sesuai formasi, mohon periksa ulang.');
    // Returning is confirmed like agreeing (issue #32), naming whom it concerns; then the next
    // decision of the supervisor's list opens.
    await supervisor.getByRole('button', { name: 'Kembalikan' }).click();
    const kembalikan = supervisor.getByRole('dialog', { name: 'Kembalikan ke verifikator' });
    await expect(kembalikan).toContainText(`Keputusan untuk ${first} dikembalikan kepada Yohana Mambraku`);
    await kembalikan.getByRole('button', { name: 'Kembalikan' }).click();
    await expect(supervisor.getByText(`Keputusan untuk ${first} dikembalikan ke verifikator.`)).toBeVisible();
    await expect(supervisor).toHaveURL(new RegExp(`/${track}/supervisi/detail\\?id=\\d+`));
    await expect(supervisor.getByTestId('nama-pelamar')).not.toHaveText(first);
    await expect(supervisor.getByTestId('nama-pelamar')).toBeFocused();

    // The verifier finds it back in the queue, reads the note and decides MS.
    await verifier.goto(`/${track}/verifikasi`);
    const returned = verifier.getByRole('row', { name: new RegExp(first) });
    await expect(returned).toContainText('Dikembalikan supervisor');
    await returned.getByText(first).click();
    await expect(verifier.getByText('Ijazah sesuai formasi, mohon periksa ulang.')).toBeVisible();
    await keys.press('m', 'Control+Enter');
    expect(keys.take()).toBeLessThanOrEqual(2);
    await expect(verifier.getByText('Keputusan tersimpan.')).toBeVisible();
    await expect(verifier).toHaveURL(new RegExp(`/${track}/verifikasi$`));

    // The supervisor agrees to all three at once.
    await supervisor.goto(`/${track}/supervisi`);
    await expect(supervisor.getByRole('row')).toHaveCount(4);
    await supervisor.getByRole('checkbox', { name: /Pilih semua/ }).check();
    await supervisor.getByRole('button', { name: 'Setujui 3 terpilih' }).click();
    await supervisor.getByRole('dialog').getByRole('button', { name: 'Setujui' }).click();
    await expect(supervisor.getByText('3 keputusan disetujui.')).toBeVisible();
    await expect(supervisor.getByText('Tidak ada data')).toBeVisible();

    // The admin locks the results.
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'admin.rajaampat');
    await admin.goto(`/${track}/rekap-pelamar`);
    await expect(admin.getByText('Semua pelamar sudah diverifikasi dan disupervisi.')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Cetak Pengumuman' })).toBeDisabled();
    await admin.getByRole('button', { name: 'Kunci hasil verifikasi' }).click();
    // The confirmation says what it locks (issue #32): the track, and the decisions as they stand.
    await expect(admin.getByRole('dialog')).toContainText(
      new RegExp(
        `Anda akan mengunci hasil verifikasi ${track === 'cpns' ? 'CPNS' : 'PPPK Tenaga Kesehatan'} instansi Anda: [\\d.]+ Memenuhi Syarat dan [\\d.]+ Tidak Memenuhi Syarat\\.`,
      ),
    );
    await admin.getByRole('dialog').getByRole('button', { name: 'Kunci hasil verifikasi' }).click();
    await expect(admin.getByText(/Hasil verifikasi sudah dikunci oleh Fransiska Wanma/)).toBeVisible();
    // The official documents can be printed at once, without a reload.
    await expect(admin.getByRole('button', { name: 'Cetak Pengumuman' })).toBeEnabled();

    // The history of the returned applicant shows each step.
    await admin
      .getByRole('row', { name: new RegExp(first) })
      .getByText(first)
      .click();
    const history = admin.getByLabel('Riwayat', { exact: true });
    await expect(history).toContainText('Diambil untuk diverifikasi');
    await expect(history).toContainText('Keputusan verifikasi: Belum → TMS');
    await expect(history).toContainText('Supervisi: TMS → Dikembalikan');
    await expect(history).toContainText('Keputusan verifikasi: TMS (dikembalikan) → MS');
    await expect(history).toContainText('Supervisi: MS → Disetujui');
    await expect(history).toContainText('Ijazah sesuai formasi, mohon periksa ulang.');
    await expect(history).toContainText('Program studi di ijazah berbeda.');
    await admin.screenshot({ path: `test-results/riwayat-${track}.png`, fullPage: true });
  });
}
