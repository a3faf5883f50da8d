// What the two official documents say (issue #20): the announcement of the administrative
// selection (per formasi, every applicant with status and reasons) and the verification minutes
// (counts, who verified and supervised, the lock). Laid out by OfficialPdf; the data comes in
// through the readers given (service.ts), so a quarter of a million applicants stream through.
// A later announcement names the one it amends in its heading and opening (issue #31), and both
// read as official letters: continued tables say so, the closing is signed "Ditetapkan di {kota}",
// the minutes open with the day and date in words and are signed side by side.

import {
  ALASAN_TMS,
  type BeritaAcaraRequest,
  formatAngka,
  formatTanggalPanjang,
  JENIS_FORMASI_NAMA,
  maskNik,
  namaLengkap,
  type PengumumanRequest,
  STATUS_VERIFIKASI_NAMA,
} from '@portal/contract';
import { pembagiGiliran } from '../shared/giliran.js';
import { CONTENT_WIDTH, type Column, type OfficialPdf } from './pdf.js';
import { pembukaanBeritaAcara, terbilang } from './terbilang.js';

const ALASAN = new Map<string, string>(ALASAN_TMS.map((a) => [a.kode, a.label]));
export const jenisNama = (kode: string) => JENIS_FORMASI_NAMA[kode as keyof typeof JENIS_FORMASI_NAMA] ?? kode;

export interface FormasiKey {
  id: number;
  jabatan: string;
  lokasi: string;
  jenis: string;
}

export interface BarisPengumuman {
  formasi: FormasiKey;
  noPeserta: string;
  nama: string;
  nik: string;
  status: 'BELUM' | 'MS' | 'TMS';
  alasanTms: string[] | null;
}

/**
 * Issue #33: a batch of the announcement's applicants as read from the database, one JSON text of
 * rows `[no_peserta, nama, gelar_depan, gelar_belakang, nik, status, alasan_tms]` under their
 * formasi. The thread that reads the rows hands this text on to the document's thread as it came,
 * instead of making an object per applicant (bench/dokumen: its heap grew by 100–150 MB of them).
 */
export interface KirimanBaris {
  formasi: FormasiKey;
  /** The rows in no_peserta order, as JSON. */
  json: string;
  /** How many rows. */
  n: number;
}

type BarisMentah = [string, string, string | null, string | null, string, BarisPengumuman['status'], string[] | null];

/** The rows of a batch read (KirimanBaris), as the documents list them. */
export function barisKiriman(kiriman: KirimanBaris): BarisPengumuman[] {
  return (JSON.parse(kiriman.json) as BarisMentah[]).map(
    ([noPeserta, nama, gelarDepan, gelarBelakang, nik, status, alasanTms]) => ({
      formasi: kiriman.formasi,
      noPeserta,
      nama: namaLengkap({ gelarDepan, nama, gelarBelakang }),
      nik,
      status,
      alasanTms,
    }),
  );
}

export interface IsiPengumuman {
  request: PengumumanRequest;
  trackTitle: string;
  tahun: number;
  /** The objection window from Jadwal (WIB text), or null when none is set. */
  masaSanggah: string | null;
  /** The applicants in formasi order, in batches. */
  baris: () => AsyncIterable<BarisPengumuman[]>;
  /** Issue #31: the announcement this one amends (its date as written), or null for the first. */
  mengubah: { kode: string; nomor: string; tanggal: string } | null;
}

/** A TMS applicant's standard reasons as their labels (the announcement's Keterangan). */
export const keterangan = (r: BarisPengumuman) =>
  r.status === 'TMS' ? (r.alasanTms ?? []).map((k) => ALASAN.get(k) ?? k).join('; ') : '';

const kolomPengumuman: Column<BarisPengumuman & { no: number }>[] = [
  { title: 'No.', width: 30, value: (r) => formatAngka(r.no), align: 'right', oneLine: true },
  { title: 'Nomor Peserta', width: 86, value: (r) => r.noPeserta, oneLine: true },
  { title: 'Nama', width: 130, value: (r) => r.nama },
  { title: 'NIK', width: 80, value: (r) => maskNik(r.nik), oneLine: true },
  { title: 'Status', width: 92, value: (r) => STATUS_VERIFIKASI_NAMA[r.status] },
  {
    title: 'Keterangan',
    width: CONTENT_WIDTH - 418,
    value: keterangan,
  },
];

/** The announcement: letterhead, title, legal basis, one table per formasi, closing, signature. */
export async function tulisPengumuman(pdf: OfficialPdf, isi: IsiPengumuman): Promise<number> {
  const { request } = isi;
  pdf.letterhead();
  pdf.centered(['PENGUMUMAN'], { size: 12, bold: true });
  pdf.centered([`NOMOR: ${request.nomor}`], { size: 10 });
  pdf.doc.y += 4;
  pdf.centered([`TENTANG HASIL SELEKSI ADMINISTRASI ${isi.trackTitle.toUpperCase()}`, `TAHUN ANGGARAN ${isi.tahun}`], {
    size: 10.5,
    bold: true,
  });
  if (isi.mengubah) pdf.centered([`PERUBAHAN ATAS PENGUMUMAN NOMOR ${isi.mengubah.nomor}`], { size: 10, bold: true });
  pdf.doc.y += 8;
  if (isi.mengubah) {
    // The earlier announcement is not rewritten (issue #31): this one names it and replaces its list.
    pdf.paragraph(
      `Pengumuman ini merupakan Perubahan atas Pengumuman Nomor ${isi.mengubah.nomor} tanggal ${isi.mengubah.tanggal} (kode dokumen ${isi.mengubah.kode}). Daftar hasil seleksi administrasi di bawah ini menggantikan daftar pada pengumuman tersebut.`,
    );
  }
  pdf.paragraph(request.dasarHukum);
  let no = 0;
  let current: number | null = null;
  let table: { row: (row: BarisPengumuman & { no: number }) => void; end: () => void } | null = null;
  // Issue #33: laying out a batch of rows is a second of JavaScript, in the document's own thread
  // (tata.ts). It goes in slices of a few milliseconds (shared/giliran.ts), so that the thread
  // takes its messages between them: the next batch, read meanwhile by the calling thread.
  const giliran = pembagiGiliran();
  for await (const batch of isi.baris()) {
    for (const row of batch) {
      await giliran.mungkinBeri();
      if (row.formasi.id !== current) {
        table?.end();
        current = row.formasi.id;
        const judul = `${row.formasi.jabatan} · ${row.formasi.lokasi} · Formasi ${jenisNama(row.formasi.jenis)}`;
        pdf.heading(judul);
        table = pdf.table(kolomPengumuman, { lanjutan: judul });
      }
      no += 1;
      table?.row({ ...row, no });
    }
    await pdf.flush();
  }
  table?.end();
  if (no === 0) pdf.paragraph('Tidak ada pelamar pada jalur ini.');
  pdf.paragraph(
    `Peserta yang dinyatakan Tidak Memenuhi Syarat dapat mengajukan sanggah melalui portal SSCASN${
      isi.masaSanggah ? ` pada masa sanggah ${isi.masaSanggah}` : ' pada masa sanggah yang akan diumumkan kemudian'
    }, dengan menyertakan alasan dan bukti pendukung. Sanggah yang diajukan di luar masa tersebut tidak dilayani. Keputusan panitia bersifat final.`,
  );
  // The objections paragraph may stay on the page before; the closing goes with the signature.
  pdf.penutup('Demikian pengumuman ini disampaikan untuk diketahui dan dilaksanakan sebagaimana mestinya.', {
    tanggal: formatTanggalPanjang(request.tanggal),
    penandatangan: [request.penandatangan],
  });
  return no;
}

export interface HitunganFormasi {
  formasi: FormasiKey;
  terdaftar: number;
  ms: number;
  tms: number;
  /** TMS per standard reason code (one applicant may have several). */
  alasan: Record<string, number>;
}

export interface IsiBeritaAcara {
  request: BeritaAcaraRequest;
  instansi: string;
  trackTitle: string;
  formasi: HitunganFormasi[];
  verifikator: { nama: string; jumlah: number }[];
  supervisor: { nama: string; jumlah: number }[];
  dikunciAt: string;
  dikunciOleh: string;
  /** Issue #31: the minutes these amend (their date as written), or null for the first. */
  mengubah: { kode: string; nomor: string; tanggal: string } | null;
}

/** A count as a letter's text writes it: "480 (empat ratus delapan puluh)". */
const jumlah = (n: number) => `${formatAngka(n)} (${terbilang(n)})`;

/** The minutes: what was verified, by whom, the totals per formasi and per reason, the lock. */
export function tulisBeritaAcara(pdf: OfficialPdf, isi: IsiBeritaAcara): void {
  const { request } = isi;
  pdf.letterhead();
  pdf.centered(['BERITA ACARA'], { size: 12, bold: true });
  pdf.centered([`NOMOR: ${request.nomor}`], { size: 10 });
  pdf.doc.y += 4;
  pdf.centered([`VERIFIKASI ADMINISTRASI ${isi.trackTitle.toUpperCase()}`], { size: 10.5, bold: true });
  if (isi.mengubah) pdf.centered([`PERUBAHAN ATAS BERITA ACARA NOMOR ${isi.mengubah.nomor}`], { size: 10, bold: true });
  pdf.doc.y += 8;
  if (isi.mengubah) {
    // The earlier minutes are not rewritten (issue #31): these name them and replace their figures.
    pdf.paragraph(
      `Berita acara ini merupakan Perubahan atas Berita Acara Nomor ${isi.mengubah.nomor} tanggal ${isi.mengubah.tanggal} (kode dokumen ${isi.mengubah.kode}). Rincian di bawah ini menggantikan rincian pada berita acara tersebut.`,
    );
  }
  const total = isi.formasi.reduce(
    (sum, f) => ({ terdaftar: sum.terdaftar + f.terdaftar, ms: sum.ms + f.ms, tms: sum.tms + f.tms }),
    { terdaftar: 0, ms: 0, tms: 0 },
  );
  // The customary opening: the day and the date in words, and where.
  pdf.paragraph(
    `${pembukaanBeritaAcara(request.tanggal)}, bertempat di ${pdf.kop.kota}, ${isi.instansi} telah menyelesaikan verifikasi administrasi ${isi.trackTitle} melalui Portal Verifikasi ASN terhadap ${jumlah(total.terdaftar)} pelamar, dengan hasil ${jumlah(total.ms)} Memenuhi Syarat dan ${jumlah(total.tms)} Tidak Memenuhi Syarat. Hasil verifikasi dikunci (final verifikasi) pada ${isi.dikunciAt} oleh ${isi.dikunciOleh}, dengan rincian sebagai berikut.`,
  );
  // Only the formasi someone applied to: a national instansi has hundreds without a single one.
  const dilamar = isi.formasi.filter((f) => f.terdaftar > 0);
  const judulFormasi = 'Rekapitulasi per formasi yang dilamar';
  pdf.heading(judulFormasi);
  const perFormasi = pdf.table<HitunganFormasi | { formasi: null; terdaftar: number; ms: number; tms: number }>(
    [
      {
        title: 'Formasi',
        width: CONTENT_WIDTH - 210,
        value: (r) =>
          r.formasi ? `${r.formasi.jabatan} · ${r.formasi.lokasi} · ${jenisNama(r.formasi.jenis)}` : 'Jumlah',
      },
      { title: 'Terdaftar', width: 70, value: (r) => formatAngka(r.terdaftar), align: 'right' },
      { title: 'MS', width: 70, value: (r) => formatAngka(r.ms), align: 'right' },
      { title: 'TMS', width: 70, value: (r) => formatAngka(r.tms), align: 'right' },
    ],
    { lanjutan: judulFormasi },
  );
  for (const f of dilamar) perFormasi.row(f);
  perFormasi.row({ formasi: null, ...total }, { tebal: true });
  perFormasi.end();

  const judulAlasan = 'Tidak Memenuhi Syarat menurut alasan baku';
  pdf.heading(judulAlasan);
  const perAlasan = pdf.table<{ label: string; jumlah: number | null }>(
    [
      { title: 'Alasan', width: CONTENT_WIDTH - 80, value: (r) => r.label },
      { title: 'Pelamar', width: 80, value: (r) => (r.jumlah === null ? '' : formatAngka(r.jumlah)), align: 'right' },
    ],
    { lanjutan: judulAlasan },
  );
  let adaAlasan = false;
  for (const alasan of ALASAN_TMS) {
    const n = isi.formasi.reduce((sum, f) => sum + (f.alasan[alasan.kode] ?? 0), 0);
    if (n > 0) perAlasan.row({ label: alasan.label, jumlah: n });
    adaAlasan ||= n > 0;
  }
  if (!adaAlasan) perAlasan.row({ label: 'Tidak ada pelamar yang Tidak Memenuhi Syarat.', jumlah: null });
  perAlasan.end();

  for (const [judul, orang] of [
    ['Verifikator', isi.verifikator],
    ['Supervisor', isi.supervisor],
  ] as const) {
    const heading = `${judul} dan jumlah keputusan`;
    pdf.heading(heading);
    const t = pdf.table<{ nama: string; jumlah: number }>(
      [
        { title: 'Nama', width: CONTENT_WIDTH - 80, value: (r) => r.nama },
        { title: 'Keputusan', width: 80, value: (r) => formatAngka(r.jumlah), align: 'right' },
      ],
      { lanjutan: heading },
    );
    for (const o of orang) t.row(o);
    if (orang.length === 0) t.row({ nama: '–', jumlah: 0 });
    t.end();
  }
  // The signers side by side, on one page with the closing.
  pdf.penutup('Demikian berita acara ini dibuat dengan sebenarnya untuk dipergunakan sebagaimana mestinya.', {
    tanggal: formatTanggalPanjang(request.tanggal),
    penandatangan: request.penandatangan,
  });
}
