import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCartChanged,
  selectHasFailed,
  selectHasPendingOrder,
  selectLineSaveFailed,
  selectSubmitCancelled,
} from '../../../machines/checkout';
import type { CheckoutRef } from '../../hooks/cart-hooks';

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
export function CheckoutNotices({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useTranslation();
  const orderFailed = useSelector(checkout, selectHasFailed);
  const cancelled = useSelector(checkout, selectSubmitCancelled);
  const pending = useSelector(checkout, selectHasPendingOrder);
  const cartChanged = useSelector(checkout, selectCartChanged);
  const lineSaveFailed = useSelector(checkout, selectLineSaveFailed);
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
