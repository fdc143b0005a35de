import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, createMachine, waitFor } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import type { CartActorRef } from '../../../src/machines/cart/cart.machine';
import { bindQuickOrder } from '../../../src/machines/quick-order/quick-order.machine';
import {
  selectInCartChanges,
  selectQuickOrderStage,
  selectRowStatuses,
  selectValidRowCount,
} from '../../../src/machines/quick-order/quick-order.selectors';
import type { PortalApi } from '../../../src/services/api';
import type { CartBulkLineResult, CartBulkMode, CartLineWrite } from '../../../src/services/api/cart';
import type { ProductLookup } from '../../../src/services/api/quick-order';
import { httpError } from '../../../src/test/api-errors';
import { aProduct, box, boxedProduct, piece } from '../../../src/test/builders';
import { settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';

const gouda = { ...boxedProduct, id: 7, name: 'Gouda', stockCode: 'DAI-7', quantityInStock: 100 };
const brie = aProduct({ id: 8, name: 'Brie', stockCode: 'DAI-8', quantityInStock: 0 });

function fakeApi(overrides: Partial<PortalApi> = {}) {
  const lookUpProducts = vi.fn(
    async (codes: string[]): Promise<ProductLookup> => ({
      matches: codes.flatMap((code) =>
        code.toUpperCase() === 'DAI-7'
          ? [{ code, product: gouda }]
          : code === 'DAI-8'
            ? [{ code, product: brie }]
            : [],
      ),
      notFound: codes.filter((code) => !['DAI-7', 'dai-7', 'DAI-8'].includes(code)),
      units: [piece, box],
    }),
  );
  const addCartItemsBulk = vi.fn(
    async (lines: CartLineWrite[], _mode: CartBulkMode): Promise<CartBulkLineResult[]> =>
      lines.map((line, index) => ({
        index,
        product: line.product,
        status: 'added',
        written: { id: 100 + index, quantity: line.quantity, unit: line.unit },
        previous: null,
      })),
  );
  return { lookUpProducts, addCartItemsBulk, ...overrides } as unknown as PortalApi & {
    lookUpProducts: typeof lookUpProducts;
    addCartItemsBulk: typeof addCartItemsBulk;
  };
}

/** A stand-in cart: its lines (what the quick order watches) and the events it receives. */
function start(api: PortalApi, items: CartItem[] = []) {
  const cartEvents: AnyEventObject[] = [];
  const cart = createActor(
    createMachine({
      context: { items },
      on: { '*': { actions: ({ event }) => void cartEvents.push(event) } },
    }),
  ).start();
  const actor = createActor(bindQuickOrder(testPorts(api, cart as unknown as CartActorRef)), {
    input: {},
  }).start();
  return { actor, cartEvents };
}

const pasted = ['DAI-7;2;box', 'NOPE-1;1', 'DAI-8;1', 'DAI-7;x', 'dai-7;3;boxes'].join('\n');

describe('quick order from pasted lines', () => {
  it('resolves every code in one lookup and shows each row with its status', async () => {
    const api = fakeApi();
    const { actor } = start(api);
    actor.send({ type: 'quickOrder.textSubmitted', text: pasted });
    await waitFor(actor, (s) => s.matches('preview'));
    expect(api.lookUpProducts).toHaveBeenCalledTimes(1);
    expect(api.lookUpProducts.mock.calls[0]?.[0]).toEqual(['DAI-7', 'NOPE-1', 'DAI-8', 'dai-7']);
    expect(selectRowStatuses(actor.getSnapshot()).map((r) => [r.rowNumbers, r.status.kind])).toEqual([
      [[1], 'ok'],
      [[2], 'problems'],
      [[3], 'problems'],
      [[4], 'problems'],
      [[5], 'ok'],
    ]);
    expect(actor.getSnapshot().context.rows.map((row) => row.problems)).toEqual([
      [],
      ['invalidStock'],
      ['productOutOfStock'],
      ['invalidQuantity'],
      [],
    ]);
  });

  it('adds the valid rows in one bulk call, one line per product, then refetches the cart', async () => {
    const api = fakeApi();
    const { actor, cartEvents } = start(api);
    actor.send({ type: 'quickOrder.textSubmitted', text: pasted });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'quickOrder.addRequested' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(api.addCartItemsBulk).toHaveBeenCalledTimes(1);
    // rows 1 and 5 name the same product in boxes: one line of 5 boxes
    expect(api.addCartItemsBulk.mock.calls[0]?.[0]).toEqual([
      { product: 7, campaign: null, quantity: '5', unit: box.id },
    ]);
    const result = actor.getSnapshot().context.result!;
    expect(result.added).toBe(1);
    expect(result.outcomes.filter((o) => o.status === 'rejected').map((o) => o.row.rowNumber)).toEqual([
      2, 3, 4,
    ]);
    expect(cartEvents).toEqual([{ type: 'cart.fetch' }]);
  });

  it('a fixed quantity makes the row valid before adding', async () => {
    const { actor } = start(fakeApi());
    actor.send({ type: 'quickOrder.textSubmitted', text: 'DAI-7;x\nNOPE;1' });
    await waitFor(actor, (s) => s.matches('preview'));
    expect(selectValidRowCount(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'quickOrder.addRequested' });
    expect(actor.getSnapshot().value).toBe('preview');
    actor.send({ type: 'quickOrder.quantityChanged', rowNumber: 1, text: '6' });
    expect(selectValidRowCount(actor.getSnapshot())).toBe(1);
  });

  it('before adding, a row of a product in the cart says the line it adds up to, or replaces it when chosen', async () => {
    const inCart: CartItem = { id: 5, product: gouda, quantity: '2', unit: box.id };
    const { actor } = start(fakeApi(), [inCart]);
    actor.send({
      type: 'quickOrder.rowsTyped',
      rows: [
        { code: 'DAI-7', quantity: '3' },
        { code: 'DAI-8', quantity: '1' },
      ],
    });
    await waitFor(actor, (s) => s.matches('preview'));
    const changes = selectInCartChanges(actor.getSnapshot());
    expect([...changes.keys()]).toHaveLength(1);
    // 2 boxes of 12 and 3 pieces are no whole number of boxes: 27 pieces
    expect([...changes.values()][0]).toEqual({
      mode: 'add',
      from: { quantity: '2', unit: box },
      to: { quantity: 27, unit: piece },
      beyondStock: null,
    });
    // the same Map while nothing changed
    expect(selectInCartChanges(actor.getSnapshot())).toBe(changes);

    actor.send({ type: 'quickOrder.modeChosen', mode: 'replace' });
    expect([...selectInCartChanges(actor.getSnapshot()).values()][0]).toEqual({
      mode: 'replace',
      from: { quantity: '2', unit: box },
      to: { quantity: 3, unit: piece },
      beyondStock: null,
    });
  });

  it('before adding, says when the stock does not cover a row and the line in the cart together', async () => {
    // 8 boxes of 12 are 96 of the 100 in stock: 4 more pieces fit, not 5
    const inCart: CartItem = { id: 5, product: gouda, quantity: '8', unit: box.id };
    const { actor } = start(fakeApi(), [inCart]);
    actor.send({ type: 'quickOrder.rowsTyped', rows: [{ code: 'DAI-7', quantity: '5' }] });
    await waitFor(actor, (s) => s.matches('preview'));
    expect([...selectInCartChanges(actor.getSnapshot()).values()][0]).toMatchObject({
      mode: 'add',
      beyondStock: { max: 4, unit: piece },
    });
  });

  it('sends the rows to add to the cart by default, and to replace once chosen', async () => {
    const api = fakeApi();
    const { actor } = start(api);
    actor.send({ type: 'quickOrder.rowsTyped', rows: [{ code: 'DAI-7', quantity: '2' }] });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'quickOrder.addRequested' });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'quickOrder.restarted' });
    actor.send({ type: 'quickOrder.rowsTyped', rows: [{ code: 'DAI-7', quantity: '2' }] });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'quickOrder.modeChosen', mode: 'replace' });
    actor.send({ type: 'quickOrder.addRequested' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(api.addCartItemsBulk.mock.calls.map((call) => call[1])).toEqual(['add', 'replace']);
  });

  it('a product already in the cart is counted as added to, with its line before and after', async () => {
    const api = fakeApi({
      addCartItemsBulk: vi.fn(async () => [
        {
          index: 0,
          product: 7,
          status: 'increased',
          written: { id: 5, quantity: '4', unit: 2 },
          previous: { quantity: '3', unit: 2 },
        },
      ]) as PortalApi['addCartItemsBulk'],
    });
    const { actor } = start(api);
    actor.send({ type: 'quickOrder.rowsTyped', rows: [{ code: 'DAI-7', quantity: '1', unit: 'box' }] });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'quickOrder.addRequested' });
    await waitFor(actor, (s) => s.matches('done'));
    const result = actor.getSnapshot().context.result;
    expect(result).toMatchObject({ mode: 'add', added: 0, increased: 1, replaced: 0 });
    expect(result?.outcomes[0]).toMatchObject({
      status: 'increased',
      from: { quantity: '3', unit: box },
      to: { quantity: '4', unit: box },
    });
  });

  it('a product already in the cart is counted as replaced when replacing was chosen', async () => {
    const api = fakeApi({
      addCartItemsBulk: vi.fn(async () => [
        {
          index: 0,
          product: 7,
          status: 'replaced',
          written: { id: 5, quantity: '2', unit: 1 },
          previous: { quantity: '5', unit: 1 },
        },
      ]) as PortalApi['addCartItemsBulk'],
    });
    const { actor } = start(api);
    actor.send({ type: 'quickOrder.rowsTyped', rows: [{ code: 'DAI-7', quantity: '2' }] });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'quickOrder.modeChosen', mode: 'replace' });
    actor.send({ type: 'quickOrder.addRequested' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.result).toMatchObject({ added: 0, replaced: 1 });
  });

  it('rows the server refuses keep its reason', async () => {
    const api = fakeApi({
      addCartItemsBulk: vi.fn(async () => [
        {
          index: 0,
          product: 7,
          status: 'rejected',
          code: 'not_enough_stock',
          errors: {},
          maxQuantity: 1,
          previous: null,
        },
      ]) as PortalApi['addCartItemsBulk'],
    });
    const { actor } = start(api);
    actor.send({ type: 'quickOrder.textSubmitted', text: 'DAI-7;2' });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'quickOrder.addRequested' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.result?.outcomes[0]).toMatchObject({
      status: 'rejected',
      problems: ['notEnoughStock'],
      limit: { max: 1, unit: piece },
    });
  });

  it('an addition the stock cannot cover beside the cart line is refused for the sum', async () => {
    const api = fakeApi({
      addCartItemsBulk: vi.fn(async () => [
        {
          index: 0,
          product: 7,
          status: 'rejected',
          code: 'not_enough_stock',
          errors: {},
          maxQuantity: 4,
          previous: { quantity: '8', unit: 2 },
        },
      ]) as PortalApi['addCartItemsBulk'],
    });
    const { actor } = start(api);
    actor.send({ type: 'quickOrder.textSubmitted', text: 'DAI-7;5' });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'quickOrder.addRequested' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.result?.outcomes[0]).toMatchObject({
      status: 'rejected',
      problems: ['notEnoughStockToAdd'],
      limit: { max: 4, unit: piece },
    });
  });

  it('sends no lookup when no row has a code', async () => {
    const api = fakeApi();
    const { actor } = start(api);
    actor.send({ type: 'quickOrder.textSubmitted', text: ';3\n;4' });
    await waitFor(actor, (s) => s.matches('preview'));
    expect(api.lookUpProducts).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.rows.every((row) => row.problems.includes('invalidStock'))).toBe(true);
  });

  it('an empty paste is refused as having no rows', async () => {
    const { actor } = start(fakeApi());
    actor.send({ type: 'quickOrder.textSubmitted', text: '\n\n' });
    await waitFor(actor, (s) => s.matches({ importArea: 'refused' }));
    expect(actor.getSnapshot().context.refusal).toBe('noRows');
  });
});

describe('failures', () => {
  it('a failed lookup can be retried', async () => {
    let fail = true;
    const base = fakeApi();
    const api = fakeApi({
      lookUpProducts: vi.fn(async (codes: string[]) => {
        if (fail) throw httpError(503);
        return base.lookUpProducts(codes);
      }) as PortalApi['lookUpProducts'],
    });
    const { actor } = start(api);
    actor.send({ type: 'quickOrder.textSubmitted', text: 'DAI-7;2' });
    await waitFor(actor, (s) => s.matches('lookupFailed'));
    expect(selectQuickOrderStage(actor.getSnapshot())).toBe('lookupFailed');
    fail = false;
    actor.send({ type: 'quickOrder.retried' });
    await waitFor(actor, (s) => s.matches('preview'));
    expect(selectValidRowCount(actor.getSnapshot())).toBe(1);
  });

  it('a failed add keeps the preview and adds nothing twice on retry', async () => {
    let fail = true;
    const api = fakeApi();
    const add = api.addCartItemsBulk.getMockImplementation()!;
    api.addCartItemsBulk.mockImplementation(async (lines, mode) => {
      if (fail) throw httpError(500);
      return add(lines, mode);
    });
    const { actor } = start(api);
    actor.send({ type: 'quickOrder.textSubmitted', text: 'DAI-7;2' });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'quickOrder.addRequested' });
    await waitFor(actor, (s) => s.matches('addFailed'));
    expect(actor.getSnapshot().context.rows).toHaveLength(1);
    actor.send({ type: 'quickOrder.backToPreview' });
    expect(actor.getSnapshot().value).toBe('preview');
    fail = false;
    actor.send({ type: 'quickOrder.addRequested' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(api.addCartItemsBulk).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.result?.added).toBe(1);
  });

  it('cancelling while the codes are looked up drops everything', async () => {
    const api = fakeApi({
      lookUpProducts: vi.fn(() => new Promise(() => {})) as PortalApi['lookUpProducts'],
    });
    const { actor } = start(api);
    actor.send({ type: 'quickOrder.textSubmitted', text: 'DAI-7;2' });
    await waitFor(actor, (s) => s.matches('validating'));
    actor.send({ type: 'quickOrder.cancelled' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ importArea: 'idle' });
    expect(actor.getSnapshot().context.parsedRows).toEqual([]);
  });
});
