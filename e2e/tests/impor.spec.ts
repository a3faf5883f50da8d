// Issue #18 end to end: the national operator loads a formasi, downloads the applicants' template,
// fills two rows (one with a bad NIK), uploads it, sees the bad row in the check report, fixes it,
// applies with the progress bar, loads the applicant's scanned KTP as a ZIP with its manifest, and
// a verifier of that instansi finds the new applicant and opens the document.
// Then Jadwal Tahapan: one window edited in WIB and shown again after a reload.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { NAMA_BULAN } from '@portal/contract';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-impor-'));
/** A 1×1 PNG: the smallest real image the document viewer draws. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** Writes a ZIP from {name: base64} (Python's zipfile: what an operator's tool would make). */
const ZIP_SCRIPT = `
import sys, zipfile, base64, json
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
    for name, data in json.loads(sys.stdin.read()).items():
        z.writestr(name, base64.b64decode(data))
`;
const stamp = Date.now().toString().slice(-7);
const NAMA = `Sulistyowati Impor ${stamp}`;
const FORMASI = {
  instansi_kode: '4010',
  track: 'cpns',
  jabatan_kode: `JF-E2E-${stamp}`,
  lokasi_kode: 'LOK-E2E',
  jenis_formasi: 'UMUM',
  pendidikan_kode: 'S1-HUKUM',
};

/** Chooses the file as a person does (the file dialog), then asks for the check. */
async function uploadAndCheck(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Berkas/ }).click();
  await (await chooser).setFiles(file);
  await page.getByRole('button', { name: 'Periksa berkas' }).click();
}

/** Chooses Pelamar, downloads its template as `name` and reads its columns and example row. */
async function templatePelamar(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Jenis data' }).click();
  await page.getByRole('option', { name: 'Pelamar', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh template' }).click();
  const template = path.join(dir, name);
  await (await download).saveAs(template);
  expect((await download).suggestedFilename()).toBe('template-pelamar.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.getWorksheet('Data') as ExcelJS.Worksheet;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const example = Object.fromEntries(
    header.map((h, i) => [h, String((sheet.getRow(2).values as unknown[])[i + 1] ?? '')]),
  );
  return { workbook, sheet, header, example };
}

async function applyAndWait(page: Page) {
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await page.getByRole('dialog', { name: 'Terapkan impor?' }).getByRole('button', { name: 'Terapkan' }).click();
  await expect(page.getByRole('progressbar', { name: 'Kemajuan impor' })).toBeVisible();
  await expect(page.getByText('Impor selesai.').last()).toBeVisible({ timeout: 20_000 });
}

test('the operator loads applicants from the template; a verifier finds them', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'superadmin');
  await page.locator('nav[aria-label="Menu utama"]').getByRole('link', { name: 'Impor Data' }).click();
  await expect(page).toHaveURL(/\/admin\/impor/);

  // A formasi of Kementerian Hukum first (CSV with semicolons, as Excel writes it here).
  await page.getByRole('combobox', { name: 'Jenis data' }).click();
  await page.getByRole('option', { name: 'Formasi', exact: true }).click();
  const formasi = path.join(dir, 'formasi.csv');
  writeFileSync(
    formasi,
    [
      'instansi_kode;track;jabatan_kode;lokasi_kode;jenis_formasi;pendidikan_kode;jabatan_nama;lokasi_nama;pendidikan_nama;prodi;usia_min;usia_max;ipk_min;jumlah_kebutuhan',
      `${Object.values(FORMASI).join(';')};Analis Hukum Uji Impor;Kota Jakarta Selatan;S-1 Ilmu Hukum;Ilmu Hukum;18;35;3,00;3`,
    ].join('\r\n'),
  );
  await uploadAndCheck(page, formasi);
  await expect(page.getByTestId('jumlah-baru')).toHaveText('1');
  await applyAndWait(page);

  // The applicants' template, filled with two rows, the second with a NIK one digit short.
  const { workbook, sheet, header, example } = await templatePelamar(page, 'template-pelamar.xlsx');
  const row = (nomor: string, nik: string, nama: string) =>
    header.map((h) => ({ ...example, ...FORMASI, nomor_peserta: nomor, nik, nama, nama_ijazah: '' })[h] ?? '');
  sheet.getRow(2).values = row(`77${stamp}00001`, `317101250599${stamp.slice(-4)}`, NAMA);
  sheet.getRow(3).values = row(`77${stamp}00002`, '31710125059', `Bayu Impor ${stamp}`);
  // Each version under a name of its own: a file changed on disk after it was chosen can no
  // longer be read by the browser, and choosing the same name again may not replace it.
  const first = path.join(dir, 'pelamar-awal.xlsx');
  await workbook.xlsx.writeFile(first);
  await uploadAndCheck(page, first);
  await expect(page.getByTestId('jumlah-ditolak')).toHaveText('1');
  const rejections = page.getByRole('table', { name: 'Baris yang ditolak' });
  await expect(rejections.getByRole('row', { name: /^3 nik .*NIK harus 16 angka/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/impor-cek.png', fullPage: true });

  // Fixed and uploaded again: two new applicants, applied with the progress bar.
  sheet.getRow(3).values = row(`77${stamp}00002`, `317101250598${stamp.slice(-4)}`, `Bayu Impor ${stamp}`);
  const filled = path.join(dir, 'pelamar.xlsx');
  await workbook.xlsx.writeFile(filled);
  await uploadAndCheck(page, filled);
  await expect(page.getByTestId('jumlah-baru')).toHaveText('2');
  await expect(page.getByTestId('jumlah-ditolak')).toHaveText('0');
  await applyAndWait(page);
  await page.screenshot({ path: 'test-results/impor-selesai.png', fullPage: true });
  // The job is in the URL: a reload shows it again.
  await page.reload();
  await expect(page.getByRole('progressbar', { name: 'Kemajuan impor' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Impor terakhir' }).getByText('pelamar.xlsx').first()).toBeVisible();

  // The applicant's scanned KTP, as a ZIP with its manifest.
  await page.getByRole('combobox', { name: 'Jenis data' }).click();
  await page.getByRole('option', { name: 'Dokumen pelamar (ZIP)' }).click();
  const archive = path.join(dir, 'dokumen.zip');
  execFileSync('python3', ['-c', ZIP_SCRIPT, archive], {
    input: JSON.stringify({
      'manifest.csv': Buffer.from(
        `nomor_peserta;jenis;nama_file\r\n77${stamp}00001;KTP;ktp/77${stamp}00001.png\r\n`,
      ).toString('base64'),
      [`ktp/77${stamp}00001.png`]: PNG_1X1,
    }),
  });
  await uploadAndCheck(page, archive);
  await expect(page.getByTestId('jumlah-baru')).toHaveText('1');
  await applyAndWait(page);

  // A verifier of Kementerian Hukum finds the new applicant waiting and opens the document.
  const verifier = await (await browser.newContext()).newPage();
  await signIn(verifier, 'verifikator.cpns');
  await verifier.goto('/cpns/verifikasi');
  await verifier.getByLabel('Cari').fill(NAMA);
  const found = verifier.getByRole('row', { name: new RegExp(NAMA) });
  await expect(found).toBeVisible();
  await found.getByText(NAMA).click();
  await expect(verifier).toHaveURL(/\/cpns\/verifikasi\/detail\?id=\d+/);
  await expect(verifier.getByRole('tab', { name: /KTP/ })).toBeVisible();
  await expect(verifier.getByTestId('document-viewer').locator('img')).toBeVisible();
  await verifier.screenshot({ path: 'test-results/impor-dokumen-verifikator.png', fullPage: true });
});

test('a file of over a megabyte is read and checked in a thread of its own, its report complete (issue #33)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'superadmin');
  await page.goto('/admin/impor');
  const { header, example } = await templatePelamar(page, 'template-besar.xlsx');
  // 5,000 applicants of an instansi that does not exist: every row refused, with its reason.
  const quoted = (v: string) => `"${v.replaceAll('"', '""')}"`;
  const lines = [header.join(';')];
  for (let i = 1; i <= 5000; i++) {
    const row: Record<string, string> = {
      ...example,
      instansi_kode: '0000',
      nomor_peserta: `66${stamp}${String(i).padStart(5, '0')}`,
      nik: `3171012505${String(i).padStart(6, '0')}`,
      nama: `Pelamar Berkas Besar ${i}`,
    };
    lines.push(header.map((h) => quoted(row[h] ?? '')).join(';'));
  }
  const file = path.join(dir, 'pelamar-besar.csv');
  writeFileSync(file, lines.join('\r\n'));
  // Over UTAS_CEK_MULAI (1 MB): read and validated in a thread, staged by the server's own.
  expect(statSync(file).size).toBeGreaterThan(1024 * 1024);
  await uploadAndCheck(page, file);
  await expect(page.getByTestId('jumlah-baris-dibaca')).toHaveText('5.000', { timeout: 90_000 });
  await expect(page.getByTestId('jumlah-ditolak')).toHaveText('5.000');
  await expect(
    page
      .getByRole('table', { name: 'Baris yang ditolak' })
      .getByRole('row', { name: /^2 instansi_kode .*tidak ada instansi berkode 0000/ }),
  ).toBeVisible();
});

test('Jadwal Tahapan: a window edited in WIB stays after a reload', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.goto('/admin/jadwal');
  const label = 'PPPK Tenaga Kesehatan – jawab sanggah nilai';
  // Named with the value it shows (label in name): "Selesai (WIB): {tahap}, 20/08/2024 00:00".
  const selesai = page.getByRole('button', { name: new RegExp(`^Selesai \\(WIB\\): ${label}, `) });
  // The seed opens every window for 60 days from the day it runs: read the date, pick another day
  // of the same month (the picker opens on the month of the current value).
  await expect(selesai).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  const [, dd, mm, yyyy, jam] =
    /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})$/.exec((await selesai.textContent()) ?? '') ?? [];
  const day = Number(dd) <= 20 ? Number(dd) + 5 : Number(dd) - 5;
  const bulan = NAMA_BULAN[Number(mm) - 1];
  await page.screenshot({ path: 'test-results/jadwal-tahapan.png', fullPage: true });
  await selesai.click();
  const dropdown = page.getByRole('dialog');
  await dropdown.getByRole('button', { name: `${day} ${bulan} ${yyyy}`, exact: true }).click();
  await dropdown.getByRole('button', { name: 'Pakai tanggal dan jam ini' }).click();
  await page.getByRole('button', { name: `Simpan: ${label}` }).click();
  await expect(page.getByText('Jadwal disimpan dan langsung berlaku.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(`^Selesai \\(WIB\\): ${label}, `) })).toHaveText(
    `${String(day).padStart(2, '0')}/${mm}/${yyyy} ${jam}`,
  );
});

test('Jadwal Tahapan: the sample rate of the second verification is set by keyboard and stays after a reload (issue #34)', async ({
  page,
}) => {
  await signIn(page, 'superadmin');
  await page.goto('/admin/jadwal');
  const rate = page.getByRole('textbox', { name: 'Persentase sampel: PPPK Guru' });
  await expect(rate).toHaveValue('0%'); // the e2e server starts at 0 (DEMO_SAMPEL_PERSEN)
  await rate.fill('7,5');
  await rate.press('Enter');
  await expect(page.getByText('Sampel verifikasi kedua PPPK Guru menjadi 7,5%.')).toBeVisible();
  await page
    .getByRole('region', { name: 'Sampel verifikasi kedua' })
    .screenshot({ path: 'test-results/sampel-verifikasi.png' });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Persentase sampel: PPPK Guru' })).toHaveValue('7,5%');
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('textbox', { name: 'Persentase sampel: PPPK Guru' }) });
  await expect(row).toContainText(/Diubah \d{2}\/\d{2}\/\d{4} \d{2}\.\d{2} WIB oleh /);
  await expect(row).not.toContainText('oleh superadmin');
  // Back to 0 for the flows that follow.
  await page.getByRole('textbox', { name: 'Persentase sampel: PPPK Guru' }).fill('0');
  await page.getByRole('button', { name: 'Simpan: Persentase sampel PPPK Guru' }).click();
  await expect(page.getByText('Sampel verifikasi kedua PPPK Guru menjadi 0%.')).toBeVisible();
});
