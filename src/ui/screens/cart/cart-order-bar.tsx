import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '../../../domain/types';
import {
  type CartActorRef,
  type CartQuoteRef,
  cartFigures,
  selectCartItems,
  selectCurrentQuote,
  selectQuoteRef,
} from '../../../machines/cart';
import { type MinimumOrderHint, minimumOrderBlocks } from '../../../machines/checkout';
import { Money } from '../../app/price/money';
import type { CheckoutRef } from '../../hooks/cart-hooks';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { useCapability } from '../../hooks/use-capability';
import { OrderButton } from '../checkout/checkout-form';

/**
 * Below the lines and the checkout form, outside their scroll area: the total the summary ends with and
 * the Order button, in view however many lines the cart holds. The button submits the checkout form by
 * its id, so the form and its checks stay where they are.
 */
export function CartOrderBar({
  cart,
  checkout,
  units,
  formId,
  minimumHint = null,
  minimumHintId,
}: {
  cart: CartActorRef;
  checkout: CheckoutRef;
  units: Unit[] | null;
  formId: string;
  /** below a minimum order value that blocks, Order is disabled and points at the hint saying why */
  minimumHint?: MinimumOrderHint | null;
  minimumHintId?: string;
}) {
  const quoteRef = useSelector(cart, selectQuoteRef);
  const previewOffered = useCapability('orderPreview');
  // a backend without the order preview: the drawer's fees are not asked again (the confirmation's
  // preview call answers at once as missing, so the checkout takes its path without it)
  useEffect(() => {
    if (!previewOffered) quoteRef?.send({ type: 'quote.previewNotOffered' });
  }, [previewOffered, quoteRef]);
  return (
    <div className="flex items-center gap-3 border-t border-line bg-surface-raised px-4 py-3">
      {units && quoteRef && <BarTotal cart={cart} quoteRef={quoteRef} units={units} />}
      <OrderButton
        checkout={checkout}
        form={formId}
        blockedBy={minimumOrderBlocks(minimumHint) ? (minimumHintId ?? null) : null}
      />
    </div>
  );
}

function BarTotal({ cart, quoteRef, units }: { cart: CartActorRef; quoteRef: CartQuoteRef; units: Unit[] }) {
  const { t } = useTranslation();
  const items = useSelector(cart, selectCartItems);
  const quote = useSelector(quoteRef, selectCurrentQuote);
  const figures = cartFigures(items, units, usePriceBasis(), quote);
  if (!figures) return null;
  return (
    <p className="flex min-w-0 flex-1 flex-col leading-tight" data-testid="cart-bar-total">
      <span className="text-sm text-fg-muted">
        {figures.quoted ? t('cart.total') : t('cart.totalBeforeFees')}
      </span>
      <span className="font-semibold">
        <Money amount={figures.quoted?.total ?? figures.totals.total} />
      </span>
    </p>
  );
}
