import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { CartItem } from '../../src/domain/types';
import { cartLineMachine, type LineChange } from '../../src/machines/cart-line.machine';
import {
  selectCanRetry,
  selectIsLineSaving,
  selectIsRemoving,
  selectLineError,
  selectLineQuantity,
  selectLineUnit,
} from '../../src/machines/cart-line.selectors';
import type { PortalApi } from '../../src/services/api';
import type { CartLineWritten } from '../../src/services/api/cart';
import { controllableActor } from '../../src/test/controllableActor';
import { aCartItem, httpError, unusedApi } from './cart-fixtures';

const item = aCartItem(7, '2', 1);

function createLine(start: CartItem = item) {
  const save = controllableActor<CartLineWritten, { api: PortalApi; item: CartItem; change: LineChange }>();
  const remove = controllableActor<void, { api: PortalApi; id: number }>();
  const replaced: CartItem[] = [];
  const removed: number[] = [];
  const machine = cartLineMachine.provide({
    actors: { saveLine: save.logic, removeLine: remove.logic },
    actions: {
      reportReplaced: ({ context }) => void replaced.push(context.item),
      reportRemoved: ({ context }) => void removed.push(context.item.product.id),
    },
  });
  const actor = createActor(machine, { input: { api: unusedApi, item: start } }).start();
  /** the server stores what was sent */
  const answer = async () => {
    const call = save.next();
    call.resolve({
      id: call.input.item.id,
      quantity: String(call.input.change.quantity),
      unit: call.input.change.unit,
    });
    await vi.advanceTimersByTimeAsync(0);
    return call.input.change;
  };
  return { actor, save, remove, replaced, removed, answer };
}
let line: ReturnType<typeof createLine>;
const shown = () => [selectLineQuantity(line.actor.getSnapshot()), selectLineUnit(line.actor.getSnapshot())];
const plus = () => line.actor.send({ type: 'line.increased', max: null });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  line.actor.stop();
  vi.useRealTimers();
});

describe('cart line quantity changes', () => {
  it('six quick plus clicks make one PUT with the final quantity after 250 ms', async () => {
    line = createLine();
    for (let i = 0; i < 6; i++) {
      plus();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(line.save.calls).toHaveLength(0);
    expect(shown()).toEqual([8, 1]);
    await vi.advanceTimersByTimeAsync(150);
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 8, unit: 1 }]);
    await line.answer();
    expect(line.actor.getSnapshot().value).toBe('idle');
    expect(line.replaced.map((i) => i.quantity)).toEqual(['8']);
  });

  it('clicks during the running PUT are queued and sent after it as ONE more PUT; the line shows the latest value throughout', async () => {
    line = createLine();
    plus();
    plus();
    await vi.advanceTimersByTimeAsync(250);
    expect(line.save.calls).toHaveLength(1);
    plus();
    plus();
    plus();
    plus();
    expect(selectLineQuantity(line.actor.getSnapshot())).toBe(8);
    expect(line.actor.getSnapshot().matches({ saving: 'queued' })).toBe(true);
    // the first answer (4) must not replace the 8 on screen
    expect(await line.answer()).toEqual({ quantity: 4, unit: 1 });
    expect(selectLineQuantity(line.actor.getSnapshot())).toBe(8);
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 8, unit: 1 }]);
    await line.answer();
    expect(line.actor.getSnapshot().value).toBe('idle');
    expect(line.actor.getSnapshot().context.item.quantity).toBe('8');
    expect(line.replaced.map((i) => i.quantity)).toEqual(['4', '8']);
  });

  it('back to the server value within 250 ms sends nothing', async () => {
    line = createLine();
    plus();
    line.actor.send({ type: 'line.decreased', max: null });
    await vi.advanceTimersByTimeAsync(250);
    expect(line.save.calls).toHaveLength(0);
    expect(line.actor.getSnapshot().value).toBe('idle');
  });

  it('minus never goes below 1 and plus never beyond the maximum', async () => {
    line = createLine(aCartItem(7, '1', 1));
    line.actor.send({ type: 'line.decreased', max: 5 });
    expect(selectLineQuantity(line.actor.getSnapshot())).toBe(1);
    for (let i = 0; i < 9; i++) line.actor.send({ type: 'line.increased', max: 5 });
    expect(selectLineQuantity(line.actor.getSnapshot())).toBe(5);
  });

  it('a unit change replaces the item at once, without the debounce', async () => {
    line = createLine();
    line.actor.send({ type: 'line.unitChanged', unit: 2 });
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 2, unit: 2 }]);
    expect(selectIsLineSaving(line.actor.getSnapshot())).toBe(true);
    await line.answer();
    expect(line.replaced.at(-1)).toMatchObject({ quantity: '2', unit: 2 });
    expect(shown()).toEqual([2, 2]);
  });

  it('a failed PUT shows the error and the last confirmed value; Retry sends the customer change again', async () => {
    line = createLine();
    plus();
    await vi.advanceTimersByTimeAsync(250);
    line.save.next().reject(httpError(400));
    await vi.advanceTimersByTimeAsync(0);
    const failed = line.actor.getSnapshot();
    expect(failed.value).toBe('saveFailed');
    expect(selectLineError(failed)).toMatchObject({ kind: 'http', status: 400 });
    expect(shown()).toEqual([2, 1]);
    expect(selectCanRetry(failed)).toBe(true);
    line.actor.send({ type: 'line.retry' });
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 3, unit: 1 }]);
    expect(shown()).toEqual([3, 1]);
    await line.answer();
    expect(selectLineError(line.actor.getSnapshot())).toBeNull();
  });

  it('a refetched server line does not overwrite a change the customer is still making', async () => {
    line = createLine();
    plus();
    line.actor.send({ type: 'line.serverUpdated', item: aCartItem(7, '5', 1) });
    expect(selectLineQuantity(line.actor.getSnapshot())).toBe(3);
    await vi.advanceTimersByTimeAsync(250);
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 3, unit: 1 }]);
  });
});

describe('cart line removal', () => {
  it('asks for confirmation, shows a spinner while deleting, then reports the removal', async () => {
    line = createLine();
    line.actor.send({ type: 'line.removeRequested' });
    expect(line.actor.getSnapshot().value).toBe('confirmingRemoval');
    expect(line.remove.calls).toHaveLength(0);
    line.actor.send({ type: 'line.removeConfirmed' });
    expect(selectIsRemoving(line.actor.getSnapshot())).toBe(true);
    line.remove.next().resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(line.actor.getSnapshot().status).toBe('done');
    expect(line.removed).toEqual([7]);
  });

  it('cancelling the confirmation deletes nothing', () => {
    line = createLine();
    line.actor.send({ type: 'line.removeRequested' });
    line.actor.send({ type: 'line.removeCancelled' });
    expect(line.actor.getSnapshot().value).toBe('idle');
    expect(line.remove.calls).toHaveLength(0);
  });

  it('a failed delete keeps the line with an error and a retry', async () => {
    line = createLine();
    line.actor.send({ type: 'line.removeRequested' });
    line.actor.send({ type: 'line.removeConfirmed' });
    line.remove.next().reject(httpError(500));
    await vi.advanceTimersByTimeAsync(0);
    expect(line.actor.getSnapshot().value).toBe('removeFailed');
    expect(line.removed).toEqual([]);
    line.actor.send({ type: 'line.retry' });
    expect(line.remove.calls).toHaveLength(1);
  });
});
