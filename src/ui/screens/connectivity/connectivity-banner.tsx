import { useSelector } from '@xstate/react';
import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { selectConnectivityRef } from '../../../machines/app';
import {
  selectCachedAsOf,
  selectConnectionBanner,
  selectRefusedChanges,
  selectWaitingChanges,
  selectWaitingOrders,
} from '../../../machines/connectivity';
import { RetryButton } from '../../components/retry-button';
import { useAppActor } from '../../hooks/use-app-actor';
import { useOpenCart } from '../../hooks/use-open-cart';
import { QueuedOrderReviewDialog } from './queued-order-review-dialog';

/** "14:32" today, "27 Nov, 14:32" another day, in the reader's language. */
function useSavedAt(iso: string | null): string | null {
  const { i18n } = useTranslation();
  if (iso === null) return null;
  const at = new Date(iso);
  const today = new Date().toDateString() === at.toDateString();
  return new Intl.DateTimeFormat(
    i18n.language,
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(at);
}

/**
 * The connection as the signed-in shell shows it, under the header: offline (with "prices as of"
 * the oldest saved answer on screen), sending what was done offline, the server out of reach, a
 * failure with Try again, cart changes the server refused, and the review of a waiting order that
 * changed. Nothing when online with nothing waiting.
 */
export function ConnectivityBanner() {
  const { t } = useTranslation();
  const connectivity = useSelector(useAppActor(), selectConnectivityRef);
  const banner = useSelector(connectivity, (s) => (s ? selectConnectionBanner(s) : 'none'));
  const changes = useSelector(connectivity, (s) => (s ? selectWaitingChanges(s) : 0));
  const orders = useSelector(connectivity, (s) => (s ? selectWaitingOrders(s).length : 0));
  const refused = useSelector(connectivity, (s) => (s ? selectRefusedChanges(s) : []));
  const savedAt = useSavedAt(useSelector(connectivity, (s) => (s ? selectCachedAsOf(s) : null)));
  const openCart = useOpenCart();

  useEffect(() => {
    if (!connectivity) return undefined;
    const sent = connectivity.on('connectivity.orderSent', (event) =>
      toast.success(t('offline.orderSent', { orderId: event.orderId })),
    );
    const returned = connectivity.on('connectivity.returnedToCart', () => openCart?.());
    return () => {
      sent.unsubscribe();
      returned.unsubscribe();
    };
  }, [connectivity, openCart, t]);

  if (!connectivity || banner === 'none') return null;
  const waiting = [
    orders > 0 ? t('offline.ordersWaiting', { count: orders }) : null,
    changes > 0 ? t('offline.changesWaiting', { count: changes }) : null,
  ]
    .filter(Boolean)
    .join(' ');
  const retry = () => connectivity.send({ type: 'sync.retried' });

  if (banner === 'needsReview') return <QueuedOrderReviewDialog connectivity={connectivity} />;

  const danger = banner === 'syncFailed' || banner === 'changesRefused';
  return (
    <div
      role="status"
      data-banner={banner}
      className={`flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-3 py-2 text-sm desktop:px-6 ${
        danger ? 'border-danger/40 bg-danger-soft' : 'border-line bg-surface-sunken'
      }`}
    >
      {banner === 'syncing' ? (
        <RefreshCw aria-hidden="true" className="size-4 shrink-0 motion-safe:animate-spin" />
      ) : (
        <CloudOff aria-hidden="true" className="size-4 shrink-0" />
      )}
      <p className="min-w-0 flex-1">
        {banner === 'offline' && (
          <>
            <strong className="font-semibold">{t('offline.offline')}</strong> {t('offline.keptHere')}
            {savedAt ? <> {t('offline.pricesAsOf', { time: savedAt })}</> : null}
          </>
        )}
        {banner === 'syncing' && t('offline.sending')}
        {banner === 'unreachable' && t('offline.unreachable')}
        {banner === 'syncFailed' && t('offline.sendFailed')}
        {banner === 'changesRefused' && t('offline.changesRefused', { count: refused.length })}
        {waiting && banner !== 'syncing' ? <> {waiting}</> : null}
      </p>
      {banner === 'changesRefused' && (
        <ul className="w-full list-disc ps-8">
          {refused.map((change) => (
            <li key={change.productId}>
              {change.name ?? t('offline.unknownProduct')}
              {change.detail ? `: ${change.detail}` : ''}
            </li>
          ))}
        </ul>
      )}
      {(banner === 'unreachable' || banner === 'syncFailed') && (
        <RetryButton label={t('offline.tryAgain')} onClick={retry} />
      )}
      {banner === 'changesRefused' && (
        <button
          type="button"
          onClick={() => connectivity.send({ type: 'refused.dismissed' })}
          className="tap-target rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken"
        >
          {t('offline.dismiss')}
        </button>
      )}
    </div>
  );
}
