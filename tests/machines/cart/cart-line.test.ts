import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { CartItem, Unit } from '../../../src/domain/types';
import {
  bindCartLine,
  cartLineMachine,
  type RemoveLineInput,
  type SaveLineInput,
  UNIT_UNDO_WINDOW_MS,
} from '../../../src/machines/cart/cart-line.machine';
import {
  selectCanRetry,
  selectIsLineQuantityDisabled,
  selectIsLineSaving,
  selectIsRemoving,
  selectLineAmount,
  selectLineFigures,
  selectLineMax,
  selectLineQuantity,
  selectLineQuantityMessageKey,
  selectLineQuantityText,
  selectLineUnit,
  selectPriceChangeNotice,
  selectUnitUndo,
} from '../../../src/machines/cart/cart-line.selectors';
import type { CartLineWritten } from '../../../src/services/api/cart';
import { httpError } from '../../../src/test/api-errors';
import { aCampaignProduct, aCartItem, aProduct, box, boxedProduct, piece } from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';

const product7 = { ...boxedProduct, id: 7, name: 'Product 7' };

const item = aCartItem({ id: 107, product: product7, quantity: '2', unit: 1 });

function createLine(start: CartItem = item, units: Unit[] | null = null) {
  const save = controllableActor<CartLineWritten, SaveLineInput>();
  const remove = controllableActor<void, RemoveLineInput>();
  const replaced: CartItem[] = [];
  const removed: number[] = [];
  const machine = cartLineMachine.provide({
    actors: { saveLine: save.logic, removeLine: remove.logic },
    actions: {
      reportReplaced: ({ context }) => void replaced.push(context.item),
      reportRemoved: ({ context }) => void removed.push(context.item.product.id),
    },
  });
  const actor = createActor(machine, { input: { item: start, units } }).start();
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
const plus = () => line.actor.send({ type: 'line.increased' });

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
    expect(line.actor.getSnapshot().matches({ editable: { save: 'idle' } })).toBe(true);
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
    expect(line.actor.getSnapshot().matches({ editable: { save: { pending: { saving: 'queued' } } } })).toBe(
      true,
    );
    // the first answer (4) must not replace the 8 on screen
    expect(await line.answer()).toEqual({ quantity: 4, unit: 1 });
    expect(selectLineQuantity(line.actor.getSnapshot())).toBe(8);
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 8, unit: 1 }]);
    await line.answer();
    expect(line.actor.getSnapshot().matches({ editable: { save: 'idle' } })).toBe(true);
    expect(line.actor.getSnapshot().context.item.quantity).toBe('8');
    expect(line.replaced.map((i) => i.quantity)).toEqual(['4', '8']);
  });

  it('back to the server value within 250 ms sends nothing', async () => {
    line = createLine();
    plus();
    line.actor.send({ type: 'line.decreased' });
    await vi.advanceTimersByTimeAsync(250);
    expect(line.save.calls).toHaveLength(0);
    expect(line.actor.getSnapshot().matches({ editable: { save: 'idle' } })).toBe(true);
  });

  it('minus never goes below 1 and plus never beyond the maximum, which the line counts from the stock', async () => {
    const five = aCartItem({ id: 107, product: product7, quantity: '1', unit: 1 });
    line = createLine({ ...five, product: { ...five.product, quantityInStock: 5 } }, [piece, box]);
    expect(selectLineMax(line.actor.getSnapshot())).toBe(5);
    line.actor.send({ type: 'line.decreased' });
    expect(selectLineQuantity(line.actor.getSnapshot())).toBe(1);
    for (let i = 0; i < 9; i++) line.actor.send({ type: 'line.increased' });
    expect(selectLineQuantity(line.actor.getSnapshot())).toBe(5);
  });

  it('the maximum waits for the units (no limit before), and is counted in the line unit', () => {
    const stocked = aCartItem({ id: 107, product: product7, quantity: '1', unit: 1 });
    line = createLine({ ...stocked, product: { ...stocked.product, quantityInStock: 30 } });
    expect(selectLineMax(line.actor.getSnapshot())).toBeNull();
    line.actor.send({ type: 'line.unitsLoaded', units: [piece, box] });
    expect(selectLineMax(line.actor.getSnapshot())).toBe(30);
    line.actor.send({ type: 'line.unitChanged', unit: 2 });
    // 30 pieces are 2 whole boxes of 12
    expect(selectLineMax(line.actor.getSnapshot())).toBe(2);
    expect(selectIsLineQuantityDisabled(line.actor.getSnapshot())).toBe(false);
  });

  it('typed text: a valid quantity is clamped and saved after the pause; invalid text only shows the message', async () => {
    const stocked = aCartItem({ id: 107, product: product7, quantity: '2', unit: 1 });
    line = createLine({ ...stocked, product: { ...stocked.product, quantityInStock: 8 } }, [piece, box]);
    line.actor.send({ type: 'line.quantityTyped', text: 'abc' });
    expect(selectLineQuantityText(line.actor.getSnapshot())).toBe('abc');
    expect(selectLineQuantityMessageKey(line.actor.getSnapshot())).toBe('quantity.invalidAmount');
    expect(selectLineQuantity(line.actor.getSnapshot())).toBe(2);
    await vi.advanceTimersByTimeAsync(250);
    expect(line.save.calls).toHaveLength(0);
    line.actor.send({ type: 'line.quantityTyped', text: '12' });
    expect(selectLineQuantityText(line.actor.getSnapshot())).toBe('8');
    expect(selectLineQuantityMessageKey(line.actor.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(250);
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 8, unit: 1 }]);
  });

  it('invalid text gives way when the quantity moves (plus from an invalid value counts from the line)', () => {
    line = createLine();
    line.actor.send({ type: 'line.quantityTyped', text: '' });
    expect(selectLineQuantityText(line.actor.getSnapshot())).toBe('');
    plus();
    expect(selectLineQuantityText(line.actor.getSnapshot())).toBe('3');
    expect(selectLineQuantityMessageKey(line.actor.getSnapshot())).toBeNull();
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

  it('a PUT without a usable answer shows the error and the last confirmed value; Retry sends the customer change again', async () => {
    line = createLine();
    plus();
    await vi.advanceTimersByTimeAsync(250);
    line.save.next().reject(httpError(503));
    await vi.advanceTimersByTimeAsync(0);
    const failed = line.actor.getSnapshot();
    expect(failed.matches({ editable: { save: { failed: 'saveFailed' } } })).toBe(true);
    expect(failed.context.error).toMatchObject({ kind: 'http', status: 503 });
    expect(shown()).toEqual([2, 1]);
    expect(selectCanRetry(failed)).toBe(true);
    line.actor.send({ type: 'line.retried' });
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 3, unit: 1 }]);
    expect(shown()).toEqual([3, 1]);
    await line.answer();
    expect(line.actor.getSnapshot().context.error).toBeNull();
  });

  it('a refetched server line does not overwrite a change the customer is still making', async () => {
    line = createLine();
    plus();
    line.actor.send({
      type: 'line.serverUpdated',
      item: aCartItem({ id: 107, product: product7, quantity: '5', unit: 1 }),
    });
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
    expect(line.actor.getSnapshot().matches({ editable: { save: 'idle' } })).toBe(true);
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
    line.actor.send({ type: 'line.retried' });
    expect(line.remove.calls).toHaveLength(1);
  });
});

describe('cart line unit change with Undo', () => {
  const boxes = () => line.actor.send({ type: 'line.unitChanged', unit: 2 });
  const undo = () => line.actor.send({ type: 'line.undoRequested' });

  it('shows the new unit at once, saves it, and offers Undo of the previous quantity and unit', async () => {
    line = createLine();
    boxes();
    expect(shown()).toEqual([2, 2]);
    expect(selectUnitUndo(line.actor.getSnapshot())).toEqual({ quantity: 2, unit: 1 });
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 2, unit: 2 }]);
    await line.answer();
    expect(selectUnitUndo(line.actor.getSnapshot())).toEqual({ quantity: 2, unit: 1 });
  });

  it('Undo after the save restores and sends the previous quantity and unit, and ends the offer', async () => {
    line = createLine();
    boxes();
    await line.answer();
    undo();
    expect(shown()).toEqual([2, 1]);
    expect(selectUnitUndo(line.actor.getSnapshot())).toBeNull();
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 2, unit: 1 }]);
    await line.answer();
    expect(line.replaced.map((i) => [i.quantity, i.unit])).toEqual([
      ['2', 2],
      ['2', 1],
    ]);
  });

  it('Undo while the unit PUT runs waits for it and then sends the previous line', async () => {
    line = createLine();
    boxes();
    undo();
    expect(shown()).toEqual([2, 1]);
    expect(line.actor.getSnapshot().matches({ editable: { save: { pending: { saving: 'queued' } } } })).toBe(
      true,
    );
    expect(await line.answer()).toEqual({ quantity: 2, unit: 2 });
    expect(await line.answer()).toEqual({ quantity: 2, unit: 1 });
    expect(line.actor.getSnapshot().context.item).toMatchObject({ quantity: '2', unit: 1 });
  });

  it('the offer disappears after 5 s; Undo then does nothing', async () => {
    line = createLine();
    boxes();
    await line.answer();
    await vi.advanceTimersByTimeAsync(UNIT_UNDO_WINDOW_MS - 1);
    expect(selectUnitUndo(line.actor.getSnapshot())).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(selectUnitUndo(line.actor.getSnapshot())).toBeNull();
    undo();
    expect(shown()).toEqual([2, 2]);
    expect(line.save.calls).toHaveLength(0);
  });

  it('a quantity change ends the offer and keeps the debounced save', async () => {
    line = createLine();
    boxes();
    await line.answer();
    plus();
    expect(selectUnitUndo(line.actor.getSnapshot())).toBeNull();
    expect(line.save.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(250);
    expect(line.save.calls.map((c) => c.input.change)).toEqual([{ quantity: 3, unit: 2 }]);
  });

  it('asking to remove the line ends the offer', async () => {
    line = createLine();
    boxes();
    await line.answer();
    line.actor.send({ type: 'line.removeRequested' });
    line.actor.send({ type: 'line.removeCancelled' });
    expect(selectUnitUndo(line.actor.getSnapshot())).toBeNull();
  });
});

describe('cart line figures on the customer basis (decision 005)', () => {
  const units = [piece, box];
  const figuresOf = (basis: 'gross' | 'net') => selectLineFigures(line.actor.getSnapshot(), basis);
  const water = aProduct({
    id: 9,
    price: '1.00',
    depositPrice: '0.25',
    taxRatePercent: '19',
    unitAmounts: [{ unit: 2, amount: '12' }],
    quantityInStock: 100,
  });

  it('the amount is priceLine goods and the deposit is its own figure, on both bases', () => {
    line = createLine({ id: 1, product: water, quantity: '2', unit: 2 }, units);
    const gross = figuresOf('gross');
    expect(gross).toMatchObject({
      unitPrice: '1.19',
      oldUnitPrice: null,
      unitDeposit: '0.30',
      amount: '28.56',
      // VAT on the line's net deposit, 19 % of 6.00 (decision 007), not 24 × a rounded 0.30
      deposit: '7.14',
    });
    const net = figuresOf('net');
    expect(net).toMatchObject({ unitPrice: '1.00', unitDeposit: '0.25', amount: '24.00', deposit: '6.00' });
    // memoised while nothing changed
    expect(figuresOf('net')).toBe(net);
    expect(selectLineAmount(line.actor.getSnapshot(), 'net')).toEqual({ amount: '24.00', deposit: '6.00' });
    expect(selectLineAmount(line.actor.getSnapshot(), 'net')).toBe(
      selectLineAmount(line.actor.getSnapshot(), 'net'),
    );
    // 100 pieces are 8 whole boxes of 12
    expect(net?.max).toBe(8);
  });

  it('a campaign line strikes the regular unit price through', () => {
    line = createLine(
      {
        id: 2,
        product: aCampaignProduct({ price: '10', newPrice: '8' }),
        quantity: '1',
        unit: 1,
      },
      units,
    );
    expect(figuresOf('net')).toMatchObject({
      unitPrice: '8.00',
      oldUnitPrice: '10.00',
      deposit: null,
    });
  });

  it('says when a campaign started or ended, with the unit prices', () => {
    const started = {
      id: 3,
      product: aCampaignProduct({ price: '10', newPrice: '8' }),
      quantity: '1',
      unit: 1,
    };
    line = createLine({ ...started, priceChange: 'campaignStarted' } as CartItem);
    expect(selectPriceChangeNotice(line.actor.getSnapshot(), 'net')).toEqual({
      kind: 'campaignStarted',
      current: '8.00',
      old: '10.00',
    });
    line.actor.stop();
    line = createLine({
      id: 4,
      product: aProduct({ price: '10' }),
      quantity: '1',
      unit: 1,
      priceChange: 'campaignEnded',
    } as CartItem);
    expect(selectPriceChangeNotice(line.actor.getSnapshot(), 'net')).toEqual({
      kind: 'campaignEnded',
      current: '10.00',
      old: null,
    });
    line.actor.stop();
    line = createLine();
    expect(selectPriceChangeNotice(line.actor.getSnapshot(), 'net')).toBeNull();
  });
});

describe('bindCartLine', () => {
  it('binds the PUT and the DELETE to the API', async () => {
    const calls: unknown[] = [];
    const api = {
      updateCartItem: async (id: number, write: unknown) => {
        calls.push(['put', id, write]);
        return { id, quantity: '3', unit: 1 };
      },
      removeCartItem: async (id: number) => {
        calls.push(['delete', id]);
      },
    };
    line = {
      actor: createActor(bindCartLine(testPorts(api as never)), { input: { item } }).start(),
    } as never;
    line.actor.send({ type: 'line.increased' });
    await vi.advanceTimersByTimeAsync(250);
    line.actor.send({ type: 'line.removeRequested' });
    line.actor.send({ type: 'line.removeConfirmed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([
      ['put', item.id, { product: 7, campaign: null, quantity: '3', unit: 1 }],
      ['delete', item.id],
    ]);
    expect(line.actor.getSnapshot().status).toBe('done');
  });
});
