import { useMemo } from 'react';
import { hasFigures, shownPrices } from '../../../domain/pricing';
import type { CampaignProduct, Product } from '../../../domain/types';
import { PriceMarkup } from '../../app/price/price';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { type PriceFormatter, usePriceFormatter } from '../../hooks/use-price-formatter';

type RowProduct = Product | CampaignProduct;

/** A product's shown prices as text: the current one and the regular one struck through (or null). */
interface RowPriceTexts {
  current: string;
  old: string | null;
}

/**
 * The prices of a long list's rows, read once per list: `ProductPrice` per row costs a
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
  // A demo account's product carries no prices (spec point 6): show none, never an invented zero.
  if (!hasFigures(product)) return null;
  return <PriceMarkup price={prices.price} className={className} texts={() => prices.of(product)} />;
}
