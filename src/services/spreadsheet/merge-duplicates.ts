import type { ParsedRow, ParseNotice } from './quick-order-types.ts';

// Decision: rows naming the same code (case-insensitively) with the same unit text are one order line with the
// quantities summed, kept at the first row's position; the customer is told which rows were merged. Rows with
// a problem are never merged: each is shown with its own row number to be fixed. Rows of one product in
// different units ("box" and "piece") stay separate lines here; whether the cart takes both is the cart's rule.

export function mergeDuplicateRows(rows: readonly ParsedRow[]): {
  rows: ParsedRow[];
  notices: ParseNotice[];
} {
  const byKey = new Map<string, ParsedRow>();
  const result: ParsedRow[] = [];
  for (const row of rows) {
    if (row.problems.length > 0 || row.quantity === null) {
      result.push(row);
      continue;
    }
    const key = `${row.codeKind}\u0000${row.stockCode.toLowerCase()}\u0000${row.unitText.toLowerCase()}`;
    const first = byKey.get(key);
    if (!first) {
      const copy = { ...row, sourceRowNumbers: [...row.sourceRowNumbers] };
      byKey.set(key, copy);
      result.push(copy);
      continue;
    }
    const quantity = (first.quantity ?? 0) + row.quantity;
    first.quantity = quantity;
    first.quantityText = String(quantity);
    first.sourceRowNumbers.push(...row.sourceRowNumbers);
  }
  const notices: ParseNotice[] = result
    .filter((row) => row.sourceRowNumbers.length > 1)
    .map((row) => ({
      kind: 'duplicatesMerged',
      stockCode: row.stockCode,
      unitText: row.unitText,
      rowNumbers: row.sourceRowNumbers,
    }));
  return { rows: result, notices };
}
