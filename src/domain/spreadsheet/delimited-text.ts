// A CSV reader written for what customers' files contain rather than handed to the spreadsheet library,
// whose CSV guessing reads numbers and dates into cells on its own terms. Quotes follow RFC 4180 (a field
// that starts with a quote may hold delimiters, doubled quotes and line breaks) and are read leniently
// elsewhere: a quote inside an unquoted field is just a character.

export type Delimiter = ',' | ';' | '\t' | '|';

export const DELIMITERS: readonly Delimiter[] = [',', ';', '\t', '|'];

export interface DelimitedRecord {
  /** 1-based, as a spreadsheet opening the file would number the row (a quoted line break stays in one row). */
  rowNumber: number;
  fields: string[];
}

/** Splits text into records; stops after maxRecords when given (delimiter detection only needs a sample). */
export function parseDelimited(text: string, delimiter: Delimiter, maxRecords = Infinity): DelimitedRecord[] {
  const records: DelimitedRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let index = 0;
  const length = text.length;

  const endRecord = () => {
    fields.push(field);
    records.push({ rowNumber: records.length + 1, fields });
    fields = [];
    field = '';
  };

  while (index < length && records.length < maxRecords) {
    const char = text[index];
    if (char === '"' && field === '') {
      // Quoted field: runs to the next lone quote.
      index++;
      while (index < length) {
        const inner = text[index];
        if (inner === '"') {
          if (text[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index++;
          break;
        }
        field += inner;
        index++;
      }
      continue;
    }
    if (char === delimiter) {
      fields.push(field);
      field = '';
      index++;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += char;
    index++;
  }
  // A final line without a line break is still a record; a trailing line break does not start another one.
  if (records.length < maxRecords && (field !== '' || fields.length > 0)) endRecord();
  return records;
}

/**
 * Picks the delimiter that splits the first records most consistently into more than one field: the share of
 * sample records having the most common field count, then the larger count, then the order comma, semicolon,
 * tab, pipe. "ABC;12,0;box" splits into three fields by semicolon in every line but two by comma, so the
 * decimal comma of European files does not fool it.
 */
export function detectDelimiter(text: string): Delimiter {
  let best: { delimiter: Delimiter; consistency: number; fieldCount: number } = {
    delimiter: ',',
    consistency: 0,
    fieldCount: 1,
  };
  for (const delimiter of DELIMITERS) {
    const sample = parseDelimited(text, delimiter, 50).filter((record) =>
      record.fields.some((f) => f.trim()),
    );
    if (sample.length === 0) continue;
    const counts = new Map<number, number>();
    for (const record of sample)
      counts.set(record.fields.length, (counts.get(record.fields.length) ?? 0) + 1);
    let fieldCount = 1;
    let occurrences = 0;
    for (const [count, times] of counts) {
      if (times > occurrences || (times === occurrences && count > fieldCount)) {
        fieldCount = count;
        occurrences = times;
      }
    }
    if (fieldCount < 2) continue;
    const consistency = occurrences / sample.length;
    const better =
      consistency > best.consistency || (consistency === best.consistency && fieldCount > best.fieldCount);
    if (better) best = { delimiter, consistency, fieldCount };
  }
  return best.delimiter;
}

/** The line break the file uses (first one found), so a file written back matches the original. */
export function detectLineBreak(text: string): '\r\n' | '\n' | '\r' {
  const match = /\r\n|\n|\r/.exec(text);
  return (match?.[0] as '\r\n' | '\n' | '\r' | undefined) ?? '\r\n';
}
