import { useTranslation } from 'react-i18next';
import { hasFigures } from '../../../domain/pricing';
import type { CampaignProduct, Product } from '../../../domain/types';
import { PriceBasisNote } from '../../app/price/price-basis-note';
import { ProductPrice } from '../../app/price/product-price';
import { ColumnHeader } from '../../components/column-header';
import { ProductImage } from '../../components/product-image';
import { AddToListMenu } from '../favourites/add-to-list-menu';
import { OrderRowControls } from '../order-row';
import { OrderRowsProvider } from '../order-row/order-rows-kit';
import { useOpenProduct } from '../product-dialog/product-dialog-provider';

/**
 * A short product table (featured, newest, a campaign's products). The name opens the product dialog;
 * under it the row's stock figure and ordering controls (Enter adds and moves on to the next
 * row); stock code and brand give way on small screens.
 */
export function ProductTable({
  products,
  caption,
  namesBasis = true,
}: {
  products: readonly (Product | CampaignProduct)[];
  caption: string;
  /** false for a second table on a screen that already named the price basis */
  namesBasis?: boolean;
}) {
  const { t } = useTranslation();
  const openProduct = useOpenProduct();
  // a demo account's products carry no prices (spec point 6): an empty column would only take room
  const priced = products.some(hasFigures);
  return (
    <OrderRowsProvider>
      <div data-order-rows="" className="flex flex-col gap-1">
        {namesBasis && <PriceBasisNote className="self-end" />}
        <div className="overflow-x-auto rounded-lg border border-line bg-surface-raised">
          <table className="w-full text-start">
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-line bg-surface-sunken text-xs text-fg-muted uppercase">
              <tr>
                <ColumnHeader label={t('product.name')} />
                <ColumnHeader label={t('product.sku')} hideBelow="sm" />
                <ColumnHeader label={t('product.brand')} hideBelow="lg" />
                {priced && <ColumnHeader label={t('product.price')} align="end" />}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {products.map((product) => (
                <tr key={product.id} className="hover:bg-surface-sunken">
                  <td className="px-3 py-1">
                    <div className="flex items-center gap-1">
                      <button
                        type="button"
                        onClick={() => openProduct(product)}
                        className="tap-target flex min-w-0 flex-1 items-center gap-3 text-start"
                      >
                        <ProductImage
                          src={product.image}
                          alt=""
                          className="size-10 shrink-0 border border-line"
                        />
                        <span
                          dir="auto"
                          className="min-w-0 font-medium text-brand hover:underline [text-align:match-parent]"
                        >
                          {product.name}
                        </span>
                      </button>
                      <AddToListMenu product={product} />
                    </div>
                    <div className="pb-1">
                      <OrderRowControls product={product} layout="stacked" />
                    </div>
                  </td>
                  <td className="hidden px-3 py-1 font-mono text-xs text-fg-muted sm:table-cell">
                    <bdi>{product.stockCode}</bdi>
                  </td>
                  <td className="hidden px-3 py-1 text-fg-muted lg:table-cell">
                    <bdi>{product.brand.name}</bdi>
                  </td>
                  {priced && (
                    <td className="px-3 py-1 align-top text-end">
                      <ProductPrice product={product} className="justify-end" />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </OrderRowsProvider>
  );
}
