import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { type CartActorRef, cartMachine } from '../../../src/machines/cart/cart.machine';
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
import { useShownLineAmount } from '../../../src/ui/screens/cart/use-shown-line-amount';
import { buyerClaims } from '../support/fakeSession';
import { renderPortal } from './support/renderPortal';

/**
 * Three lines of 0.10 net at 7 %: each line alone would read 0.11 (0.007 VAT rounds up), 0.33 in
 * all, but the rate's VAT is round(0.021) = 0.02, so the goods are 0.32 (decision 007).
 */
const tenCents = (id: number, name: string): CartItem =>
  aCartItem({
    id: 200 + id,
    product: aProduct({ id, name, price: '0.10', taxRatePercent: '7', stockCode: `S-${id}` }),
    quantity: '1',
    unit: 1,
  });
const lines = [tenCents(31, 'Chewing gum'), tenCents(32, 'Lollipop'), tenCents(33, 'Liquorice')];

/** Two shipments: 0.20 at 7 % (VAT 0.01) and 0.10 at 7 % (VAT 0.01), each its own document. */
const split: OrderPreview = anOrderPreview({
  totals: someCartTotals({ subtotal: '0.32', tax: '0.02', total: '0.32', totalWithoutTax: '0.30' }),
  taxApplies: true,
  priceBasis: 'gross',
  total: '0.32',
  suborders: [shipment(1, [31, 32]), shipment(2, [33])],
});

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

/** The amounts the lines show, in cents, in the order shown. */
async function lineAmounts(drawer: ReturnType<typeof within>) {
  const list = within(await drawer.findByRole('list', { name: 'Items in the cart' }));
  const shown = await list.findAllByTestId('line-amount');
  expect(shown).toHaveLength(lines.length);
  return shown.map((amount) => cents(amount.textContent));
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function goodsShown(drawer: ReturnType<typeof within>) {
  const summary = within(await drawer.findByRole('region', { name: 'Summary' }));
  const row = summary.getByText('Goods').parentElement as HTMLElement;
  return cents(within(row).getByText(/€/).textContent);
}

describe('cart lines add up to the Goods shown, to the cent', { timeout: 60_000 }, () => {
  it('before the shipments are known: each line shows its share of the cart’s VAT', async () => {
    const user = userEvent.setup();
    renderPortal({ data: { cart: lines } });
    const drawer = await openCart(user);
    expect(await goodsShown(drawer)).toBe(32);
    const amounts = await lineAmounts(drawer);
    expect(amounts).toEqual([11, 11, 10]);
    expect(sum(amounts)).toBe(await goodsShown(drawer));
  });

  it('with the shipments: each line shows its share of its shipment’s VAT', async () => {
    const user = userEvent.setup();
    renderPortal({ data: { cart: lines, preview: split } });
    const drawer = await openCart(user);
    const summary = within(await drawer.findByRole('region', { name: 'Summary' }));
    await summary.findByTestId('cart-total');
    // the second shipment is a document of its one line: exactly round(0.007) = 0.01 VAT
    expect(await lineAmounts(drawer)).toEqual([11, 10, 11]);
    expect(sum(await lineAmounts(drawer))).toBe(await goodsShown(drawer));
  });

  it('a customer without tax: the lines show nets, which add up by themselves', async () => {
    const user = userEvent.setup();
    renderPortal({ claims: { ...buyerClaims, taxApplies: false }, data: { cart: lines } });
    const drawer = await openCart(user);
    expect(await goodsShown(drawer)).toBe(30);
    expect(await lineAmounts(drawer)).toEqual([10, 10, 10]);
  });
});

/** A line that shows its share and counts its renders. */
function Probe({
  cart,
  productId,
  renders,
}: {
  cart: CartActorRef;
  productId: number;
  renders: Map<number, number>;
}) {
  renders.set(productId, (renders.get(productId) ?? 0) + 1);
  const shown = useShownLineAmount(cart, productId, units, 'gross');
  return <li data-testid={`line-${productId}`}>{shown?.amount}</li>;
}

describe('a line follows its own share only', () => {
  it('another line’s change re-renders just the lines whose share moved', async () => {
    const fetchCart = controllableActor<CartItem[], void>();
    const cart: CartActorRef = createActor(
      cartMachine.provide({ actors: { fetchCart: fetchCart.logic } }),
    ).start();
    cart.send({ type: 'cart.load' });
    fetchCart.next().resolve(lines);
    await settle();
    const renders = new Map<number, number>();
    render(
      <ul>
        {lines.map((line) => (
          <Probe key={line.product.id} cart={cart} productId={line.product.id} renders={renders} />
        ))}
      </ul>,
    );
    expect(lines.map((line) => screen.getByTestId(`line-${line.product.id}`).textContent)).toEqual([
      '0.11',
      '0.11',
      '0.10',
    ]);
    renders.clear();
    // a fourth 0.10: the rate's VAT becomes round(0.028) = 0.03, so the third line carries a cent too
    act(() => cart.send({ type: 'cart.itemAdded', item: tenCents(34, 'Fudge') }));
    expect(screen.getByTestId('line-33')).toHaveTextContent('0.11');
    expect([...renders.keys()]).toEqual([33]);
    renders.clear();
    // a line at another rate moves no share of the 7 % lines
    act(() =>
      cart.send({
        type: 'cart.itemAdded',
        item: { ...tenCents(35, 'Tea'), product: aProduct({ id: 35, price: '3.00', taxRatePercent: '19' }) },
      }),
    );
    expect([...renders.keys()]).toEqual([]);
    cart.stop();
  });
});
