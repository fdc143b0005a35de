import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { selectNotificationById, selectNotificationsStatus } from '../../../machines/notifications';
import { paths } from '../../app/routes';
import { BackButton } from '../../components/back-button';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NotOffered } from '../../components/not-offered';
import { PageTitle } from '../../components/page-title';
import { RelativeDate } from '../../components/relative-date';
import { useCapability } from '../../hooks/use-capability';
import { useNotificationReadsRef, useNotificationsRef } from '../../hooks/use-catalogue-resource';
import { OrderInvoiceAction } from '../orders/order-invoice-action';

/**
 * /notifications/{id}: one notification in full; opening it marks it read. One that announces an
 * invoice opens that invoice; one about an order's progress links to that order. A backend without
 * notifications (a kept link) says they are not offered.
 */
export function NotificationScreen() {
  const { t } = useTranslation();
  const id = Number(useParams<{ id: string }>().id);
  const notifications = useNotificationsRef();
  const reads = useNotificationReadsRef();
  const status = useSelector(notifications, selectNotificationsStatus);
  const notification = useSelector(notifications, (s) => selectNotificationById(s, id));
  const unread = notification !== undefined && !notification.read;
  const offered = useCapability('notifications') && status !== 'unavailable';

  useEffect(() => {
    if (unread) reads?.send({ type: 'reads.markRead', id });
  }, [reads, id, unread]);

  if (!offered) return <NotOffered />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-3">
      <div>
        <BackButton />
      </div>
      {notification ? (
        <article className="rounded-lg border border-line bg-surface-raised p-5">
          <PageTitle>
            <bdi>{notification.name}</bdi>
          </PageTitle>
          <p className="-mt-2 mb-3">
            <RelativeDate createdAt={notification.createdAt} />
          </p>
          <p dir="auto" className="whitespace-pre-line">
            {notification.description}
          </p>
          {notification.invoiceOrderId !== undefined && (
            <div className="mt-4">
              <OrderInvoiceAction orderId={notification.invoiceOrderId} />
            </div>
          )}
          {notification.orderId !== undefined && (
            <Link
              href={paths.order(notification.orderId)}
              className="tap-target mt-4 inline-flex items-center font-medium text-brand hover:underline"
            >
              {t('notifications.viewOrder', { number: notification.orderId })}
            </Link>
          )}
        </article>
      ) : status === 'rejected' ? (
        <ErrorState onRetry={() => notifications?.send({ type: 'resource.load' })} />
      ) : status === 'resolved' || status === 'reloading' ? (
        <EmptyState>{t('notifications.notFound')}</EmptyState>
      ) : (
        <LoadingState label={t('notifications.loading')} />
      )}
    </div>
  );
}
