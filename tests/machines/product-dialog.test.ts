import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { productDialogMachine } from '../../src/machines/product-dialog.machine';
import {
  selectAmountPerUnit,
  selectHasDeposit,
  selectIsDialogOpen,
  selectIsImageEnlarged,
  selectIsInStock,
  selectIsQuantityDisabled,
  selectIsWaitingForUnits,
  selectLineAmount,
  selectMaxQuantity,
  selectOrderableUnits,
  selectQuantity,
  selectQuantityMessageKey,
  selectQuantityText,
  selectSelectedUnit,
  selectShownPrices,
  selectUnitDisplayPrice,
  selectUnitsPerPack,
} from '../../src/machines/product-dialog.selectors';
import { aCampaignProduct, aProduct, box, pallet, piece, units } from '../domain/fixtures';

// 12 pieces a box, 40 boxes a pallet; 100 pieces in stock
const oil = aProduct({
  id: 7,
  price: '2.00',
  quantityInStock: 100,
  unitAmounts: [
    { unit: 2, amount: '12' },
    { unit: 3, amount: '40' },
  ],
});
// 19 % tax and 0.25 deposit per bottle: shown 1.00 + 0.19 + 0.25
const water = aProduct({
  id: 9,
  price: '1.00',
  oldPrice: '1.20',
  taxIncluded: true,
  taxRatePercent: '19',
  depositPrice: '0.25',
  quantityInStock: 24,
  unitAmounts: [{ unit: 2, amount: '6' }],
});

let dialog = createActor(productDialogMachine);
beforeEach(() => {
  dialog = createActor(productDialogMachine).start();
});
afterEach(() => dialog.stop());
const now = () => dialog.getSnapshot();
const open = (product = oil, withUnits: typeof units | null = units) =>
  dialog.send({ type: 'productDialog.opened', product, units: withUnits });

describe('product dialog', () => {
  it('opens with the primary unit and quantity 1; the units a customer can choose come smallest first', () => {
    open();
    expect(selectIsDialogOpen(now())).toBe(true);
    expect(selectSelectedUnit(now())).toEqual(piece);
    expect(selectQuantity(now())).toBe(1);
    expect(selectOrderableUnits(now())).toEqual([piece, box, pallet]);
    expect(selectOrderableUnits(now())).toBe(selectOrderableUnits(now()));
    expect(selectMaxQuantity(now())).toBe(100);
  });

  it('plus stops at the stock; a box switch clamps to the whole boxes in stock; a pallet disables the control', () => {
    open();
    dialog.send({ type: 'productDialog.quantityTyped', text: '99' });
    dialog.send({ type: 'productDialog.quantityIncreased' });
    dialog.send({ type: 'productDialog.quantityIncreased' });
    expect(selectQuantity(now())).toBe(100);

    dialog.send({ type: 'productDialog.unitSelected', unitId: box.id });
    expect(selectMaxQuantity(now())).toBe(8); // 100 pieces = 8 whole boxes
    expect(selectQuantity(now())).toBe(8);
    expect(selectLineAmount(now())).toBe('192'); // 8 × 12 × 2.00

    dialog.send({ type: 'productDialog.unitSelected', unitId: pallet.id });
    expect(selectIsQuantityDisabled(now())).toBe(true);
    expect(now().can({ type: 'productDialog.quantityIncreased' })).toBe(false);

    dialog.send({ type: 'productDialog.unitSelected', unitId: piece.id });
    expect(selectIsQuantityDisabled(now())).toBe(false);
    expect(selectQuantity(now())).toBe(1);
  });

  it('an invalid amount shows the message; minus then gives 1, plus gives 2', () => {
    open();
    dialog.send({ type: 'productDialog.quantityTyped', text: '1.5' });
    expect(selectQuantityMessageKey(now())).toBe('quantity.invalidAmount');
    expect(selectQuantityText(now())).toBe('1.5');
    expect(selectLineAmount(now())).toBeNull();
    dialog.send({ type: 'productDialog.quantityDecreased' });
    expect(selectQuantity(now())).toBe(1);
    dialog.send({ type: 'productDialog.quantityTyped', text: 'x' });
    dialog.send({ type: 'productDialog.quantityIncreased' });
    expect(selectQuantity(now())).toBe(2);
    expect(selectQuantityMessageKey(now())).toBeNull();
  });

  it('a typed amount above the stock is clamped to it; Arabic-Indic digits count', () => {
    open();
    dialog.send({ type: 'productDialog.quantityTyped', text: '٢٥٠' });
    expect(selectQuantity(now())).toBe(100);
    expect(selectQuantityText(now())).toBe('100');
  });

  it('a sold-out product opens with the control disabled', () => {
    open(aProduct({ ...oil, quantityInStock: 0 }));
    expect(selectIsInStock(now())).toBe(false);
    expect(selectIsQuantityDisabled(now())).toBe(true);
  });

  it('waits for the units, then shows the line', () => {
    open(oil, null);
    expect(selectIsWaitingForUnits(now())).toBe(true);
    expect(selectSelectedUnit(now())).toBeNull();
    dialog.send({ type: 'productDialog.unitsLoaded', units });
    expect(selectSelectedUnit(now())).toEqual(piece);
    expect(selectQuantity(now())).toBe(1);
  });

  it('another product opened resets the quantity, the unit and the enlarged image', () => {
    open();
    dialog.send({ type: 'productDialog.unitSelected', unitId: box.id });
    dialog.send({ type: 'productDialog.imageToggled' });
    expect(selectIsImageEnlarged(now())).toBe(true);
    open(water);
    expect(selectIsImageEnlarged(now())).toBe(false);
    expect(selectSelectedUnit(now())).toEqual(piece);
    expect(selectQuantity(now())).toBe(1);
    dialog.send({ type: 'productDialog.closed' });
    expect(selectIsDialogOpen(now())).toBe(false);
  });

  it('prices: tax and deposit included, the old price beside it, per unit and per line', () => {
    open(water);
    expect(selectShownPrices(now())).toEqual({ current: '1.44', old: '1.678' });
    expect(selectHasDeposit(now())).toBe(true);
    dialog.send({ type: 'productDialog.unitSelected', unitId: box.id });
    expect(selectUnitDisplayPrice(now())).toBe('8.64'); // 6 × 1.44
    dialog.send({ type: 'productDialog.quantityIncreased' });
    expect(selectLineAmount(now())).toBe('17.28');
  });

  it('a campaign product shows its campaign price with the regular price struck through', () => {
    open(aCampaignProduct({ ...oil, price: '2.00', newPrice: '1.50' }));
    expect(selectShownPrices(now())).toEqual({ current: '1.5', old: '2' });
    expect(selectLineAmount(now())).toBe('1.5');
    expect(selectHasDeposit(now())).toBe(false);
  });

  it('amount per unit and units per pack follow the chain', () => {
    open();
    expect(selectAmountPerUnit(now())).toBeNull(); // a piece holds nothing smaller
    expect(selectUnitsPerPack(now())).toEqual([
      { pack: box, amount: '12', inner: piece },
      { pack: pallet, amount: '40', inner: box },
    ]);
    dialog.send({ type: 'productDialog.unitSelected', unitId: pallet.id });
    expect(selectAmountPerUnit(now())).toEqual({ amount: '40', baseUnit: box });
  });

  it('a unit the product is not sold in is ignored', () => {
    open(water);
    dialog.send({ type: 'productDialog.unitSelected', unitId: pallet.id });
    expect(now().can({ type: 'productDialog.unitSelected', unitId: pallet.id })).toBe(false);
    expect(selectSelectedUnit(now())).toEqual(piece);
  });
});
