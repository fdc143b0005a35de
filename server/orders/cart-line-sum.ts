import { roomBeside, sumIntoLine } from '../../src/domain/cart-line-sum';
import { toDecimal } from '../../src/domain/decimal';
import { unitDisplayName } from '../../src/domain/units';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import { checkLine, type LineCheck, type RequestedLine } from './line-rules';

/** A cart line as it is stored now, read inside the transaction that changes it. */
export interface StoredCartLine {
  id: number;
  quantity: string;
  unitId: number;
}

/**
 * What adding `requested` to the product's cart line stores (the sum, in the unit `sumIntoLine`
 * chooses), checked as one line: the stock must cover the sum. A refusal for stock says how much
 * more fits beside what the cart holds, in the unit the customer added in.
 */
export function checkAddedLine(
  requested: RequestedLine,
  stored: StoredCartLine,
  catalogue: CatalogueSnapshot,
): LineCheck {
  const own = checkLine(requested, catalogue);
  // Anything but stock is wrong with the added line itself, whatever the cart holds.
  if (!own.ok && own.rejection.code !== 'not_enough_stock') return own;
  const entry = catalogue.products.get(requested.product);
  if (!entry) return own;
  const summed = sumIntoLine(
    entry.product,
    catalogue.units,
    { quantity: stored.quantity, unit: stored.unitId },
    { quantity: requested.quantity, unit: requested.unit },
  );
  if (!summed)
    return {
      ok: false,
      rejection: {
        code: 'invalid_unit',
        field: 'unit',
        detail:
          "The cart's line is in a unit this product is no longer sold in; change it in the cart first.",
      },
    };
  const check = checkLine(
    { ...requested, quantity: summed.quantity.toFixed(), unit: summed.unit },
    catalogue,
  );
  if (check.ok || check.rejection.code !== 'not_enough_stock') return check;

  const maxQuantity = roomBeside(entry.product.quantityInStock ?? 0, summed);
  const name = (unitId: number, quantity: number | string) => {
    const unit = catalogue.units.find((candidate) => candidate.id === unitId);
    return unit ? ` ${unitDisplayName(unit, String(quantity), 'en')}` : '';
  };
  const inCart = toDecimal(stored.quantity).toFixed();
  return {
    ok: false,
    rejection: {
      code: 'not_enough_stock',
      field: 'quantity',
      detail: `Not enough stock: with ${inCart}${name(stored.unitId, inCart)} in the cart, at most ${maxQuantity} more${name(requested.unit, maxQuantity)}.`,
      maxQuantity,
    },
  };
}
