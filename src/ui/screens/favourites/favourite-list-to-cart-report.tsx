import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { favouriteListToCartMachine } from '../../../machines/favourites';
import {
  selectToCartAdded,
  selectToCartDone,
  selectToCartError,
  selectToCartReplaced,
  selectToCartUnavailable,
} from '../../../machines/favourites';
import { ErrorState } from '../../components/error-state';
import { useOpenCart } from '../../hooks/use-open-cart';

const REASONS = [
  'out_of_stock',
  'not_enough_stock',
  'unknown_product',
  'no_longer_sold',
  'invalid_unit',
] as const;
type Reason = (typeof REASONS)[number] | 'other';
const reasonOf = (code: string | null): Reason => REASONS.find((reason) => reason === code) ?? 'other';

/** What "Add to cart" did: how many were added and replaced, what was not added and why, a way to the cart. */
export function FavouriteListToCartReport({
  toCart,
}: {
  toCart: ActorRefFrom<typeof favouriteListToCartMachine>;
}) {
  const { t } = useTranslation();
  const openCart = useOpenCart();
  const done = useSelector(toCart, selectToCartDone);
  const added = useSelector(toCart, selectToCartAdded);
  const replaced = useSelector(toCart, selectToCartReplaced);
  const unavailable = useSelector(toCart, selectToCartUnavailable);
  const error = useSelector(toCart, selectToCartError);

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
        {replaced.length > 0 && <p>{t('favourites.list.result.replaced', { count: replaced.length })}</p>}
      </div>
      {unavailable.length > 0 && (
        <div>
          <p className="text-fg-muted">{t('favourites.list.result.unavailable')}</p>
          <ul aria-label={t('favourites.list.result.unavailable')} className="list-disc ps-5">
            {unavailable.map(({ line, code }) => (
              <li key={line.productId}>
                {line.product?.name ?? t('favourites.list.unknownProduct', { id: line.productId })}
                {' — '}
                {t(`favourites.list.reasons.${reasonOf(code)}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {openCart && added.length + replaced.length > 0 && (
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
