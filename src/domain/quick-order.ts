// Edges: quick-order lines as read from a file or typed, checked against the products and units the bulk
// lookup found. Pure: the machine calls it after the one lookup call and again when a row is edited.
import type Decimal from 'decimal.js';
import { type CartMode, roomBeside, sumIntoLine } from './cart-line-sum';
import { ExactDecimal } from './decimal';
import { parseQuantity } from './quantity';
import type { Product, Unit } from './types';
import { maxQuantityInUnit, primaryUnitOf, unitMultiplier } from './units';

/**
 * Why a row cannot go to the cart. Each is a quick-order message key (SPEC point 8), shown after
 * "Error in row {{row}}".
 */
export type QuickOrderProblem =
  | 'invalidStock'
  | 'invalidQuantity'
  | 'invalidUnit'
  | 'productOutOfStock'
  | 'notEnoughStock';

/** The server's largest accepted quantity of one line (docs/api.md, "Rules every cart line is checked against"). */
export const QUICK_ORDER_SERVER_MAX_QUANTITY = 1_000_000;

/** The lookup accepts codes of at most this length; a longer one cannot name a product. */
export const QUICK_ORDER_MAX_LOOKUP_CODE_LENGTH = 64;

/** A line as the reader produced it (structurally the spreadsheet parser's ParsedRow). */
export interface QuickOrderSourceRow {
  rowNumber: number;
  sourceRowNumbers: number[];
  stockCode: string;
  quantityText: string;
  quantity: number | null;
  unitText: string;
  /** what the reader already found wrong ('invalidStock' | 'invalidQuantity' | 'invalidUnit') */
  problems: readonly string[];
}

/** One preview row: what the customer sees, can correct, and what goes to the cart. */
export interface QuickOrderRow {
  rowNumber: number;
  sourceRowNumbers: number[];
  stockCode: string;
  /** the product the code names; null when none does */
  product: Product | null;
  quantityText: string;
  quantity: number | null;
  unitText: string;
  /** the unit the row orders in, resolved from unitText; null when it names none of the product's units */
  unit: Unit | null;
  /** the product's units, for the preview's unit selector */
  unitChoices: Unit[];
  /** true when the cell held something no unit can be (a date, an error cell) */
  unitCellUnreadable: boolean;
  problems: QuickOrderProblem[];
  /** with notEnoughStock: the most that can be ordered in `unit` */
  maxQuantity: number | null;
}

/**
 * A unit as the lookup answers it. `names` are its name and plural in every language the server knows (a
 * sheet may be written in any of them); a backend that leaves them out has only `name` and `namePlural` matched.
 */
export interface QuickOrderUnit extends Unit {
  names?: readonly string[];
}

/** What the one lookup call answered, keyed by the code exactly as sent. */
export interface QuickOrderLookup {
  productsByCode: ReadonlyMap<string, Product>;
  units: readonly QuickOrderUnit[];
}

/** The codes worth sending to the lookup: present, short enough, each once. */
export function codesToLookUp(rows: readonly QuickOrderSourceRow[]): string[] {
  const codes = new Set<string>();
  for (const row of rows) {
    const code = row.stockCode.trim();
    if (code !== '' && code.length <= QUICK_ORDER_MAX_LOOKUP_CODE_LENGTH) codes.add(code);
  }
  return [...codes];
}

/** Checks every row, then the rows that name one product together (their stock is shared). */
export function validateQuickOrderRows(
  rows: readonly QuickOrderSourceRow[],
  lookup: QuickOrderLookup,
): QuickOrderRow[] {
  return checkSharedStock(checkQuickOrderRows(rows, lookup), lookup.units);
}

/**
 * Each row on its own, without the shared-stock check. With `checkSharedStock` after the last slice it is
 * validateQuickOrderRows in parts, so a caller can check 10,000 rows without one long task.
 */
export function checkQuickOrderRows(
  rows: readonly QuickOrderSourceRow[],
  lookup: QuickOrderLookup,
): QuickOrderRow[] {
  return rows.map((row) =>
    checkRow(
      {
        rowNumber: row.rowNumber,
        sourceRowNumbers: row.sourceRowNumbers,
        stockCode: row.stockCode,
        product: lookup.productsByCode.get(row.stockCode.trim()) ?? null,
        quantityText: row.quantityText,
        quantity: row.quantity,
        unitText: row.unitText,
        unit: null,
        unitChoices: [],
        unitCellUnreadable: row.problems.includes('invalidUnit'),
        problems: [],
        maxQuantity: null,
      },
      lookup.units,
    ),
  );
}

/** The customer typed a new quantity into a preview row. */
export function changeRowQuantity(
  rows: readonly QuickOrderRow[],
  rowNumber: number,
  text: string,
  units: readonly Unit[],
): QuickOrderRow[] {
  return recheck(rows, rowNumber, units, (row) => {
    const parsed = parseQuantity(text);
    return { ...row, quantityText: text, quantity: parsed.ok ? parsed.quantity : null };
  });
}

/** The customer picked a unit (by id) in a preview row. */
export function changeRowUnit(
  rows: readonly QuickOrderRow[],
  rowNumber: number,
  unitId: number,
  units: readonly Unit[],
): QuickOrderRow[] {
  return recheck(rows, rowNumber, units, (row) => ({
    ...row,
    unitText: String(unitId),
    unitCellUnreadable: false,
  }));
}

/** The customer took a row out of the preview; rows of the same product may now fit the stock. */
export function dropRow(
  rows: readonly QuickOrderRow[],
  rowNumber: number,
  units: readonly Unit[],
): QuickOrderRow[] {
  const product = rows.find((row) => row.rowNumber === rowNumber)?.product;
  const kept = rows.filter((row) => row.rowNumber !== rowNumber);
  return checkSharedStock(
    kept.map((row) => (product && row.product?.id === product.id ? checkRow(row, units) : row)),
    units,
  );
}

export const isRowValid = (row: QuickOrderRow): boolean => row.problems.length === 0;

/** One cart line per product, as the bulk add takes it (it refuses a second line for one product). */
export interface QuickOrderCartLine {
  product: Product;
  quantity: number;
  unit: Unit;
  /** the preview rows it came from */
  rowNumbers: number[];
}

/**
 * The valid rows as cart lines. Rows naming one product are one line: in their unit when they agree,
 * otherwise counted in the product's primary unit (1 box and 3 pieces are 15 pieces), so nothing is lost.
 */
export function cartLinesOf(rows: readonly QuickOrderRow[], units: readonly Unit[]): QuickOrderCartLine[] {
  const groups = new Map<number, QuickOrderRow[]>();
  for (const row of rows) {
    if (!isRowValid(row) || !row.product || !row.unit || row.quantity === null) continue;
    const group = groups.get(row.product.id);
    if (group) group.push(row);
    else groups.set(row.product.id, [row]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const product = first.product!;
    const rowNumbers = group.map((row) => row.rowNumber);
    if (group.every((row) => row.unit!.id === first.unit!.id))
      return {
        product,
        unit: first.unit!,
        quantity: group.reduce((sum, row) => sum + row.quantity!, 0),
        rowNumbers,
      };
    const primary = primaryUnitOf(product, units) ?? first.unit!;
    return { product, unit: primary, quantity: piecesOf(group, units), rowNumbers };
  });
}

/** Rows merged into one cart line because they name the same product (for the duplicate notice). */
export function mergedProductRows(
  rows: readonly QuickOrderRow[],
  units: readonly Unit[],
): { product: Product; rowNumbers: number[] }[] {
  return cartLinesOf(rows, units)
    .filter((line) => line.rowNumbers.length > 1)
    .map((line) => ({ product: line.product, rowNumbers: line.rowNumbers }));
}

function recheck(
  rows: readonly QuickOrderRow[],
  rowNumber: number,
  units: readonly Unit[],
  change: (row: QuickOrderRow) => QuickOrderRow,
): QuickOrderRow[] {
  const next = rows.map((row) => (row.rowNumber === rowNumber ? checkRow(change(row), units) : row));
  // A row of the same product may have been short of stock only together with this one.
  const product = rows.find((row) => row.rowNumber === rowNumber)?.product;
  const rechecked = next.map((row) =>
    product && row.product?.id === product.id && row.rowNumber !== rowNumber ? checkRow(row, units) : row,
  );
  return checkSharedStock(rechecked, units);
}

interface UnitFacts {
  /** smallest first, so the first is the primary unit */
  choices: QuickOrderUnit[];
  primary: Unit | null;
  /** primary units in one of each choice */
  multipliers: Map<number, Decimal>;
  /** the choice each folded unit word names; null for a word that names two of them */
  byWord: Map<string, Unit | null>;
}

// Worked out once per product and unit list: a sheet names one product in many rows, and each edit
// re-checks rows. Keyed by the objects themselves, so a new lookup never sees stale facts.
const unitFactsCache = new WeakMap<Product, WeakMap<readonly Unit[], UnitFacts>>();

function unitFacts(product: Product, units: readonly QuickOrderUnit[]): UnitFacts {
  let byUnits = unitFactsCache.get(product);
  if (!byUnits) {
    byUnits = new WeakMap();
    unitFactsCache.set(product, byUnits);
  }
  let facts = byUnits.get(units);
  if (!facts) {
    // orderableUnits() with the multipliers kept: 10,000 products are checked in one go.
    const primary = primaryUnitOf(product, units);
    const multipliers = new Map<number, Decimal>();
    const choices: QuickOrderUnit[] = [];
    if (primary) {
      multipliers.set(primary.id, new ExactDecimal(1));
      choices.push(primary);
    }
    for (const { unit: unitId } of product.unitAmounts) {
      const unit = units.find((candidate) => candidate.id === unitId);
      if (!unit || multipliers.has(unit.id)) continue;
      multipliers.set(unit.id, unitMultiplier(product, unit.id, units));
      choices.push(unit);
    }
    choices.sort((a, b) => multipliers.get(a.id)!.comparedTo(multipliers.get(b.id)!));
    facts = { choices, primary, multipliers, byWord: wordsNaming(choices) };
    byUnits.set(units, facts);
  }
  return facts;
}

const multiplierOf = (product: Product, unit: Unit, units: readonly Unit[]): Decimal =>
  unitFacts(product, units).multipliers.get(unit.id) ?? unitMultiplier(product, unit.id, units);

/** A unit word as the matcher compares it: without case, accents or the marks of Arabic vowels. */
const foldUnitWord = (text: string): string =>
  text.trim().toLocaleLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/**
 * Which of `choices` each word names. The interface language's name and plural come first, so a word that is
 * also another unit's name in some other language still names the unit the buyer sees; among the other
 * languages' names a word that names two units names neither, and the buyer picks one in the preview.
 */
function wordsNaming(choices: readonly QuickOrderUnit[]): Map<string, Unit | null> {
  const shown = new Map<string, Unit | null>();
  const others = new Map<string, Unit | null>();
  const note = (words: Map<string, Unit | null>, word: string, unit: Unit) => {
    const folded = foldUnitWord(word);
    if (folded === '') return;
    const named = words.get(folded);
    words.set(folded, named === undefined || named?.id === unit.id ? unit : null);
  };
  for (const unit of choices) {
    note(shown, unit.name, unit);
    note(shown, unit.namePlural, unit);
    for (const name of unit.names ?? []) note(others, name, unit);
  }
  for (const [word, unit] of shown) others.set(word, unit);
  return others;
}

function resolveUnit(product: Product, unitText: string, units: readonly QuickOrderUnit[]): Unit | null {
  const { choices, primary, byWord } = unitFacts(product, units);
  const text = foldUnitWord(unitText);
  if (text === '') return primary;
  if (/^\d+$/.test(text)) return choices.find((unit) => unit.id === Number(text)) ?? null;
  return byWord.get(text) ?? null;
}

function checkRow(row: QuickOrderRow, units: readonly QuickOrderUnit[]): QuickOrderRow {
  const problems: QuickOrderProblem[] = [];
  const { product } = row;
  if (!product) problems.push('invalidStock');
  const quantity =
    row.quantity !== null && row.quantity >= 1 && row.quantity <= QUICK_ORDER_SERVER_MAX_QUANTITY
      ? row.quantity
      : null;
  if (quantity === null) problems.push('invalidQuantity');
  let unit: Unit | null = null;
  let unitChoices: Unit[] = [];
  let maxQuantity: number | null = null;
  if (product) {
    try {
      unitChoices = unitFacts(product, units).choices;
      unit = row.unitCellUnreadable ? null : resolveUnit(product, row.unitText, units);
    } catch {
      // A broken unit chain (unknown unit, loop) cannot be ordered in: the unit is what is wrong.
      unit = null;
    }
    if (!unit) problems.push('invalidUnit');
    // Quick order is closed to demo accounts, the only ones without a stock figure.
    const stock = product.quantityInStock ?? 0;
    if (stock <= 0) problems.push('productOutOfStock');
    else if (unit && quantity !== null && multiplierOf(product, unit, units).times(quantity).gt(stock)) {
      problems.push('notEnoughStock');
      maxQuantity = maxQuantityInUnit(product, unit.id, units);
    }
  } else if (row.unitCellUnreadable) problems.push('invalidUnit');
  return { ...row, unit, unitChoices, problems, maxQuantity };
}

/** How many primary units the rows ask for together. */
function piecesOf(rows: readonly QuickOrderRow[], units: readonly Unit[]): number {
  return rows
    .reduce(
      (sum, row) => sum.plus(multiplierOf(row.product!, row.unit!, units).times(row.quantity!)),
      new ExactDecimal(0),
    )
    .toNumber();
}

/**
 * Rows that are fine alone but together ask more of one product than is in stock: each is marked
 * notEnoughStock (with the stock in its own unit as the maximum), so the customer lowers one of them.
 */
export function checkSharedStock(rows: QuickOrderRow[], units: readonly Unit[]): QuickOrderRow[] {
  const valid = new Map<number, QuickOrderRow[]>();
  for (const row of rows)
    if (isRowValid(row) && row.product) {
      const group = valid.get(row.product.id);
      if (group) group.push(row);
      else valid.set(row.product.id, [row]);
    }
  const shortRows = new Set<number>();
  for (const group of valid.values())
    if (group.length > 1 && piecesOf(group, units) > (group[0]!.product!.quantityInStock ?? 0))
      for (const row of group) shortRows.add(row.rowNumber);
  if (shortRows.size === 0) return rows;
  return rows.map((row) =>
    shortRows.has(row.rowNumber)
      ? {
          ...row,
          problems: ['notEnoughStock'],
          maxQuantity: maxQuantityInUnit(row.product!, row.unit!.id, units),
        }
      : row,
  );
}

/** A line already in the cart, as the quick order compares against it. */
export interface CartLineInCart {
  productId: number;
  /** in the line's unit, a decimal string as the cart stores it */
  quantity: string;
  unit: number;
}

/** What adding would do to a line already in the cart: its quantity and unit now, and after. */
export interface InCartChange {
  mode: CartMode;
  from: { quantity: string; unit: Unit };
  to: { quantity: number; unit: Unit };
  /**
   * Adding: the stock does not cover the sum; at most `max` more of `unit` fit beside the cart's line.
   * The server refuses the line, so the preview says so before anything is sent.
   */
  beyondStock: { max: number; unit: Unit } | null;
}

/**
 * For each valid preview row whose product already has a cart line, the line's quantity and unit now and
 * the ones the add will store: the sum when adding ("in cart: 3 crates → 4 crates", in the unit the
 * server will count it in, see `sumIntoLine`), the row's own when replacing ("in cart: 2 boxes → 3
 * pieces"). Rows merged into one cart line share it. A cart line in a unit the lookup did not return is
 * left out (nothing reliable to name).
 */
export function inCartChanges(
  rows: readonly QuickOrderRow[],
  units: readonly Unit[],
  cart: readonly CartLineInCart[],
  mode: CartMode,
): Map<number, InCartChange> {
  const changes = new Map<number, InCartChange>();
  if (cart.length === 0) return changes;
  const inCart = new Map(cart.map((line) => [line.productId, line]));
  for (const line of cartLinesOf(rows, units)) {
    const current = inCart.get(line.product.id);
    const currentUnit = current && units.find((unit) => unit.id === current.unit);
    if (!current || !currentUnit) continue;
    const change =
      mode === 'add'
        ? addedChange(line, current, currentUnit, units)
        : replacingChange(line, current, currentUnit);
    if (!change) continue;
    for (const rowNumber of line.rowNumbers) changes.set(rowNumber, change);
  }
  return changes;
}

const replacingChange = (
  line: QuickOrderCartLine,
  current: CartLineInCart,
  currentUnit: Unit,
): InCartChange => ({
  mode: 'replace',
  from: { quantity: current.quantity, unit: currentUnit },
  to: { quantity: line.quantity, unit: line.unit },
  beyondStock: null,
});

function addedChange(
  line: QuickOrderCartLine,
  current: CartLineInCart,
  currentUnit: Unit,
  units: readonly Unit[],
): InCartChange | null {
  const summed = sumIntoLine(
    line.product,
    units,
    { quantity: current.quantity, unit: current.unit },
    { quantity: String(line.quantity), unit: line.unit.id },
  );
  const unit = summed && units.find((candidate) => candidate.id === summed.unit);
  if (!summed || !unit) return null;
  const stock = line.product.quantityInStock ?? 0;
  return {
    mode: 'add',
    from: { quantity: current.quantity, unit: currentUnit },
    to: { quantity: summed.quantity.toNumber(), unit },
    beyondStock: summed.pieces.greaterThan(stock)
      ? { max: roomBeside(stock, summed), unit: line.unit }
      : null,
  };
}
