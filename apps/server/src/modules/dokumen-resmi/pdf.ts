// The page frame of the official documents (issue #20), laid out as an Indonesian official letter
// (issue #31): A4, Arimo (metric-compatible with Arial, the face of government letters; embedded),
// the instansi's letterhead, tables whose header repeats on every page — under the table's heading
// marked "(lanjutan)" — and whose rows are never split, a closing paragraph kept on one page with
// the signature block ("Ditetapkan di {kota}", room for the stamp and the electronic signature),
// and on every page the document's code, where to check it, and "Halaman x dari y". Not here: what
// a document says (content.ts).
//
// "dari y" needs the page count before the first page is written: a document is laid out twice
// by the same code, first into nothing to count its pages, then for real (layout is
// deterministic, so both passes break pages at the same rows).

import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT = {
  regular: require.resolve('@fontsource/arimo/files/arimo-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/arimo/files/arimo-latin-700-normal.woff'),
};
type Face = keyof typeof FONT;

type ImageSrc = Parameters<PDFKit.PDFDocument['image']>[0];

export const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 42, side: 42, bottom: 56 };
export const CONTENT_WIDTH = A4.width - 2 * MARGIN.side;

export interface Kop {
  instansi: string;
  alamat: string;
  /** The seat of the instansi: "Ditetapkan di {kota}" (issue #31). */
  kota: string;
  logo: Buffer | null;
}

/** A box on the page, in pdfkit's coordinates (points, origin at the top left). */
export interface Kotak {
  x: number;
  y: number;
  width: number;
  height: number;
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
  /**
   * Draws in the room kept for the stamp and the signature between the first signer's office and
   * name (issue #31: the electronic signature's mark and its widget). Called once, on the written
   * pass only, while the signature block's page is the current page.
   */
  tandaTangan?: (doc: PDFKit.PDFDocument, kotak: Kotak) => void;
}

export interface Column<Row> {
  title: string;
  width: number;
  value: (row: Row) => string;
  align?: 'left' | 'center' | 'right';
  /** Never more than one line (numbers, codes): not measured, drawn without wrapping. */
  oneLine?: boolean;
}

/** Who signs: the office, the name, the NIP. */
export interface Penanda {
  jabatan: string;
  nama: string;
  nip: string;
}

const ROW_PADDING = 3;
/** Table cells. */
const BODY_SIZE = 8;
const HEADER_SIZE = 7.5;
const HEADING_SIZE = 9.5;
const PARAGRAPH_SIZE = 10;
const PARAGRAPH_GAP = 6;
const FOOT_SIZE = 7;
/** The room between the office and the name: the stamp and the electronic signature's mark. */
const KOTAK_TINGGI = 56;
/** The signature block of a single signer: the right half of the page, as letters put it. */
const TTD_X = A4.width / 2 + 20;
/** Room a table's first rows need under its heading (the heading never ends a page alone). */
const TABLE_START = 64;

/** A word of digits, masks and their punctuation ("2414010000000006", "317401******0006", "1.234"). */
const ANGKA = /^[0-9*.,:/-]+ ?$/;

interface GlyphLike {
  advanceWidth: number;
}
interface EmbeddedFontLike {
  scale: number;
  font: { glyphsForString(text: string): GlyphLike[] };
  layoutRun(text: string, features?: unknown): unknown;
  polos?: true;
}

/**
 * pdfkit shapes every word through fontkit's OpenType engine; in a quarter-of-a-million-row
 * announcement that was 30 % of the time (bench/dokumen's profile), and a third of the words are
 * numbers: nomor peserta, masked NIK, the row's number. A word of figures is laid out here glyph
 * by glyph from the font's character map and advance widths instead: Arimo's figures are tabular
 * and have no ligatures, and the one thing shaping adds — kerning the pair "11" by 0.07 em — is
 * what a column of numbers is better without. bench/dokumen, one run each way: 58.9 s and 167 MB
 * growth against 74.4 s and 227 MB (the shaped runs of a quarter of a million distinct numbers
 * were also most of the memory).
 */
function polosUntukAngka(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font: EmbeddedFontLike })._font;
  if (!font || font.polos || typeof font.font?.glyphsForString !== 'function') return;
  const shaped = font.layoutRun.bind(font);
  font.layoutRun = (text: string, features?: unknown) => {
    if (features || !ANGKA.test(text)) return shaped(text, features);
    const glyphs = font.font.glyphsForString(text);
    let advanceWidth = 0;
    const positions = glyphs.map((glyph) => {
      const width = glyph.advanceWidth * font.scale;
      advanceWidth += width;
      return { xAdvance: width, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: width };
    });
    return { glyphs, positions, advanceWidth };
  };
  font.polos = true;
}

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
  /** The size the check address fits the foot in on one line (measured once, at the first foot). */
  private urlSize: number | null = null;
  /** The electronic signature goes in the first signer's block only. */
  private ditandatangani = false;

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
    for (const [name, file] of Object.entries(FONT)) this.doc.registerFont(name, file);
    this.use('regular', BODY_SIZE);
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

  /** The letterhead the document is made under (its seat, for the minutes' opening). */
  get kop(): Kop {
    return this.frame.kop;
  }

  private get bottom(): number {
    return A4.height - MARGIN.bottom;
  }

  /**
   * The face and size of what is drawn next. Every piece sets its own after a possible page break,
   * because the break draws the foot (and a table's header) in theirs.
   */
  private use(face: Face, size: number): PDFKit.PDFDocument {
    this.doc.font(face).fontSize(size);
    polosUntukAngka(this.doc);
    return this.doc;
  }

  /** Lets the written bytes flow out before more are made (pdfkit does not wait by itself). */
  async flush(): Promise<void> {
    while (this.doc.readableLength > 512 * 1024) await new Promise((resolve) => setImmediate(resolve));
  }

  /** The letterhead: logo, the instansi's name and address, a double rule (thick over thin). */
  letterhead(): void {
    const { doc } = this;
    const { kop } = this.frame;
    const top = MARGIN.top;
    if (this.logo) doc.image(this.logo, MARGIN.side, top, { fit: [60, 60] });
    const textLeft = MARGIN.side + (this.logo ? 66 : 0);
    const textWidth = CONTENT_WIDTH - (this.logo ? 132 : 0);
    this.use('bold', 14).text(kop.instansi.toUpperCase(), textLeft, top + 6, { width: textWidth, align: 'center' });
    if (kop.alamat) {
      this.use('regular', 9).text(kop.alamat, textLeft, doc.y + 2, { width: textWidth, align: 'center' });
    }
    const rule = Math.max(doc.y + 6, top + 66);
    doc
      .moveTo(MARGIN.side, rule)
      .lineTo(A4.width - MARGIN.side, rule)
      .lineWidth(2)
      .stroke();
    doc
      .moveTo(MARGIN.side, rule + 3)
      .lineTo(A4.width - MARGIN.side, rule + 3)
      .lineWidth(0.6)
      .stroke();
    this.use('regular', BODY_SIZE);
    doc.y = rule + 16;
  }

  /** Centred lines (the title block). */
  centered(lines: string[], options: { size?: number; bold?: boolean } = {}): void {
    this.use(options.bold ? 'bold' : 'regular', options.size ?? PARAGRAPH_SIZE);
    for (const line of lines) this.doc.text(line, MARGIN.side, this.doc.y, { width: CONTENT_WIDTH, align: 'center' });
    this.use('regular', BODY_SIZE);
  }

  private paragraphHeight(text: string): number {
    this.use('regular', PARAGRAPH_SIZE);
    return this.doc.heightOfString(text, { width: CONTENT_WIDTH, align: 'justify' }) + PARAGRAPH_GAP;
  }

  /** A justified paragraph, moved whole to the next page when it does not fit. */
  paragraph(text: string): void {
    this.ensure(this.paragraphHeight(text));
    this.use('regular', PARAGRAPH_SIZE).text(text, MARGIN.side, this.doc.y, { width: CONTENT_WIDTH, align: 'justify' });
    this.doc.y += PARAGRAPH_GAP;
    this.use('regular', BODY_SIZE);
  }

  /** A heading line in bold (a formasi's name above its table). */
  heading(text: string): void {
    this.use('bold', HEADING_SIZE);
    const height = this.doc.heightOfString(text, { width: CONTENT_WIDTH });
    // A heading never stands alone at the foot of a page: room for it and one row at least.
    this.ensure(height + TABLE_START);
    this.use('bold', HEADING_SIZE).text(text, MARGIN.side, this.doc.y, { width: CONTENT_WIDTH });
    this.use('regular', BODY_SIZE);
    this.doc.y += 2;
  }

  /**
   * Room for `height` points on this page, or a new page (with the table header again, if any).
   * True when a page was begun: the foot and the header drawn since have set their own face.
   */
  ensure(height: number): boolean {
    if (this.doc.y + height <= this.bottom) return false;
    this.newPage();
    return true;
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

  /**
   * Starts a table: its header now and on every page it continues to. `lanjutan`: the heading the
   * table stands under, repeated above the header of every page it continues to as
   * "{heading} (lanjutan)", so a page read alone still says whose rows these are.
   */
  table<Row>(
    columns: Column<Row>[],
    options: { lanjutan?: string } = {},
  ): { row: (row: Row, style?: { tebal?: boolean }) => void; end: () => void } {
    const { doc } = this;
    this.use('bold', HEADER_SIZE);
    const headerHeight =
      Math.max(...columns.map((c) => doc.heightOfString(c.title, { width: c.width - 2 * ROW_PADDING }))) +
      2 * ROW_PADDING;
    const header = () => {
      this.use('bold', HEADER_SIZE);
      const top = doc.y;
      doc.rect(MARGIN.side, top, CONTENT_WIDTH, headerHeight).fillColor('#e9eef5').fill().fillColor('black');
      let x = MARGIN.side;
      for (const c of columns) {
        doc.text(c.title, x + ROW_PADDING, top + ROW_PADDING, {
          width: c.width - 2 * ROW_PADDING,
          align: c.align ?? 'left',
        });
        x += c.width;
      }
      this.use('regular', BODY_SIZE);
      doc.y = top + headerHeight;
    };
    const continued = options.lanjutan ? `${options.lanjutan} (lanjutan)` : null;
    const pageTop = () => {
      if (continued) {
        this.use('bold', HEADING_SIZE).text(continued, MARGIN.side, doc.y, { width: CONTENT_WIDTH });
        doc.y += 2;
      }
      header();
    };
    this.ensure(headerHeight + 24);
    header();
    this.pageTop = pageTop;
    return {
      row: (row: Row, style?: { tebal?: boolean }) => {
        const face: Face = style?.tebal ? 'bold' : 'regular';
        doc.font(face).fontSize(BODY_SIZE);
        const cells = columns.map((c) => c.value(row));
        const line = doc.currentLineHeight(true);
        // Most cells fit on one line: measured by width first, wrapped (costly) only when not.
        // A bold row (a total) is rare: measured each time, not kept with the regular ones.
        const heights = cells.map((text, i) => {
          const c = columns[i] as Column<Row>;
          if (c.oneLine || !text) return line;
          const width = c.width - 2 * ROW_PADDING;
          const key = `${width}\u0000${text}`;
          let height = face === 'regular' ? this.heights.get(key) : undefined;
          if (height === undefined) {
            height = doc.widthOfString(text) <= width ? line : doc.heightOfString(text, { width });
            if (face === 'regular') {
              if (this.heights.size > 5000) this.heights.clear();
              this.heights.set(key, height);
            }
          }
          return height;
        });
        const height = Math.max(line, ...heights) + 2 * ROW_PADDING;
        const broke = this.ensure(height);
        const top = doc.y;
        if (this.counting) {
          // The first pass only needs where rows end: nothing of the row is drawn.
          doc.y = top + height;
          return;
        }
        // The new page's foot and header were drawn in their own face.
        if (broke || face !== 'regular') doc.font(face).fontSize(BODY_SIZE);
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
          .lineWidth(style?.tebal ? 0.8 : 0.3)
          .strokeColor(style?.tebal ? 'black' : '#9aa5b1')
          .stroke()
          .strokeColor('black');
        doc.y = top + height;
        if (face !== 'regular') doc.font('regular');
      },
      end: () => {
        this.pageTop = null;
        this.doc.y += 8;
      },
    };
  }

  /**
   * The closing paragraph ("Demikian …") and the signature block, always on one page: moved to the
   * next page together when they do not both fit, so the block never stands alone on a page
   * without the text it signs. Up to three signers stand side by side.
   */
  penutup(text: string, pengesahan: { tanggal: string; penandatangan: Penanda[] }): void {
    const blok = this.ukurPengesahan(pengesahan.tanggal, pengesahan.penandatangan);
    this.ensure(this.paragraphHeight(text) + blok.tinggi);
    this.paragraph(text);
    this.gambarPengesahan(blok);
  }

  /**
   * Where each part of the signature block goes, and its height. "Ditetapkan di {kota}" and
   * "pada tanggal …" on the right; below, each signer in a column of its own: the office, the room
   * for the stamp and signature, the name (bold, underlined) and the NIP, names on one line.
   */
  private ukurPengesahan(tanggal: string, penandatangan: Penanda[]) {
    const { doc } = this;
    const n = Math.max(1, penandatangan.length);
    const columns =
      n === 1
        ? [{ x: TTD_X, width: A4.width - MARGIN.side - TTD_X }]
        : Array.from({ length: n }, (_, i) => ({
            x: MARGIN.side + (i * CONTENT_WIDTH) / n + 6,
            width: CONTENT_WIDTH / n - 12,
          }));
    const last = columns[columns.length - 1] as { x: number; width: number };
    const tempat = { x: Math.max(TTD_X, last.x), width: A4.width - MARGIN.side - Math.max(TTD_X, last.x) };
    const baris = [`Ditetapkan di ${this.frame.kop.kota}`, `pada tanggal ${tanggal}`];
    // The office ends with a comma, as a letter's signature block writes it.
    const jabatan = penandatangan.map((p) => (p.jabatan.trimEnd().endsWith(',') ? p.jabatan : `${p.jabatan},`));
    this.use('regular', PARAGRAPH_SIZE);
    const tinggiTempat = baris.reduce((sum, b) => sum + doc.heightOfString(b, { width: tempat.width }), 0);
    const tinggiJabatan = Math.max(
      ...jabatan.map((j, i) => doc.heightOfString(j, { width: (columns[i] ?? last).width })),
    );
    const tinggiNip = doc.currentLineHeight(true);
    this.use('bold', PARAGRAPH_SIZE);
    const tinggiNama = Math.max(
      ...penandatangan.map((p, i) => doc.heightOfString(p.nama, { width: (columns[i] ?? last).width })),
    );
    const jarak = 4;
    return {
      penandatangan,
      columns,
      tempat,
      baris,
      jabatan,
      tinggiTempat,
      tinggiJabatan,
      tinggiNama,
      tinggiNip,
      jarak,
      tinggi: 4 + tinggiTempat + 8 + tinggiJabatan + jarak + KOTAK_TINGGI + jarak + tinggiNama + tinggiNip,
    };
  }

  private gambarPengesahan(blok: ReturnType<OfficialPdf['ukurPengesahan']>): void {
    const { doc } = this;
    // penutup() made room for the whole block: no page break from here on.
    let y = doc.y + 4;
    this.use('regular', PARAGRAPH_SIZE);
    for (const baris of blok.baris) {
      doc.text(baris, blok.tempat.x, y, { width: blok.tempat.width });
      y = doc.y;
    }
    const atas = y + 8;
    const kotakY = atas + blok.tinggiJabatan + blok.jarak;
    const namaY = kotakY + KOTAK_TINGGI + blok.jarak;
    blok.penandatangan.forEach((p, i) => {
      const column = blok.columns[i] ?? { x: TTD_X, width: CONTENT_WIDTH / 3 };
      this.use('regular', PARAGRAPH_SIZE).text(blok.jabatan[i] ?? p.jabatan, column.x, atas, { width: column.width });
      this.use('bold', PARAGRAPH_SIZE).text(p.nama, column.x, namaY, { width: column.width, underline: true });
      this.use('regular', PARAGRAPH_SIZE).text(`NIP ${p.nip}`, column.x, namaY + blok.tinggiNama, {
        width: column.width,
      });
    });
    const first = blok.columns[0];
    if (!this.counting && !this.ditandatangani && first && this.frame.tandaTangan) {
      this.ditandatangani = true;
      // The hook draws on this page; what it changes of the graphics state stays inside.
      doc.save();
      this.frame.tandaTangan(doc, { x: first.x, y: kotakY, width: first.width, height: KOTAK_TINGGI });
      doc.restore();
      doc.fillColor('black').strokeColor('black');
    }
    doc.y = namaY + blok.tinggiNama + blok.tinggiNip;
    this.use('regular', BODY_SIZE);
  }

  /**
   * The foot of the current page: the QR code; the document's code, and on a line of its own the
   * address to check it at — never broken inside (a broken address cannot be typed back), made
   * smaller instead when long; the page number.
   */
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
    const left = MARGIN.side + 44;
    const width = CONTENT_WIDTH - 44 - 106;
    this.use('regular', FOOT_SIZE).text(
      `Kode dokumen ${this.frame.kode} · keaslian dokumen dapat diperiksa dengan memindai kode QR atau di alamat:`,
      left,
      top + 3,
      { width },
    );
    if (this.urlSize === null) {
      const natural = doc.widthOfString(this.frame.cekUrl);
      this.urlSize = natural <= width ? FOOT_SIZE : (FOOT_SIZE * width) / natural;
    }
    this.use('regular', this.urlSize).text(this.frame.cekUrl, left, doc.y + 1, { lineBreak: false });
    const of = this.frame.halaman === null ? '' : ` dari ${this.frame.halaman}`;
    this.use('regular', FOOT_SIZE).text(`Halaman ${this.page}${of}`, A4.width - MARGIN.side - 100, top + 3, {
      width: 100,
      align: 'right',
    });
    this.use('regular', BODY_SIZE);
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
