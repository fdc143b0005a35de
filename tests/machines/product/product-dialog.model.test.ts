import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { Unit } from '../../../src/domain/types';
import { productDialogMachine } from '../../../src/machines/product/product-dialog.machine';
import {
  selectAddBlockedKey,
  selectIsImageEnlarged,
  selectIsQuantityDisabled,
  selectLineAmount,
  selectQuantityMessageKey,
  selectSelectedUnit,
  selectUnitErrorKey,
} from '../../../src/machines/product/product-dialog.selectors';
import { aProduct, box, pallet, piece, units } from '../../../src/test/builders';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

// 30 pieces in stock: at most 30 pieces, 2 boxes of 12, no pallet of 40 boxes
const boxed = aProduct({
  id: 7,
  price: '2.00',
  quantityInStock: 30,
  unitAmounts: [
    { unit: 2, amount: '12' },
    { unit: 3, amount: '40' },
  ],
});
const soldOut = aProduct({ ...boxed, id: 8, quantityInStock: 0 });
// box made of pallets made of boxes: the chain never reaches a primary unit
const loopingUnits: Unit[] = [piece, { ...box, base: 3 }, { ...pallet, base: 2 }];
const multiplierOf: Record<number, number> = { 1: 1, 2: 12, 3: 480 };

const model = modelFor(productDialogMachine, {
  events: [
    { type: 'productDialog.opened', product: boxed, units },
    { type: 'productDialog.opened', product: boxed, units: null },
    { type: 'productDialog.opened', product: soldOut, units },
    { type: 'productDialog.opened', product: soldOut, units: null },
    { type: 'productDialog.opened', product: boxed, units: loopingUnits },
    { type: 'productDialog.unitsLoaded', units },
    { type: 'productDialog.unitsLoaded', units: loopingUnits },
    { type: 'productDialog.quantityTyped', text: '5' },
    { type: 'productDialog.quantityTyped', text: '999' },
    { type: 'productDialog.quantityTyped', text: '2,5' },
    { type: 'productDialog.quantityTyped', text: 'abc' },
    { type: 'productDialog.unitSelected', unitId: 1 },
    { type: 'productDialog.unitSelected', unitId: 2 },
    { type: 'productDialog.unitSelected', unitId: 3 },
    { type: 'productDialog.unitSelected', unitId: 99 },
  ],
  // what the guards read: the product and its units (orderable units, the stock in a unit), the
  // selected unit, and whether the quantity is a number at all (`isUnitWhileInvalid`)
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.product?.id ?? null,
      s.context.units === loopingUnits ? 'loop' : s.context.units ? 'units' : null,
      s.context.unitId,
      s.context.quantity === null,
    ]),
});
// Stepping and typing a valid number change only the quantity, which no guard reads: shortest paths
// never take them; these paths do, up to the stock and down to one again.
const stepping = [
  { type: 'productDialog.opened', product: boxed, units },
  { type: 'productDialog.quantityIncreased' },
  { type: 'productDialog.quantityTyped', text: '30' },
  { type: 'productDialog.quantityIncreased' },
  { type: 'productDialog.quantityDecreased' },
  { type: 'productDialog.quantityTyped', text: '1' },
  { type: 'productDialog.quantityDecreased' },
  { type: 'productDialog.quantityTyped', text: 'abc' },
  { type: 'productDialog.quantityTyped', text: '2,5' },
];
const paths = [...model.getShortestPaths(), ...model.getPathsFromEvents(stepping)];
const walked = pathsToWalk('productDialog', productDialogMachine, paths);

let actor = createActor(productDialogMachine);
afterEach(() => actor.stop());

const send = (step: { event: { type: string } }) => actor.send(step.event as never);
const executors = Object.fromEntries(
  [
    'productDialog.opened',
    'productDialog.unitsLoaded',
    'productDialog.closed',
    'productDialog.dismissed',
    'productDialog.quantityIncreased',
    'productDialog.quantityDecreased',
    'productDialog.quantityTyped',
    'productDialog.unitSelected',
    'productDialog.imageToggled',
  ].map((type) => [type, send]),
);
assertExecutorsFor(walked, executors);

/**
 * The state, product, units and unit as the model predicts (its key holds them). The quantity is
 * checked per state against the stock worked out here (`expectedMax`) and the typed text.
 */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  const { product, units, unitId, quantity } = actual.context;
  expect({ product, units, unitId, hasQuantity: quantity !== null }).toEqual({
    product: expected.context.product,
    units: expected.context.units,
    unitId: expected.context.unitId,
    hasQuantity: expected.context.quantity !== null,
  });
};
/** Stock in the selected unit, worked out here independently of the machine. */
const expectedMax = () => {
  const { product, unitId } = actor.getSnapshot().context;
  return Math.floor((product!.quantityInStock ?? 0) / multiplierOf[unitId!]!);
};

describe('product dialog machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    actor = createActor(productDialogMachine).start();
    await path.test({
      events: executors,
      states: {
        closed: sameAsModel,
        'open.waitingForUnits': (s) => {
          sameAsModel(s);
          expect(selectIsQuantityDisabled(actor.getSnapshot())).toBe(true);
        },
        'open.unitsFailed': (s) => {
          sameAsModel(s);
          expect(selectUnitErrorKey(actor.getSnapshot())).toBe('errors.unknown');
          expect(actor.getSnapshot().context.unitError).toBe(
            'infinite loop while trying to list unit amounts',
          );
        },
        'open.ready.quantity.valid': (s) => {
          sameAsModel(s);
          const { quantity, quantityText } = actor.getSnapshot().context;
          expect(quantity).toBeGreaterThanOrEqual(1);
          expect(quantity).toBeLessThanOrEqual(expectedMax());
          expect(quantityText).toBe(String(quantity));
          expect(selectQuantityMessageKey(actor.getSnapshot())).toBeNull();
          // 2.00 a piece, no tax: quantity × pieces per unit × 2
          const multiplier = multiplierOf[selectSelectedUnit(actor.getSnapshot())!.id]!;
          expect(selectLineAmount(actor.getSnapshot(), 'net')?.amount).toBe(
            new Decimal(quantity!).times(multiplier).times(2).toFixed(2),
          );
        },
        'open.ready.quantity.invalid': (s) => {
          sameAsModel(s);
          expect(selectQuantityMessageKey(actor.getSnapshot())).toBe('quantity.invalidAmount');
          expect(selectLineAmount(actor.getSnapshot(), 'net')).toBeNull();
          // the invalid text stays in the box as typed
          expect(['2,5', 'abc']).toContain(actor.getSnapshot().context.quantityText);
        },
        'open.ready.quantity.disabled': (s) => {
          sameAsModel(s);
          expect(expectedMax()).toBe(0);
          expect(selectIsQuantityDisabled(actor.getSnapshot())).toBe(true);
          expect(actor.getSnapshot().can({ type: 'productDialog.quantityIncreased' })).toBe(false);
          expect(selectAddBlockedKey(actor.getSnapshot())).toBe('product.outOfStock');
        },
        'open.ready.image.normal': (s) => {
          sameAsModel(s);
          expect(selectIsImageEnlarged(actor.getSnapshot())).toBe(false);
        },
        'open.ready.image.enlarged': (s) => {
          sameAsModel(s);
          expect(selectIsImageEnlarged(actor.getSnapshot())).toBe(true);
        },
      },
    });
  });
});
