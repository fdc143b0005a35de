import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { selectNotificationById, selectNotificationsStatus } from '../../../machines/notifications.selectors';
import { BackButton } from '../../components/BackButton';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { useNotificationsRef } from '../../components/useCatalogueResource';
import { NotificationAge } from './NotificationAge';

/** /notifications/{id}: one notification in full; opening it marks it read. */
export function NotificationScreen() {
  const { t } = useTranslation();
  const id = Number(useParams<{ id: string }>().id);
  const notifications = useNotificationsRef();
  const status = useSelector(notifications, selectNotificationsStatus);
  const notification = useSelector(notifications, (snapshot) => selectNotificationById(snapshot, id));
  const unread = notification !== undefined && !notification.read;

  useEffect(() => {
    if (unread) notifications.send({ type: 'notifications.markRead', id });
  }, [notifications, id, unread]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-3">
      <div>
        <BackButton />
      </div>
      {notification ? (
        <article className="rounded-lg border border-line bg-surface-raised p-5">
          <PageTitle>{notification.name}</PageTitle>
          <p className="-mt-2 mb-3">
            <NotificationAge createdAt={notification.createdAt} />
          </p>
          <p className="whitespace-pre-line">{notification.description}</p>
        </article>
      ) : status === 'rejected' ? (
        <ErrorState onRetry={() => notifications.send({ type: 'resource.reload' })} />
      ) : status === 'resolved' || status === 'reloading' ? (
        <EmptyState>{t('notifications.notFound')}</EmptyState>
      ) : (
        <LoadingState label={t('notifications.loading')} />
      )}
    </div>
  );
}
