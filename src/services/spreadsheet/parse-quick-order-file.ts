import { decodeText, looksBinary } from '../../domain/spreadsheet/text-decoding.ts';
import { delimitedTextToGrid } from './delimited-grid.ts';
import { extractQuickOrderRows } from './extract-rows.ts';
import { detectFileKind } from './file-kind.ts';
import { QUICK_ORDER_MAX_BYTES, QUICK_ORDER_MAX_SHEET_ROWS } from './limits.ts';
import type { ParseProgress, QuickOrderParseResult } from './quick-order-types.ts';
import { workbookToGrid } from './workbook-grid.ts';

export interface ParseQuickOrderFileOptions {
  onProgress?: (progress: ParseProgress) => void;
}

/**
 * Reads the quick-order lines of an uploaded .xlsx, .xls or .csv. Never throws: a file that cannot be read
 * is an error result, and one bad row never costs the good ones.
 */
export function parseQuickOrderFile(
  bytes: Uint8Array,
  fileName: string,
  options: ParseQuickOrderFileOptions = {},
): QuickOrderParseResult {
  if (bytes.byteLength > QUICK_ORDER_MAX_BYTES) return { kind: 'error', error: 'tooLarge' };
  try {
    const kind = detectFileKind(bytes, fileName);
    if (kind === 'delimitedText') {
      const decoded = decodeText(bytes);
      if (looksBinary(decoded.text)) return { kind: 'error', error: 'incorrectFormat' };
      const { grid } = delimitedTextToGrid(decoded.text);
      if (grid.length > QUICK_ORDER_MAX_SHEET_ROWS) return { kind: 'error', error: 'tooManyRows' };
      return extractQuickOrderRows(grid, options);
    }
    const workbook = workbookToGrid(bytes);
    if (workbook.kind === 'notAWorkbook') return { kind: 'error', error: 'incorrectFormat' };
    if (workbook.kind === 'tooManyRows') return { kind: 'error', error: 'tooManyRows' };
    return extractQuickOrderRows(workbook.grid, options);
  } catch {
    // Defence in depth: a reader bug on a hostile file must read as "incorrect file format", not a crash.
    return { kind: 'error', error: 'incorrectFormat' };
  }
}
