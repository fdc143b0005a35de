import { type Decimal, ExactDecimal } from '../../src/domain/decimal';
import type { CampaignProduct, Product, Unit } from '../../src/domain/types';
import { orderableUnits, unitDisplayName, unitMultiplier } from '../../src/domain/units';
import type { ProductWire } from '../../src/services/api/wire/catalog';
import { PRODUCT_NOT_AVAILABLE, PRODUCT_NOT_AVAILABLE_DETAIL } from '../queries/product-visibility';
import type { CatalogueEntry, CatalogueSnapshot } from './catalogue-snapshot';

/** A line as a caller asks for it: a cart write, an order line or a bulk line. */
export interface RequestedLine {
  product: number;
  /** ignored: the server prices every line at the product's best running campaign */
  campaign?: number | null | undefined;
  quantity: string;
  unit: number;
}

/** A line the catalogue allows, with everything pricing and storing need. */
export interface CheckedLine {
  productId: number;
  /** the domain product the prices come from: the campaign product when a campaign runs for it */
  product: Product | CampaignProduct;
  /** the same, as the cart answers it */
  wire: ProductWire;
  warehouseId: number;
  /** the product's best running campaign now, whatever the caller sent; null when none runs */
  campaignId: number | null;
  /** whole units of `unitId`, as text without trailing zeros */
  quantity: string;
  unitId: number;
  /** primary units per one `unitId` */
  multiplier: Decimal;
  /** quantity in primary units: what stock is counted in */
  pieces: Decimal;
}

export type LineRejection = {
  code:
    | 'unknown_product'
    | 'product_not_available'
    | 'invalid_unit'
    | 'invalid_quantity'
    | 'out_of_stock'
    | 'not_enough_stock';
  detail: string;
  field: 'product' | 'unit' | 'quantity';
  /** for not_enough_stock: the most of the chosen unit that stock allows */
  maxQuantity?: number;
};

export type LineCheck = { ok: true; line: CheckedLine } | { ok: false; rejection: LineRejection };

/** Far above any real order; keeps pieces × price well inside exact arithmetic. */
const MAX_QUANTITY = new ExactDecimal(1_000_000);

const reject = (rejection: LineRejection): LineCheck => ({ ok: false, rejection });

type LineShape =
  | { ok: true; entry: CatalogueEntry; unit: Unit; quantity: Decimal }
  | { ok: false; rejection: LineRejection };

/** The rules that do not depend on stock: the product exists, sells in the unit, a whole quantity. */
function checkLineShape(requested: RequestedLine, catalogue: CatalogueSnapshot): LineShape {
  if (catalogue.unavailable?.has(requested.product))
    return {
      ok: false,
      rejection: { code: PRODUCT_NOT_AVAILABLE, field: 'product', detail: PRODUCT_NOT_AVAILABLE_DETAIL },
    };
  const entry = catalogue.products.get(requested.product);
  if (!entry)
    return {
      ok: false,
      rejection: { code: 'unknown_product', field: 'product', detail: 'No product has this id.' },
    };
  const unit = orderableUnits(entry.product, catalogue.units).find((u) => u.id === requested.unit);
  if (!unit)
    return {
      ok: false,
      rejection: { code: 'invalid_unit', field: 'unit', detail: 'This product is not sold in this unit.' },
    };
  const quantity = new ExactDecimal(requested.quantity);
  if (!quantity.isInteger() || quantity.lessThan(1) || quantity.greaterThan(MAX_QUANTITY))
    return { ok: false, rejection: wholeQuantityRejection };
  return { ok: true, entry, unit, quantity };
}

const wholeQuantityRejection: LineRejection = {
  code: 'invalid_quantity',
  field: 'quantity',
  detail: 'The quantity must be a whole number of at least 1.',
};

/**
 * A favourite list's line: what a cart line must be, stock aside (a list keeps products
 * that are out of stock today): the product exists, sells in the unit, and the quantity is a whole
 * number from 1 to the cart's maximum that comes to whole primary units.
 */
export function checkListLine(
  requested: RequestedLine,
  catalogue: CatalogueSnapshot,
): { ok: true; quantity: string; unitId: number } | { ok: false; rejection: LineRejection } {
  const shape = checkLineShape(requested, catalogue);
  if (!shape.ok) return shape;
  const pieces = shape.quantity.times(unitMultiplier(shape.entry.product, shape.unit.id, catalogue.units));
  if (!pieces.isInteger())
    return {
      ok: false,
      rejection: {
        code: 'invalid_quantity',
        field: 'quantity',
        detail: 'The quantity must come to whole primary units.',
      },
    };
  return { ok: true, quantity: shape.quantity.toFixed(), unitId: shape.unit.id };
}

/**
 * The catalogue's rules for one line: the product exists; the unit is one the product is sold in;
 * the quantity is a positive whole number whose primary-unit count stock covers. The line's price
 * is the product's best running campaign price at the snapshot's instant, or its own price: the
 * campaign a caller sends is ignored (a stale or wrong one is no error), so every path charges
 * the one price the catalogue shows.
 */
export function checkLine(requested: RequestedLine, catalogue: CatalogueSnapshot): LineCheck {
  const shape = checkLineShape(requested, catalogue);
  if (!shape.ok) return shape;
  const { entry, unit, quantity } = shape;
  const { product, wire } = entry;
  const campaignId = entry.campaign?.campaignId ?? null;

  const multiplier = unitMultiplier(entry.product, unit.id, catalogue.units);
  const pieces = quantity.times(multiplier);
  // The server's own products always carry their stock; only answers to a demo account leave it out.
  const stock = entry.product.quantityInStock ?? 0;
  if (stock <= 0)
    return reject({ code: 'out_of_stock', field: 'quantity', detail: 'This product is out of stock.' });
  // Stock is counted in whole primary units; a unit holding half a piece cannot be ordered oddly.
  if (!pieces.isInteger())
    return reject({
      code: 'invalid_quantity',
      field: 'quantity',
      detail: 'The quantity must come to whole primary units.',
    });
  if (pieces.greaterThan(stock)) {
    const maxQuantity = new ExactDecimal(stock).dividedToIntegerBy(multiplier).toNumber();
    return reject({
      code: 'not_enough_stock',
      field: 'quantity',
      detail: `Not enough stock: at most ${maxQuantity} ${unitDisplayName(unit, String(maxQuantity), 'en')}.`,
      maxQuantity,
    });
  }

  return {
    ok: true,
    line: {
      productId: entry.product.id,
      product,
      wire,
      warehouseId: entry.warehouseId,
      campaignId,
      quantity: quantity.toFixed(),
      unitId: unit.id,
      multiplier,
      pieces,
    },
  };
}
