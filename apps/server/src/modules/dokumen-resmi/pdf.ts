// The page frame of the official documents (issue #20): A4, the portal's typeface (Poppins,
// embedded), the instansi's letterhead, tables whose header repeats on every page and whose rows
// are never split, and on every page the document's code, where to check it, and "Halaman x
// dari y". Not here: what a document says (pengumuman.ts, berita-acara.ts).
//
// "dari y" needs the page count before the first page is written: a document is laid out twice
// by the same code, first into nothing to count its pages, then for real (layout is
// deterministic, so both passes break pages at the same rows).

import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT = {
  regular: require.resolve('@fontsource/poppins/files/poppins-latin-400-normal.woff'),
  semibold: require.resolve('@fontsource/poppins/files/poppins-latin-600-normal.woff'),
};

type ImageSrc = Parameters<PDFKit.PDFDocument['image']>[0];

export const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 42, side: 42, bottom: 56 };
export const CONTENT_WIDTH = A4.width - 2 * MARGIN.side;

export interface Kop {
  instansi: string;
  alamat: string;
  logo: Buffer | null;
}

export interface Frame {
  kop: Kop;
  kode: string;
  /** Where anyone can check the document: {PUBLIC_URL}/cek-dokumen/{kode}. */
  cekUrl: string;
  /** The QR code of cekUrl, as PNG. */
  qr: Buffer;
  /** Pages in all (second pass), or null while counting (first pass). */
  halaman: number | null;
}

export interface Column<Row> {
  title: string;
  width: number;
  value: (row: Row) => string;
  align?: 'left' | 'center' | 'right';
  /** Never more than one line (numbers, codes): not measured, drawn without wrapping. */
  oneLine?: boolean;
}

const ROW_PADDING = 3;
const BODY_SIZE = 8;

/** One document being laid out: the frame around the content, and the pieces content is made of. */
export class OfficialPdf {
  readonly doc: PDFKit.PDFDocument;
  private page = 1;
  private pageTop: (() => void) | null = null;
  /** Heights of cell texts already measured (statuses and reasons repeat on every page). */
  private readonly heights = new Map<string, number>();
  /**
   * The QR code, decoded and embedded once: given a Buffer, pdfkit decodes the PNG and embeds a
   * new image on every call — on ten thousand pages that was 40 % of the time and an image object
   * per page. An opened image (pdfkit's PDFImage, not in its type definitions) is reused.
   */
  private readonly qr: ImageSrc;
  /** The logo opened once (kopOf checked it; not drawn, rather than failing, if pdfkit still balks). */
  private readonly logo: ImageSrc | null;

  constructor(
    private readonly frame: Frame,
    sink: Writable | null,
    info: { title: string },
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.side, right: MARGIN.side },
      info: { Title: info.title, Author: frame.kop.instansi, Creator: 'Portal Verifikasi ASN' },
      autoFirstPage: true,
    });
    this.doc.registerFont('regular', FONT.regular);
    this.doc.registerFont('semibold', FONT.semibold);
    this.doc.font('regular').fontSize(BODY_SIZE);
    const openImage = (src: Buffer) => (this.doc as unknown as { openImage(src: Buffer): ImageSrc }).openImage(src);
    this.qr = openImage(frame.qr);
    this.logo = null;
    try {
      if (frame.kop.logo) this.logo = openImage(frame.kop.logo);
    } catch {
      // Both passes lay the page out alike: each constructs, and fails here, the same way.
    }
    if (sink) this.doc.pipe(sink);
    else this.doc.on('data', () => {});
  }

  /** The first pass: rows are measured, not drawn. */
  private get counting(): boolean {
    return this.frame.halaman === null;
  }

  get pages(): number {
    return this.page;
  }

  get y(): number {
    return this.doc.y;
  }

  private get bottom(): number {
    return A4.height - MARGIN.bottom;
  }

  /** Lets the written bytes flow out before more are made (pdfkit does not wait by itself). */
  async flush(): Promise<void> {
    while (this.doc.readableLength > 512 * 1024) await new Promise((resolve) => setImmediate(resolve));
  }

  /** The letterhead: logo, the instansi's name and address, a double rule. */
  letterhead(): void {
    const { doc } = this;
    const { kop } = this.frame;
    const top = MARGIN.top;
    if (this.logo) doc.image(this.logo, MARGIN.side, top, { fit: [56, 56] });
    const textLeft = MARGIN.side + (this.logo ? 66 : 0);
    const textWidth = CONTENT_WIDTH - (this.logo ? 132 : 0);
    doc
      .font('semibold')
      .fontSize(13)
      .text(kop.instansi.toUpperCase(), textLeft, top + 6, {
        width: textWidth,
        align: 'center',
      });
    if (kop.alamat)
      doc
        .font('regular')
        .fontSize(8.5)
        .text(kop.alamat, textLeft, doc.y + 2, { width: textWidth, align: 'center' });
    const rule = Math.max(doc.y + 6, top + 62);
    doc
      .moveTo(MARGIN.side, rule)
      .lineTo(A4.width - MARGIN.side, rule)
      .lineWidth(1.5)
      .stroke();
    doc
      .moveTo(MARGIN.side, rule + 3)
      .lineTo(A4.width - MARGIN.side, rule + 3)
      .lineWidth(0.5)
      .stroke();
    doc.font('regular').fontSize(BODY_SIZE);
    doc.y = rule + 14;
  }

  /** Centred lines (the title block). */
  centered(lines: string[], options: { size?: number; bold?: boolean } = {}): void {
    this.doc.font(options.bold ? 'semibold' : 'regular').fontSize(options.size ?? 10);
    for (const line of lines) this.doc.text(line, MARGIN.side, this.doc.y, { width: CONTENT_WIDTH, align: 'center' });
    this.doc.font('regular').fontSize(BODY_SIZE);
  }

  /** A justified paragraph, moved whole to the next page when it does not fit. */
  paragraph(text: string, options: { size?: number; gap?: number } = {}): void {
    const size = options.size ?? 9;
    this.doc.font('regular').fontSize(size);
    const height = this.doc.heightOfString(text, { width: CONTENT_WIDTH, align: 'justify' });
    this.ensure(height);
    this.doc.text(text, MARGIN.side, this.doc.y, { width: CONTENT_WIDTH, align: 'justify' });
    this.doc.y += options.gap ?? 6;
    this.doc.fontSize(BODY_SIZE);
  }

  /** A heading line in semibold (a formasi's name above its table). */
  heading(text: string): void {
    this.doc.font('semibold').fontSize(9);
    const height = this.doc.heightOfString(text, { width: CONTENT_WIDTH });
    // A heading never stands alone at the foot of a page: room for it and one row at least.
    this.ensure(height + 64);
    this.doc.text(text, MARGIN.side, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.font('regular').fontSize(BODY_SIZE);
    this.doc.y += 2;
  }

  /** Room for `height` points on this page, or a new page (with the table header again, if any). */
  ensure(height: number): void {
    if (this.doc.y + height <= this.bottom) return;
    this.newPage();
  }

  newPage(): void {
    this.footer();
    this.forgetLayouts();
    this.doc.addPage();
    this.page += 1;
    this.doc.y = MARGIN.top;
    this.pageTop?.();
  }

  /**
   * pdfkit remembers the layout of every word it has set (fast for the words that repeat: names,
   * statuses, reasons) and never forgets one; with a quarter of a million distinct numbers that
   * is most of a gigabyte. Forgotten at every page: kept for 4 or 20 pages,
   * bench/dokumen ran in 43.9 / 38.6 s instead of 48.2 s but grew by 278 / 315 MB instead of 224.
   */
  private forgetLayouts(): void {
    const fonts = (this.doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
    for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null);
  }

  /** Starts a table: its header now and on every page it continues to. */
  table<Row>(columns: Column<Row>[]): { row: (row: Row) => void; end: () => void } {
    const header = () => {
      const { doc } = this;
      doc.font('semibold').fontSize(7.5);
      const height = Math.max(...columns.map((c) => doc.heightOfString(c.title, { width: c.width - 2 * ROW_PADDING })));
      const top = doc.y;
      doc
        .rect(MARGIN.side, top, CONTENT_WIDTH, height + 2 * ROW_PADDING)
        .fillColor('#e9eef5')
        .fill()
        .fillColor('black');
      let x = MARGIN.side;
      for (const c of columns) {
        doc.text(c.title, x + ROW_PADDING, top + ROW_PADDING, {
          width: c.width - 2 * ROW_PADDING,
          align: c.align ?? 'left',
        });
        x += c.width;
      }
      doc.font('regular').fontSize(BODY_SIZE);
      doc.y = top + height + 2 * ROW_PADDING;
    };
    this.ensure(40);
    header();
    this.pageTop = header;
    return {
      row: (row: Row) => {
        const { doc } = this;
        doc.font('regular').fontSize(BODY_SIZE);
        const cells = columns.map((c) => c.value(row));
        const line = doc.currentLineHeight(true);
        // Most cells fit on one line: measured by width first, wrapped (costly) only when not.
        const heights = cells.map((text, i) => {
          const c = columns[i] as Column<Row>;
          if (c.oneLine || !text) return line;
          const width = c.width - 2 * ROW_PADDING;
          const key = `${width}\u0000${text}`;
          let height = this.heights.get(key);
          if (height === undefined) {
            height = doc.widthOfString(text) <= width ? line : doc.heightOfString(text, { width });
            if (this.heights.size > 5000) this.heights.clear();
            this.heights.set(key, height);
          }
          return height;
        });
        const height = Math.max(line, ...heights) + 2 * ROW_PADDING;
        this.ensure(height);
        const top = doc.y;
        if (this.counting) {
          // The first pass only needs where rows end: nothing of the row is drawn.
          doc.y = top + height;
          return;
        }
        let x = MARGIN.side;
        cells.forEach((text, i) => {
          const c = columns[i] as Column<Row>;
          const width = c.width - 2 * ROW_PADDING;
          if (text && (heights[i] ?? line) > line) {
            doc.text(text, x + ROW_PADDING, top + ROW_PADDING, { width, align: c.align ?? 'left' });
          } else if (text) {
            // One line: placed by hand, without a width, so pdfkit's line wrapper (which measures
            // every word once more) is not involved.
            const free = c.align && c.align !== 'left' ? width - doc.widthOfString(text) : 0;
            doc.text(text, x + ROW_PADDING + (c.align === 'center' ? free / 2 : free), top + ROW_PADDING, {
              lineBreak: false,
            });
          }
          x += c.width;
        });
        doc
          .moveTo(MARGIN.side, top + height)
          .lineTo(A4.width - MARGIN.side, top + height)
          .lineWidth(0.3)
          .strokeColor('#9aa5b1')
          .stroke()
          .strokeColor('black');
        doc.y = top + height;
      },
      end: () => {
        this.pageTop = null;
        this.doc.y += 8;
      },
    };
  }

  /** A signature block on the right: place and date, office, room to sign, name, NIP. */
  signature(
    lines: { tempatTanggal?: string; jabatan: string; nama: string; nip: string },
    x = A4.width / 2 + 20,
  ): void {
    const width = A4.width - MARGIN.side - x;
    this.ensure(110);
    const { doc } = this;
    doc.font('regular').fontSize(9);
    if (lines.tempatTanggal) doc.text(lines.tempatTanggal, x, doc.y, { width });
    doc.text(lines.jabatan, x, doc.y, { width });
    doc.y += 48;
    doc.font('semibold').text(lines.nama, x, doc.y, { width, underline: true });
    doc.font('regular').text(`NIP ${lines.nip}`, x, doc.y, { width });
    doc.fontSize(BODY_SIZE);
  }

  /** The foot of the current page: code, where to check it, the page number; the QR code. */
  private footer(): void {
    const { doc } = this;
    const top = A4.height - MARGIN.bottom + 10;
    const saved = doc.y;
    // Below the bottom margin pdfkit would start a new page for the text: not for the foot.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN.side, top - 4)
      .lineTo(A4.width - MARGIN.side, top - 4)
      .lineWidth(0.3)
      .stroke();
    doc.image(this.qr, MARGIN.side, top, { width: 36 });
    doc
      .font('regular')
      .fontSize(7)
      .text(
        `Kode dokumen ${this.frame.kode} · keaslian dapat diperiksa di ${this.frame.cekUrl}`,
        MARGIN.side + 44,
        top + 4,
        { width: CONTENT_WIDTH - 150, lineBreak: true, height: 28 },
      );
    const of = this.frame.halaman === null ? '' : ` dari ${this.frame.halaman}`;
    doc.text(`Halaman ${this.page}${of}`, A4.width - MARGIN.side - 100, top + 4, { width: 100, align: 'right' });
    doc.fontSize(BODY_SIZE);
    doc.page.margins.bottom = margin;
    doc.y = saved;
  }

  /** Ends the document (the last page's foot included); resolves when every byte was written. */
  async end(): Promise<void> {
    this.footer();
    const done = new Promise<void>((resolve, reject) => {
      this.doc.once('end', resolve);
      this.doc.once('error', reject);
    });
    this.doc.end();
    await done;
  }
}
