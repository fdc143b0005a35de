import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { SessionClaims } from '../../../src/domain/types';
import ar from '../../../src/locales/ar.json';
import de from '../../../src/locales/de.json';
import tr from '../../../src/locales/tr.json';
import { createPortal } from '../../../src/machines/app/app.actor';
import { type appMachine, configurationResource } from '../../../src/machines/app/app.machine';
import { currencyResource } from '../../../src/machines/catalogue/catalogue.resources';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import type { PortalApi } from '../../../src/services/api';
import type { StoredCredentials } from '../../../src/services/storage';
import { AppActorProvider } from '../../../src/ui/app/app-actor-provider';
import { DepositLine } from '../../../src/ui/app/price/deposit-line';
import { Money } from '../../../src/ui/app/price/money';
import { Price } from '../../../src/ui/app/price/price';
import { PriceBasisNote } from '../../../src/ui/app/price/price-basis-note';
import { ProductPrice } from '../../../src/ui/app/price/product-price';
import { buyerClaims, demoClaims, signedInAs } from '../support/fakeSession';
import { testConfiguration } from '../support/renderApp';
import { never, water } from './support';

interface PriceSetup {
  claims?: SessionClaims;
  currency?: () => Promise<{ symbol: string }>;
}

/** The Price component inside a real app actor whose configuration and currency answer as scripted. */
function renderPrice(
  ui: ReactElement,
  { claims = buyerClaims, currency = async () => ({ symbol: '€' }) }: PriceSetup = {},
) {
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
        currency: currencyResource.provide({ actors: { load: fromPromise(currency) } }),
      },
    });
  const api = new Proxy({}, { get: () => never }) as PortalApi;
  const portal = createPortal({ api }, { adapt });
  return render(<AppActorProvider portal={portal}>{ui}</AppActorProvider>);
}

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('Price', () => {
  it('shows a loading text while the currency is on its way', async () => {
    renderPrice(<Price current="1234.5" />, { currency: never });
    expect(await screen.findByText('Loading price…')).toBeInTheDocument();
  });

  it('formats the English way: currency first, comma thousands, dot decimals', async () => {
    renderPrice(<Price current="1234.5" />);
    expect(await screen.findByText('€1,234.50')).toBeInTheDocument();
  });

  it('rounds half to even at the configured two decimal places', async () => {
    renderPrice(<Price current="2.345" />);
    expect(await screen.findByText('€2.34')).toBeInTheDocument();
  });

  it('uses the German decimal comma and the Turkish price-before-currency pattern', async () => {
    i18next.addResourceBundle('de', 'translation', de);
    i18next.addResourceBundle('tr', 'translation', tr);
    await i18next.changeLanguage('de');
    const { unmount } = renderPrice(<Price current="1234.5" />);
    expect(await screen.findByText('€1.234,50')).toBeInTheDocument();
    unmount();
    await i18next.changeLanguage('tr');
    renderPrice(<Price current="1234.5" />);
    expect(await screen.findByText('1.234,50 €')).toBeInTheDocument();
  });

  it('strikes the old price through beside the current one', async () => {
    renderPrice(<Price current="1.44" old="1.68" />);
    const old = await screen.findByText('€1.68');
    expect(old.closest('del')).not.toBeNull();
    expect(old.closest('del')).toHaveTextContent('Old price: €1.68');
    expect(screen.getByText('€1.44').closest('del')).toBeNull();
  });

  it('says "Price unavailable" with a Retry, never the server’s error, when the currency failed', async () => {
    renderPrice(
      <>
        <Price current="1" />
        <Money amount="2" />
      </>,
      { currency: () => Promise.reject(new Error('currency offline: 502 Bad Gateway')) },
    );
    expect(await screen.findAllByText('Price unavailable')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Retry loading the prices' })).toHaveLength(2);
    expect(document.body).not.toHaveTextContent(/currency offline|502/);
  });

  it('one Retry reloads the currency once, and every price shows', async () => {
    let calls = 0;
    const currency = async () => {
      calls += 1;
      if (calls === 1) throw new Error('currency offline');
      return { symbol: '€' };
    };
    renderPrice(
      <>
        <Price current="1" />
        <Price current="2" />
      </>,
      { currency },
    );
    const [retry] = await screen.findAllByRole('button', { name: 'Retry loading the prices' });
    await userEvent.click(retry as HTMLElement);
    expect(await screen.findByText('€1.00')).toBeInTheDocument();
    expect(screen.getByText('€2.00')).toBeInTheDocument();
    expect(screen.queryByText('Price unavailable')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('keeps the Arabic amount left to right, so the € stays after it in a price, a total and a deposit', async () => {
    i18next.addResourceBundle('ar', 'translation', ar);
    await i18next.changeLanguage('ar');
    renderPrice(
      <>
        <Price current="1234.5" old="1300" />
        <Money amount="10" />
        <DepositLine amount="0.3" unitName="زجاجة" />
      </>,
    );
    const amounts = [
      await screen.findByText('1,234.50 €'),
      screen.getByText('1,300.00 €'),
      screen.getByText('10.00 €'),
      screen.getByText('0.30 €'),
    ];
    for (const amount of amounts) {
      expect(amount.tagName).toBe('BDI');
      expect(amount).toHaveAttribute('dir', 'ltr');
    }
  });

  it('shows nothing at all to a demo user', async () => {
    const { container } = renderPrice(
      <p data-testid="price">
        <Price current="1234.5" />
      </p>,
      { claims: demoClaims },
    );
    // Wait until the session is restored (the claims say demo), then the price stays empty.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('price')).toBeEmptyDOMElement();
    expect(container).not.toHaveTextContent('€');
    expect(container).not.toHaveTextContent('Loading price');
  });
});

describe('ProductPrice and the basis note (one price basis per customer)', () => {
  it('a customer with tax sees the VAT-inclusive unit price without the deposit, and the basis named', async () => {
    // 1.00 net at 19 % → 1.19; regular 1.20 → 1.428 → 1.43; the 0.25 deposit is not folded in
    renderPrice(
      <>
        <PriceBasisNote />
        <ProductPrice product={water} />
      </>,
    );
    expect(await screen.findByText('€1.19')).toBeInTheDocument();
    expect(screen.getByText('€1.43').closest('del')).not.toBeNull();
    expect(screen.getByText('Prices incl. VAT')).toBeInTheDocument();
  });

  it('a customer without tax sees the same product at its net price, named as net', async () => {
    renderPrice(
      <>
        <PriceBasisNote />
        <ProductPrice product={water} />
      </>,
      { claims: { ...buyerClaims, taxApplies: false } },
    );
    expect(await screen.findByText('€1.00')).toBeInTheDocument();
    expect(screen.getByText('€1.20').closest('del')).not.toBeNull();
    expect(screen.getByText('Prices without VAT')).toBeInTheDocument();
    expect(screen.queryByText(/excl\. VAT/)).not.toBeInTheDocument();
  });

  it('a product in a running campaign shows the campaign price with the regular one struck through', async () => {
    renderPrice(<ProductPrice product={{ ...water, oldPrice: null, campaignId: 3, newPrice: '0.80' }} />, {
      claims: { ...buyerClaims, taxApplies: false },
    });
    expect(await screen.findByText('€0.80')).toBeInTheDocument();
    expect(screen.getByText('€1.00').closest('del')).not.toBeNull();
  });
});
