import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { priceLine } from '../../../src/domain/cart-totals';
import type { CartItem } from '../../../src/domain/types';
import { cartMachine } from '../../../src/machines/cart/cart.machine';
import {
  cartFigures,
  sameShownLineAmount,
  selectShownLineAmount,
} from '../../../src/machines/cart/cart-figures';
import { shownLineAmount } from '../../../src/machines/cart/cart-line.selectors';
import type { OrderPreview } from '../../../src/services/api/orders';
import {
  aCartItem,
  anOrderPreview,
  aProduct,
  tenCentShipment as shipment,
  someCartTotals,
  units,
} from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';

/**
 * Three lines of 0.10 net at 7 %: alone each line is 0.10 + round(0.007) = 0.11, 0.33 in all, but the
 * rate's VAT is round(0.021) = 0.02 (decision 007), so the goods are 0.32.
 */
const tenCents = (id: number): CartItem =>
  aCartItem({
    id: 100 + id,
    product: aProduct({ id, price: '0.10', taxRatePercent: '7' }),
    quantity: '1',
    unit: 1,
  });
const items = [tenCents(1), tenCents(2), tenCents(3)];

const totals = someCartTotals({ subtotal: '0.32', tax: '0.02', total: '0.32', totalWithoutTax: '0.30' });
/** lines 1 and 2 from one warehouse (0.20 at 7 %: VAT 0.01), line 3 from another (VAT 0.01) */
const split: OrderPreview = anOrderPreview({
  totals,
  taxApplies: true,
  priceBasis: 'gross',
  total: '0.32',
  suborders: [shipment(1, [1, 2]), shipment(2, [3])],
});

const cents = (text: string) => Math.round(Number(text) * 100);
const amountsOf = (figures: ReturnType<typeof cartFigures>) =>
  items.map((item) => figures?.lines.get(item.product.id)?.amount);
const sumOf = (amounts: (string | undefined)[]) =>
  amounts.reduce((sum, amount) => sum + cents(amount ?? 'NaN'), 0);

describe('cart figures: the lines add up to the goods shown (decision 007)', () => {
  it('alone, each line rounds its VAT up: three of them would read a cent more than the rate’s VAT', () => {
    const alone = items.map(
      (item) => priceLine({ product: item.product, quantity: '1', unitMultiplier: '1' }, 'gross').goods,
    );
    expect(alone.map((goods) => goods.toFixed(2))).toEqual(['0.11', '0.11', '0.11']);
  });

  it('before the quote the cart is one document: the lines share its VAT and add up to Goods', () => {
    const figures = cartFigures(items, units, 'gross', null);
    expect(figures?.totals).toMatchObject({ subtotal: '0.32', tax: '0.02' });
    expect(amountsOf(figures)).toEqual(['0.11', '0.11', '0.10']);
    expect(sumOf(amountsOf(figures))).toBe(cents(figures?.totals.subtotal ?? 'NaN'));
    expect(figures?.quoted).toBeNull();
  });

  it('with the quote each shipment is one document: the lines share their shipment’s VAT', () => {
    const figures = cartFigures(items, units, 'gross', split);
    expect(figures?.totals.subtotal).toBe('0.32');
    // the second shipment holds line 3 alone: exactly round(0.007) = 0.01
    expect(amountsOf(figures)).toEqual(['0.11', '0.10', '0.11']);
    expect(sumOf(amountsOf(figures))).toBe(cents(figures?.quoted?.goods.subtotal ?? 'NaN'));
  });

  it('a quote for other lines is not used: the cart is priced as one document', () => {
    const other = { ...split, suborders: [shipment(1, [1, 2])] };
    const figures = cartFigures(items, units, 'gross', other);
    expect(figures?.quoted).toBeNull();
    expect(amountsOf(figures)).toEqual(['0.11', '0.11', '0.10']);
  });

  it('on the net basis the lines show their nets, which add up by construction', () => {
    const figures = cartFigures(items, units, 'net', null);
    expect(amountsOf(figures)).toEqual(['0.10', '0.10', '0.10']);
    expect(figures?.totals.subtotal).toBe('0.30');
  });

  it('the deposit is the line’s share too, beside its amount', () => {
    const bottled = items.map((item) => ({
      ...item,
      product: { ...item.product, price: '1.00', depositPrice: '0.10' },
    }));
    const figures = cartFigures(bottled, units, 'gross', null);
    const deposits = bottled.map((item) => figures?.lines.get(item.product.id)?.deposit);
    expect(deposits).toEqual(['0.11', '0.11', '0.10']);
    expect(figures?.totals.depositTotal).toBe('0.32');
  });

  it('priced once per change: the same result while the items, units, basis and quote stay', () => {
    const first = cartFigures(items, units, 'gross', split);
    expect(cartFigures(items, units, 'gross', split)).toBe(first);
    expect(cartFigures(items, units, 'gross', null)).not.toBe(first);
  });

  it('unknown units: nothing to show yet', () => {
    expect(cartFigures(items, [], 'gross', null)).toBeNull();
  });
});

describe('a line’s shown amount', () => {
  let actor: ReturnType<typeof createActor<typeof cartMachine>> | undefined;
  afterEach(() => actor?.stop());

  it('reads its share from the cart actor; another line’s change leaves an equal share equal', async () => {
    const fetchCart = controllableActor<CartItem[], void>();
    actor = createActor(cartMachine.provide({ actors: { fetchCart: fetchCart.logic } })).start();
    actor.send({ type: 'cart.load' });
    fetchCart.next().resolve(items);
    await settle();
    const third = () => selectShownLineAmount(actor!.getSnapshot(), 3, units, 'gross', null);
    expect(third()).toEqual({ quantity: 1, unit: 1, amount: '0.10', deposit: null });
    const before = third();
    // a fourth line of 0.10: VAT round(0.028) = 0.03, so the third line now carries a cent too
    actor.send({ type: 'cart.itemAdded', item: tenCents(4) });
    expect(third()?.amount).toBe('0.11');
    expect(sameShownLineAmount(before, third())).toBe(false);
    // the first line's share did not move: a selector comparing with sameShownLineAmount keeps it
    actor.send({
      type: 'cart.itemAdded',
      item: { ...tenCents(5), product: aProduct({ id: 5, price: '3' }) },
    });
    expect(
      sameShownLineAmount(selectShownLineAmount(actor.getSnapshot(), 1, units, 'gross', null), {
        quantity: 1,
        unit: 1,
        amount: '0.11',
        deposit: null,
      }),
    ).toBe(true);
  });

  it('while a change is on its way the line shows its own figures; once the cart holds it, its share', () => {
    const share = { quantity: 1, unit: 1, amount: '0.10', deposit: null };
    const own = { amount: '0.21', deposit: null };
    expect(shownLineAmount(own, share, 2, 1)).toBe(own);
    expect(shownLineAmount(own, share, 1, 2)).toBe(own);
    expect(shownLineAmount({ amount: '0.11', deposit: null }, share, 1, 1)).toEqual({
      amount: '0.10',
      deposit: null,
    });
    expect(shownLineAmount(null, null, 1, 1)).toBeNull();
  });
});
