import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, getInitialSnapshot } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import {
  CART_QUANTITY_DEBOUNCE_MS,
  cartLineMachine,
  type RemoveLineInput,
  type SaveLineInput,
  UNIT_UNDO_WINDOW_MS,
} from '../../../src/machines/cart/cart-line.machine';
import { refusalOffer } from '../../../src/machines/cart/cart-line.refusal';
import {
  selectCanRetry,
  selectLineMax,
  selectLineQuantityMessageKey,
  selectLineQuantityText,
  selectLineRefusal,
  selectRefusalOffer,
  selectUnitUndo,
} from '../../../src/machines/cart/cart-line.selectors';
import { ApiError } from '../../../src/services/api';
import type { CartLineWritten } from '../../../src/services/api/cart';
import { httpError } from '../../../src/test/api-errors';
import { aCartItem, boxedProduct, units } from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

const product7 = { ...boxedProduct, id: 7, name: 'Product 7' };

// 3 pieces in stock: at most 3 pieces, and no box of 12 (the control is disabled in boxes)
const inStock = (line: CartItem): CartItem => ({ ...line, product: { ...line.product, quantityInStock: 3 } });
const item = inStock(aCartItem({ id: 107, product: product7, quantity: '2', unit: 1 }));
const serverChanged = inStock(aCartItem({ id: 107, product: product7, quantity: '1', unit: 1 }));
// a refusal that leaves something: the server's figure is what the line offers
const notEnoughStock = new ApiError(
  { kind: 'http', call: 'test call', status: 400, code: 'not_enough_stock', maxQuantity: 1 },
  'HTTP 400',
);

// The parent (cart) is not there: what the line reports is recorded instead.
const modelMachine = cartLineMachine.provide({
  actions: { reportReplaced: () => undefined, reportRemoved: () => undefined },
});

/**
 * Exactly what the line's guards read: the quantity and unit shown against the server's
 * (`differsFromServer`) and the ones sent (`changedWhileSaving`), and whether a refusal offers the most
 * the stock allows (`offersMost`).
 */
const guardsRead = (s: AnyMachineSnapshot) => [
  s.context.quantity,
  s.context.unit,
  s.context.item.quantity,
  s.context.item.unit,
  s.context.sent,
  s.context.refusal !== null && refusalOffer(s.context.refusal) === 'takeMost',
];

const model = modelFor(modelMachine, {
  input: { item, units },
  events: (s) => [
    { type: 'line.increased' },
    { type: 'line.decreased' },
    { type: 'line.quantityTyped', text: '5' },
    { type: 'line.quantityTyped', text: 'x' },
    { type: 'line.unitsLoaded', units },
    { type: 'line.quantityChanged', quantity: 3 },
    { type: 'line.quantityChanged', quantity: 1 },
    { type: 'line.unitChanged', unit: 1 },
    { type: 'line.unitChanged', unit: 2 },
    { type: 'line.serverUpdated', item: serverChanged },
    // the server stores what the line sent
    {
      type: 'xstate.done.actor.saveLine',
      output: { id: item.id, quantity: String(s.context.sent?.quantity), unit: s.context.sent?.unit },
    },
    // no usable answer: Try again may succeed
    { type: 'xstate.error.actor.saveLine', error: httpError(500) },
    // refused for a reason: sending it again cannot succeed
    { type: 'xstate.error.actor.saveLine', error: httpError(400, 'invalid_unit') },
    { type: 'xstate.error.actor.saveLine', error: notEnoughStock },
    { type: 'line.mostAccepted' },
    { type: 'xstate.done.actor.removeLine', output: undefined },
    { type: 'xstate.error.actor.removeLine', error: httpError(500) },
    { type: 'xstate.error.actor.removeLine', error: httpError(404) },
  ],
  serializeState: (s) => JSON.stringify([s.value, ...guardsRead(s)]),
});
const paths = [
  ...model.getShortestPaths(),
  // plus while the minus waits: shortest paths reach that quantity by another way
  ...model.getPathsFromEvents([{ type: 'line.decreased' }, { type: 'line.increased' }], {
    fromState: getInitialSnapshot(modelMachine, { item, units }),
  }),
];
const walked = pathsToWalk('cartLine', modelMachine, paths);

function createSut() {
  const save = controllableActor<CartLineWritten, SaveLineInput>();
  const remove = controllableActor<void, RemoveLineInput>();
  const reportReplaced = vi.fn();
  const reportRemoved = vi.fn();
  const machine = cartLineMachine.provide({
    actors: { saveLine: save.logic, removeLine: remove.logic },
    actions: {
      reportReplaced: ({ context }) => reportReplaced(context.item),
      reportRemoved: ({ context }) => reportRemoved(context.item.product.id),
    },
  });
  const actor = createActor(machine, { input: { item, units } }).start();
  return { actor, save, remove, reportReplaced, reportRemoved, puts: [] as SaveLineInput['change'][] };
}
let sut: ReturnType<typeof createSut>;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  sut?.actor.stop();
  vi.useRealTimers();
});

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleCall =
  (which: 'save' | 'remove', outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const call = sut[which].next();
    if (outcome === 'resolve') call.resolve(event.output as never);
    else call.reject(event.error);
    await vi.advanceTimersByTimeAsync(0);
  };
const executors = {
  'line.increased': send,
  'line.decreased': send,
  'line.quantityChanged': send,
  'line.quantityTyped': send,
  'line.unitsLoaded': send,
  'line.unitChanged': send,
  'line.removeRequested': send,
  'line.removeConfirmed': send,
  'line.removeCancelled': send,
  'line.retried': send,
  'line.mostAccepted': send,
  'line.errorDismissed': send,
  'line.serverUpdated': send,
  'line.undoRequested': send,
  'xstate.after.quantityDebounce.cartLine.editable.save.pending.debouncing': () =>
    vi.advanceTimersByTimeAsync(CART_QUANTITY_DEBOUNCE_MS),
  'xstate.after.unitUndoWindow.cartLine.editable.unitUndo.offered': () =>
    vi.advanceTimersByTimeAsync(UNIT_UNDO_WINDOW_MS),
  'xstate.done.actor.saveLine': settleCall('save', 'resolve'),
  'xstate.error.actor.saveLine': settleCall('save', 'reject'),
  'xstate.done.actor.removeLine': settleCall('remove', 'resolve'),
  'xstate.error.actor.removeLine': settleCall('remove', 'reject'),
};
assertExecutorsFor(walked, executors);

/** What the line shows and knows, exactly as the model predicts. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(guardsRead(actual)).toEqual(guardsRead(expected));
  // the quantity control: the line's own maximum (3 pieces in stock, no box of 12), and text that is
  // not the quantity shown with the message wherever the unit can be ordered at all
  expect(selectLineMax(actual)).toBe(actual.context.unit === 1 ? 3 : 0);
  expect(selectLineQuantityMessageKey(actual)).toBe(
    actual.context.unit === 1 && selectLineQuantityText(actual) !== String(actual.context.quantity)
      ? 'quantity.invalidAmount'
      : null,
  );
};

describe('cart line machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'editable.save.idle': (s) => {
          sameAsModel(s);
          expect(sut.save.calls).toHaveLength(0);
        },
        'editable.save.pending.debouncing': (s) => {
          sameAsModel(s);
          // nothing is sent before the customer pauses
          expect(sut.save.calls).toHaveLength(0);
        },
        'editable.save.pending.saving.sending': (s) => {
          sameAsModel(s);
          // one PUT runs, carrying exactly what the line shows
          expect(sut.save.calls).toHaveLength(1);
          expect(sut.save.calls[0]?.input.change).toEqual({
            quantity: s.context.quantity,
            unit: s.context.unit,
          });
        },
        'editable.save.pending.saving.queued': (s) => {
          sameAsModel(s);
          // the newer value waits: still one PUT, with the older value
          expect(sut.save.calls).toHaveLength(1);
          expect(sut.save.calls[0]?.input.change).toEqual(s.context.sent);
        },
        'editable.save.failed.saveFailed': (s) => {
          sameAsModel(s);
          // the server's value is back on screen, and Retry is offered
          expect(sut.actor.getSnapshot().context.quantity).toBe(
            Number(sut.actor.getSnapshot().context.item.quantity),
          );
          expect(selectCanRetry(sut.actor.getSnapshot())).toBe(true);
          expect(selectLineRefusal(sut.actor.getSnapshot())).toBeNull();
        },
        'editable.save.failed.saveRefused': (s) => {
          sameAsModel(s);
          const actual = sut.actor.getSnapshot();
          // the server's value is back on screen with its reason, and no Try again that cannot succeed
          expect(actual.context.quantity).toBe(Number(actual.context.item.quantity));
          expect(selectCanRetry(actual)).toBe(false);
          expect(selectLineRefusal(actual)).toEqual(s.context.refusal);
          expect(selectRefusalOffer(actual)).toBe(
            s.context.refusal?.code === 'not_enough_stock' ? 'takeMost' : null,
          );
        },
        'editable.unitUndo.hidden': (s) => {
          sameAsModel(s);
          expect(selectUnitUndo(sut.actor.getSnapshot())).toBeNull();
        },
        'editable.unitUndo.offered': (s) => {
          sameAsModel(s);
          // Undo is offered (what it brings back depends on the way here: cart-line.test.ts)
          expect(selectUnitUndo(sut.actor.getSnapshot())).not.toBeNull();
        },
        confirmingRemoval: (s) => {
          sameAsModel(s);
          expect(sut.remove.calls).toHaveLength(0);
        },
        removing: (s) => {
          sameAsModel(s);
          expect(sut.actor.getSnapshot().hasTag('removing')).toBe(true);
          expect(sut.remove.calls.map((c) => c.input.id)).toEqual([item.id]);
        },
        removeFailed: (s) => {
          sameAsModel(s);
          expect(sut.reportRemoved).not.toHaveBeenCalled();
        },
        removed: (s) => {
          sameAsModel(s);
          expect(sut.reportRemoved).toHaveBeenCalledWith(7);
        },
      },
    });
  });
});
