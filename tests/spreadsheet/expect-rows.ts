import { expect } from 'vitest';
import type {
  ParsedRow,
  ParsedRows,
  QuickOrderParseResult,
} from '../../src/services/spreadsheet/quick-order-types.ts';

export function expectRows(result: QuickOrderParseResult): ParsedRows {
  if (result.kind !== 'rows') throw new Error(`expected rows, got the file error ${result.error}`);
  return result;
}

/** The fields a customer sees in the preview, in order: row number, code, quantity, unit, problems. */
export function summarise(rows: readonly ParsedRow[]): [number, string, string, string, string[]][] {
  return rows.map((row) => [row.rowNumber, row.stockCode, row.quantityText, row.unitText, row.problems]);
}

export function expectFileError(result: QuickOrderParseResult, error: string): void {
  expect(result).toEqual({ kind: 'error', error });
}
