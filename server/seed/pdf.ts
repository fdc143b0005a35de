import PDFDocument from 'pdfkit';
import { SITE_NAME } from '../site-configuration';

export type Pdf = InstanceType<typeof PDFDocument>;

// The built-in Helvetica covers Windows-1252 only: other letters (ş, ğ, ı of Turkish names) are
// written as their base letter, so no font file is needed.
const windows1252Extras = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
const dotless: Record<string, string> = { ı: 'i', İ: 'I' };

/** Text the built-in fonts can draw. */
export function pdfText(text: string): string {
  return [...text]
    .map((char) => {
      if (char.charCodeAt(0) <= 0xff || windows1252Extras.has(char)) return char;
      const base = dotless[char] ?? char.normalize('NFD')[0] ?? '';
      return base.charCodeAt(0) <= 0xff ? base : '?';
    })
    .join('');
}

export const MARGIN = 56;

/**
 * Renders a PDF with the supplier's letterhead and returns its bytes. The creation date is given,
 * so the same seed makes the same file (pdfkit derives the file id from it).
 */
export function renderPdf(
  meta: { title: string; subject: string; createdAt: Date },
  draw: (doc: Pdf) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: pdfText(meta.title),
      Subject: pdfText(meta.subject),
      Author: SITE_NAME,
      Creator: `${SITE_NAME} portal`,
      CreationDate: meta.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#1f5130')
    .text(SITE_NAME.toUpperCase(), { characterSpacing: 1 });
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text('Lindenhof Wholesale GmbH · Am Großmarkt 21 · 20097 Hamburg · service@lindenhof-wholesale.example');
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#111111').text(pdfText(meta.title));
  doc.font('Helvetica').fontSize(10).fillColor('#444444').text(pdfText(meta.subject));
  doc.moveDown(1);
  doc.fillColor('#111111');
  draw(doc);
  doc.end();
  return done;
}

/** A heading and a paragraph (the terms and the certificate). */
export function section(doc: Pdf, heading: string, body: string) {
  doc.font('Helvetica-Bold').fontSize(10.5).text(pdfText(heading));
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(9.5).text(pdfText(body), { align: 'justify' });
  doc.moveDown(0.6);
}

/** A paragraph in the body size with some space under it: what a table below is about. */
export function paragraph(doc: Pdf, text: string) {
  doc.fontSize(9.5).text(pdfText(text));
  doc.moveDown(0.8);
}

/** The small grey line at the foot of a document. */
export function footnote(doc: Pdf, text: string) {
  doc.fontSize(8).fillColor('#555555').text(pdfText(text));
}

/** Rows of cells at fixed column positions, a header row in bold, a rule under it. */
export function table(
  doc: Pdf,
  columns: { header: string; width: number; align?: 'left' | 'right' }[],
  rows: string[][],
) {
  const drawRow = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = MARGIN;
    let height = 0;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      const text = pdfText(cell);
      const options = { width: column.width - 6, align: column.align ?? 'left' } as const;
      doc.text(text, x, y, options);
      height = Math.max(height, doc.heightOfString(text, options));
      x += column.width;
    });
    doc.x = MARGIN;
    doc.y = y + height + 4;
  };
  drawRow(
    columns.map((column) => column.header),
    true,
  );
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  doc
    .moveTo(MARGIN, doc.y - 2)
    .lineTo(MARGIN + width, doc.y - 2)
    .strokeColor('#999999')
    .stroke();
  for (const row of rows) drawRow(row, false);
}
