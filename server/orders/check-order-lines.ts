import { ApiError } from '../http/api-error';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import { type CheckedLine, checkLine, type RequestedLine } from './line-rules';

/** One order, one suborder split per warehouse: far more lines than a cart holds, far fewer than hurt. */
export const MAX_ORDER_LINES = 1000;

/**
 * Every line of an order checked against the catalogue; any refusal is a 400 whose field errors
 * name each bad line (`items.2.quantity`), so the client can mark them all at once.
 */
export function checkOrderLines(
  items: readonly RequestedLine[],
  catalogue: CatalogueSnapshot,
): CheckedLine[] {
  if (items.length > MAX_ORDER_LINES)
    throw new ApiError(400, {
      detail: `An order holds at most ${MAX_ORDER_LINES} lines.`,
      code: 'too_many_lines',
      errors: { items: [`Expected at most ${MAX_ORDER_LINES} lines.`] },
    });
  const errors: Record<string, string[]> = {};
  const codes = new Set<string>();
  const lines: CheckedLine[] = [];
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.product)) {
      errors[`items.${index}.product`] = ['This product is already on another line of the order.'];
      codes.add('duplicate_product');
      return;
    }
    seen.add(item.product);
    const check = checkLine(item, catalogue);
    if (check.ok) lines.push(check.line);
    else {
      errors[`items.${index}.${check.rejection.field}`] = [check.rejection.detail];
      codes.add(check.rejection.code);
    }
  });
  if (Object.keys(errors).length) {
    // One kind of problem keeps its own code (out_of_stock, ...); a mix is plainly "invalid".
    const [only] = codes;
    throw new ApiError(400, {
      detail: 'Some lines of the order cannot be ordered.',
      code: codes.size === 1 && only ? only : 'invalid',
      errors,
    });
  }
  return lines;
}
