import { useMemo } from 'react';
import { shownPrices } from '../../../domain/pricing';
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
  const prices = useMemo(() => shownPrices(product, basis), [product, basis]);
  return (
    <Price
      current={prices.current.toString()}
      old={prices.old?.toString() ?? null}
      {...(className ? { className } : {})}
    />
  );
}
