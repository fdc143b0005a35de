import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Product, SessionClaims } from '../../../src/domain/types';
import ar from '../../../src/locales/ar.json';
import de from '../../../src/locales/de.json';
import { createPortal } from '../../../src/machines/app/app.actor';
import { type appMachine, configurationResource } from '../../../src/machines/app/app.machine';
import { currencyResource } from '../../../src/machines/catalogue/catalogue.resources';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import type { PortalApi } from '../../../src/services/api';
import type { StoredCredentials } from '../../../src/services/storage';
import { aProduct, piece } from '../../../src/test/builders';
import { AppActorProvider } from '../../../src/ui/app/app-actor-provider';
import { PriceSteps } from '../../../src/ui/app/price/price-tiers';
import { ProductPrice } from '../../../src/ui/app/price/product-price';
import { RowPrice, useRowPrices } from '../../../src/ui/screens/products/row-price';
import { buyerClaims, signedInAs } from '../support/fakeSession';
import { testConfiguration } from '../support/renderApp';
import { never } from './support';

/** The price views inside a real app actor (session, configuration, currency €) with no other calls. */
function renderPrices(ui: ReactElement, claims: SessionClaims = buyerClaims) {
  const adapt = (machine: typeof appMachine) =>
    machine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            readStoredCredentials: fromPromise(
              async (): Promise<StoredCredentials | null> => ({
                refresh: signedInAs(claims).tokens.refresh,
                remember: true,
              }),
            ),
            refreshTokens: fromPromise(async () => signedInAs(claims)),
          },
        }),
        configuration: configurationResource.provide({
          actors: { load: fromPromise(async () => testConfiguration) },
        }),
        currency: currencyResource.provide({ actors: { load: fromPromise(async () => ({ symbol: '€' })) } }),
      },
    });
  const api = new Proxy({}, { get: () => never }) as PortalApi;
  const portal = createPortal({ api }, { adapt });
  return render(<AppActorProvider portal={portal}>{ui}</AppActorProvider>);
}

const net = { ...buyerClaims, taxApplies: false };

/** The customer's 1.20 a piece, 1.00 from 10 pieces, 0.90 from 50 (net; 19 % VAT). */
const contracted = aProduct({
  id: 4,
  price: '1.20',
  taxRatePercent: '19',
  priceTiers: [
    { minQuantity: '10', price: '1.00' },
    { minQuantity: '50', price: '0.90' },
  ],
  contractPrice: true,
});
/** A contract price without steps. */
const contractOnly = aProduct({ id: 5, price: '8.00', contractPrice: true });
/** A list price with steps (a group's steps above one unit). */
const steppedOnly = aProduct({
  id: 6,
  price: '2.00',
  priceTiers: [{ minQuantity: '24', price: '1.50' }],
});
/** A product as a backend without contract prices sends it. */
const plain = aProduct({ id: 7, price: '3.00' });

/** A long list's rows: prices read once for the list, as ProductVirtualList does. */
function Rows({ products }: { products: Product[] }) {
  const prices = useRowPrices();
  return (
    <ul>
      {products.map((product) => (
        <li key={product.id} data-testid={`row-${product.id}`}>
          <RowPrice prices={prices} product={product} />
        </li>
      ))}
    </ul>
  );
}

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('a list row’s price: "Your price" and the lowest step', () => {
  it('says "Your price" for a contract price and "from" the lowest step price, on the customer’s basis', async () => {
    renderPrices(<Rows products={[contracted, contractOnly, steppedOnly, plain]} />, net);
    const row = within(await screen.findByTestId('row-4'));
    expect(await row.findByText('€1.20')).toBeInTheDocument();
    expect(row.getByText('Your price')).toBeInTheDocument();
    // the screen reader hears what the "from" is about
    expect(screen.getByTestId('row-4')).toHaveTextContent('€1.20Your priceVolume prices: from €0.90');
    expect(screen.getByTestId('row-5')).toHaveTextContent(/^€8\.00Your price$/);
    expect(screen.getByTestId('row-6')).toHaveTextContent(/^€2\.00Volume prices: from €1\.50$/);
    // a plain product's row is what it always was: the price alone
    expect(screen.getByTestId('row-7')).toHaveTextContent(/^€3\.00$/);
  });

  it('the gross basis rounds each step with VAT: 0.90 × 1.19 = 1.071 → €1.07', async () => {
    renderPrices(<Rows products={[contracted]} />);
    expect(await screen.findByText('€1.43')).toBeInTheDocument();
    expect(screen.getByTestId('row-4')).toHaveTextContent('from €1.07');
  });

  it('a single product’s price (a search card, a short table) says the same', async () => {
    renderPrices(
      <>
        <p data-testid="contracted">
          <ProductPrice product={contracted} />
        </p>
        <p data-testid="plain">
          <ProductPrice product={plain} />
        </p>
      </>,
      net,
    );
    expect(await screen.findByText('Your price')).toBeInTheDocument();
    expect(screen.getByTestId('contracted')).toHaveTextContent('€1.20Your priceVolume prices: from €0.90');
    expect(screen.getByTestId('plain')).toHaveTextContent(/^€3\.00$/);
  });

  it('in German: "Ihr Preis" and "ab 0,90 €"', async () => {
    i18next.addResourceBundle('de', 'translation', de);
    await i18next.changeLanguage('de');
    renderPrices(<Rows products={[contracted]} />, net);
    expect(await screen.findByText('Ihr Preis')).toBeInTheDocument();
    expect(screen.getByTestId('row-4')).toHaveTextContent('Staffelpreise: ab €0,90');
  });

  it('in Arabic the amount of "from" stays left to right', async () => {
    i18next.addResourceBundle('ar', 'translation', ar);
    await i18next.changeLanguage('ar');
    renderPrices(<Rows products={[contracted]} />, net);
    expect(await screen.findByText('سعرك')).toBeInTheDocument();
    const amount = screen.getByText('0.90 €');
    expect(amount.tagName).toBe('BDI');
    expect(amount).toHaveAttribute('dir', 'ltr');
    expect(amount.parentElement).toHaveTextContent('ابتداءً من 0.90 €');
  });
});

describe('the product dialog’s price steps', () => {
  it('lists each step with its price per primary unit, on the customer’s basis', async () => {
    renderPrices(<PriceSteps product={contracted} unit={piece} />);
    const steps = await screen.findByRole('region', { name: 'Volume prices' });
    expect(await within(steps).findByText('from 10 pieces')).toBeInTheDocument();
    // 1.00 × 1.19 and 0.90 × 1.19, each rounded to cents
    expect(within(steps).getByText('from 10 pieces').nextElementSibling).toHaveTextContent('€1.19per piece');
    expect(within(steps).getByText('from 50 pieces').nextElementSibling).toHaveTextContent('€1.07per piece');
  });

  it('names the unit in its plural and the price per unit in German', async () => {
    i18next.addResourceBundle('de', 'translation', de);
    await i18next.changeLanguage('de');
    const kiste = { ...piece, name: 'Kiste', namePlural: 'Kisten' };
    renderPrices(<PriceSteps product={contracted} unit={kiste} />, net);
    const steps = await screen.findByRole('region', { name: 'Staffelpreise' });
    expect(await within(steps).findByText('ab 10 Kisten')).toBeInTheDocument();
    expect(within(steps).getByText('ab 50 Kisten').nextElementSibling).toHaveTextContent('€0,90pro Kiste');
  });

  it('shows nothing for a product without steps, or before its units are known', async () => {
    const { container } = renderPrices(
      <>
        <PriceSteps product={contractOnly} unit={piece} />
        <PriceSteps product={contracted} unit={null} />
        <ProductPrice product={plain} />
      </>,
    );
    // once a price shows, the steps have had their chance to draw
    expect(await screen.findByText('€3.00')).toBeInTheDocument();
    expect(container).toHaveTextContent(/^€3\.00$/);
  });
});
