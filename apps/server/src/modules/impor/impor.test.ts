// Issue #18: loading selection data through the API the Impor Data screen uses — the check that
// changes nothing, every rejection class, apply as a job, idempotent re-import, conflicts with
// work already done, counters that agree with the rows, encodings and separators, the template,
// documents from a ZIP with a manifest and non-ASN records. Each test builds on the rows the one
// before it imported. Who may import, jobs, cancel and the stage windows: impor-job.test.ts.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { userIdOf } from '../../test/api-fixture.js';
import { nonAsnDelta, statusDelta } from '../shared/counter-deltas.js';
import { cekBerkas } from './cek.js';
import { csv, FORMASI_HEADER, PDF, PELAMAR_HEADER, PNG, pelamarRow, useImporFixture, zip } from './fixture.js';
import { STATISTIK_TERTANAM } from './merge.js';
import { bisaSalin } from './salin.js';

const fx = useImporFixture();
const { api } = fx;

describe('an import from check to apply (issue #18)', () => {
  it('checks without changing anything, applies as a job, and a second import changes nothing', async () => {
    const file = csv([
      ['kode', 'nama', 'jenis'],
      ['9901', 'Badan Uji Impor', 'pusat'],
      ['9902', 'Kota Uji', 'kota'],
    ]);
    const checked = await fx.cek('instansi', 'instansi.csv', `\uFEFF${file}`);
    expect(checked.statusCode, checked.body).toBe(200);
    const report = checked.json();
    expect(report).toMatchObject({ dibaca: 2, baru: 1, ditolak: 1, sama: 0, berubah: 0, konflik: 0 });
    expect(report.penolakan).toEqual([
      { baris: 3, kolom: 'jenis', nilai: 'kota', pesan: expect.stringMatching(/pusat, daerah/) },
    ]);
    expect(
      await api.ctx.db.selectFrom('instansi').select('id').where('kode', '=', '9901').executeTakeFirst(),
    ).toBeUndefined();

    const analyzed = () =>
      sql<{ n: number }>`SELECT coalesce(analyze_count, 0)::int AS n FROM pg_stat_user_tables
        WHERE relname = 'instansi' AND schemaname = current_schema()`
        .execute(api.ctx.db)
        .then((r) => r.rows[0]?.n ?? 0);
    const analyzedBefore = await analyzed();
    const job = await fx.terapkan(report.id);
    expect(job).toMatchObject({ status: 'SELESAI', total: 1, selesai: 1, baru: 1, ditolak: 1 });
    // The planner's statistics of what the import wrote are refreshed (a million new rows would
    // otherwise be planned as the table was before).
    await expect.poll(analyzed).toBeGreaterThan(analyzedBefore);
    expect(
      await api.ctx.db.selectFrom('instansi').select('nama').where('kode', '=', '9901').executeTakeFirst(),
    ).toEqual({
      nama: 'Badan Uji Impor',
    });

    const again = (await fx.cek('instansi', 'instansi.csv', `\uFEFF${file}`)).json();
    expect(again).toMatchObject({ baru: 0, berubah: 0, sama: 1 });
    expect(await fx.terapkan(again.id)).toMatchObject({ status: 'SELESAI', total: 0, baru: 0, berubah: 0 });

    // The staged rows are unlogged: a crash of PostgreSQL empties them (as TRUNCATE does here).
    // The check is then refused at apply, not applied as "nothing to do".
    const lost = (await fx.cek('instansi', 'instansi.csv', `\uFEFF${file}`)).json();
    await sql`TRUNCATE impor_baris, impor_tolak`.execute(api.ctx.db);
    const refused = await api.client.request({
      method: 'POST',
      url: `/api/admin/impor/cek/${lost.id}/terapkan`,
      token: fx.token,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/hilang karena basis data dimulai ulang/);

    const audit = await api.ctx.db
      .selectFrom('audit_event')
      .select(['action', 'details'])
      .where('entity_id', '=', report.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['IMPOR_CEK', 'IMPOR_TERAPKAN']);
    expect(audit[0]?.details).toMatchObject({ namaFile: 'instansi.csv', sha256: report.sha256 });
  });

  it('reads formasi with commas as separator and decimal commas; rejects unknown references', async () => {
    const header = FORMASI_HEADER;
    const row = [
      '9901',
      'cpns',
      'JF-UJI',
      'LOK-1',
      'UMUM',
      'S1-HUKUM',
      'Analis Uji',
      'Kota Uji',
      'S-1 Hukum',
      'Ilmu Hukum',
      '18',
      '35',
      '"3,00"',
      '2',
    ];
    const unknown = [...row];
    unknown[0] = '0000';
    const report = (await fx.cek('formasi', 'formasi.csv', csv([header, row, unknown], ','))).json();
    expect(report).toMatchObject({ baru: 1, ditolak: 1 });
    expect(report.penolakan).toEqual([
      {
        baris: 3,
        kolom: 'instansi_kode',
        nilai: '0000',
        pesan: 'instansi_kode tidak dikenal: tidak ada instansi berkode 0000',
      },
    ]);
    expect(await fx.terapkan(report.id)).toMatchObject({ status: 'SELESAI', baru: 1 });
    const formasi = await api.ctx.db
      .selectFrom('formasi')
      .select(['ipk_min', 'jumlah'])
      .where('jabatan_kode', '=', 'JF-UJI')
      .execute();
    expect(formasi).toEqual([{ ipk_min: expect.stringMatching(/^3(\.00)?$/), jumlah: 2 }]);
  });

  it('takes applicants: every rejection class, counters agree with the rows, conflicts never overwrite work', async () => {
    const instansi = (
      await api.ctx.db.selectFrom('instansi').select('id').where('kode', '=', '9901').executeTakeFirstOrThrow()
    ).id;
    const before = await fx.counters(instansi);
    const rows = [
      PELAMAR_HEADER,
      pelamarRow(),
      pelamarRow({ nomor_peserta: '99140100000000002', nik: '31710125059900', nama: 'Bayu' }),
      pelamarRow({ nomor_peserta: '99140100000000003', nik: '3171012505990003', jabatan_kode: 'TIDAK-ADA' }),
      pelamarRow({ nomor_peserta: '99140100000000004', nik: '3171012505990001' }),
      pelamarRow(),
      pelamarRow({ nomor_peserta: '99140100000000006', nik: '3171012505990006', tanggal_lahir_ktp: '31/02/1999' }),
    ];
    const report = (await fx.cek('pelamar', 'pelamar.csv', csv(rows))).json();
    expect(report, JSON.stringify(report.penolakan)).toMatchObject({ dibaca: 6, baru: 1, ditolak: 5 });
    // Every problem of a row, each in its column (issue #32): a row repeated whole is both a key
    // and a NIK written twice.
    const problems = report.penolakan.map((p: { baris: number; kolom: string; pesan: string }) => [
      p.baris,
      p.kolom,
      p.pesan,
    ]);
    expect(problems).toEqual([
      [3, 'nik', 'nik: NIK harus 16 angka'],
      [4, 'jabatan_kode', 'jabatan_kode tidak dikenal: tidak ada TIDAK-ADA pada formasi instansi 9901 jalur cpns'],
      [5, 'nik', 'NIK ganda dalam berkas: sama dengan baris 2'],
      [6, 'nik', 'NIK ganda dalam berkas: sama dengan baris 2'],
      [6, 'track, nomor_peserta', 'Kunci ganda dalam berkas: sama dengan baris 2'],
      [
        7,
        'tanggal_lahir_ktp',
        'tanggal_lahir_ktp: tanggal tidak ada di kalender — format yang diharapkan DD/MM/YYYY atau YYYY-MM-DD, mis. 25/05/1999',
      ],
    ]);
    // The rejected rows, to fix and upload again; a formula-looking cell stays text.
    const back = await api.client.request({
      url: `/api/admin/impor/cek/${report.id}/ditolak?format=csv`,
      token: fx.token,
    });
    expect(back.body.split('\r\n')[0]).toContain('baris;alasan;track;nomor_peserta');
    expect(back.body).toContain('NIK harus 16 angka');

    expect(await fx.terapkan(report.id)).toMatchObject({ status: 'SELESAI', baru: 1 });
    const after = await fx.counters(instansi);
    expect(after.rows).toEqual(after.counters);
    expect((after.rows.BELUM ?? 0) - (before.rows.BELUM ?? 0)).toBe(1);
    const added = await api.ctx.db
      .selectFrom('pelamar')
      .selectAll()
      .where('no_peserta', '=', '99140100000000001')
      .executeTakeFirstOrThrow();
    expect(added).toMatchObject({
      nama: 'Siti Rahmawati',
      gelar_belakang: 'S.H.',
      ipk: expect.stringMatching(/^3\.45/),
      instansi_id: instansi,
      // The fingerprint of its import row: the same file again is told apart by it alone.
      impor_sidik: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    // The same file again: nothing changes. A changed row for a decided applicant: a conflict.
    expect((await fx.cek('pelamar', 'pelamar.csv', csv(rows.slice(0, 2)))).json()).toMatchObject({
      sama: 1,
      berubah: 0,
    });
    // Work started between the check and the apply wins too: a claim taken in between.
    const ahead = (
      await fx.cek('pelamar', 'pelamar.csv', csv([PELAMAR_HEADER, pelamarRow({ nama: 'Siti Belum Diklaim' })]))
    ).json();
    expect(ahead).toMatchObject({ berubah: 1 });
    const verifierId = await userIdOf(api.ctx.db, 'verifikator.cpns');
    await api.ctx.db
      .updateTable('pelamar')
      .set({ klaim_oleh: verifierId, klaim_at: new Date() })
      .where('id', '=', added.id)
      .execute();
    expect(await fx.terapkan(ahead.id)).toMatchObject({ status: 'SELESAI', berubah: 0, konflik: 1 });
    await api.ctx.db
      .updateTable('pelamar')
      .set({ klaim_oleh: null, klaim_at: null })
      .where('id', '=', added.id)
      .execute();
    expect(
      (await api.ctx.db.selectFrom('pelamar').select('nama').where('id', '=', added.id).executeTakeFirstOrThrow()).nama,
    ).toBe('Siti Rahmawati');
    await api.ctx.db.updateTable('pelamar').set({ status_verifikasi: 'MS' }).where('id', '=', added.id).execute();
    await fx.counted(statusDelta({ instansiId: instansi, track: 'cpns' }, 'BELUM', 'MS'));
    const changed = (
      await fx.cek('pelamar', 'pelamar.csv', csv([PELAMAR_HEADER, pelamarRow({ nama: 'Siti Diubah' })]))
    ).json();
    expect(changed).toMatchObject({ konflik: 1, berubah: 0 });
    expect(changed.konflikList[0]).toMatchObject({ baris: 2, alasan: expect.stringMatching(/sudah diverifikasi/) });
    await fx.terapkan(changed.id);
    expect(
      (await api.ctx.db.selectFrom('pelamar').select('nama').where('id', '=', added.id).executeTakeFirstOrThrow()).nama,
    ).toBe('Siti Rahmawati');
  });

  it("refreshes the applicants' statistics from a small sample on the embedded database", async () => {
    // Issue #33: there ANALYZE runs on the server's thread, every request waiting behind it.
    const many = Array.from({ length: 40 }, (_, i) =>
      pelamarRow({
        nomor_peserta: `991401000000001${String(i).padStart(2, '0')}`,
        nik: `31710125059902${String(i).padStart(2, '0')}`,
        nama: `Pelamar Sampel ${i}`,
      }),
    );
    const report = (await fx.cek('pelamar', 'pelamar-sampel.csv', csv([PELAMAR_HEADER, ...many]))).json();
    expect(report, JSON.stringify(report.penolakan)).toMatchObject({ baru: 40, ditolak: 0 });
    expect(await fx.terapkan(report.id)).toMatchObject({ status: 'SELESAI', baru: 40 });
    const { rows } = await sql<{ batas: number | null; beda: number }>`
      SELECT (SELECT array_length(histogram_bounds::text::text[], 1) FROM pg_stats
              WHERE schemaname = current_schema() AND tablename = 'pelamar' AND attname = 'no_peserta') AS batas,
             (SELECT count(DISTINCT no_peserta)::int FROM pelamar) AS beda`.execute(api.ctx.db);
    const [stat] = rows;
    expect(stat?.beda).toBeGreaterThan(2 * (STATISTIK_TERTANAM + 1));
    if (bisaSalin(api.ctx.db)) expect(stat?.batas).toBeGreaterThan(STATISTIK_TERTANAM + 1);
    else expect(stat?.batas).toBeLessThanOrEqual(STATISTIK_TERTANAM + 1);
  });

  it("refreshes the staged rows' statistics once they are sorted, as the apply finds its rows by them", async () => {
    // Issue #33: taken only before the sort, they saw every row's `hasil` empty, and each batch of
    // the apply then read the whole staged file to find its last row (the planner expected none).
    const rows = Array.from({ length: 40 }, (_, i) =>
      pelamarRow({
        nomor_peserta: `991401000000002${String(i).padStart(2, '0')}`,
        nik: `31710125059903${String(i).padStart(2, '0')}`,
        nama: `Pelamar Statistik ${i}`,
      }),
    );
    const file = path.join(api.filesDir, 'pelamar-statistik.csv');
    writeFileSync(file, csv([PELAMAR_HEADER, ...rows]));
    const report = await cekBerkas(
      api.ctx.db,
      { jenis: 'pelamar', file, namaFile: 'pelamar-statistik.csv', oleh: { id: null, nama: 'uji' } },
      { statistikMulai: 1 },
    );
    expect(report).toMatchObject({ baru: 40, ditolak: 0 });
    // A table this small is read whole by ANALYZE: what it saw is what is there after the sort.
    const { rows: stat } = await sql<{ tercatat: number; sebenarnya: number }>`
      SELECT (SELECT null_frac FROM pg_stats WHERE schemaname = current_schema()
                AND tablename = 'impor_baris' AND attname = 'hasil') AS tercatat,
             (SELECT count(*) FILTER (WHERE hasil IS NULL)::float4 / count(*) FROM impor_baris) AS sebenarnya`.execute(
      api.ctx.db,
    );
    expect(stat[0]?.tercatat).toBeCloseTo(stat[0]?.sebenarnya ?? -1, 3);
  });

  it('reads the XLSX template it hands out and JSON Lines; refuses a file that is not UTF-8', async () => {
    const res = await api.client.request({ url: '/api/admin/impor/jadwal/template', token: fx.token });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Data', 'Keterangan']);
    const sheet = workbook.getWorksheet('Data') as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([undefined, 'track', 'tahap', 'mulai', 'selesai']);
    sheet.getRow(2).values = ['nakes', 'SANGGAH', '01/12/2026 08:00', '05/12/2026 23:59'];
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const report = (await fx.cek('jadwal', 'jadwal.xlsx', filled)).json();
    expect(report).toMatchObject({ dibaca: 1, ditolak: 0 });
    await fx.terapkan(report.id);
    const window = await api.ctx.db
      .selectFrom('jadwal_tahap')
      .selectAll()
      .where('track', '=', 'nakes')
      .where('tahap', '=', 'SANGGAH')
      .executeTakeFirstOrThrow();
    expect(new Date(window.mulai).toISOString()).toBe('2026-12-01T01:00:00.000Z');

    const jsonl = `${JSON.stringify({ nomor_peserta: '99140100000000001', komponen: 'TWK', nilai: '85,5' })}\nbukan json\n`;
    const nilai = (await fx.cek('nilai', 'nilai.jsonl', jsonl)).json();
    expect(nilai, JSON.stringify(nilai)).toMatchObject({ dibaca: 2, baru: 1, ditolak: 1 });

    const latin1 = Buffer.from('kode;nama;jenis\r\n9903;Kabupaten Pidié;daerah\r\n', 'latin1');
    const refused = await fx.cek('instansi', 'latin1.csv', latin1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'IMPOR_FORMAT', message: expect.stringMatching(/UTF-8/) });
  });
});

describe('documents from a ZIP with a manifest (issue #18)', () => {
  it('stores PDF/JPEG/PNG by content, rejects the rest row by row, and shows them on the applicant', async () => {
    const manifest = [
      'nomor_peserta;jenis;nama_file',
      '99140100000000001;KTP;ktp/99140100000000001.pdf',
      '99140100000000001;PAS_FOTO;foto.png',
      '99140100000000001;IJAZAH;palsu.pdf',
      '99140100000000001;STR;str.pdf',
      '99140100000000001;TRANSKRIP;hilang.pdf',
      '11111111111111111;KTP;ktp/99140100000000001.pdf',
    ].join('\r\n');
    const bytes = zip(path.join(api.filesDir, 'dokumen.zip'), {
      'manifest.csv': manifest,
      'ktp/99140100000000001.pdf': PDF,
      'foto.png': PNG,
      'palsu.pdf': 'MZ bukan pdf',
      'str.pdf': PDF,
    });
    // The applicant of the earlier test is decided; a fresh, untouched one takes the documents.
    await api.ctx.db
      .updateTable('pelamar')
      .set({ status_verifikasi: 'BELUM' })
      .where('no_peserta', '=', '99140100000000001')
      .execute();
    const report = (await fx.cek('dokumen', 'dokumen.zip', bytes)).json();
    expect(report, JSON.stringify(report.penolakan)).toMatchObject({ dibaca: 6, baru: 2, ditolak: 4 });
    const pesan = report.penolakan.map((p: { pesan: string }) => p.pesan).join(' | ');
    expect(pesan).toMatch(/isi berkas "palsu.pdf" bukan PDF, JPEG atau PNG/);
    expect(pesan).toMatch(/jenis dokumen ini tidak dipakai pada jalur pelamar/);
    expect(pesan).toMatch(/berkas "hilang.pdf" tidak ada di dalam arsip/);
    expect(pesan).toMatch(/nomor peserta tidak dikenal/);
    expect(await fx.terapkan(report.id)).toMatchObject({ status: 'SELESAI', baru: 2 });
    const docs = await api.ctx.db
      .selectFrom('dokumen as d')
      .innerJoin('pelamar as p', 'p.id', 'd.pelamar_id')
      .innerJoin('berkas as b', 'b.sha256', 'd.berkas_sha256')
      .select(['d.jenis', 'd.nama_file', 'b.mime'])
      .where('p.no_peserta', '=', '99140100000000001')
      .orderBy('d.jenis')
      .execute();
    expect(docs).toEqual([
      { jenis: 'KTP', nama_file: '99140100000000001.pdf', mime: 'application/pdf' },
      { jenis: 'PAS_FOTO', nama_file: 'foto.png', mime: 'image/png' },
    ]);
    // Both are put up for the reader with their file: the KTP to be read, the photo for the
    // rendition a screen is sent (issue #32).
    const antre = await api.ctx.db
      .selectFrom('dokumen_bacaan as r')
      .innerJoin('dokumen as d', 'd.id', 'r.dokumen_id')
      .innerJoin('pelamar as p', 'p.id', 'd.pelamar_id')
      .where('p.no_peserta', '=', '99140100000000001')
      .select(['d.jenis', 'r.status'])
      .orderBy('d.jenis')
      .execute();
    expect(antre).toEqual([
      { jenis: 'KTP', status: 'ANTRE' },
      { jenis: 'PAS_FOTO', status: 'ANTRE' },
    ]);
    // The same archive again: nothing changes.
    expect((await fx.cek('dokumen', 'dokumen.zip', bytes)).json()).toMatchObject({ baru: 0, berubah: 0, sama: 2 });
  });
});

describe('non-ASN records (issue #18)', () => {
  it('adds records with their counters, changes unanswered ones, leaves answered ones alone', async () => {
    const header =
      'instansi_kode;nik;nama;tempat_lahir;tanggal_lahir;unit_kerja;jabatan;masa_kerja_bulan;kategori;no_sk;tgl_sk;sumber_dana';
    const row = (nik: string, nama: string, kategori = 'R2') =>
      `9901;${nik};${nama};Bogor;12/03/1988;Dinas Pendidikan;Tenaga Administrasi;84;${kategori};800/12/SK/2019;02/01/2019;APBD`;
    const first = (
      await fx.cek(
        'nonasn',
        'nonasn.csv',
        [header, row('3201010101880001', 'Budi'), row('3201010101880002', 'Ani')].join('\n'),
      )
    ).json();
    expect(first).toMatchObject({ baru: 2, ditolak: 0 });
    await fx.terapkan(first.id);
    const instansi = (
      await api.ctx.db.selectFrom('instansi').select('id').where('kode', '=', '9901').executeTakeFirstOrThrow()
    ).id;
    const recount = async () => {
      const rows = await sql<{
        k: string;
        n: number;
      }>`SELECT kategori || '/' || status_konfirmasi AS k, count(*)::int AS n
        FROM nonasn WHERE instansi_id = ${instansi} GROUP BY 1`.execute(api.ctx.db);
      const kept = await sql<{
        k: string;
        n: number;
      }>`SELECT kategori || '/' || status_konfirmasi AS k, sum(j)::int AS n FROM (
          SELECT kategori, status_konfirmasi, jumlah AS j FROM nonasn_count WHERE instansi_id = ${instansi}
          UNION ALL SELECT kategori, status_konfirmasi, delta FROM nonasn_count_delta WHERE instansi_id = ${instansi}) x
        GROUP BY 1 HAVING sum(j) <> 0`.execute(api.ctx.db);
      return {
        rows: Object.fromEntries(rows.rows.map((r) => [r.k, r.n])),
        kept: Object.fromEntries(kept.rows.map((r) => [r.k, r.n])),
      };
    };
    expect((await recount()).rows).toEqual({ 'R2/BELUM': 2 });
    expect((await recount()).kept).toEqual({ 'R2/BELUM': 2 });
    // Ani answered by the instansi; a new file moves Budi to R3 and tries to change Ani.
    await api.ctx.db
      .updateTable('nonasn')
      .set({ status_konfirmasi: 'DIKONFIRMASI' })
      .where('nik', '=', '3201010101880002')
      .execute();
    await fx.counted(nonAsnDelta({ instansiId: instansi, kategori: 'R2' }, 'BELUM', 'DIKONFIRMASI'));
    const second = (
      await fx.cek(
        'nonasn',
        'nonasn.csv',
        [header, row('3201010101880001', 'Budi', 'R3'), row('3201010101880002', 'Ani Diubah')].join('\n'),
      )
    ).json();
    expect(second).toMatchObject({ berubah: 1, konflik: 1 });
    expect(await fx.terapkan(second.id)).toMatchObject({ status: 'SELESAI', berubah: 1 });
    const after = await recount();
    expect(after.rows).toEqual({ 'R3/BELUM': 1, 'R2/DIKONFIRMASI': 1 });
    expect(after.kept).toEqual(after.rows);
  });
});
