import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { productDialogMachine } from '../../../src/machines/product/product-dialog.machine';
import {
  selectAddBlockedKey,
  selectAmountPerUnit,
  selectIsDialogOpen,
  selectIsImageEnlarged,
  selectIsInStock,
  selectIsQuantityDisabled,
  selectIsWaitingForUnits,
  selectLineAmount,
  selectOrderableUnits,
  selectQuantity,
  selectQuantityMessageKey,
  selectQuantityText,
  selectSelectedUnit,
  selectShownPrices,
  selectUnitsPerPack,
} from '../../../src/machines/product/product-dialog.selectors';
import { aCampaignProduct, aProduct, box, pallet, piece, units } from '../../../src/test/builders';

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
  });

  it('plus stops at the stock; a box switch clamps to the whole boxes in stock; a pallet disables the control', () => {
    open();
    dialog.send({ type: 'productDialog.quantityTyped', text: '99' });
    dialog.send({ type: 'productDialog.quantityIncreased' });
    dialog.send({ type: 'productDialog.quantityIncreased' });
    expect(selectQuantity(now())).toBe(100);

    dialog.send({ type: 'productDialog.unitSelected', unitId: box.id });
    expect(selectQuantity(now())).toBe(8); // 100 pieces = 8 whole boxes
    expect(selectLineAmount(now(), 'net')).toEqual({ amount: '192.00', deposit: null }); // 8 × 12 × 2.00
    expect(selectAddBlockedKey(now())).toBeNull();

    dialog.send({ type: 'productDialog.unitSelected', unitId: pallet.id });
    expect(selectIsQuantityDisabled(now())).toBe(true);
    expect(now().can({ type: 'productDialog.quantityIncreased' })).toBe(false);
    // no pallet in stock: nothing to add, and why
    expect(selectAddBlockedKey(now())).toBe('product.outOfStock');
    expect(selectLineAmount(now(), 'net')).toBeNull();

    dialog.send({ type: 'productDialog.unitSelected', unitId: piece.id });
    expect(selectIsQuantityDisabled(now())).toBe(false);
    expect(selectQuantity(now())).toBe(1);
  });

  it('an invalid amount shows the message; minus then gives 1, plus gives 2', () => {
    open();
    dialog.send({ type: 'productDialog.quantityTyped', text: '1.5' });
    expect(selectQuantityMessageKey(now())).toBe('quantity.invalidAmount');
    expect(selectQuantityText(now())).toBe('1.5');
    expect(selectLineAmount(now(), 'net')).toBeNull();
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
    expect(selectAddBlockedKey(now())).toBe('product.outOfStock');
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

  it('Escape closes the innermost layer: the enlarged image first, then the dialog', () => {
    open();
    dialog.send({ type: 'productDialog.imageToggled' });
    dialog.send({ type: 'productDialog.quantityIncreased' });
    dialog.send({ type: 'productDialog.dismissed' });
    expect(selectIsImageEnlarged(now())).toBe(false);
    expect(selectIsDialogOpen(now())).toBe(true);
    // what was chosen stays while only the image shrank
    expect(selectQuantity(now())).toBe(2);
    dialog.send({ type: 'productDialog.dismissed' });
    expect(selectIsDialogOpen(now())).toBe(false);
  });

  it('prices on the customer basis: VAT in on gross, never the deposit, which is its own line (decision 005)', () => {
    open(water);
    // taxIncluded on the product changes nothing: the basis decides
    expect(selectShownPrices(now(), 'gross')).toEqual({
      current: '1.19',
      old: '1.43',
      deposit: '0.30',
      unit: piece,
    });
    expect(selectShownPrices(now(), 'net')).toEqual({
      current: '1.00',
      old: '1.20',
      deposit: '0.25',
      unit: piece,
    });
    dialog.send({ type: 'productDialog.unitSelected', unitId: box.id });
    dialog.send({ type: 'productDialog.quantityIncreased' });
    // 2 boxes of 6 = 12 bottles: priceLine's goods, the deposit beside it
    expect(selectLineAmount(now(), 'gross')).toEqual({ amount: '14.28', deposit: '3.57' });
    expect(selectLineAmount(now(), 'net')).toEqual({ amount: '12.00', deposit: '3.00' });
    expect(selectLineAmount(now(), 'net')).toBe(selectLineAmount(now(), 'net'));
  });

  it('a campaign product shows its campaign price with the regular price struck through', () => {
    open(aCampaignProduct({ ...oil, price: '2.00', newPrice: '1.50' }));
    expect(selectShownPrices(now(), 'net')).toEqual({
      current: '1.50',
      old: '2.00',
      deposit: null,
      unit: piece,
    });
    expect(selectLineAmount(now(), 'net')).toEqual({ amount: '1.50', deposit: null });
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
