import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { OrderSubmissionItem } from '../../../src/domain/types';
import {
  bindCartQuote,
  cartQuoteMachine,
  type QuoteCartInput,
} from '../../../src/machines/cart/cart-quote.machine';
import {
  quotedCartFigures,
  selectCurrentQuote,
  selectHasQuoteFailed,
  selectIsQuoteUnavailable,
  selectIsQuoteUpdating,
} from '../../../src/machines/cart/cart-quote.selectors';
import type { PortalApi } from '../../../src/services/api';
import type { OrderPreview } from '../../../src/services/api/orders';
import { httpError } from '../../../src/test/api-errors';
import {
  aCampaignProduct,
  aCartItem,
  anOrderPreview,
  aPreviewLine,
  aPreviewShipment,
  someCartTotals,
  units,
} from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const SETTLE_MS = 300;
const twoLines: OrderSubmissionItem[] = [
  { product: 7, quantity: '2', unit: 1 },
  { product: 9, quantity: '1', unit: 2, campaign: 4 },
];
const totals = someCartTotals({
  subtotal: '12.40',
  discountAmount: '0.60',
  tax: '1.98',
  depositTotal: '0.50',
  total: '12.90',
  totalWithoutTax: '10.92',
});
const quote = anOrderPreview({
  totals,
  taxApplies: true,
  priceBasis: 'gross',
  total: '27.30',
  suborders: [
    aPreviewShipment({
      warehouse: { id: 1, name: 'Berlin Main Warehouse' },
      operator: { id: 1, name: 'Ada', phone: '+49 30 1' },
      items: [],
      subtotal: '10.00',
      discountAmount: '0.00',
      depositTotal: '0.50',
      tax: '1.68',
      extraCharges: [{ name: 'Delivery fee', amount: '9.90' }],
      avoidableCharges: [{ code: 'delivery_fee', name: 'Delivery fee', amount: '9.90', missing: '239.50' }],
      total: '20.40',
    }),
    aPreviewShipment({
      warehouse: { id: 2, name: 'Hamburg Cold Store' },
      operator: { id: 2, name: 'Bo', phone: '+49 40 2' },
      items: [],
      subtotal: '2.40',
      discountAmount: '0.60',
      depositTotal: '0.00',
      tax: '0.30',
      extraCharges: [{ name: 'Cold chain surcharge', amount: '4.50' }],
      avoidableCharges: [],
      total: '6.90',
    }),
  ],
});

const model = modelFor(cartQuoteMachine, {
  events: [
    { type: 'quote.itemsChanged', items: twoLines },
    { type: 'quote.itemsChanged', items: [] },
    { type: 'xstate.done.actor.quoteCart', output: quote },
    { type: 'xstate.error.actor.quoteCart', error: httpError(503) },
    // a backend without the order preview answers its call 405 (or 501, or a bare 404)
    { type: 'xstate.error.actor.quoteCart', error: httpError(405) },
  ],
  // `previewOffered` is the one guard that reads the context (`hasItems` reads the event)
  serializeState: (s) => JSON.stringify([s.value, s.context.previewOffered]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('cartQuote', cartQuoteMachine, paths);

function createSut() {
  const quoteCart = controllableActor<OrderPreview, QuoteCartInput>();
  const actor = createActor(cartQuoteMachine.provide({ actors: { quoteCart: quoteCart.logic } })).start();
  return { actor, quoteCart };
}
let sut: ReturnType<typeof createSut>;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  sut?.actor.stop();
  vi.useRealTimers();
});

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const executors = {
  'quote.itemsChanged': send,
  'quote.retried': send,
  'quote.previewNotOffered': send,
  'xstate.after.settle.cartQuote.settling': () => vi.advanceTimersByTimeAsync(SETTLE_MS),
  'xstate.done.actor.quoteCart': async (step: { event: { type: string } }) => {
    sut.quoteCart.next().resolve((step.event as ModelEvent).output as OrderPreview);
    await vi.advanceTimersByTimeAsync(0);
  },
  'xstate.error.actor.quoteCart': async (step: { event: { type: string } }) => {
    sut.quoteCart.next().reject((step.event as ModelEvent).error);
    await vi.advanceTimersByTimeAsync(0);
  },
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) =>
  expect(sut.actor.getSnapshot().value).toEqual(expected.value);
const running = () => sut.quoteCart.calls.filter((call) => !call.signal.aborted);

describe('cart quote machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        empty: (s) => {
          sameAsModel(s);
          expect(selectCurrentQuote(sut.actor.getSnapshot())).toBeNull();
          expect(running()).toHaveLength(0);
        },
        settling: (s) => {
          sameAsModel(s);
          expect(selectIsQuoteUpdating(sut.actor.getSnapshot())).toBe(true);
          // nothing is asked until the changes settle
          expect(running()).toHaveLength(0);
        },
        quoting: (s) => {
          sameAsModel(s);
          expect(running()).toHaveLength(1);
          expect(running()[0]?.input.items).toEqual(twoLines);
        },
        quoted: (s) => {
          sameAsModel(s);
          expect(selectCurrentQuote(sut.actor.getSnapshot())).toEqual(quote);
          expect(selectIsQuoteUpdating(sut.actor.getSnapshot())).toBe(false);
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectHasQuoteFailed(sut.actor.getSnapshot())).toBe(true);
          expect(selectCurrentQuote(sut.actor.getSnapshot())).toBeNull();
        },
        unavailable: (s) => {
          sameAsModel(s);
          // no fees, no spinner, no "try again", and nothing asked
          expect(selectIsQuoteUnavailable(sut.actor.getSnapshot())).toBe(true);
          expect(selectCurrentQuote(sut.actor.getSnapshot())).toBeNull();
          expect(selectIsQuoteUpdating(sut.actor.getSnapshot())).toBe(false);
          expect(selectHasQuoteFailed(sut.actor.getSnapshot())).toBe(false);
          expect(running()).toHaveLength(0);
        },
      },
    });
  });
});

describe('cart quote', () => {
  it('asks once for a burst of changes, with the last lines', async () => {
    sut = createSut();
    sut.actor.send({ type: 'quote.itemsChanged', items: twoLines.slice(0, 1) });
    await vi.advanceTimersByTimeAsync(100);
    sut.actor.send({ type: 'quote.itemsChanged', items: twoLines });
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(sut.quoteCart.calls).toHaveLength(1);
    expect(sut.quoteCart.calls[0]?.input.items).toEqual(twoLines);
  });

  it('a change while a quote is on its way drops that answer and asks again', async () => {
    sut = createSut();
    sut.actor.send({ type: 'quote.itemsChanged', items: twoLines.slice(0, 1) });
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    const first = sut.quoteCart.next();
    sut.actor.send({ type: 'quote.itemsChanged', items: twoLines });
    expect(first.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(running()).toHaveLength(1);
  });

  it('is bound to the API by bindCartQuote: the call gets the lines', async () => {
    const asked: OrderSubmissionItem[][] = [];
    const previewOrder = async (items: OrderSubmissionItem[]) => {
      asked.push(items);
      return quote;
    };
    const actor = createActor(bindCartQuote(testPorts({ previewOrder } as Partial<PortalApi>))).start();
    actor.send({ type: 'quote.itemsChanged', items: twoLines });
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(asked).toEqual([twoLines]);
    expect(selectCurrentQuote(actor.getSnapshot())).toEqual(quote);
    actor.stop();
  });

  it('without the order preview no change of the cart asks anything', async () => {
    sut = createSut();
    sut.actor.send({ type: 'quote.previewNotOffered' });
    sut.actor.send({ type: 'quote.itemsChanged', items: twoLines });
    await vi.advanceTimersByTimeAsync(SETTLE_MS * 2);
    expect(sut.quoteCart.calls).toHaveLength(0);
    expect(selectIsQuoteUnavailable(sut.actor.getSnapshot())).toBe(true);
  });

  it('keeps the last quote while a newer one is worked out, but does not show it as current', async () => {
    sut = createSut();
    sut.actor.send({ type: 'quote.itemsChanged', items: twoLines });
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    sut.quoteCart.next().resolve(quote);
    await vi.advanceTimersByTimeAsync(0);
    sut.actor.send({ type: 'quote.itemsChanged', items: twoLines.slice(1) });
    expect(sut.actor.getSnapshot().context.quote).toEqual(quote);
    expect(selectCurrentQuote(sut.actor.getSnapshot())).toBeNull();
  });
});

describe('quotedCartFigures (decision 007: VAT per rate, fees taxed at their rate)', () => {
  // 20 pieces a box at the campaign's 0.34, 7 % VAT included
  const ayran = aCampaignProduct({
    id: 79,
    name: 'Alpenhof Ayran 250 ml',
    price: '0.42',
    taxIncluded: true,
    taxRatePercent: '7.00',
    depositPrice: '0.00',
    unitAmounts: [{ unit: 2, amount: '20' }],
    campaignId: 1,
    newPrice: '0.34',
  });
  const item = aCartItem({ id: 1, product: ayran, quantity: '2', unit: 2 });
  const ayranQuote = anOrderPreview({
    ...quote,
    suborders: [
      aPreviewShipment({
        ...quote.suborders[0],
        items: [aPreviewLine({ product: 79, quantity: '2', unit: 2 })],
        extraCharges: [
          {
            name: 'Delivery fee',
            amount: '11.78',
            netAmount: '9.90',
            taxRatePercent: '19.00',
            taxAmount: '1.88',
          },
        ],
      }),
    ],
  });

  it('2 boxes of Ayran with the delivery fee: VAT 0.95 at 7 % and 1.88 at 19 %, total 26.33', () => {
    const figures = quotedCartFigures([item], units, 'gross', ayranQuote);
    expect(figures?.goods).toMatchObject({ subtotal: '14.55', tax: '0.95', total: '14.55' });
    expect(figures?.shipments.map((s) => [s.goods, s.charges.map((c) => c.amount)])).toEqual([
      ['14.55', ['11.78']],
    ]);
    expect(figures?.taxes).toEqual([
      { ratePercent: '7.00', net: '13.60', tax: '0.95', gross: '14.55' },
      { ratePercent: '19.00', net: '9.90', tax: '1.88', gross: '11.78' },
    ]);
    expect(figures?.tax).toBe('2.83');
    expect(figures?.total).toBe('26.33');
  });

  it('without VAT (net basis): goods plus the fee, no VAT; none while the quote is for other lines', () => {
    const figures = quotedCartFigures([item], units, 'net', ayranQuote);
    expect(figures).toMatchObject({ total: '23.50', tax: '0.00', taxes: [] });
    expect(quotedCartFigures([item], units, 'gross', quote)).toBeNull();
  });
});
