import { useSelector } from '@xstate/react';
import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CartActorRef } from '../../../machines/cart';
import {
  selectCartError,
  selectIsCartEmpty,
  selectIsCartLoading,
  selectLineRefs,
} from '../../../machines/cart';
import { selectHasPendingOrder, selectIsSubmitting } from '../../../machines/checkout';
import { Spinner } from '../../components/spinner';
import { type CheckoutRef, useUnits } from '../../hooks/cart-hooks';
import { CheckoutForm } from '../checkout/checkout-form';
import { CartLine } from './cart-line';
import { CartOrderConfirm } from './cart-order-confirm';
import { CartSummary } from './cart-summary';
import { CheckoutNotices } from './checkout-notices';
import { InvalidLineNote } from './invalid-line-note';

/**
 * The summary (with the total) and the Order button stay at the bottom of the drawer while the lines scroll.
 * A sticky element sticks only within its parent's box, so the checkout form and its wrapper are laid out
 * as if their fields were the scroll area's own children (display: contents). The button sticks to the
 * bottom (inside the area's padding), the summary right above it (the button's height plus the gap); a band
 * of the drawer's colour around the button hides the lines scrolling beneath. On a screen too low for both
 * and a line, nothing sticks.
 */
// (Tailwind finds classes by scanning the source: each is written out whole.)
const checkoutArea =
  'contents [&>form]:contents [@media(min-height:37.5rem)]:[&_[data-action=order]]:sticky [&_[data-action=order]]:bottom-0 [&_[data-action=order]]:z-10 [&_[data-action=order]]:shadow-[0_0.75rem_0_0_var(--color-surface-raised),0_-0.75rem_0_0_var(--color-surface-raised)]';
const stickySummary =
  '[@media(min-height:37.5rem)]:sticky bottom-14 desktop:bottom-12 z-10 flex flex-col gap-3 bg-surface-raised pt-3';

const sameLines = (a: ReturnType<typeof selectLineRefs>, b: ReturnType<typeof selectLineRefs>) =>
  a.length === b.length && a.every((line, index) => line.ref === b[index]?.ref);

/** The drawer's body: loading, error with retry, "no items", or the lines with the checkout form. */
export function CartContents({ cart, checkout }: { cart: CartActorRef; checkout: CheckoutRef }) {
  const { t } = useTranslation();
  const units = useUnits();
  const lines = useSelector(cart, selectLineRefs, sameLines);
  const empty = useSelector(cart, selectIsCartEmpty);
  const loading = useSelector(cart, selectIsCartLoading);
  const error = useSelector(cart, selectCartError);
  const pendingOrder = useSelector(checkout, selectHasPendingOrder);
  const submitting = useSelector(checkout, selectIsSubmitting);

  const retry = (
    <button
      type="button"
      onClick={() => cart.send({ type: 'cart.fetch' })}
      className="tap-target rounded-md px-2 font-medium underline"
    >
      {t('common.tryAgain')}
    </button>
  );

  if (lines.length === 0) {
    // After a reload the order found pending may already have emptied the cart: it is offered anyway.
    if (pendingOrder)
      return (
        <div className="px-4">
          <CheckoutNotices checkout={checkout} />
        </div>
      );
    if (submitting)
      return (
        <p role="status" className="flex items-center gap-2 p-4 text-fg-muted">
          <Spinner />
          {t('checkout.sendingOrder')}
        </p>
      );
    if (error && !loading)
      return (
        <div
          role="alert"
          className="m-4 flex flex-col items-start gap-2 rounded-md bg-danger-soft p-3 text-danger"
        >
          <p>{t('cart.loadFailed')}</p>
          {retry}
        </div>
      );
    if (empty)
      return (
        <div className="flex flex-col items-center gap-2 px-4 py-12 text-fg-muted">
          <ShoppingCart aria-hidden="true" className="size-10" />
          <p>{t('cart.noItems')}</p>
        </div>
      );
    return (
      <p role="status" className="flex items-center gap-2 p-4 text-fg-muted">
        <Spinner />
        {t('cart.loading')}
      </p>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 pb-3">
      {error && (
        <div
          role="alert"
          className="mt-3 flex flex-wrap items-center gap-2 rounded-md bg-danger-soft px-3 py-2 text-danger"
        >
          <span className="flex-1">{t('cart.loadFailed')}</span>
          {retry}
        </div>
      )}
      <ul aria-label={t('cart.items')}>
        {lines.map(({ productId, ref }) => (
          <CartLine key={productId} line={ref} cart={cart} units={units} />
        ))}
      </ul>
      <CheckoutNotices checkout={checkout} />
      <div className="border-t border-line" />
      <div className={checkoutArea}>
        <CheckoutForm
          checkout={checkout}
          summary={
            <div className={stickySummary}>
              {units ? (
                <CartSummary cart={cart} units={units} />
              ) : (
                <p className="text-fg-muted">{t('app.loading')}</p>
              )}
              <InvalidLineNote cart={cart} />
            </div>
          }
        />
      </div>
      <CartOrderConfirm cart={cart} checkout={checkout} units={units} />
    </div>
  );
}
