// Issue #31, "Laid out as a Dinas letter": the official documents read as an Indonesian official
// letter. Arimo (Arial's metrics) regular and bold, and a heading that begins a page still bold;
// a continued table says "(lanjutan)" under its heading; the closing paragraph and the signature
// block share a page; "Ditetapkan di {kota}" from the letterhead (none issued without it); room for
// the stamp and electronic signature handed to the signing hook once; the minutes' opening in words
// and their signers side by side; the check address never broken. Layout is tested on OfficialPdf
// and content.ts directly with synthetic data (pdftotext, pdftohtml -xml: poppler-utils), the
// letterhead's seat and the refusal through the API as dokumen-resmi.test.ts does.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DASAR_HUKUM_BAKU } from '@portal/contract';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { turnsDuring } from '../../test/putaran.js';
import { createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';
import {
  type BarisPengumuman,
  type HitunganFormasi,
  type IsiBeritaAcara,
  type IsiPengumuman,
  tulisBeritaAcara,
  tulisPengumuman,
} from './content.js';
import { type Frame, type Kotak, OfficialPdf } from './pdf.js';
import { dibuat, umumkan } from './uji-dokumen.js';

let dir: string;
const KODE = 'UJITATA234';
const CEK_URL = `https://portal.uji.go.id/cek-dokumen/${KODE}`;
let qr: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tata-letak-'));
  qr = await QRCode.toBuffer(CEK_URL, { type: 'png', margin: 1, width: 144 });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

type FrameUji = Partial<Omit<Frame, 'halaman'>>;

/** A document laid out as service.ts does: counted, then written (both passes get `frame`). */
async function susun(tulis: (pdf: OfficialPdf) => unknown, frame: FrameUji = {}): Promise<Buffer> {
  const base = {
    kop: { instansi: 'Pemerintah Kabupaten Raja Ampat', alamat: 'Jl. Raya Waisai, Waisai', kota: 'Waisai', logo: null },
    kode: KODE,
    cekUrl: CEK_URL,
    qr,
    ...frame,
  };
  const counting = new OfficialPdf({ ...base, halaman: null }, null, { title: 'Uji' });
  await tulis(counting);
  await counting.end();
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const pdf = new OfficialPdf({ ...base, halaman: counting.pages }, sink, { title: 'Uji' });
  await tulis(pdf);
  await pdf.end();
  await finished(sink);
  return Buffer.concat(chunks);
}

const simpanPdf = (bytes: Buffer) => {
  const file = path.join(process.env.KEEP_PDF ?? dir, `t-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return file;
};

/** The text of each page (layout kept, so a row or a line of signers stays on one line). */
function halaman(bytes: Buffer): string[] {
  const text = execFileSync('pdftotext', ['-layout', simpanPdf(bytes), '-']).toString();
  return text.split('\f').slice(0, -1);
}

interface Teks {
  page: number;
  top: number;
  left: number;
  size: number;
  bold: boolean;
  text: string;
}

const ENTITAS: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Every run of text with its page, position (points, from the top left), size and weight. */
function teks(bytes: Buffer): Teks[] {
  const xml = execFileSync('pdftohtml', ['-xml', '-i', '-zoom', '1', '-stdout', simpanPdf(bytes)]).toString();
  const sizes = new Map<string, number>();
  for (const m of xml.matchAll(/<fontspec id="(\d+)" size="([\d.]+)"/g)) sizes.set(m[1] as string, Number(m[2]));
  const out: Teks[] = [];
  for (const page of xml.split('<page number="').slice(1)) {
    const number = Number.parseInt(page, 10);
    for (const m of page.matchAll(/<text top="([\d.-]+)" left="([\d.-]+)"[^>]*font="(\d+)">(.*?)<\/text>/g)) {
      const inner = m[4] as string;
      out.push({
        page: number,
        top: Number(m[1]),
        left: Number(m[2]),
        size: sizes.get(m[3] as string) ?? 0,
        bold: inner.includes('<b>'),
        text: inner.replace(/<[^>]+>/g, '').replace(/&(\w+);/g, (_, e: string) => ENTITAS[e] ?? `&${e};`),
      });
    }
  }
  return out;
}

const fonts = (bytes: Buffer) => execFileSync('pdffonts', [simpanPdf(bytes)]).toString();

const PENANDA = {
  jabatan: 'Kepala Badan Kepegawaian dan Pengembangan Sumber Daya Manusia',
  nama: 'Drs. Yulianus Mayor, M.Si.',
  nip: '197501012000031001',
};

/** An announcement of `jumlah` applicants per formasi (formasi i is "Jabatan Uji {i}"). */
function isiPengumuman(jumlah: number[]): IsiPengumuman {
  return {
    request: {
      nomor: '800/17/BKPSDM-RA/2026',
      tanggal: '2026-11-27',
      dasarHukum: DASAR_HUKUM_BAKU,
      penandatangan: PENANDA,
    },
    trackTitle: 'CPNS',
    tahun: 2026,
    masaSanggah: null,
    mengubah: null,
    async *baris() {
      let no = 0;
      const rows: BarisPengumuman[] = [];
      jumlah.forEach((n, f) => {
        for (let i = 0; i < n; i++) {
          no += 1;
          rows.push({
            formasi: { id: f + 1, jabatan: `Jabatan Uji ${f + 1}`, lokasi: 'Distrik Kota Waisai', jenis: 'UMUM' },
            noPeserta: `2691050${String(no).padStart(5, '0')}`,
            nama: `Pelamar Uji ${no}`,
            nik: '9105011204990001',
            status: no % 5 === 0 ? 'TMS' : 'MS',
            alasanTms: no % 5 === 0 ? ['IPK'] : null,
          });
        }
      });
      yield rows;
    },
  };
}

const judulFormasi = (i: number) => `Jabatan Uji ${i} · Distrik Kota Waisai · Formasi Umum`;

describe('the face of an official letter (issue #31)', () => {
  it('embeds Arimo, regular and bold, and nothing else', async () => {
    const bytes = await susun((pdf) => tulisPengumuman(pdf, isiPengumuman([3])));
    const list = fonts(bytes);
    expect(list).toMatch(/\+Arimo-Regular\s/);
    expect(list).toMatch(/\+Arimo-Bold\s/);
    expect(list).not.toMatch(/Poppins/);
    // The name line, the two fonts and the rule under the header.
    expect(list.trim().split('\n')).toHaveLength(4);
  });

  it('lays out a word of figures without shaping it, as wide as shaping makes it but for the kerned pair "11", and extractable', async () => {
    const widths: Record<string, [number, number]> = {};
    const bytes = await susun((pdf) => {
      pdf.letterhead();
      pdf.paragraph('2414010000000006 317401******0006 1.234 20/11');
      const font = (
        pdf.doc as unknown as { _font: { font: { layout(t: string): { advanceWidth: number } }; scale: number } }
      )._font;
      for (const word of ['2414010000000006', '317401******0006', '1.234', '2025', '11']) {
        // What fontkit's shaping gives, against what the document lays out (1000 units per em).
        widths[word] = [
          font.font.layout(word).advanceWidth * font.scale,
          (pdf.doc.widthOfString(word) * 1000) / (pdf.doc as unknown as { _fontSize: number })._fontSize,
        ];
      }
    });
    for (const [word, [shaped, laidOut]] of Object.entries(widths)) {
      if (word === '11') expect(laidOut - shaped).toBeCloseTo(74, 0);
      else expect(laidOut, word).toBeCloseTo(shaped, 6);
    }
    const runs = teks(bytes).map((r) => r.text);
    expect(runs.join(' ')).toContain('2414010000000006 317401******0006 1.234 20/11');
  });

  it('draws a heading that begins a new page in bold at its size, and the paragraph after it at its own', async () => {
    const bytes = await susun((pdf) => {
      pdf.letterhead();
      // Lines down to where a heading with its first rows no longer fits.
      while (pdf.y < 715) pdf.paragraph('Baris pengisi halaman.');
      pdf.heading('Judul yang memulai halaman baru');
      pdf.paragraph('Paragraf sesudah judul.');
      while (pdf.y < 770) pdf.paragraph('Baris pengisi halaman kedua.');
      // A paragraph that itself begins a page.
      pdf.paragraph(
        'Paragraf yang memulai halaman ketiga, sepanjang dua baris agar tidak muat di sisa halaman kedua yang tinggal sedikit.',
      );
    });
    const runs = teks(bytes);
    const judul = runs.find((r) => r.text === 'Judul yang memulai halaman baru');
    expect(judul).toMatchObject({ page: 2, bold: true });
    expect(judul?.size).toBeGreaterThanOrEqual(9);
    const sesudah = runs.find((r) => r.text === 'Paragraf sesudah judul.');
    expect(sesudah).toMatchObject({ page: 2, bold: false });
    expect(sesudah?.size).toBeGreaterThanOrEqual(9.5);
    const ketiga = runs.find((r) => r.text.startsWith('Paragraf yang memulai halaman ketiga'));
    expect(ketiga).toMatchObject({ page: 3, bold: false });
    expect(ketiga?.size).toBeGreaterThanOrEqual(9.5);
    // The foot keeps its own small face.
    expect(runs.find((r) => r.page === 2 && r.text.startsWith('Halaman 2'))?.size).toBeLessThan(8);
  });

  it('repeats a continued table’s heading with "(lanjutan)" above its header, on every page it continues to', async () => {
    const bytes = await susun((pdf) => tulisPengumuman(pdf, isiPengumuman([130, 4])));
    const pages = halaman(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]).toContain(judulFormasi(1));
    expect(pages[0]).not.toContain('(lanjutan)');
    for (const page of pages.slice(1, -1)) {
      const lines = page.split('\n').filter((line) => line.trim());
      if (!page.includes('Pelamar Uji 1')) continue; // not a page of the first table
      expect(lines[0]?.trim(), page.slice(0, 200)).toBe(`${judulFormasi(1)} (lanjutan)`);
      expect(lines[1]).toMatch(/No\.\s+Nomor Peserta\s+Nama\s+NIK\s+Status\s+Keterangan/);
    }
    // The second formasi begins under its own heading, not as a continuation.
    const text = pages.join('\n');
    expect(text).toContain(judulFormasi(2));
    expect(text).not.toContain(`${judulFormasi(2)} (lanjutan)`);
    const runs = teks(bytes);
    expect(runs.find((r) => r.text === `${judulFormasi(1)} (lanjutan)`)).toMatchObject({ page: 2, bold: true });
  });

  it('keeps "Demikian …" with the signature block, whatever the length of the list', async () => {
    let moved = 0;
    // Rows over more than a page's worth, so the list ends at every height of a page.
    for (let n = 30; n <= 80; n += 1) {
      const pages = halaman(await susun((pdf) => tulisPengumuman(pdf, isiPengumuman([n]))));
      const ttd = pages.findIndex((page) => page.includes(`NIP ${PENANDA.nip}`));
      expect(ttd, `${n} pelamar`).toBeGreaterThanOrEqual(0);
      expect(pages[ttd], `${n} pelamar: the page of the signature`).toContain('Demikian pengumuman ini disampaikan');
      expect(pages[ttd]).toContain('Ditetapkan di Waisai');
      // Where the objections paragraph stayed behind, the closing went over with the block.
      if (!pages[ttd]?.includes('Peserta yang dinyatakan Tidak Memenuhi Syarat')) moved += 1;
    }
    expect(moved, 'lists that end low enough for the closing to move').toBeGreaterThan(0);
  }, 120_000);

  it('signs "Ditetapkan di {kota}" and "pada tanggal …" above the office, the room for the stamp, the name and NIP', async () => {
    const bytes = await susun((pdf) => tulisPengumuman(pdf, isiPengumuman([2])));
    const runs = teks(bytes);
    const find = (text: string) => runs.find((r) => r.text.startsWith(text));
    const tempat = find('Ditetapkan di Waisai');
    const tanggal = find('pada tanggal 27 November 2026');
    const jabatan = find('Kepala Badan Kepegawaian');
    const nama = find(PENANDA.nama);
    const nip = find(`NIP ${PENANDA.nip}`);
    for (const r of [tempat, tanggal, jabatan, nama, nip]) expect(r).toBeDefined();
    // One column on the right half, top to bottom.
    for (const r of [tanggal, jabatan, nama, nip])
      expect(Math.abs((r?.left ?? 0) - (tempat?.left ?? 0))).toBeLessThan(1);
    expect(tempat?.left).toBeGreaterThan(595 / 2);
    const order = [tempat, tanggal, jabatan, nama, nip].map((r) => r?.top ?? 0);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The room between the office (two lines here) and the name.
    expect((nama?.top ?? 0) - (jabatan?.top ?? 0)).toBeGreaterThan(56 + 2 * 10);
    expect(nama?.bold).toBe(true);
    // A long office wraps within the block, its comma at the end.
    expect(halaman(bytes).join('\n')).toMatch(/Kepala Badan Kepegawaian dan Pengembangan\s+Sumber Daya Manusia,/);
  });

  it('hands the signing hook the room under the first signer’s office, once, on the written pass, on its page', async () => {
    const calls: { kotak: Kotak; page: number }[] = [];
    let current: OfficialPdf | null = null;
    const tandaTangan: Frame['tandaTangan'] = (doc, kotak) => {
      calls.push({ kotak, page: current?.pages ?? 0 });
      // What the hook changes stays inside it.
      doc
        .font('Helvetica')
        .fontSize(20)
        .fillColor('red')
        .text('TANDA-UJI', kotak.x, kotak.y + 4, { lineBreak: false });
    };
    const isi = isiBeritaAcara();
    const bytes = await susun(
      (pdf) => {
        current = pdf;
        tulisBeritaAcara(pdf, isi);
      },
      { tandaTangan },
    );
    expect(calls).toHaveLength(1);
    const [{ kotak, page }] = calls as [{ kotak: Kotak; page: number }];
    expect(kotak.height).toBeCloseTo(56, 0);
    const runs = teks(bytes);
    const mark = runs.find((r) => r.text === 'TANDA-UJI');
    expect(mark?.page).toBe(page);
    // The first of three columns: its office above the room, its name below, all on its width.
    const jabatan = runs.find((r) => r.text.startsWith('Ketua Panitia Seleksi'));
    const nama = runs.find((r) => r.text === 'Dr. Sri Rahayu, M.Si.');
    expect(jabatan?.page).toBe(page);
    expect(Math.abs((jabatan?.left ?? 0) - kotak.x)).toBeLessThan(1);
    expect((jabatan?.top ?? 0) + 8).toBeLessThanOrEqual(kotak.y);
    expect(nama?.top).toBeGreaterThanOrEqual(kotak.y + kotak.height);
    expect(kotak.width).toBeGreaterThan(150);
    expect(kotak.x + kotak.width).toBeLessThan(595 / 2);
    // Nothing after the hook took its face or colour.
    const nip = runs.find((r) => r.text.includes('NIP 198003152005011002'));
    expect(nip?.size).toBeLessThan(12);
  });

  it('never breaks the check address, however long, and keeps it on one line of every page', async () => {
    const panjang = `https://portal-verifikasi-aparatur-sipil-negara.bkpsdm.kabupaten-raja-ampat.papuabaratdaya.go.id/cek-dokumen/${KODE}`;
    for (const cekUrl of [CEK_URL, panjang]) {
      const bytes = await susun((pdf) => tulisPengumuman(pdf, isiPengumuman([70])), { cekUrl });
      const pages = halaman(bytes);
      expect(pages.length).toBeGreaterThanOrEqual(2);
      for (const page of pages) {
        expect(
          page.split('\n').some((line) => line.trim() === cekUrl),
          cekUrl,
        ).toBe(true);
      }
      // Without the layout too: one line, never "…/cek-" | "dokumen/…".
      const raw = execFileSync('pdftotext', [simpanPdf(bytes), '-']).toString();
      expect(raw.split('\n').filter((line) => line.trim() === cekUrl)).toHaveLength(pages.length);
    }
  });
});

/** Minutes of four formasi, one of them without applicants; three signers. */
function isiBeritaAcara(): IsiBeritaAcara {
  const formasi = (id: number, terdaftar: number, ms: number): HitunganFormasi => ({
    formasi: { id, jabatan: `Jabatan Rekap ${id}`, lokasi: 'Distrik Misool', jenis: 'UMUM' },
    terdaftar,
    ms,
    tms: terdaftar - ms,
    alasan: terdaftar - ms > 0 ? { IPK: terdaftar - ms } : {},
  });
  return {
    request: {
      nomor: 'BA/17/BKPSDM-RA/2026',
      tanggal: '2026-11-27',
      penandatangan: [
        { jabatan: 'Ketua Panitia Seleksi', nama: 'Dr. Sri Rahayu, M.Si.', nip: '197501012000032001' },
        { jabatan: 'Sekretaris', nama: 'Budi Santoso, S.H.', nip: '198003152005011002' },
        { jabatan: 'Anggota', nama: 'Fransiska Wanma, S.Kom.', nip: '199001012015032003' },
      ],
    },
    instansi: 'Pemerintah Kabupaten Raja Ampat',
    trackTitle: 'CPNS',
    formasi: [formasi(1, 300, 250), formasi(2, 0, 0), formasi(3, 150, 140), formasi(4, 30, 30)],
    verifikator: [{ nama: 'Verifikator Satu', jumlah: 480 }],
    supervisor: [{ nama: 'Supervisor Satu', jumlah: 480 }],
    dikunciAt: '27/11/2026 10.15',
    dikunciOleh: 'Admin Raja Ampat',
    mengubah: null,
  };
}

describe('the minutes as customarily written (issue #31)', () => {
  it('opens with the day and date in words, counts in figures and words, lists formasi applied to with a bold total, signers side by side', async () => {
    const bytes = await susun((pdf) => tulisBeritaAcara(pdf, isiBeritaAcara()));
    const pages = halaman(bytes);
    const text = pages.join('\n').replace(/\s+/g, ' ');
    // 27 November 2026 is a Friday.
    expect(text).toContain(
      'Pada hari ini Jumat tanggal dua puluh tujuh bulan November tahun dua ribu dua puluh enam, bertempat di Waisai, Pemerintah Kabupaten Raja Ampat telah menyelesaikan verifikasi administrasi CPNS',
    );
    expect(text).toContain(
      'terhadap 480 (empat ratus delapan puluh) pelamar, dengan hasil 420 (empat ratus dua puluh) Memenuhi Syarat dan 60 (enam puluh) Tidak Memenuhi Syarat',
    );
    // Only the formasi someone applied to, and the total in bold.
    expect(text).toContain('Jabatan Rekap 1');
    expect(text).toContain('Jabatan Rekap 3');
    expect(text).not.toContain('Jabatan Rekap 2');
    const lines = pages.join('\n').split('\n');
    expect(lines.find((line) => line.trim().startsWith('Jumlah'))).toMatch(/^\s*Jumlah\s+480\s+420\s+60\s*$/);
    const runs = teks(bytes);
    expect(runs.find((r) => r.text === 'Jumlah')?.bold).toBe(true);
    expect(runs.find((r) => r.text.startsWith('Jabatan Rekap 1'))?.bold).toBe(false);
    // Three signers in columns across one line each, on the page of the closing.
    const ttd = pages.findIndex((page) => page.includes('Dr. Sri Rahayu, M.Si.'));
    expect(pages[ttd]).toContain('Demikian berita acara ini dibuat');
    expect(pages[ttd]).toMatch(/Dr\. Sri Rahayu, M\.Si\.\s+Budi Santoso, S\.H\.\s+Fransiska Wanma, S\.Kom\./);
    expect(pages[ttd]).toMatch(/NIP 197501012000032001\s+NIP 198003152005011002\s+NIP 199001012015032003/);
    expect(pages[ttd]).toMatch(/Ketua Panitia Seleksi,\s+Sekretaris,\s+Anggota,/);
    expect(pages[ttd]).toContain('Ditetapkan di Waisai');
    const names = ['Dr. Sri Rahayu, M.Si.', 'Budi Santoso, S.H.', 'Fransiska Wanma, S.Kom.'].map((nama) =>
      runs.find((r) => r.text === nama),
    );
    expect(new Set(names.map((r) => r?.top)).size).toBe(1);
    expect(names.every((r) => r?.bold)).toBe(true);
  });

  it('keeps the closing and the signers together when the tables end low on a page', async () => {
    let moved = 0;
    for (let n = 1; n <= 45; n += 1) {
      const isi = isiBeritaAcara();
      isi.verifikator = Array.from({ length: n }, (_, i) => ({ nama: `Verifikator ${i + 1}`, jumlah: 10 }));
      const pages = halaman(await susun((pdf) => tulisBeritaAcara(pdf, isi)));
      const ttd = pages.findIndex((page) => page.includes('NIP 199001012015032003'));
      expect(pages[ttd], `${n} verifikator`).toContain('Demikian berita acara ini dibuat');
      expect(pages[ttd], `${n} verifikator`).toMatch(/Dr\. Sri Rahayu, M\.Si\.\s+Budi Santoso/);
      if (ttd > 0 && !pages[ttd]?.includes('Supervisor Satu')) moved += 1;
    }
    expect(moved).toBeGreaterThan(0);
  }, 120_000);
});

describe('the seat in the letterhead, through the API (issue #31)', () => {
  const INSTANSI = 8; // Raja Ampat: its seat is Waisai
  let ctx: TestContext;
  let client: TestClient;
  let admin: string;
  const base = '/api/cpns/admin/dokumen-resmi';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    client.request({ method, url: `${base}${url}`, token: admin, payload });
  const pengumuman = {
    nomor: '800/17/BKPSDM-RA/2026',
    tanggal: '2026-11-27',
    dasarHukum: DASAR_HUKUM_BAKU,
    penandatangan: PENANDA,
  };

  beforeAll(async () => {
    ctx = await createTestApp({
      filesDir: dir,
      publicUrl: 'https://portal.uji.go.id',
      logLevel: process.env.DBG ? 'error' : 'silent',
    });
    client = new TestClient(ctx.app);
    await seedAccounts(ctx.db);
    await seedApplicants(ctx.db, new FolderBerkasStore(dir), {
      seed: 31,
      withDocuments: false,
      blocks: [{ instansiId: INSTANSI, track: 'cpns', applicants: 40 }],
    });
    await sql`
      UPDATE pelamar SET status_verifikasi = CASE WHEN id % 4 = 0 THEN 'TMS' ELSE 'MS' END,
        alasan_tms = CASE WHEN id % 4 = 0 THEN ARRAY['IPK'] END, status_supervisi = 'DISETUJUI'
      WHERE instansi_id = ${INSTANSI} AND track = 'cpns'`.execute(ctx.db);
    const user = await createUser(ctx.db, {
      roles: ['ROLE_ADMIN_CPNS'],
      flags: { isCpns: true },
      instansiId: INSTANSI,
    });
    admin = await client.loginToken(user.username, user.password);
    await ctx.db
      .insertInto('final_verifikasi')
      .values({ instansi_id: INSTANSI, track: 'cpns', dikunci_oleh: user.id })
      .execute();
  }, 90_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('reports the seat the demo seed gave the instansi, keeps it when a client sends none, refuses one that cannot be printed', async () => {
    expect((await call('GET', '')).json().kop).toEqual({ alamat: '', kota: 'Waisai', adaLogo: false });
    // An older client sends only the address: the seat stays.
    const lama = await call('PUT', '/kop', { alamat: 'Jl. Raya Waisai, Waisai' });
    expect(lama.json()).toEqual({ alamat: 'Jl. Raya Waisai, Waisai', kota: 'Waisai', adaLogo: false });
    for (const kota of ['Waisai\nSorong', 'Wai\u0007sai', 'W'.repeat(101)]) {
      const res = await call('PUT', '/kop', { alamat: 'Jl. Raya Waisai', kota });
      expect(res.statusCode, kota).toBe(400);
      expect(res.json().message).toMatch(/Kota tempat penetapan/);
    }
    const trimmed = await call('PUT', '/kop', { alamat: 'Jl. Raya Waisai, Waisai', kota: '  Waisai  ' });
    expect(trimmed.json().kota).toBe('Waisai');
  });

  it('refuses to issue while the seat is empty, saying where to fill it; signs at it once filled', async () => {
    expect((await call('PUT', '/kop', { alamat: 'Jl. Raya Waisai, Waisai', kota: '' })).statusCode).toBe(200);
    expect((await call('GET', '')).json().kop.kota).toBe('');
    for (const [url, body] of [
      ['/pengumuman', pengumuman],
      ['/berita-acara', { nomor: 'BA/17/2026', tanggal: '2026-11-27', penandatangan: [PENANDA] }],
    ] as const) {
      const res = await call('POST', url, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'KOTA_PENETAPAN_BELUM_DIISI',
        message: expect.stringMatching(/Isi "Kota tempat penetapan" pada bagian Kop instansi/),
      });
    }
    const count = await ctx.db
      .selectFrom('dokumen_resmi')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);

    expect((await call('PUT', '/kop', { alamat: 'Jl. Raya Waisai, Waisai', kota: 'Waisai' })).statusCode).toBe(200);
    const made = dibuat(await umumkan(ctx, client, admin, pengumuman));
    const file = await client.request({ url: `${base}/${made.kode}`, token: admin });
    const pages = halaman(file.rawPayload);
    const last = pages.at(-1) ?? '';
    expect(last).toContain('Ditetapkan di Waisai');
    expect(last).toContain('pada tanggal 27 November 2026');
    expect(last).toContain('Demikian pengumuman ini disampaikan');
  }, 60_000);
});

describe('a large announcement and the event loop (issue #33)', () => {
  it('lays out a batch of rows in slices, the event loop turning meanwhile', async () => {
    // Counted while the rows are laid out: a batch comes as one array (the embedded database's
    // answer), so without slices not one turn would pass until the batch was done.
    const pdf = new OfficialPdf(
      {
        kop: { instansi: 'Uji', alamat: '', kota: 'Waisai', logo: null },
        kode: KODE,
        cekUrl: CEK_URL,
        qr,
        halaman: null,
      },
      null,
      { title: 'Uji' },
    );
    let laidOut = 0;
    const turns = await turnsDuring(async () => {
      laidOut = await tulisPengumuman(pdf, isiPengumuman([1500, 1500]));
    });
    await pdf.end();
    expect(laidOut).toBe(3000);
    // Some 3,000 rows of layout are well over a hundred milliseconds: dozens of 4 ms slices.
    expect(turns).toBeGreaterThanOrEqual(10);
  }, 60_000);
});
