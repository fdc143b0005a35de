import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type MinimumOrderHint,
  selectCartChanged,
  selectHasFailed,
  selectHasPendingOrder,
  selectLineSaveFailed,
  selectMinimumNotReached,
  selectSubmitCancelled,
} from '../../../machines/checkout';
import type { CheckoutRef } from '../../hooks/cart-hooks';
import { usePriceFormatter } from '../../hooks/use-price-formatter';

const actionClass = 'tap-target rounded-md bg-danger px-3 font-medium text-surface-raised';
const closeClass = 'tap-target rounded-md px-3 font-medium underline';

function Notice({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div role="alert" className="my-3 flex flex-col gap-2 rounded-md bg-danger-soft p-3 text-danger">
      <p>{message}</p>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

/**
 * What the checkout has to say above the form: the order failed, was cancelled while slow, found
 * pending after a reload, refused because the cart changed, or held back by a line that was not saved.
 */
export function CheckoutNotices({
  checkout,
  minimumHint = null,
}: {
  checkout: CheckoutRef;
  /** the cart's minimum order hint as it stands (fetched afresh after the refusal) */
  minimumHint?: MinimumOrderHint | null;
}) {
  const { t } = useTranslation();
  const orderFailed = useSelector(checkout, selectHasFailed);
  const cancelled = useSelector(checkout, selectSubmitCancelled);
  const pending = useSelector(checkout, selectHasPendingOrder);
  const cartChanged = useSelector(checkout, selectCartChanged);
  const lineSaveFailed = useSelector(checkout, selectLineSaveFailed);
  const minimumNotReached = useSelector(checkout, selectMinimumNotReached);
  const price = usePriceFormatter();
  const send = (
    type: 'checkout.retried' | 'checkout.cancelled' | 'checkout.resumed' | 'checkout.discarded',
  ) => checkout.send({ type });

  if (pending)
    return (
      <Notice message={t('checkout.pendingOrder')}>
        <button type="button" onClick={() => send('checkout.resumed')} className={actionClass}>
          {t('checkout.sendAgain')}
        </button>
        <button type="button" onClick={() => send('checkout.discarded')} className={closeClass}>
          {t('checkout.discardOrder')}
        </button>
      </Notice>
    );
  if (orderFailed || cancelled)
    return (
      <Notice message={t(cancelled ? 'checkout.orderCancelled' : 'checkout.orderFailed')}>
        <button type="button" onClick={() => send('checkout.retried')} className={actionClass}>
          {t('common.tryAgain')}
        </button>
        <button type="button" onClick={() => send('checkout.cancelled')} className={closeClass}>
          {t('common.close')}
        </button>
      </Notice>
    );
  if (minimumNotReached)
    return (
      <Notice
        message={
          minimumHint && price.status === 'ready'
            ? t('minimumOrder.notReached', {
                amount: `\u2068${price.money(minimumHint.missing)}\u2069`,
                minimum: `\u2068${price.money(minimumHint.minimum)}\u2069`,
              })
            : t('minimumOrder.notReachedGeneric')
        }
      >
        <button type="button" onClick={() => send('checkout.cancelled')} className={closeClass}>
          {t('common.close')}
        </button>
      </Notice>
    );
  if (cartChanged || lineSaveFailed)
    return (
      <Notice message={t(cartChanged ? 'checkout.cartChanged' : 'checkout.lineSaveFailed')}>
        <button type="button" onClick={() => send('checkout.cancelled')} className={closeClass}>
          {t('common.close')}
        </button>
      </Notice>
    );
  return null;
}
