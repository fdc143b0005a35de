import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { QueuedOrderChange } from '../../../domain/queued-order-review';
import type { ConnectivityRef } from '../../../machines/app';
import { selectCanSendAsIs, selectQueuedOrderReview } from '../../../machines/connectivity';
import { usePriceFormatter } from '../../hooks/use-price-formatter';
import { formatShortDate } from './short-date';

/** One change of a waiting order, in a sentence. */
function ChangeLine({ change }: { change: QueuedOrderChange }) {
  const { t, i18n } = useTranslation();
  const price = usePriceFormatter();
  const money = (amount: string) => (price.status === 'ready' ? price.money(amount) : amount);
  switch (change.kind) {
    case 'priceChanged':
      return (
        <>
          {t('offline.review.priceChanged', {
            name: change.name,
            was: money(change.was),
            now: money(change.now),
          })}
        </>
      );
    case 'shortOfStock':
      return <>{t('offline.review.shortOfStock', { name: change.name, count: change.inStock })}</>;
    case 'notInCart':
      return <>{t('offline.review.notInCart', { name: change.name })}</>;
    case 'dayMissed':
      return <>{t('offline.review.dayMissed', { date: formatShortDate(change.date, i18n.language) })}</>;
  }
}

/**
 * The review of an order confirmed offline that changed before it could be sent: what changed (or
 * the server's refusal), "Send as it is" when only prices changed, and "Back to the cart" to order
 * afresh. Not dismissable by Escape: the order waits until the buyer decides.
 */
export function QueuedOrderReviewDialog({ connectivity }: { connectivity: ConnectivityRef }) {
  const { t, i18n } = useTranslation();
  const review = useSelector(connectivity, selectQueuedOrderReview);
  const canSend = useSelector(connectivity, selectCanSendAsIs);
  if (!review) return null;
  return (
    <Dialog open onClose={() => undefined} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          data-dialog="queued-order-review"
          className="w-full max-w-md rounded-lg border border-line bg-surface-raised p-5 shadow-xl"
        >
          <DialogTitle className="text-base font-semibold">{t('offline.review.title')}</DialogTitle>
          <Description className="mt-2 text-fg-muted">
            {t('offline.review.intro', {
              date: formatShortDate(review.order.deliveryDate, i18n.language),
              count: review.order.lineCount,
            })}
          </Description>
          <ul className="mt-3 list-disc space-y-1 ps-5">
            {review.refusal !== null ? (
              <li>{t('offline.review.refused', { reason: review.refusal })}</li>
            ) : (
              review.changes.map((change) => (
                <li key={`${change.kind}-${'productId' in change ? change.productId : change.date}`}>
                  <ChangeLine change={change} />
                </li>
              ))
            )}
          </ul>
          {!canSend && <p className="mt-3 text-fg-muted">{t('offline.review.cannotSend')}</p>}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              onClick={() => connectivity.send({ type: 'review.returnedToCart' })}
              className="tap-target rounded-md border border-line px-4 font-medium hover:bg-surface-sunken"
            >
              {t('offline.review.backToCart')}
            </button>
            {canSend && (
              <button
                type="button"
                onClick={() => connectivity.send({ type: 'review.sentAsIs' })}
                className="tap-target rounded-md bg-brand px-4 font-medium text-brand-contrast hover:bg-brand-strong"
              >
                {t('offline.review.sendAsIs')}
              </button>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
