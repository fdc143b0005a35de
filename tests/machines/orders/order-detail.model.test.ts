import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { Order } from '../../../src/domain/types';
import {
  bindOrderDetail,
  type FindOrderInput,
  type LoadInvoiceInput,
  type LoadOrderInput,
  type OrderDetailEmitted,
  orderDetailMachine,
} from '../../../src/machines/orders/order-detail.machine';
import {
  selectInvoiceFailed,
  selectInvoiceNotOffered,
  selectIsInvoiceOpening,
  selectIsOrderLoading,
  selectIsOrderNotFound,
  selectOrder,
  selectOrderError,
} from '../../../src/machines/orders/order-detail.selectors';
import type { PortalApi } from '../../../src/services/api';
import { httpError, networkError } from '../../../src/test/api-errors';
import { anOrder, aSuborder } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const order = anOrder({ id: 501, suborders: [aSuborder({ warehouse: { id: 1, name: 'North' } })] });
/** the same order after a change: its second version */
const changed = { ...order, version: 2 };
const invoiceUrl = 'blob:invoice-501';
const byId = { orderId: 501 };
const passedAlong = { ...byId, order };

const model = modelFor(orderDetailMachine, {
  input: byId,
  events: [
    { type: 'xstate.done.actor.loadOrder', output: order },
    { type: 'xstate.error.actor.loadOrder', error: httpError(404, 'not_found') },
    { type: 'xstate.error.actor.loadOrder', error: networkError },
    // a bare 404 (no such call): the backend has no order detail call
    { type: 'xstate.error.actor.loadOrder', error: httpError(404, 'no_such_call') },
    { type: 'xstate.done.actor.findInList', output: order },
    { type: 'xstate.done.actor.findInList', output: null },
    { type: 'xstate.error.actor.findInList', error: networkError },
    { type: 'xstate.done.actor.loadInvoice', output: invoiceUrl },
    { type: 'xstate.error.actor.loadInvoice', error: httpError(500) },
    { type: 'xstate.error.actor.loadInvoice', error: httpError(405) },
    { type: 'orderDetail.orderReplaced', order: changed },
  ],
  // `canLoadDetail` is the one guard that reads the context; the others read the call's answer
  serializeState: (s) => JSON.stringify([s.value, s.context.canLoadDetail]),
});
// a replaced order keeps the state: shortest paths never take it; this path does
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([
    { type: 'xstate.done.actor.loadOrder', output: order },
    { type: 'orderDetail.orderReplaced', order: changed },
  ]),
];
const walked = pathsToWalk('orderDetail', orderDetailMachine, paths);

function createSut(input: typeof byId) {
  const loadOrder = controllableActor<Order, LoadOrderInput>();
  const findInList = controllableActor<Order | null, FindOrderInput>();
  const loadInvoice = controllableActor<string, LoadInvoiceInput>();
  const actor = createActor(
    orderDetailMachine.provide({
      actors: { loadOrder: loadOrder.logic, findInList: findInList.logic, loadInvoice: loadInvoice.logic },
    }),
    { input },
  );
  const urls: string[] = [];
  actor.on('orderDetail.invoiceReady', (event: OrderDetailEmitted) => urls.push(event.url));
  actor.start();
  /** the order the server sent (the page shows it) and the invoices it answered */
  return {
    actor,
    loadOrder,
    findInList,
    loadInvoice,
    urls,
    invoiceAnswers: 0,
    shownOrderId: null as number | null,
    shownVersion: undefined as number | undefined,
  };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith =
  (which: 'loadOrder' | 'findInList' | 'loadInvoice', outcome: 'resolve' | 'reject') =>
  async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const call = sut[which].next();
    if (outcome === 'resolve') {
      call.resolve(event.output as never);
      if (which === 'loadInvoice') sut.invoiceAnswers += 1;
      else sut.shownOrderId = (event.output as Order | null)?.id ?? sut.shownOrderId;
    } else call.reject(event.error);
    await settle();
  };
const executors = {
  'orderDetail.retried': send,
  'orderDetail.invoiceRequested': send,
  'orderDetail.orderReplaced': (step: { event: { type: string } }) => {
    sut.shownVersion = ((step.event as ModelEvent).order as Order).version;
    send(step);
  },
  'xstate.done.actor.loadOrder': settleWith('loadOrder', 'resolve'),
  'xstate.error.actor.loadOrder': settleWith('loadOrder', 'reject'),
  'xstate.done.actor.findInList': settleWith('findInList', 'resolve'),
  'xstate.error.actor.findInList': settleWith('findInList', 'reject'),
  'xstate.done.actor.loadInvoice': settleWith('loadInvoice', 'resolve'),
  'xstate.error.actor.loadInvoice': settleWith('loadInvoice', 'reject'),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(selectOrder(actual)?.id ?? null).toBe(sut.shownOrderId);
  // a change or cancel of the order shows the order the server answered
  expect(selectOrder(actual)?.version).toBe(sut.shownVersion);
  expect(sut.urls).toEqual(Array(sut.invoiceAnswers).fill('blob:invoice-501'));
};

describe('order detail machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut(byId);
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(selectIsOrderLoading(sut.actor.getSnapshot())).toBe(true);
          expect(sut.loadOrder.calls.map((c) => c.input.orderId)).toEqual([501]);
        },
        findingInList: (s) => {
          sameAsModel(s);
          // the same "Loading the order…", and the detail call is not asked again
          expect(selectIsOrderLoading(sut.actor.getSnapshot())).toBe(true);
          expect(sut.findInList.calls.map((c) => c.input.orderId)).toEqual([501]);
          expect(sut.loadOrder.calls).toEqual([]);
        },
        notFound: (s) => {
          sameAsModel(s);
          expect(selectIsOrderNotFound(sut.actor.getSnapshot())).toBe(true);
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectOrderError(sut.actor.getSnapshot())).toMatchObject({ kind: 'network' });
        },
        'loaded.invoiceNotOffered': (s) => {
          sameAsModel(s);
          expect(selectInvoiceNotOffered(sut.actor.getSnapshot())).toBe(true);
          expect(selectInvoiceFailed(sut.actor.getSnapshot())).toBe(false);
        },
        'loaded.idle': (s) => {
          sameAsModel(s);
          expect(selectOrder(sut.actor.getSnapshot())?.suborders[0]?.warehouse.name).toBe('North');
        },
        'loaded.openingInvoice': (s) => {
          sameAsModel(s);
          expect(selectIsInvoiceOpening(sut.actor.getSnapshot())).toBe(true);
        },
        'loaded.invoiceFailed': (s) => {
          sameAsModel(s);
          expect(selectInvoiceFailed(sut.actor.getSnapshot())).toBe(true);
        },
      },
    });
  });

  it('an order passed along (/order-detail) is shown at once and not fetched', async () => {
    let fetched = 0;
    const api = {
      order: async () => {
        fetched += 1;
        return order;
      },
    } as unknown as PortalApi;
    const actor = createActor(bindOrderDetail(testPorts(api)), { input: passedAlong }).start();
    expect(selectOrder(actor.getSnapshot())?.id).toBe(501);
    await settle();
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(fetched).toBe(0);
    actor.stop();
  });

  it('without the detail call the order comes from the order list, and the detail is never asked', async () => {
    const other = anOrder({ id: 502 });
    const api = {
      order: vi.fn(async () => order),
      orders: vi.fn(async () => [other, order]),
    };
    const input = { ...byId, canLoadDetail: false };
    const actor = createActor(bindOrderDetail(testPorts(api as unknown as PortalApi)), { input }).start();
    await settle();
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(selectOrder(actor.getSnapshot())?.id).toBe(501);
    expect(api.order).not.toHaveBeenCalled();
    actor.stop();
  });

  it('an order the list does not have is "not found" without the detail call', async () => {
    const api = { orders: async () => [anOrder({ id: 502 })] } as unknown as PortalApi;
    const input = { ...byId, canLoadDetail: false };
    const actor = createActor(bindOrderDetail(testPorts(api)), { input }).start();
    await settle();
    expect(selectIsOrderNotFound(actor.getSnapshot())).toBe(true);
    actor.stop();
  });

  it('the bound invoice call hands the view a URL of the file (the file never enters the chart)', async () => {
    const invoice = new Blob(['<html>invoice</html>'], { type: 'text/html' });
    const api = { invoice: async () => invoice } as unknown as PortalApi;
    const actor = createActor(bindOrderDetail(testPorts(api)), { input: passedAlong });
    const urls: string[] = [];
    actor.on('orderDetail.invoiceReady', (event: OrderDetailEmitted) => urls.push(event.url));
    actor.start();
    await settle();
    actor.send({ type: 'orderDetail.invoiceRequested' });
    await settle();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^blob:/);
    URL.revokeObjectURL(urls[0]!);
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    actor.stop();
  });
});
