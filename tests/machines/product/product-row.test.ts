import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { Unit } from '../../../src/domain/types';
import {
  type ProductRowEvent,
  type ProductRowInput,
  productRowMachine,
  type WatchRowCartInput,
} from '../../../src/machines/product/product-row.machine';
import {
  restingRowOf,
  selectCanRowAdd,
  selectRowQuantityMessageKey,
  selectRowQuantityText,
  selectRowUnitId,
} from '../../../src/machines/product/product-row.selectors';
import { boxedProduct, units } from '../../../src/test/builders';

// A row nobody has touched shows what its machine would show once woken in a row whose product is
// not in the cart, and its add button is on exactly when that machine would accept the add.

/** What the customer sees of a row. */
const shown = (s: ReturnType<typeof restingRowOf>) => ({
  text: selectRowQuantityText(s),
  unitId: selectRowUnitId(s),
  message: selectRowQuantityMessageKey(s),
  canAdd: selectCanRowAdd(s),
});

/** The machine itself, woken and told the product has no cart line. */
function woken(input: ProductRowInput) {
  const machine = productRowMachine.provide({
    actors: {
      watchCart: fromCallback<ProductRowEvent, WatchRowCartInput>(({ sendBack }) => {
        sendBack({ type: 'productRow.cartChanged', inCart: false });
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

const looping: Unit[] = [
  { id: 1, base: 2, name: 'piece', namePlural: 'pieces', isPrimary: false },
  { id: 2, base: 1, name: 'box', namePlural: 'boxes', isPrimary: false },
];

describe('an untouched product row', () => {
  it.each([
    ['in stock: one piece, addable', { ...boxedProduct, quantityInStock: 100 }, units, '1', 1, true],
    [
      'under one piece in stock: nothing to add',
      { ...boxedProduct, quantityInStock: 0.5 },
      units,
      '0',
      1,
      false,
    ],
    ['no stock: nothing to add', { ...boxedProduct, quantityInStock: 0 }, units, '0', 1, false],
    ['units not known yet: no unit, nothing to add', boxedProduct, null, '', null, false],
    ['a unit chain that loops: no unit, nothing to add', boxedProduct, looping, '', null, false],
  ] as const)('%s', (_name, product, rowUnits, text, unitId, canAdd) => {
    const input = { product, units: rowUnits === null ? null : [...rowUnits] };
    const resting = shown(restingRowOf(input));
    expect(resting).toEqual({ text, unitId, message: null, canAdd });
    // the same as the machine shows once it runs
    expect(shown(woken(input))).toEqual(resting);
  });
});
