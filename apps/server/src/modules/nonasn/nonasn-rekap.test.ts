// Non-ASN confirmation (issue #5) in bulk and in sum, against a real database: bulk answers with
// partial failure, the dashboard built on the counters, and the export.

import { KATEGORI_NONASN_NAMA } from '@portal/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lastAuditId } from '../../test/api-fixture.js';
import { BANDUNG, BOGOR, JATENG, useNonAsnFixture } from './fixture.js';
import { rollUpNonAsnCounts } from './service.js';

const { api, call, list, dashboard, idsOf, konfirmasi } = useNonAsnFixture();

describe('bulk confirmation', () => {
  it('answers each id on its own: partial failure is reported per id, the rest is done', async () => {
    const [a, b, c] = await idsOf(BOGOR);
    const [foreign] = await idsOf(JATENG);
    await konfirmasi(c as number, { status: 'TIDAK_DIUSULKAN', version: 1, sptjm: true, alasan: 'Meninggal dunia' });
    const before = await lastAuditId(api.ctx.db);
    const res = await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: [a, b, c, foreign, a],
      status: 'DIKONFIRMASI',
      sptjm: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: a, ok: true, version: 2 },
      { id: b, ok: true, version: 2 },
      expect.objectContaining({ id: c, ok: false, error: 'ALASAN_WAJIB' }),
      expect.objectContaining({ id: foreign, ok: false, error: 'NOT_FOUND' }),
    ]);
    const events = await api.ctx.db
      .selectFrom('audit_event')
      .where('id', '>', String(before))
      .select(['entity_id', 'from_value', 'to_value'])
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { entity_id: String(a), from_value: 'BELUM', to_value: 'DIKONFIRMASI' },
      { entity_id: String(b), from_value: 'BELUM', to_value: 'DIKONFIRMASI' },
    ]);
    // Not proposed in bulk needs the reason, which then applies to every id.
    const noReason = await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: [c],
      status: 'TIDAK_DIUSULKAN',
      sptjm: true,
    });
    expect(noReason.statusCode).toBe(400);
    const noSptjm = await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: [c],
      status: 'DIKONFIRMASI',
    });
    expect(noSptjm.statusCode).toBe(400);
  });
});

describe('confirmation dashboard', () => {
  it('shows per instansi × kategori progress from the counters, moving with every answer', async () => {
    const before = await dashboard('nonasn.bkn');
    expect(new Set(before.data.map((row) => row.instansi.id))).toEqual(new Set([BOGOR, JATENG, BANDUNG]));
    expect(before.data.reduce((sum, row) => sum + row.total, 0)).toBe(60);
    expect(before.summaries[0]).toMatchObject({ kategori: null, total: 60, belum: 60, dikonfirmasi: 0 });
    const ids = await idsOf(BOGOR);
    const kategoriOf = await api.ctx.db
      .selectFrom('nonasn')
      .where('id', '=', ids[0] as number)
      .select('kategori')
      .executeTakeFirstOrThrow();
    await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: ids.slice(0, 10),
      status: 'DIKONFIRMASI',
      sptjm: true,
    });
    await konfirmasi(ids[10] as number, { status: 'TIDAK_DIUSULKAN', version: 1, sptjm: true, alasan: 'Tidak aktif' });
    const check = async () => {
      const after = await dashboard('nonasn.bkn', { filter: { instansiId: BOGOR } });
      expect(after.summaries[0]).toMatchObject({
        kategori: null,
        total: 40,
        dikonfirmasi: 10,
        tidakDiusulkan: 1,
        belum: 29,
        persen: 27.5,
      });
      expect(after.data.every((row) => row.instansi.id === BOGOR)).toBe(true);
      const row = after.data.find((item) => item.kategori === kategoriOf.kategori);
      expect(row?.dikonfirmasi).toBeGreaterThan(0);
      for (const item of after.data) expect(item.dikonfirmasi + item.tidakDiusulkan + item.belum).toBe(item.total);
    };
    await check();
    // Folding the deltas into the counters changes nothing that is read.
    expect(await rollUpNonAsnCounts(api.ctx.db)).toBeGreaterThan(0);
    expect(await api.ctx.db.selectFrom('nonasn_count_delta').select('id').execute()).toEqual([]);
    await check();
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM nonasn WHERE instansi_id = ${BOGOR} AND status_konfirmasi = 'DIKONFIRMASI'`.execute(
      api.ctx.db,
    );
    expect(rows[0]?.n).toBe(10);
  });

  it('scopes an instansi admin with the page to their instansi and sorts by progress and name, paged', async () => {
    // operator.multi is an admin (Nakes) without a national role: only Bandung, and no dashboard page.
    const own = await list('operator.multi');
    expect(own.recordsTotal).toBe(8);
    const ids = await idsOf(JATENG);
    await call('admin.guru', 'PUT', '/api/pppk/nonasn/updateStatus', { ids, status: 'DIKONFIRMASI', sptjm: true });
    const byProgress = await dashboard('menpan', { sorting: { column: 'persen', direction: 'desc' } });
    expect(byProgress.data[0]?.instansi.id).toBe(JATENG);
    expect(byProgress.data[0]?.persen).toBe(100);
    const persen = byProgress.data.map((row) => row.persen);
    expect(persen).toEqual([...persen].sort((x, y) => y - x));
    const paged = await dashboard('menpan', {
      paginator: { page: 2, pageSize: 3 },
      sorting: { column: 'instansi', direction: 'asc' },
    });
    expect(paged.recordsTotal).toBe(byProgress.recordsTotal);
    expect(paged.data).toHaveLength(3);
    const names = await dashboard('menpan', { sorting: { column: 'instansi', direction: 'asc' } });
    expect(paged.data.map((row) => row.id)).toEqual(names.data.slice(3, 6).map((row) => row.id));
    const kategori = await dashboard('menpan', { filter: { kategori: 'R3' } });
    expect(kategori.data.every((row) => row.kategori === 'R3')).toBe(true);
  });
});

describe('export', () => {
  it('downloads the filtered view as CSV with Indonesian headers, in the list order', async () => {
    const ids = await idsOf(BOGOR);
    await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: ids.slice(0, 5),
      status: 'DIKONFIRMASI',
      sptjm: true,
    });
    const res = await call('admin.pppk', 'POST', '/api/pppk/nonasn/export', {
      format: 'csv',
      filter: { statusKonfirmasi: 'DIKONFIRMASI' },
      sorting: { column: 'id', direction: 'desc' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'NIK;Nama;Tempat Lahir;Tanggal Lahir;Unit Kerja;Jabatan;Masa Kerja;Kategori;Sumber Dana;Status Konfirmasi;Alasan;Dikonfirmasi Oleh;Waktu Konfirmasi;Instansi',
    );
    expect(lines).toHaveLength(6);
    const niks = await api.ctx.db
      .selectFrom('nonasn')
      .where('id', 'in', ids.slice(0, 5))
      .select('nik')
      .orderBy('id', 'desc')
      .execute();
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(niks.map((row) => row.nik));
    expect(lines.slice(1).every((line) => line.includes(';Dikonfirmasi;') && line.includes('Hendra Gunawan'))).toBe(
      true,
    );
    const xlsx = await call('nonasn.bkn', 'POST', '/api/pppk/nonasn/export', { format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Words for the kategori codes (R1…, EKS_THK_II), dates as DD/MM/YYYY, in Excel as real dates.
    const header = (lines[0] ?? '').split(';');
    for (const line of lines.slice(1)) {
      const cells = line.split(';');
      expect(Object.values(KATEGORI_NONASN_NAMA)).toContain(cells[header.indexOf('Kategori')]);
      expect(cells[header.indexOf('Tanggal Lahir')]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(cells[header.indexOf('Waktu Konfirmasi')]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}\.\d{2} WIB$/);
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const lahir = sheet?.getRow(2).getCell(header.indexOf('Tanggal Lahir') + 1);
    expect(lahir?.value).toBeInstanceOf(Date);
    expect(lahir?.numFmt).toBe('dd/mm/yyyy');
  });
});
