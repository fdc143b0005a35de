import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';

type Pdf = InstanceType<typeof PDFDocument>;

const bidi = bidiFactory();

const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const STRONG_RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A value set apart from the words around it (a first-strong isolate): a number, a date or an
 * amount keeps its own order inside an Arabic sentence ("1,309.68 €" would otherwise print as
 * "€ 1,309.68", and "2025-000001" after an Arabic label as "000001-2025"). The controls are
 * removed before drawing; DejaVu has no glyph for them.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;

interface Run {
  text: string;
  /** `features` makes pdfkit lay the run out in one fontkit call, which shapes and orders Arabic */
  options: { lineBreak: false; features?: [] };
  width: number;
}

export type Align = 'start' | 'end';

/**
 * Sets single lines of text in the document's direction. pdfkit lays text out word by word, each
 * word on its own, and knows no bidirectional order; here a line is split into the runs of the
 * Unicode bidirectional algorithm (bidi-js), the runs are put in visual order, and each is drawn
 * where it belongs. A right-to-left run with Arabic letters goes to fontkit whole, which joins
 * the letters (initial, medial, final forms) and reverses the glyphs; a right-to-left run of
 * neutrals alone (": ", " / ") is mirrored and reversed here.
 */
export class PdfTextSetter {
  constructor(
    private readonly doc: Pdf,
    readonly direction: 'ltr' | 'rtl',
  ) {}

  private runs(text: string): Run[] {
    const plain = { lineBreak: false } as const;
    if (this.direction === 'ltr' && !STRONG_RIGHT_TO_LEFT.test(text)) {
      const stripped = text.replace(BIDI_CONTROLS, '');
      return [{ text: stripped, options: plain, width: this.doc.widthOfString(stripped, plain) }];
    }
    const levels = bidi.getEmbeddingLevels(text, this.direction);
    const order = bidi.getReorderedIndices(text, levels);
    const isRtl = (index: number) => ((levels.levels[index] ?? 0) & 1) === 1;
    const runs: Run[] = [];
    let start = 0;
    while (start < order.length) {
      const first = order[start] ?? 0;
      const rtl = isRtl(first);
      const step = rtl ? -1 : 1;
      let end = start + 1;
      while (
        end < order.length &&
        order[end] === (order[end - 1] ?? 0) + step &&
        isRtl(order[end] ?? 0) === rtl
      )
        end += 1;
      const last = order[end - 1] ?? first;
      const logical = text.slice(Math.min(first, last), Math.max(first, last) + 1).replace(BIDI_CONTROLS, '');
      start = end;
      if (logical === '') continue;
      let drawn = logical;
      let options: Run['options'] = plain;
      if (rtl) {
        const mirrored = [...logical].map((char) => bidi.getMirroredCharacter(char) ?? char).join('');
        if (ARABIC_LETTER.test(mirrored)) {
          drawn = mirrored;
          options = { lineBreak: false, features: [] };
        } else drawn = [...mirrored].reverse().join('');
      }
      runs.push({ text: drawn, options, width: this.doc.widthOfString(drawn, options) });
    }
    return runs;
  }

  /** The width of one line in the current font and size. */
  width(text: string): number {
    return this.runs(text).reduce((sum, run) => sum + run.width, 0);
  }

  /** `text` broken into lines no wider than `width`, at spaces, or inside a word longer than a line. */
  wrap(text: string, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/ +/)) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (this.width(candidate) <= width) {
        current = candidate;
        continue;
      }
      if (current !== '') lines.push(current);
      current = '';
      for (const char of word) {
        if (current !== '' && this.width(current + char) > width) {
          lines.push(current);
          current = '';
        }
        current += char;
      }
    }
    if (current !== '' || lines.length === 0) lines.push(current);
    return lines;
  }

  /** Draws one line in the box from `x` to `x + width`, at its start or its end (right and left in Arabic). */
  line(text: string, x: number, y: number, width: number, align: Align) {
    const runs = this.runs(text);
    const total = runs.reduce((sum, run) => sum + run.width, 0);
    const atLeft = (align === 'start') === (this.direction === 'ltr');
    let cursor = atLeft ? x : x + width - total;
    for (const run of runs) {
      this.doc.text(run.text, cursor, y, run.options);
      cursor += run.width;
    }
  }
}
