import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from '@pdfme/pdf-lib';
import { AVV_PARTIES, AVV_SECTIONS, AVV_SIGNATURES, AVV_SUBTITLE, AVV_TITLE } from './avv-text';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const TEXT_WIDTH = A4.width - 2 * MARGIN;
const FOOTER_Y = 32;

/** Splits a paragraph into lines that fit `width` at `size` (Helvetica speaks WinAnsi: äöüß, „“, –, §). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A cursor that writes top-down and opens a new page when the current one is full. */
class Writer {
  page: PDFPage;
  y = A4.height - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage([A4.width, A4.height]);
      this.y = A4.height - MARGIN;
    }
  }

  text(text: string, options: { size?: number; bold?: boolean; gapAfter?: number; center?: boolean } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const lineHeight = size * 1.4;
    for (const line of wrap(text, font, size, TEXT_WIDTH)) {
      this.ensure(lineHeight);
      const x = options.center ? (A4.width - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
      this.page.drawText(line, { x, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
      this.y -= lineHeight;
    }
    this.y -= options.gapAfter ?? 6;
  }

  /** A heading stays on the page of its first paragraph line. */
  heading(text: string) {
    this.ensure(11 * 1.4 + 10 * 1.4 * 2 + 10);
    this.y -= 6;
    this.text(text, { size: 11, bold: true, gapAfter: 4 });
  }

  signatureLines(labels: string[]) {
    this.ensure(90);
    this.y -= 50;
    const columnWidth = (TEXT_WIDTH - 30) / 2;
    labels.forEach((label, index) => {
      const x = MARGIN + index * (columnWidth + 30);
      this.page.drawLine({
        start: { x, y: this.y },
        end: { x: x + columnWidth, y: this.y },
        thickness: 0.6,
        color: rgb(0.3, 0.3, 0.3),
      });
      this.page.drawText(label, { x, y: this.y - 12, size: 8, font: this.fonts.regular });
    });
    this.y -= 24;
  }
}

/** Builds the AVV as an A4 PDF with page numbers ("Seite 1 von 4"). */
export async function buildAvvPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Auftragsverarbeitungsvertrag (AVV)');
  doc.setAuthor('Schaltschrank-Portal');
  doc.setSubject(AVV_SUBTITLE);
  doc.setLanguage('de-DE');
  doc.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new Writer(doc, fonts);
  writer.text(AVV_TITLE, { size: 16, bold: true, center: true, gapAfter: 4 });
  writer.text(AVV_SUBTITLE, { size: 11, center: true, gapAfter: 18 });
  for (const line of AVV_PARTIES) writer.text(line, { center: true, gapAfter: 2 });
  writer.y -= 12;
  for (const section of AVV_SECTIONS) {
    writer.heading(section.heading);
    for (const paragraph of section.paragraphs) writer.text(paragraph);
  }
  writer.signatureLines(AVV_SIGNATURES);

  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const label = `Auftragsverarbeitungsvertrag – Seite ${index + 1} von ${pages.length}`;
    const width = fonts.regular.widthOfTextAtSize(label, 8);
    page.drawText(label, {
      x: (A4.width - width) / 2,
      y: FOOTER_Y,
      size: 8,
      font: fonts.regular,
      color: rgb(0.45, 0.45, 0.45),
    });
  });
  return doc.save();
}

let cached: Promise<Uint8Array> | undefined;

/** The text is fixed, so the PDF is built once per process. */
export function avvPdf(): Promise<Uint8Array> {
  if (!cached) {
    cached = buildAvvPdf().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  }
  return cached;
}
