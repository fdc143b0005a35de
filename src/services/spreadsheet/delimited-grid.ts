import { removeCsvNeutralisation } from '../../domain/csv-cell.ts';
import {
  type DelimitedRecord,
  type Delimiter,
  detectDelimiter,
  parseDelimited,
} from '../../domain/spreadsheet/delimited-text.ts';
import type { GridRow } from './sheet-grid.ts';

export interface DelimitedGrid {
  grid: GridRow[];
  delimiter: Delimiter;
  records: DelimitedRecord[];
}

/** CSV text as grid rows of text cells; every value stays text so "00123" keeps its zeros. */
export function delimitedTextToGrid(text: string): DelimitedGrid {
  const delimiter = detectDelimiter(text);
  const records = parseDelimited(text, delimiter);
  const grid = records.map((record) => ({
    rowNumber: record.rowNumber,
    cells: record.fields.map((field) => ({
      kind: 'text' as const,
      text: removeCsvNeutralisation(field.trim()),
    })),
  }));
  return { grid, delimiter, records };
}
