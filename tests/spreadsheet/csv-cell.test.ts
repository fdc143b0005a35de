import { describe, expect, it } from 'vitest';
import { formatCsvField, neutraliseCsvCell } from '../../src/domain/csv-cell.ts';

describe('neutraliseCsvCell', () => {
  it.each(['=SUM(A1:A9)', '+1+1', '-2+3', '@cmd', '\t=1', '\r=1'])(
    'prefixes %j with a single quote',
    (text) => {
      expect(neutraliseCsvCell(text)).toBe(`'${text}`);
    },
  );

  it.each(['A-100', '12', "'=already", '', 'a=b'])('leaves %j as it is', (text) => {
    expect(neutraliseCsvCell(text)).toBe(text);
  });
});

describe('formatCsvField', () => {
  it('quotes fields holding the delimiter, a quote or a line break, after neutralising', () => {
    expect(formatCsvField('a;b', ';')).toBe('"a;b"');
    expect(formatCsvField('a;b', ',')).toBe('a;b');
    expect(formatCsvField('say "hi"', ',')).toBe('"say ""hi"""');
    expect(formatCsvField('two\nlines', ',')).toBe('"two\nlines"');
    expect(formatCsvField('=1,2', ',')).toBe('"\'=1,2"');
  });
});
