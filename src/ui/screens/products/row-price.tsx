import { useMemo } from 'react';
import { hasFigures, shownPrices } from '../../../domain/pricing';
import type { CampaignProduct, Product } from '../../../domain/types';
import { Amount } from '../../app/price/amount';
import { PriceUnavailable } from '../../app/price/price-unavailable';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { type PriceFormatter, usePriceFormatter } from '../../hooks/use-price-formatter';

type RowProduct = Product | CampaignProduct;

/** A product's shown prices as text: the current one and the regular one struck through (or null). */
interface RowPriceTexts {
  current: string;
  old: string | null;
}

/**
 * The prices of a long list's rows, read once per list (issue 15): `ProductPrice` per row costs a
 * price formatter (a useTranslation, four subscriptions and six translations) and decimal arithmetic on
 * every mount, and a scrolled list mounts rows by the dozen. `of` formats each product once per
 * formatter and basis (a row scrolled back into view costs a lookup).
 */
export interface RowPrices {
  price: PriceFormatter;
  /** the product's prices as the ready formatter writes them (a product with figures) */
  of: (product: RowProduct) => RowPriceTexts;
}

export function useRowPrices(): RowPrices {
  const price = usePriceFormatter();
  const basis = usePriceBasis();
  return useMemo(() => {
    const known = new WeakMap<RowProduct, RowPriceTexts>();
    const money = price.status === 'ready' ? price.money : String;
    return {
      price,
      of: (product) => {
        let texts = known.get(product);
        if (!texts) {
          const shown = shownPrices(product, basis);
          texts = {
            current: money(shown.current.toString()),
            old: shown.old ? money(shown.old.toString()) : null,
          };
          known.set(product, texts);
        }
        return texts;
      },
    };
  }, [price, basis]);
}

/**
 * What `ProductPrice` shows (the same markup as `Price`), from the list's `RowPrices`: a loading text,
 * "Price unavailable" with a Retry, nothing for a demo user, or the price with the regular one struck
 * through beside it.
 */
export function RowPrice({
  prices,
  product,
  className = '',
}: {
  prices: RowPrices;
  product: RowProduct;
  className?: string;
}) {
  const { price } = prices;
  // A demo account's product carries no prices (spec point 6): show none, never an invented zero.
  if (!hasFigures(product)) return null;
  switch (price.status) {
    case 'hidden':
      return null;
    case 'loading':
      return <span className={`text-fg-muted ${className}`}>{price.texts.loading}</span>;
    case 'failed':
      return <PriceUnavailable price={price} className={className} />;
    case 'ready': {
      const texts = prices.of(product);
      return (
        <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
          {texts.old !== null && (
            <del className="text-fg-muted" data-price="old">
              <span className="sr-only">{price.texts.old} </span>
              <Amount>{texts.old}</Amount>
            </del>
          )}
          <span className="font-semibold" data-price="current">
            {texts.old !== null && <span className="sr-only">{price.texts.current} </span>}
            <Amount>{texts.current}</Amount>
          </span>
        </span>
      );
    }
  }
}
