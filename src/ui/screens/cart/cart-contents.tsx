import { useSelector } from '@xstate/react';
import { ShoppingCart } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartActorRef } from '../../../machines/cart.machine';
import {
  selectCartError,
  selectCartItems,
  selectIsCartEmpty,
  selectIsCartLoading,
  selectLineRefs,
} from '../../../machines/cart.selectors';
import { selectHasFailed, selectIsSubmitting } from '../../../machines/checkout.selectors';
import { Spinner } from '../../components/spinner';
import { type CheckoutRef, useUnits } from '../../hooks/cart-hooks';
import { CheckoutForm } from '../checkout/checkout-form';
import { OrderConfirmDialog } from '../checkout/order-confirm-dialog';
import { CartLine } from './cart-line';
import { CartSummary } from './cart-summary';

const sameLines = (a: ReturnType<typeof selectLineRefs>, b: ReturnType<typeof selectLineRefs>) =>
  a.length === b.length && a.every((line, index) => line.ref === b[index]?.ref);

/** The drawer's body: loading, error with retry, "no items", or the lines with the checkout form. */
export function CartContents({ cart, checkout }: { cart: CartActorRef; checkout: CheckoutRef }) {
  const { t } = useTranslation();
  const units = useUnits();
  const lines = useSelector(cart, selectLineRefs, sameLines);
  const items = useSelector(cart, selectCartItems);
  const empty = useSelector(cart, selectIsCartEmpty);
  const loading = useSelector(cart, selectIsCartLoading);
  const error = useSelector(cart, selectCartError);
  const orderFailed = useSelector(checkout, selectHasFailed);
  const submitting = useSelector(checkout, selectIsSubmitting);
  const productNames = useMemo(
    () => new Map(items.map((item) => [item.product.id, item.product.name])),
    [items],
  );

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
    if (empty && !submitting)
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
    <div className="min-h-0 flex-1 overflow-y-auto px-4">
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
          <CartLine key={productId} line={ref} />
        ))}
      </ul>
      {orderFailed && (
        <div role="alert" className="my-3 flex flex-col gap-2 rounded-md bg-danger-soft p-3 text-danger">
          <p>{t('checkout.orderFailed')}</p>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => checkout.send({ type: 'checkout.retried' })}
              className="tap-target rounded-md bg-danger px-3 font-medium text-surface-raised"
            >
              {t('common.tryAgain')}
            </button>
            <button
              type="button"
              onClick={() => checkout.send({ type: 'checkout.cancelled' })}
              className="tap-target rounded-md px-3 font-medium underline"
            >
              {t('common.close')}
            </button>
          </div>
        </div>
      )}
      <div className="border-t border-line py-4">
        <CheckoutForm
          checkout={checkout}
          summary={
            units ? (
              <CartSummary cart={cart} units={units} />
            ) : (
              <p className="text-fg-muted">{t('app.loading')}</p>
            )
          }
        />
      </div>
      <OrderConfirmDialog checkout={checkout} productNames={productNames} units={units} />
    </div>
  );
}
