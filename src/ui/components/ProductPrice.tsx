import { useMemo } from 'react';
import { shownPrices } from '../../domain/pricing';
import type { CampaignProduct, Product } from '../../domain/types';
import { Price } from './Price';

/** A product's display price (spec point 5: tax and deposit when taxIncluded, campaign price aware). */
export function ProductPrice({
  product,
  className,
}: {
  product: Product | CampaignProduct;
  className?: string;
}) {
  const prices = useMemo(() => shownPrices(product), [product]);
  return (
    <Price
      current={prices.current.toString()}
      old={prices.old?.toString() ?? null}
      {...(className ? { className } : {})}
    />
  );
}
