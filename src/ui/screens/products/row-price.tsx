import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hasFigures, shownPrices } from '../../../domain/pricing';
import type { CampaignProduct, Product } from '../../../domain/types';
import { PriceMarkup } from '../../app/price/price';
import {
  PriceNote,
  type PriceNoteFacts,
  type PriceNoteLabels,
  priceNoteFacts,
  priceNoteLabels,
} from '../../app/price/price-tiers';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { type PriceFormatter, usePriceFormatter } from '../../hooks/use-price-formatter';

type RowProduct = Product | CampaignProduct;

/** A product's shown prices as text: the current one and the regular one struck through (or null). */
interface RowPriceTexts {
  current: string;
  old: string | null;
  /** "Your price", "from €1.00" under the price; null for a plain product */
  note: PriceNoteFacts | null;
}

/**
 * The prices of a long list's rows, read once per list: `ProductPrice` per row costs a
 * price formatter (a useTranslation, four subscriptions and six translations) and decimal arithmetic on
 * every mount, and a scrolled list mounts rows by the dozen. `of` formats each product once per
 * formatter and basis (a row scrolled back into view costs a lookup).
 */
export interface RowPrices {
  price: PriceFormatter;
  /** the note's texts, translated once for the list */
  noteLabels: PriceNoteLabels;
  /** the product's prices as the ready formatter writes them (a product with figures) */
  of: (product: RowProduct) => RowPriceTexts;
}

export function useRowPrices(): RowPrices {
  const price = usePriceFormatter();
  const basis = usePriceBasis();
  const { t, i18n } = useTranslation();
  const direction = i18n.dir();
  return useMemo(() => {
    const known = new WeakMap<RowProduct, RowPriceTexts>();
    const money = price.status === 'ready' ? price.money : String;
    return {
      price,
      noteLabels: priceNoteLabels(t, direction),
      of: (product) => {
        let texts = known.get(product);
        if (!texts) {
          const shown = shownPrices(product, basis);
          texts = {
            current: money(shown.current.toString()),
            old: shown.old ? money(shown.old.toString()) : null,
            note: priceNoteFacts(product, basis),
          };
          known.set(product, texts);
        }
        return texts;
      },
    };
  }, [price, basis, t, direction]);
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
  const markup = (markupClass: string) => (
    <PriceMarkup price={prices.price} className={markupClass} texts={() => prices.of(product)} />
  );
  const { price } = prices;
  const note = price.status === 'ready' ? prices.of(product).note : null;
  if (price.status !== 'ready' || note === null) return markup(className);
  return (
    <span className={`inline-flex flex-col items-end ${className}`}>
      {markup('justify-end')}
      <PriceNote facts={note} labels={prices.noteLabels} money={price.money} />
    </span>
  );
}
