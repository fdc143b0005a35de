import type { QuickOrderCartLine, QuickOrderProblem, QuickOrderRow } from '../../domain/quick-order';
import type { Unit } from '../../domain/types';
import type { CartBulkLineResult, CartBulkMode, CartLineWrite } from '../../services/api/cart';

/** A quantity in a unit, as the result names it; the unit is null when the lookup's units lack it. */
export interface ResultAmount {
  quantity: string;
  unit: Unit | null;
}

/** Why a row was not added: a preview problem, the stock short of the sum with the cart, or the unknown. */
export type QuickOrderOutcomeProblem = QuickOrderProblem | 'notEnoughStockToAdd' | 'unknownError';

/** What the customer is told about one row after the add: stored, or why not. */
export type QuickOrderOutcome =
  | { row: QuickOrderRow; status: 'added' }
  /** the product's cart line was added to or replaced: what it held before and holds now ("3 → 4 crates") */
  | { row: QuickOrderRow; status: 'increased' | 'replaced'; from: ResultAmount; to: ResultAmount }
  | {
      row: QuickOrderRow;
      status: 'rejected';
      problems: QuickOrderOutcomeProblem[];
      /** the server's figure for a stock refusal: the most of `unit` that can (still) go in */
      limit: { max: number; unit: Unit } | null;
    };

export interface QuickOrderResult {
  /** whether lines already in the cart were added to or replaced */
  mode: CartBulkMode;
  /** products that got a new cart line */
  added: number;
  /** products already in the cart whose quantity was added to */
  increased: number;
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
  // a product the customer may not see is "not found" for it, as the lookup answers
  product_not_available: 'invalidStock',
  invalid_unit: 'invalidUnit',
  invalid_quantity: 'invalidQuantity',
  out_of_stock: 'productOutOfStock',
  not_enough_stock: 'notEnoughStock',
};

type LineOutcome =
  | { status: 'added' }
  | { status: 'increased' | 'replaced'; from: ResultAmount; to: ResultAmount }
  | { status: 'rejected'; problem: QuickOrderOutcomeProblem; limit: { max: number; unit: Unit } | null };

function lineOutcome(
  line: QuickOrderCartLine,
  result: CartBulkLineResult | undefined,
  mode: CartBulkMode,
  units: readonly Unit[],
): LineOutcome {
  const unitOf = (id: number) => units.find((unit) => unit.id === id) ?? null;
  if (!result) return { status: 'rejected', problem: 'unknownError', limit: null };
  if (result.status === 'rejected') {
    const problem = problemOfCode[result.code ?? ''] ?? 'unknownError';
    const short = problem === 'notEnoughStock';
    return {
      status: 'rejected',
      // adding: the stock covers this row alone, not with what the cart already holds
      problem: short && mode === 'add' && result.previous ? 'notEnoughStockToAdd' : problem,
      limit: short && result.maxQuantity !== null ? { max: result.maxQuantity, unit: line.unit } : null,
    };
  }
  if (result.status === 'added' || !result.previous) return { status: 'added' };
  return {
    status: result.status,
    from: { quantity: result.previous.quantity, unit: unitOf(result.previous.unit) },
    to: { quantity: result.written.quantity, unit: unitOf(result.written.unit) },
  };
}

export function resultOf(
  rows: readonly QuickOrderRow[],
  lines: readonly QuickOrderCartLine[],
  results: readonly CartBulkLineResult[],
  mode: CartBulkMode,
  units: readonly Unit[],
): QuickOrderResult {
  const byRow = new Map<number, LineOutcome>();
  const counts = { added: 0, increased: 0, replaced: 0 };
  lines.forEach((line, index) => {
    const outcome = lineOutcome(
      line,
      results.find((candidate) => candidate.index === index),
      mode,
      units,
    );
    if (outcome.status !== 'rejected') counts[outcome.status]++;
    for (const rowNumber of line.rowNumbers) byRow.set(rowNumber, outcome);
  });
  const outcomes = rows.map((row): QuickOrderOutcome => {
    const outcome = byRow.get(row.rowNumber);
    if (!outcome) return { row, status: 'rejected', problems: row.problems, limit: null };
    if (outcome.status === 'rejected')
      return { row, status: 'rejected', problems: [outcome.problem], limit: outcome.limit };
    return { row, ...outcome };
  });
  return { mode, ...counts, outcomes };
}
