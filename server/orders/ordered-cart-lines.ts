import { type Kysely, PostgresAdapter } from 'kysely';
import { toDecimal } from '../../src/domain/decimal';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';

/** An order line as submitted, with the cart line it was built from when the client names one. */
export interface SubmittedLine {
  product: number;
  quantity: string;
  unit: number;
  cart_item?: number | undefined;
}

interface CartRow {
  id: number;
  product_id: number;
  quantity: string;
  unit_id: number;
}

export const cartChanged = () =>
  new ApiError(409, {
    code: 'cart_changed',
    detail: 'Your cart changed while the order was being placed. Check the cart and order again.',
  });

/**
 * The user's cart lines, locked until the order's transaction ends. On PostgreSQL a concurrent
 * quantity change (PUT) waits for the order and then finds its line gone; on SQLite the driver's
 * one connection already runs the order's transaction alone.
 */
async function lockedCart(trx: Kysely<Database>, userId: number): Promise<CartRow[]> {
  const query = trx
    .selectFrom('cart_items')
    .select(['id', 'product_id', 'quantity', 'unit_id'])
    .where('user_id', '=', userId)
    .orderBy('id');
  return trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate().execute() : query.execute();
}

const sameLine = (row: CartRow, line: SubmittedLine) =>
  row.product_id === line.product &&
  row.unit_id === line.unit &&
  toDecimal(row.quantity).equals(toDecimal(line.quantity));

/** Whether the cart holds exactly the lines the ordering screen showed (their order does not matter). */
const holdsExactly = (cart: readonly CartRow[], shown: readonly number[]) => {
  const ids = new Set(shown);
  return ids.size === cart.length && cart.every((row) => ids.has(row.id));
};

/**
 * The cart lines the order takes out of the cart, checked inside the order's transaction. A line
 * naming its cart line (`cart_item`) needs that line to still hold the same product, unit and
 * quantity, or the whole order is refused (409 cart_changed): the customer would otherwise be sent
 * what they no longer see in the cart. With `shownLines` (every line the ordering screen showed) the
 * cart must hold exactly those lines too: a tab that never saw a line added elsewhere would otherwise
 * order its old subset without a word. A line without `cart_item` (an API client ordering directly)
 * removes the product's cart line only when it holds the same unit and quantity.
 */
export async function orderedCartLines(
  trx: Kysely<Database>,
  userId: number,
  lines: readonly SubmittedLine[],
  shownLines?: readonly number[],
): Promise<number[]> {
  const cart = await lockedCart(trx, userId);
  if (shownLines !== undefined && !holdsExactly(cart, shownLines)) throw cartChanged();
  const byId = new Map(cart.map((row) => [row.id, row]));
  const removed: number[] = [];
  for (const line of lines) {
    if (line.cart_item !== undefined) {
      const row = byId.get(line.cart_item);
      if (!row || !sameLine(row, line)) throw cartChanged();
      removed.push(row.id);
      continue;
    }
    const row = cart.find((candidate) => candidate.product_id === line.product);
    if (row && sameLine(row, line)) removed.push(row.id);
  }
  return [...new Set(removed)];
}
