// An applicant in full and the recap lists' exports (issue #3) against a real database seeded by
// the generator: the detail within the scope, document files, CSV and Excel downloads.

import { ALASAN_TMS, JENIS_FORMASI, JENIS_FORMASI_NAMA } from '@portal/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { body, usePelamarFixture } from './fixture.js';

const { api, rows } = usePelamarFixture();

describe('detail and documents', () => {
  const ownAndOther = async () => {
    const own = await api.ctx.db
      .selectFrom('pelamar')
      .select(['id', 'nik', 'nama'])
      .where('instansi_id', '=', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const other = await api.ctx.db
      .selectFrom('pelamar')
      .select(['id'])
      .where('instansi_id', '=', 7)
      .where('track', '=', 'cpns')
      .executeTakeFirstOrThrow();
    return { own, other };
  };

  it('shows one applicant in full, with documents and scores, only within the scope', async () => {
    const { own, other } = await ownAndOther();
    const token = await api.tokenOf('admin.cpns');
    const res = await api.client.request({ url: `/api/cpns/admin/${own.id}`, token });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({ id: Number(own.id), nik: own.nik, nama: own.nama, instansi: { id: 3 } });
    expect(detail.dokumen.map((d: { jenis: string }) => d.jenis)).toEqual(
      expect.arrayContaining(['KTP', 'IJAZAH', 'PAS_FOTO']),
    );
    expect(detail.nilai.map((n: { komponen: string }) => n.komponen).sort()).toEqual(['TIU', 'TKP', 'TWK']);
    expect((await api.client.request({ url: `/api/cpns/admin/${other.id}`, token })).statusCode).toBe(404);
    expect((await api.client.request({ url: '/api/cpns/admin/abc', token })).statusCode).toBe(400);
    const monitor = (
      await api.client.request({ url: `/api/cpns/admin/${own.id}`, token: await api.tokenOf('monitor.cpns') })
    ).json();
    expect(monitor.nik).toBe(`${own.nik.slice(0, 6)}******${own.nik.slice(12)}`);
    expect(
      (await api.client.request({ url: `/api/cpns/admin/${own.id}`, token: await api.tokenOf('verifikator.pppk') }))
        .statusCode,
    ).toBe(403);
  });

  it('streams a document file with its type, and not across instansi', async () => {
    const { own, other } = await ownAndOther();
    const token = await api.tokenOf('admin.cpns');
    const detail = (await api.client.request({ url: `/api/cpns/admin/${own.id}`, token })).json();
    const ktp = detail.dokumen.find((d: { jenis: string }) => d.jenis === 'KTP');
    const file = await api.client.request({ url: `/api/cpns/admin/${own.id}/dokumen/${ktp.id}`, token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const foto = detail.dokumen.find((d: { jenis: string }) => d.jenis === 'PAS_FOTO');
    const jpeg = await api.client.request({ url: `/api/cpns/admin/${own.id}/dokumen/${foto.id}`, token });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect([...jpeg.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await api.client.request({ url: `/api/cpns/admin/${other.id}/dokumen/${ktp.id}`, token })).statusCode).toBe(
      404,
    );
  });
});

describe('exports', () => {
  const exportBody = (format: string, overrides: Record<string, unknown> = {}) => ({
    format,
    filter: {},
    sorting: { column: 'nama', direction: 'asc' },
    searchTerm: '',
    ...overrides,
  });

  it('downloads the current view as CSV with Indonesian headers, in the list order, within the scope', async () => {
    const token = await api.tokenOf('admin.cpns');
    const res = await api.client.request({
      method: 'POST',
      url: '/api/cpns/admin/export',
      token,
      payload: exportBody('csv', { filter: { statusVerifikasi: 'MS' } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rekap-pelamar-cpns-\d{8}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.split(';').slice(0, 4)).toEqual(['Nomor Peserta', 'NIK', 'Nama', 'Gelar Depan']);
    const listed = await rows(
      'admin.cpns',
      '/api/cpns/admin/filter',
      body({ filter: { statusVerifikasi: 'MS' }, sorting: { column: 'nama', direction: 'asc' } }),
    );
    expect(lines.length - 1).toBe(listed.recordsTotal);
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(listed.data.map((row) => row.noPeserta));
    const other = await api.ctx.db.selectFrom('pelamar').select('nik').where('instansi_id', '=', 7).execute();
    for (const { nik } of other) expect(res.body).not.toContain(nik);
  });

  it('downloads Excel that opens with every row, masked for monitoring roles', async () => {
    const res = await api.client.request({
      method: 'POST',
      url: '/api/cpns/admin/export',
      token: await api.tokenOf('monitor.cpns'),
      payload: exportBody('xlsx'),
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(161);
    expect(sheet?.getRow(1).getCell(3).value).toBe('Nama');
    expect(String(sheet?.getRow(2).getCell(2).value)).toMatch(/^\d{6}\*{6}\d{4}$/);
  });

  it('says words, not codes, keeps dates as real Excel dates and gives the TMS reasons', async () => {
    const token = await api.tokenOf('admin.cpns');
    const csv = await api.client.request({
      method: 'POST',
      url: '/api/cpns/admin/export',
      token,
      payload: exportBody('csv', { filter: { statusVerifikasi: 'TMS' } }),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [head = '', ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const headers = head.split(';');
    expect(headers.at(-1)).toBe('Alasan TMS');
    expect(lines.length).toBeGreaterThan(0);
    const cell = (line: string, header: string) => line.split(';')[headers.indexOf(header)] ?? '';
    const reasons = new Set<string>(ALASAN_TMS.map((alasan) => alasan.label));
    const codes = new Set<string>([...ALASAN_TMS.map((alasan) => alasan.kode), ...JENIS_FORMASI]);
    for (const line of lines) {
      expect(cell(line, 'Status Verifikasi')).toBe('Tidak Memenuhi Syarat');
      expect(Object.values(JENIS_FORMASI_NAMA)).toContain(cell(line, 'Jenis Formasi'));
      expect(cell(line, 'Tanggal Daftar')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(cell(line, 'Tanggal Verifikasi')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}\.\d{2} WIB$/);
      const alasan = cell(line, 'Alasan TMS').split('; ');
      for (const reason of alasan) expect(reasons.has(reason), reason).toBe(true);
      for (const value of line.split(';')) expect(codes.has(value), value).toBe(false);
    }

    const xlsx = await api.client.request({
      method: 'POST',
      url: '/api/cpns/admin/export',
      token,
      payload: exportBody('xlsx', { filter: { statusVerifikasi: 'TMS' } }),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const column = (header: string) => ((sheet?.getRow(1).values as unknown[]) ?? []).indexOf(header);
    const daftar = sheet?.getRow(2).getCell(column('Tanggal Daftar'));
    const verifikasi = sheet?.getRow(2).getCell(column('Tanggal Verifikasi'));
    expect(daftar?.value).toBeInstanceOf(Date);
    expect(daftar?.numFmt).toBe('dd/mm/yyyy');
    expect(verifikasi?.value).toBeInstanceOf(Date);
    expect(verifikasi?.numFmt).toBe('dd/mm/yyyy hh:mm');
    // The same day as the CSV says (the serial carries the WIB wall-clock).
    const [d, m, y] = cell(lines[0] ?? '', 'Tanggal Daftar').split('/');
    expect((daftar?.value as Date | undefined)?.toISOString().slice(0, 10)).toBe(`${y}-${m}-${d}`);
    expect(String(sheet?.getRow(2).getCell(column('Alasan TMS')).value)).not.toBe('');
  });

  it('is bound to the page and exists only for recap lists', async () => {
    const denied = await api.client.request({
      method: 'POST',
      url: '/api/cpns/admin/export',
      token: await api.tokenOf('verifikator.cpns'),
      payload: exportBody('csv'),
    });
    expect(denied.statusCode).toBe(403);
    const none = await api.client.request({
      method: 'POST',
      url: '/api/cpns/verifikator/export',
      token: await api.tokenOf('verifikator.cpns'),
      payload: exportBody('csv'),
    });
    expect(none.statusCode).toBe(404);
    const bad = await api.client.request({
      method: 'POST',
      url: '/api/cpns/admin/export',
      token: await api.tokenOf('admin.cpns'),
      payload: exportBody('pdf'),
    });
    expect(bad.statusCode).toBe(400);
  });
});
