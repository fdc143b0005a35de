import { describe, expect, it } from 'vitest';
import {
  type QuickOrderSourceRow,
  type QuickOrderUnit,
  validateQuickOrderRows,
} from '../../src/domain/quick-order';
import type { Product } from '../../src/domain/types';
import { aProduct, boxedProduct } from '../../src/test/builders';

// A buyer's sheet may name units in any of the portal's languages, whatever the interface language;
// the preview still names them in the interface language.

/** The names the lookup sends along for each unit: every language's name and plural (seeded unit translations). */
const everyLanguage: Record<number, string[]> = {
  1: [
    'piece',
    'pieces',
    'adet',
    'Stück',
    'قطعة',
    'قطع',
    'pieza',
    'piezas',
    'pièce',
    'pièces',
    'pezzo',
    'pezzi',
  ],
  2: ['box', 'boxes', 'koli', 'Karton', 'Kartons', 'كرتون', 'كراتين', 'caja', 'cajas', 'carton', 'kartonger'],
  3: ['pallet', 'pallets', 'palet', 'Palette', 'Paletten', 'منصة', 'منصات', 'pall', 'pallar'],
  4: ['bottle', 'bottles', 'şişe', 'Flasche', 'Flaschen', 'زجاجة', 'زجاجات', 'botella'],
  5: ['crate', 'crates', 'kasa', 'Kiste', 'Kisten', 'صندوق', 'صناديق', 'cajón', 'cajones', 'casier', 'back'],
};

/** The units as a German interface's lookup answers them: named in German. */
const german: QuickOrderUnit[] = [
  { id: 1, base: null, name: 'Stück', namePlural: 'Stück', isPrimary: true },
  { id: 2, base: 1, name: 'Karton', namePlural: 'Kartons', isPrimary: false },
  { id: 3, base: 2, name: 'Palette', namePlural: 'Paletten', isPrimary: false },
  { id: 4, base: null, name: 'Flasche', namePlural: 'Flaschen', isPrimary: true },
  { id: 5, base: 4, name: 'Kiste', namePlural: 'Kisten', isPrimary: false },
];
const withNames = german.map((unit) => ({ ...unit, names: everyLanguage[unit.id] ?? [] }));

/** 12 pieces a box, 40 boxes a pallet. */
const cheese: Product = { ...boxedProduct, id: 7, stockCode: 'DAI-7', quantityInStock: 10_000 };
/** 20 bottles a crate. */
const water: Product = aProduct({
  id: 9,
  stockCode: 'WAT-9',
  quantityInStock: 10_000,
  unitAmounts: [{ unit: 5, amount: '20' }],
});

const row = (stockCode: string, unitText: string): QuickOrderSourceRow => ({
  rowNumber: 2,
  sourceRowNumbers: [2],
  stockCode,
  quantityText: '1',
  quantity: 1,
  unitText,
  problems: [],
});

const checked = (units: readonly QuickOrderUnit[], stockCode: string, unitText: string) =>
  validateQuickOrderRows([row(stockCode, unitText)], {
    productsByCode: new Map([
      ['DAI-7', cheese],
      ['WAT-9', water],
    ]),
    units,
  })[0];

describe('a unit named in any language, with a German interface', () => {
  it.each(['box', 'Boxes', 'Karton', 'KARTONS', 'كرتون', 'كراتين', 'koli', ' kartonger '])(
    '"%s" orders in boxes, named in German',
    (text) => {
      const result = checked(withNames, 'DAI-7', text);
      expect(result?.problems).toEqual([]);
      expect(result?.unit).toMatchObject({ id: 2, name: 'Karton', namePlural: 'Kartons' });
    },
  );

  it.each(['Kiste', 'crate', 'صندوق', 'kasa', 'back'])('"%s" orders in crates', (text) => {
    expect(checked(withNames, 'WAT-9', text)?.unit?.id).toBe(5);
  });

  it('matches without regard to accents', () => {
    expect(checked(withNames, 'WAT-9', 'cajon')?.unit?.id).toBe(5);
    expect(checked(withNames, 'WAT-9', 'sise')?.unit?.id).toBe(4);
    expect(checked(withNames, 'DAI-7', 'stuck')?.unit?.id).toBe(1);
  });

  it('still says invalid unit value for a unit the product is not sold in, in any language', () => {
    expect(checked(withNames, 'DAI-7', 'Kiste')?.problems).toEqual(['invalidUnit']);
    expect(checked(withNames, 'WAT-9', 'box')?.problems).toEqual(['invalidUnit']);
    expect(checked(withNames, 'DAI-7', 'barrel')?.problems).toEqual(['invalidUnit']);
  });

  it('leaves a word two of the product’s units are called, in other languages, for the buyer to choose', () => {
    const clashing = withNames.map((unit) =>
      unit.id === 1 || unit.id === 2 ? { ...unit, names: [...unit.names, 'pack'] } : unit,
    );
    expect(checked(clashing, 'DAI-7', 'pack')?.problems).toEqual(['invalidUnit']);
  });

  it('reads the interface language’s name first when another language calls another unit so', () => {
    // "Karton" is the box in German; here the piece is also called so in some other language
    const clashing = withNames.map((unit) =>
      unit.id === 1 ? { ...unit, names: [...unit.names, 'karton'] } : unit,
    );
    expect(checked(clashing, 'DAI-7', 'Karton')?.unit?.id).toBe(2);
  });
});

describe('a lookup that sends no names along (a supplier’s own backend)', () => {
  it.each(['Karton', 'kartons', 'Paletten'])('still matches the unit’s own name or plural "%s"', (text) => {
    expect(checked(german, 'DAI-7', text)?.problems).toEqual([]);
  });

  it('does not know the other languages’ names', () => {
    expect(checked(german, 'DAI-7', 'box')?.problems).toEqual(['invalidUnit']);
  });
});
