import { useMemo } from 'react';
import { hasFigures, shownPrices } from '../../../domain/pricing';
import type { CampaignProduct, Product } from '../../../domain/types';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { Price } from './price';

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
  const prices = useMemo(() => (hasFigures(product) ? shownPrices(product, basis) : null), [product, basis]);
  if (!prices) return null;
  return (
    <Price
      current={prices.current.toString()}
      old={prices.old?.toString() ?? null}
      {...(className ? { className } : {})}
    />
  );
}
