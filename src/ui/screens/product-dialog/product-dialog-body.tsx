import { useSelector } from '@xstate/react';
import { CircleCheck, CircleX } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CampaignProduct, Product } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import {
  selectAmountPerUnit,
  selectIsInStock,
  selectSelectedUnit,
  selectShownPrices,
  selectUnitsPerPack,
} from '../../../machines/product';
import { DepositLine } from '../../app/price/deposit-line';
import { Price } from '../../app/price/price';
import { PriceSteps } from '../../app/price/price-tiers';
import { paths } from '../../app/routes';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { useCapability } from '../../hooks/use-capability';
import { FoodInformation } from './food-information';
import { ProductDialogOrdering } from './product-dialog-ordering';
import type { ProductDialogRef } from './product-dialog-types';

interface ProductDialogBodyProps {
  dialog: ProductDialogRef;
  product: Product | CampaignProduct;
  /**
   * a brand or category link leaves the dialog; it takes the place of the dialog's history entry
   * (replace), so Back returns to the page beneath
   */
  onNavigate: () => void;
}

/** Everything of spec point 2 beside the image: facts, prices, ordering, units per pack, deposit, description. */
export function ProductDialogBody({ dialog, product, onNavigate }: ProductDialogBodyProps) {
  const { t, i18n } = useTranslation();
  const basis = usePriceBasis();
  const prices = useSelector(dialog, (s) => selectShownPrices(s, basis));
  const inStock = useSelector(dialog, selectIsInStock);
  const amountPerUnit = useSelector(dialog, selectAmountPerUnit);
  const selectedUnit = useSelector(dialog, selectSelectedUnit);
  const unitsPerPack = useSelector(dialog, selectUnitsPerPack);
  // a brand page needs the brand's id and a backend with brands
  const brandId = useCapability('brands') ? product.brand.id : null;
  const descriptionId = useId();
  // 44 px to tap on phones; the negative margins keep the facts' line spacing
  const linkClass = 'tap-target -my-3 inline-flex items-center text-brand hover:underline desktop:-my-2';
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-fg-muted">{t('product.sku')}</dt>
        <dd className="font-mono">
          <bdi>{product.stockCode}</bdi>
        </dd>
        <dt className="text-fg-muted">{t('product.barcode')}</dt>
        <dd className="font-mono">
          <bdi>{product.barcode}</bdi>
        </dd>
        <dt className="text-fg-muted">{t('product.brand')}</dt>
        <dd>
          {brandId === null ? (
            <bdi>{product.brand.name}</bdi>
          ) : (
            <Link replace href={paths.catalogBrand(brandId)} onClick={onNavigate} className={linkClass}>
              <bdi>{product.brand.name}</bdi>
            </Link>
          )}
        </dd>
        <dt className="text-fg-muted">{t('product.category')}</dt>
        <dd>
          <Link
            replace
            href={paths.catalogCategory(product.category.id)}
            onClick={onNavigate}
            className={linkClass}
          >
            <bdi>{product.category.name}</bdi>
          </Link>
        </dd>
        {/* a demo account's product carries no stock figure (spec point 6): no stock row at all */}
        {product.quantityInStock !== null && (
          <>
            <dt className="text-fg-muted">{t('product.stock')}</dt>
            <dd>
              {inStock ? (
                <span className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-400">
                  <CircleCheck aria-hidden="true" className="size-4" />
                  {t('product.inStock')}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 font-medium text-danger">
                  <CircleX aria-hidden="true" className="size-4" />
                  {t('product.outOfStock')}
                </span>
              )}
            </dd>
          </>
        )}
        {amountPerUnit && selectedUnit && (
          <>
            <dt className="text-fg-muted">{t('product.amountPerUnit')}</dt>
            <dd>
              {t('product.unitHolds', unitHolds({ unit: selectedUnit, ...amountPerUnit }, i18n.language))}
            </dd>
          </>
        )}
      </dl>

      {prices && (
        <div className="flex flex-col gap-1">
          <p className="flex flex-wrap items-baseline gap-x-2">
            {product.contractPrice === true && (
              <span className="text-sm font-medium text-brand">{t('price.yourPrice')}</span>
            )}
            <Price current={prices.current} old={prices.old} className="text-xl" />
            {prices.unit && (
              <span className="text-fg-muted">{t('price.perUnit', { unit: prices.unit.name })}</span>
            )}
            <span className="text-sm text-fg-muted">
              {t(basis === 'gross' ? 'product.pricesGross' : 'product.pricesNet')}
            </span>
          </p>
          {prices.deposit && <DepositLine amount={prices.deposit} unitName={prices.unit?.name ?? ''} />}
        </div>
      )}

      {prices && <PriceSteps product={product} unit={prices.unit} />}

      {/* choosing a quantity needs the stock; a demo account, which has no cart, gets neither */}
      {product.quantityInStock !== null && <ProductDialogOrdering dialog={dialog} product={product} />}

      {unitsPerPack.length > 0 && (
        <section aria-labelledby={`${descriptionId}-packs`}>
          <h3 id={`${descriptionId}-packs`} className="font-semibold">
            {t('product.unitsPerPack')}
          </h3>
          <ul className="mt-1 list-inside list-disc text-fg-muted">
            {unitsPerPack.map((link) => (
              <li key={link.pack.id}>
                {t(
                  'product.unitHolds',
                  unitHolds({ unit: link.pack, amount: link.amount, baseUnit: link.inner }, i18n.language),
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {product.description && (
        <section aria-labelledby={descriptionId}>
          <h3 id={descriptionId} className="font-semibold">
            {t('product.description')}
          </h3>
          <p dir="auto" className="mt-1 whitespace-pre-line text-fg-muted">
            {product.description}
          </p>
        </section>
      )}

      <FoodInformation product={product} />
    </div>
  );
}

/** "1 box = 12 pieces": the words for both units follow the numbers. */
function unitHolds(
  {
    unit,
    amount,
    baseUnit,
  }: {
    unit: { name: string; namePlural: string };
    amount: string;
    baseUnit: { name: string; namePlural: string };
  },
  language: string,
) {
  return {
    unit: unitDisplayName(unit, 1, language),
    amount,
    base: unitDisplayName(baseUnit, amount, language),
  };
}
