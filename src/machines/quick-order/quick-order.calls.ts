import type { QuickOrderCartLine, QuickOrderProblem, QuickOrderRow } from '../../domain/quick-order';
import type { CartBulkLineResult, CartLineWrite } from '../../services/api/cart';

/** What the customer is told about one row after the add: stored, or why not. */
export type QuickOrderOutcome =
  | { row: QuickOrderRow; status: 'added' | 'replaced' }
  | { row: QuickOrderRow; status: 'rejected'; problems: (QuickOrderProblem | 'unknownError')[] };

export interface QuickOrderResult {
  /** products that got a new cart line */
  added: number;
  /** products already in the cart whose quantity and unit were replaced */
  replaced: number;
  /** one per preview row, in the sheet's order */
  outcomes: QuickOrderOutcome[];
}

/** The bulk body: one line per product, priced as the plain product (the lookup returns no campaign). */
export const bulkWrites = (lines: readonly QuickOrderCartLine[]): CartLineWrite[] =>
  lines.map((line) => ({
    product: line.product.id,
    campaign: null,
    quantity: String(line.quantity),
    unit: line.unit.id,
  }));

/** The server's refusal codes (docs/api.md) in the quick-order message vocabulary. */
const problemOfCode: Record<string, QuickOrderProblem> = {
  unknown_product: 'invalidStock',
  invalid_unit: 'invalidUnit',
  invalid_quantity: 'invalidQuantity',
  out_of_stock: 'productOutOfStock',
  not_enough_stock: 'notEnoughStock',
};

export function resultOf(
  rows: readonly QuickOrderRow[],
  lines: readonly QuickOrderCartLine[],
  results: readonly CartBulkLineResult[],
): QuickOrderResult {
  type LineStatus = 'added' | 'replaced' | QuickOrderProblem | 'unknownError';
  const byRow = new Map<number, LineStatus>();
  let added = 0;
  let replaced = 0;
  lines.forEach((line, index) => {
    const result = results.find((candidate) => candidate.index === index);
    let status: LineStatus = 'unknownError';
    if (result?.status === 'added') {
      added++;
      status = 'added';
    } else if (result?.status === 'replaced') {
      replaced++;
      status = 'replaced';
    } else if (result?.status === 'rejected') status = problemOfCode[result.code ?? ''] ?? 'unknownError';
    for (const rowNumber of line.rowNumbers) byRow.set(rowNumber, status);
  });
  const outcomes = rows.map((row): QuickOrderOutcome => {
    const status = byRow.get(row.rowNumber);
    if (status === 'added' || status === 'replaced') return { row, status };
    if (status !== undefined) return { row, status: 'rejected', problems: [status] };
    return { row, status: 'rejected', problems: row.problems };
  });
  return { added, replaced, outcomes };
}
