import { useSelector } from '@xstate/react';
import { ShoppingCart } from 'lucide-react';
import { useId } from 'react';
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
import { MakeStandingOrderLink } from '../standing-orders/make-standing-order-link';
import { CartLine } from './cart-line';
import { CartOrderBar } from './cart-order-bar';
import { CartOrderConfirm } from './cart-order-confirm';
import { CartSummary } from './cart-summary';
import { CheckoutNotices } from './checkout-notices';
import { InvalidLineNote } from './invalid-line-note';
import { MinimumOrderHint } from './minimum-order-hint';
import { useMinimumOrderHint } from './use-minimum-order-hint';

const sameLines = (a: ReturnType<typeof selectLineRefs>, b: ReturnType<typeof selectLineRefs>) =>
  a.length === b.length && a.every((line, index) => line.ref === b[index]?.ref);

/** The drawer's body: loading, error with retry, "no items", or the lines with the checkout form. */
export function CartContents({ cart, checkout }: { cart: CartActorRef; checkout: CheckoutRef }) {
  const { t } = useTranslation();
  const units = useUnits();
  const formId = useId();
  const lines = useSelector(cart, selectLineRefs, sameLines);
  const empty = useSelector(cart, selectIsCartEmpty);
  const loading = useSelector(cart, selectIsCartLoading);
  const error = useSelector(cart, selectCartError);
  const pendingOrder = useSelector(checkout, selectHasPendingOrder);
  const submitting = useSelector(checkout, selectIsSubmitting);
  const minimumHint = useMinimumOrderHint(cart, checkout, units);
  const minimumHintId = useId();

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
    <>
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
        <CheckoutNotices checkout={checkout} minimumHint={minimumHint} />
        <MakeStandingOrderLink source={{ kind: 'cart' }} />
        <div className="border-t border-line pt-3">
          <CheckoutForm
            id={formId}
            checkout={checkout}
            summary={
              <>
                {units ? (
                  <CartSummary cart={cart} units={units} />
                ) : (
                  <p className="text-fg-muted">{t('app.loading')}</p>
                )}
                <MinimumOrderHint hint={minimumHint} id={minimumHintId} />
                <InvalidLineNote cart={cart} />
              </>
            }
          />
        </div>
        <CartOrderConfirm cart={cart} checkout={checkout} units={units} />
      </div>
      <CartOrderBar
        cart={cart}
        checkout={checkout}
        units={units}
        formId={formId}
        minimumHint={minimumHint}
        minimumHintId={minimumHintId}
      />
    </>
  );
}
