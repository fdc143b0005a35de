import { extractQuickOrderRows } from './extract-rows.ts';
import { QUICK_ORDER_MAX_SHEET_ROWS } from './limits.ts';
import { quantityFromText } from './quantity.ts';
import type { QuickOrderParseResult } from './quick-order-types.ts';
import type { GridRow } from './sheet-grid.ts';

// Lines typed or pasted into the quick-order text box: "stock code; quantity; unit". Pure and free of the
// spreadsheet library, so the main thread can run it as the customer types.

type Separator = '\t' | ';' | ',' | 'spaces';

const SEPARATORS: readonly Separator[] = ['\t', ';', ',', 'spaces'];

/**
 * The text's usual separator is the one under which the most lines have a valid quantity in their second
 * field (ties go to tab, semicolon, comma, spaces in that order). So a paste from Excel (tabs) keeps codes
 * containing spaces whole, and "A-1 12,0 box" is not split at its decimal comma.
 * Each line is then split by the usual separator when that gives it a valid quantity, else by the first
 * separator that does (lists gathered from several sources mix tabs, semicolons and commas), else by the
 * usual one (the line is shown with its problem). With spaces, everything after the quantity is the unit
 * ("pallet box").
 */
export function parsePastedLines(text: string): QuickOrderParseResult {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > QUICK_ORDER_MAX_SHEET_ROWS) return { kind: 'error', error: 'tooManyRows' };
  const usual = chooseSeparator(lines);
  const grid: GridRow[] = lines.map((line, index) => ({
    rowNumber: index + 1,
    cells: splitLine(line, separatorOfLine(line, usual)).map((field) => ({
      kind: 'text' as const,
      text: field,
    })),
  }));
  const result = extractQuickOrderRows(grid);
  // A pasted list has no header as a rule, so saying none was found would only be noise.
  if (result.kind === 'rows')
    result.notices = result.notices.filter((notice) => notice.kind !== 'headerNotFound');
  return result;
}

function hasQuantity(line: string, separator: Separator): boolean {
  const quantity = splitLine(line, separator)[1];
  return quantity !== undefined && quantityFromText(quantity) !== null;
}

function separatorOfLine(line: string, usual: Separator): Separator {
  if (hasQuantity(line, usual)) return usual;
  return SEPARATORS.find((separator) => hasQuantity(line, separator)) ?? usual;
}

function chooseSeparator(lines: readonly string[]): Separator {
  const sample = lines.filter((line) => line.trim() !== '').slice(0, 200);
  let best: Separator = 'spaces';
  let bestScore = -1;
  for (const separator of SEPARATORS) {
    const score = sample.filter((line) => hasQuantity(line, separator)).length;
    if (score > bestScore) {
      best = separator;
      bestScore = score;
    }
  }
  return best;
}

function splitLine(line: string, separator: Separator): string[] {
  if (separator !== 'spaces') return line.split(separator).map((field) => field.trim());
  const [code, quantity, ...unit] = line.trim().split(/\s+/);
  return [code ?? '', quantity ?? '', unit.join(' ')];
}
