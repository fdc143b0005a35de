// Edges: takes domain entities (amounts as decimal strings), returns Decimal for amounts and Unit for units.
import type Decimal from 'decimal.js';
import { type DecimalInput, ExactDecimal, toDecimal } from './decimal';
import type { Product, Unit, UnitAmount } from './types';

/**
 * Units form chains (pallet → box → piece): each unit's `base` is the unit it is made of, and the
 * product's unitAmounts say how many of that base one unit holds for this product. A chain ends at the
 * product's primary unit: the first unit that is marked primary or has no base. Amounts for the primary
 * unit itself are ignored: it is the measure, one of it is one.
 */

export type UnitProduct = Pick<Product, 'id' | 'unitAmounts'>;

export class UnitNotFoundError extends Error {
  override readonly name = 'UnitNotFoundError';
  constructor(
    readonly unitId: number,
    readonly productId: number,
  ) {
    super(`unit not found for product (unit ${unitId}, product ${productId})`);
  }
}

export class UnitLoopError extends Error {
  override readonly name = 'UnitLoopError';
  constructor(
    /** the unit ids in the order they were visited, the repeated one last */
    readonly chain: number[],
    readonly productId: number,
  ) {
    super('infinite loop while trying to list unit amounts');
  }
}

export interface ChainStep {
  unit: Unit;
  /** how many of `base` one `unit` holds for this product */
  amount: Decimal;
  base: Unit;
}

function findUnit(unitId: number, units: readonly Unit[], product: UnitProduct): Unit {
  const unit = units.find((candidate) => candidate.id === unitId);
  if (!unit) throw new UnitNotFoundError(unitId, product.id);
  return unit;
}

function findAmount(unitId: number, product: UnitProduct): UnitAmount {
  const unitAmount = product.unitAmounts.find((candidate) => candidate.unit === unitId);
  if (!unitAmount) throw new UnitNotFoundError(unitId, product.id);
  return unitAmount;
}

function endsChain(unit: Unit): boolean {
  return unit.isPrimary || unit.base === null;
}

/**
 * The steps from `unitId` down to the primary unit (empty when `unitId` is the primary unit).
 * Throws UnitNotFoundError when a unit on the way is unknown or the product has no amount for it,
 * and UnitLoopError when the chain comes back to a unit it already passed.
 */
export function unitChain(product: UnitProduct, unitId: number, units: readonly Unit[]): ChainStep[] {
  const steps: ChainStep[] = [];
  const visited: number[] = [];
  let unit = findUnit(unitId, units, product);
  while (!endsChain(unit)) {
    if (visited.includes(unit.id)) throw new UnitLoopError([...visited, unit.id], product.id);
    visited.push(unit.id);
    const amount = toDecimal(findAmount(unit.id, product).amount);
    const base = findUnit(unit.base as number, units, product);
    steps.push({ unit, amount, base });
    unit = base;
  }
  return steps;
}

/** How many primary units one `unitId` is for this product (a box of 12 pieces → 12). */
export function unitMultiplier(product: UnitProduct, unitId: number, units: readonly Unit[]): Decimal {
  return unitChain(product, unitId, units).reduce(
    (total, step) => total.times(step.amount),
    new ExactDecimal(1),
  );
}

/**
 * Spec point 4: the most of `unitId` the stock allows. Stock counts primary units, so 34 pieces are
 * 2 whole boxes of 12. Throws the unit errors of spec point 5 like `unitMultiplier`.
 */
export function maxQuantityInUnit(
  product: UnitProduct & Pick<Product, 'quantityInStock'>,
  unitId: number,
  units: readonly Unit[],
): number {
  // Unknown stock (a demo account's product) allows nothing: a demo account cannot order.
  return new ExactDecimal(Math.max(0, product.quantityInStock ?? 0))
    .dividedBy(unitMultiplier(product, unitId, units))
    .floor()
    .toNumber();
}

/** The unit every price and stock figure of the product is counted in. */
export function primaryUnitOf(product: UnitProduct, units: readonly Unit[]): Unit | null {
  for (const unitAmount of product.unitAmounts) {
    const unit = units.find((candidate) => candidate.id === unitAmount.unit);
    if (!unit) continue;
    const steps = unitChain(product, unit.id, units);
    return steps.at(-1)?.base ?? unit;
  }
  return units.find((unit) => unit.isPrimary) ?? null;
}

/** The units a product can be ordered in, smallest first: its primary unit and every unit it has an amount for. */
export function orderableUnits(product: UnitProduct, units: readonly Unit[]): Unit[] {
  const primary = primaryUnitOf(product, units);
  const found = new Map<number, { unit: Unit; multiplier: Decimal }>();
  if (primary) found.set(primary.id, { unit: primary, multiplier: new ExactDecimal(1) });
  for (const { unit: unitId } of product.unitAmounts) {
    const unit = units.find((candidate) => candidate.id === unitId);
    if (!unit || found.has(unit.id)) continue;
    found.set(unit.id, { unit, multiplier: unitMultiplier(product, unit.id, units) });
  }
  return [...found.values()].sort((a, b) => a.multiplier.comparedTo(b.multiplier)).map((entry) => entry.unit);
}

/**
 * The "amount per unit" of the product dialog: how many of its base unit one `unitId` holds
 * (1 box = 12 pieces), or null for the primary unit, which holds nothing smaller.
 */
export function amountPerUnit(
  product: UnitProduct,
  unitId: number,
  units: readonly Unit[],
): { amount: Decimal; base: Unit } | null {
  const [first] = unitChain(product, unitId, units);
  return first ? { amount: first.amount, base: first.base } : null;
}

/**
 * How many `innerUnitId` fit in one `packUnitId` (boxes per pallet): the ratio of their multipliers,
 * so it also works across several links of the chain.
 */
export function unitsPerPack(
  product: UnitProduct,
  packUnitId: number,
  innerUnitId: number,
  units: readonly Unit[],
): Decimal {
  return unitMultiplier(product, packUnitId, units).dividedBy(unitMultiplier(product, innerUnitId, units));
}

/**
 * The plural forms (CLDR's, the ones i18next picks a counted text's form by) in which a language names
 * a counted unit with its singular. The server knows two names per unit, so each form takes one of
 * them: Arabic uses the singular after 1 and from 11 on (11 كرتونًا، 100 كرتون) and the plural for
 * 0 and 3 to 10 (its dual, for 2, is nearest to the plural); everywhere else the singular is the
 * "one" form, which in French also covers 0 and 1.5.
 */
const singularForms: Partial<Record<string, readonly Intl.LDMLPluralRule[]>> = {
  ar: ['one', 'many', 'other'],
};
const onlyOne: readonly Intl.LDMLPluralRule[] = ['one'];

const rulesByLanguage = new Map<string, Intl.PluralRules>();
function pluralRules(language: string): Intl.PluralRules {
  let rules = rulesByLanguage.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    rulesByLanguage.set(language, rules);
  }
  return rules;
}

/**
 * The one way to name a unit beside a count: "box" or "boxes" for `quantity` in `language` (the
 * language the units were named in by the server), by that language's plural rules, not English's
 * "one is singular, the rest plural". A decimal text like "1.000" counts as its value.
 */
export function unitDisplayName(
  unit: Pick<Unit, 'name' | 'namePlural'>,
  quantity: DecimalInput | number,
  language: string,
): string {
  // typed text that is no number yet is named as a count of several
  const amount = typeof quantity === 'object' ? quantity.toNumber() : Number(quantity);
  const form = pluralRules(language).select(Number.isFinite(amount) ? amount : 2);
  const base = language.split('-')[0] ?? language;
  return (singularForms[base] ?? onlyOne).includes(form) ? unit.name : unit.namePlural;
}
