import { useMemo } from 'react';
import { hasFigures, shownPrices } from '../../../domain/pricing';
import type { CampaignProduct, Product } from '../../../domain/types';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { Price } from './price';
import { ProductPriceNote, priceNoteFacts } from './price-tiers';

/** A product's price per primary unit on the customer's basis, the regular price struck through in a campaign. */
export function ProductPrice({
  product,
  className,
}: {
  product: Product | CampaignProduct;
  className?: string;
}) {
  const basis = usePriceBasis();
  // A demo account's product carries no prices (spec point 6): show none, never an invented zero.
  const prices = useMemo(
    () =>
      hasFigures(product) ? { ...shownPrices(product, basis), note: priceNoteFacts(product, basis) } : null,
    [product, basis],
  );
  if (!prices) return null;
  if (prices.note === null)
    return (
      <Price
        current={prices.current.toString()}
        old={prices.old?.toString() ?? null}
        {...(className ? { className } : {})}
      />
    );
  // "Your price" / "from €1.00" under the price: only a product with something to say mounts the note
  return (
    <span className={`inline-flex flex-col items-end ${className ?? ''}`}>
      <Price
        current={prices.current.toString()}
        old={prices.old?.toString() ?? null}
        className="justify-end"
      />
      <ProductPriceNote facts={prices.note} />
    </span>
  );
}
