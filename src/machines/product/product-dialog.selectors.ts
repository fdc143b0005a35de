import type { SnapshotFrom } from 'xstate';
import { priceLine, showsAmountLine } from '../../domain/cart-totals';
import { toDecimalString } from '../../domain/decimal';
import { centsText, hasFigures, type PriceBasis, shownPrices } from '../../domain/pricing';
import { INVALID_QUANTITY_MESSAGE_KEY, MIN_QUANTITY } from '../../domain/quantity';
import type { DecimalString, Unit } from '../../domain/types';
import { amountPerUnit, orderableUnits, primaryUnitOf, unitMultiplier } from '../../domain/units';
import type { DialogProduct, ProductDialogContext, productDialogMachine } from './product-dialog.machine';

export type ProductDialogSnapshot = SnapshotFrom<typeof productDialogMachine>;

/** A line the units are known to support (the machine checked the chain when it opened). */
type ReadyLine = { product: DialogProduct; units: Unit[]; unitId: number };

const readyLine = (s: ProductDialogSnapshot): ReadyLine | null => {
  const { product, units, unitId } = s.context;
  return s.matches({ open: 'ready' }) && product && units && unitId !== null
    ? { product, units, unitId }
    : null;
};

/**
 * Selectors that build objects are memoised per context object (a new one only after an
 * assign), so `useSelector` sees the same value until something changed.
 */
function perContext<T>(compute: (s: ProductDialogSnapshot) => T): (s: ProductDialogSnapshot) => T {
  const cache = new WeakMap<ProductDialogContext, { value: T; open: boolean }>();
  return (s) => {
    const open = s.matches({ open: 'ready' });
    const hit = cache.get(s.context);
    if (hit && hit.open === open) return hit.value;
    const value = compute(s);
    cache.set(s.context, { value, open });
    return value;
  };
}

export const selectIsDialogOpen = (s: ProductDialogSnapshot): boolean => s.matches('open');
export const selectDialogProduct = (s: ProductDialogSnapshot): DialogProduct | null => s.context.product;
export const selectIsWaitingForUnits = (s: ProductDialogSnapshot): boolean =>
  s.matches({ open: 'waitingForUnits' });
/** A message key (errors.unknown) when the product's units cannot be used, else null. */
export const selectUnitErrorKey = (s: ProductDialogSnapshot): string | null =>
  s.matches({ open: 'unitsFailed' }) ? 'errors.unknown' : null;

export const selectQuantity = (s: ProductDialogSnapshot): number | null => s.context.quantity;
/** The quantity input's value: the number, or what was typed when it is invalid. */
export const selectQuantityText = (s: ProductDialogSnapshot): string => s.context.quantityText;
export const selectQuantityMessageKey = (s: ProductDialogSnapshot): string | null =>
  s.matches({ open: { ready: { quantity: 'invalid' } } }) ? INVALID_QUANTITY_MESSAGE_KEY : null;
export const selectIsQuantityDisabled = (s: ProductDialogSnapshot): boolean =>
  !s.matches({ open: 'ready' }) || s.matches({ open: { ready: { quantity: 'disabled' } } });

/** The quantity control's − and + buttons (the machine decides, the view only asks). */
export const selectCanDecrease = (s: ProductDialogSnapshot): boolean =>
  s.can({ type: 'productDialog.quantityDecreased' });
export const selectCanIncrease = (s: ProductDialogSnapshot): boolean =>
  s.can({ type: 'productDialog.quantityIncreased' });

export const selectOrderableUnits = perContext((s): Unit[] => {
  const line = readyLine(s);
  return line ? orderableUnits(line.product, line.units) : [];
});

export const selectSelectedUnit = (s: ProductDialogSnapshot): Unit | null => {
  const line = readyLine(s);
  return line?.units.find((unit) => unit.id === line.unitId) ?? null;
};

/**
 * What a favourite list keeps of the dialog: its quantity and unit; null when there is no
 * valid quantity above 0 (an out-of-stock product's control stands at 0), so the list keeps its default.
 */
export const selectListLine = (s: ProductDialogSnapshot): { quantity: string; unit: number } | null => {
  const unit = selectSelectedUnit(s);
  const quantity = s.context.quantity;
  return unit && quantity !== null && quantity > 0 ? { quantity: String(quantity), unit: unit.id } : null;
};

/** One primary unit's prices on the customer's basis (decision 005); decimal strings in cents. */
export interface DialogPrices {
  current: DecimalString;
  /** the regular price struck through while a campaign (or a reduction) runs; null otherwise */
  old: DecimalString | null;
  /** the deposit per primary unit, its own line; null when the product carries none */
  deposit: DecimalString | null;
  /** the unit these prices are per (the primary unit); null until the units are known */
  unit: Unit | null;
}

/** Memoised per context object and basis, so `useSelector` sees the same value until something changed. */
function perContextAndBasis<T>(
  compute: (s: ProductDialogSnapshot, basis: PriceBasis) => T,
): (s: ProductDialogSnapshot, basis: PriceBasis) => T {
  const cache = new WeakMap<ProductDialogContext, { value: T; open: boolean; basis: PriceBasis }>();
  return (s, basis) => {
    const open = s.matches({ open: 'ready' });
    const hit = cache.get(s.context);
    if (hit && hit.open === open && hit.basis === basis) return hit.value;
    const value = compute(s, basis);
    cache.set(s.context, { value, open, basis });
    return value;
  };
}

/** The unit price, the old one struck through beside it, and the deposit per unit, on `basis`. */
export const selectShownPrices = perContextAndBasis((s, basis): DialogPrices | null => {
  const { product, units } = s.context;
  // A demo account's product carries no prices (spec point 6): nothing to show.
  if (!product || !hasFigures(product)) return null;
  const prices = shownPrices(product, basis);
  let unit: Unit | null = null;
  if (units && !s.matches({ open: 'unitsFailed' })) unit = primaryUnitOf(product, units);
  return {
    current: centsText(prices.current),
    old: prices.old ? centsText(prices.old) : null,
    deposit: showsAmountLine(prices.deposit) ? centsText(prices.deposit) : null,
    unit,
  };
});

/** The chosen quantity in the chosen unit: priceLine's goods (as the cart line will show) and its deposit. */
export interface DialogLineAmount {
  amount: DecimalString;
  deposit: DecimalString | null;
}

/** Null while the quantity is invalid or nothing can be ordered (quantity 0 when out of stock). */
export const selectLineAmount = perContextAndBasis((s, basis): DialogLineAmount | null => {
  const line = readyLine(s);
  const { quantity } = s.context;
  if (!line || quantity === null || quantity < MIN_QUANTITY || !hasFigures(line.product)) return null;
  const figures = priceLine(
    {
      product: line.product,
      quantity: String(quantity),
      unitMultiplier: unitMultiplier(line.product, line.unitId, line.units),
    },
    basis,
  );
  return {
    amount: centsText(figures.goods),
    deposit: showsAmountLine(figures.deposit) ? centsText(figures.deposit) : null,
  };
});

/** "Amount per unit": 1 box = 12 pieces for the selected unit; null for the primary unit. */
export const selectAmountPerUnit = perContext((s): { amount: string; baseUnit: Unit } | null => {
  const line = readyLine(s);
  const found = line ? amountPerUnit(line.product, line.unitId, line.units) : null;
  return found ? { amount: toDecimalString(found.amount), baseUnit: found.base } : null;
});

/** Every pack of the product and what it holds (box = 12 pieces, pallet = 80 boxes), smallest first. */
export const selectUnitsPerPack = perContext((s): Array<{ pack: Unit; amount: string; inner: Unit }> => {
  const line = readyLine(s);
  if (!line) return [];
  return orderableUnits(line.product, line.units).flatMap((pack) => {
    const found = amountPerUnit(line.product, pack.id, line.units);
    return found ? [{ pack, amount: toDecimalString(found.amount), inner: found.base }] : [];
  });
});

export const selectIsInStock = (s: ProductDialogSnapshot): boolean =>
  (s.context.product?.quantityInStock ?? 0) > 0;

/** Translation key of "Out of stock", the reason the add button is disabled. */
export const OUT_OF_STOCK_KEY = 'product.outOfStock';

/**
 * Why nothing can be added: the product has no stock, or none in the chosen unit (the control is
 * disabled with a maximum of 0). Null when the customer can order.
 */
export const selectAddBlockedKey = (s: ProductDialogSnapshot): typeof OUT_OF_STOCK_KEY | null =>
  s.matches('open') && (!selectIsInStock(s) || s.matches({ open: { ready: { quantity: 'disabled' } } }))
    ? OUT_OF_STOCK_KEY
    : null;

export const selectIsImageEnlarged = (s: ProductDialogSnapshot): boolean =>
  s.matches({ open: { ready: { image: 'enlarged' } } });
