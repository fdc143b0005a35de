import type { CampaignProduct, Product } from '../../../domain/types';
import { ProductPrice } from '../../app/price/product-price';
import { ProductImage } from '../../components/product-image';
import { OnListMark } from '../favourites/on-list-mark';

/** Search results: a product card with image, name and price (spec point 2), plus its stock code. */
export function ProductCard({ product }: { product: Product | CampaignProduct }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <ProductImage src={product.image} alt="" className="size-12 shrink-0 border border-line" />
      <span className="flex min-w-0 flex-1 flex-col">
        {/* dir="auto": a Latin name in an Arabic page keeps its own direction (and ellipsis at its end) */}
        <span dir="auto" className="line-clamp-2 font-medium [text-align:match-parent]">
          {product.name}
        </span>
        <span dir="auto" className="truncate text-xs text-fg-muted [text-align:match-parent]">
          <bdi>{product.stockCode}</bdi> · <bdi>{product.brand.name}</bdi>
        </span>
      </span>
      <OnListMark productId={product.id} />
      <ProductPrice product={product} className="max-w-28 shrink-0 justify-end text-end" />
    </span>
  );
}
