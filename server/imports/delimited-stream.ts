import type { DelimitedRecord, Delimiter } from '../../src/domain/spreadsheet/delimited-text';

/**
 * The quick order's CSV rules (src/services/spreadsheet/delimited-text.ts: RFC 4180 quotes, read
 * leniently) for a file that arrives in pieces: a quoted field, a doubled quote or a CR LF may be cut
 * anywhere between two pieces, so the reader keeps its place between calls instead of re-reading.
 */
export class DelimitedStream {
  private fields: string[] = [];
  private field = '';
  private quoted = false;
  /** a quote seen inside a quoted field: the next character says whether it was doubled */
  private quoteInQuoted = false;
  /** a CR ended a record: an LF right after it belongs to the same line break */
  private afterCarriageReturn = false;
  private rowNumber = 0;

  constructor(private readonly delimiter: Delimiter) {}

  push(text: string): DelimitedRecord[] {
    const records: DelimitedRecord[] = [];
    for (let index = 0; index < text.length; index++) {
      const char = text[index] as string;
      if (this.afterCarriageReturn) {
        this.afterCarriageReturn = false;
        if (char === '\n') continue;
      }
      if (this.quoteInQuoted) {
        this.quoteInQuoted = false;
        if (char === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (char === '"') this.quoteInQuoted = true;
        else this.field += char;
        continue;
      }
      if (char === '"' && this.field === '') {
        this.quoted = true;
        continue;
      }
      if (char === this.delimiter) {
        this.fields.push(this.field);
        this.field = '';
        continue;
      }
      if (char === '\r' || char === '\n') {
        records.push(this.endRecord());
        this.afterCarriageReturn = char === '\r';
        continue;
      }
      this.field += char;
    }
    return records;
  }

  /** The last record when the file does not end in a line break (an open quote runs to the end). */
  end(): DelimitedRecord[] {
    return this.field !== '' || this.fields.length > 0 ? [this.endRecord()] : [];
  }

  private endRecord(): DelimitedRecord {
    this.fields.push(this.field);
    this.rowNumber += 1;
    const record = { rowNumber: this.rowNumber, fields: this.fields };
    this.fields = [];
    this.field = '';
    return record;
  }
}
