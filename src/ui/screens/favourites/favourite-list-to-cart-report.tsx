import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { lineShortage } from '../../../domain/substitutes';
import type { favouriteListToCartMachine } from '../../../machines/favourites';
import {
  selectToCartAdded,
  selectToCartChanged,
  selectToCartDone,
  selectToCartError,
  selectToCartUnavailable,
} from '../../../machines/favourites';
import { ErrorState } from '../../components/error-state';
import { useUnits } from '../../hooks/cart-hooks';
import { useNotAddedReason } from '../../hooks/use-not-added-reason';
import { useOpenCart } from '../../hooks/use-open-cart';
import { ChangedCartLines } from '../cart/changed-cart-lines';
import { SubstituteChoice } from '../substitutes/substitute-choice';

/**
 * What "Add to cart" did: how many were added, each line already in the cart before and after, what was
 * not added and why (for stock, how many more fit), a way to the cart.
 */
export function FavouriteListToCartReport({
  toCart,
}: {
  toCart: ActorRefFrom<typeof favouriteListToCartMachine>;
}) {
  const { t } = useTranslation();
  const openCart = useOpenCart();
  const done = useSelector(toCart, selectToCartDone);
  const added = useSelector(toCart, selectToCartAdded);
  const changed = useSelector(toCart, selectToCartChanged);
  const unavailable = useSelector(toCart, selectToCartUnavailable);
  const error = useSelector(toCart, selectToCartError);
  const reasonText = useNotAddedReason();
  const units = useUnits();

  if (error)
    return (
      <ErrorState
        message={t('favourites.list.result.failed')}
        onRetry={() => toCart.send({ type: 'toCart.retried' })}
      />
    );
  if (!done) return null;
  return (
    <section
      aria-label={t('favourites.list.result.title')}
      className="flex flex-col gap-2 rounded-md border border-line bg-surface-raised p-3"
    >
      <div role="status" className="flex flex-col gap-1">
        <p className="font-medium">{t('favourites.list.result.added', { count: added.length })}</p>
      </div>
      {changed.length > 0 && (
        <div>
          <ChangedCartLines
            lines={changed.map(({ line, ...change }) => ({
              key: String(line.productId),
              name: line.product?.name,
              ...change,
            }))}
          />
        </div>
      )}
      {unavailable.length > 0 && (
        <div>
          <p className="text-fg-muted">{t('favourites.list.result.unavailable')}</p>
          <ul aria-label={t('favourites.list.result.unavailable')} className="list-disc ps-5">
            {unavailable.map((entry) => (
              <li key={entry.line.productId}>
                {entry.line.product?.name ??
                  t('favourites.list.unknownProduct', { id: entry.line.productId })}
                {' — '}
                {reasonText({ ...entry, unit: entry.line.unit })}
                <ListLineSubstitutes entry={entry} units={units} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {openCart && added.length + changed.length > 0 && (
          <button
            type="button"
            onClick={openCart}
            className="tap-target self-start font-medium text-brand underline"
          >
            {t('favourites.list.result.goToCart')}
          </button>
        )}
        <button
          type="button"
          onClick={() => toCart.send({ type: 'toCart.dismissed' })}
          className="tap-target self-start rounded-md border border-line px-3 font-medium hover:bg-surface-sunken"
        >
          {t('favourites.list.result.dismiss')}
        </button>
      </div>
    </section>
  );
}

/** A line the cart refused for stock: the supplier's substitutes, for the pieces the list wanted. */
function ListLineSubstitutes({
  entry,
  units,
}: {
  entry: ReturnType<typeof selectToCartUnavailable>[number];
  units: ReturnType<typeof useUnits>;
}) {
  const { t } = useTranslation();
  const { product } = entry.line;
  if (!product || !units || (entry.code !== 'out_of_stock' && entry.code !== 'not_enough_stock')) return null;
  const shortage = lineShortage(product, entry.line.quantity, entry.line.unit, units);
  if (!shortage) return null;
  return (
    <div className="my-1 list-none">
      <SubstituteChoice
        productId={product.id}
        productName={product.name}
        pieces={shortage.wanted}
        shortage={
          shortage.inStock === 0
            ? t('substitutes.outOfStock')
            : t('substitutes.short', { count: shortage.inStock })
        }
        // the line never went into the cart: removing it leaves nothing to take out
        onRemove={() => undefined}
      />
    </div>
  );
}
