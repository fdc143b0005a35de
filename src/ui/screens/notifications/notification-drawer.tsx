import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { AppNotification } from '../../../domain/types';
import {
  selectMarkReadError,
  selectNotifications,
  selectNotificationsStatus,
} from '../../../machines/notifications';
import { Drawer } from '../../components/drawer';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { useNotificationReadsRef, useNotificationsRef } from '../../hooks/use-catalogue-resource';
import { NotificationList } from './notification-list';

/** Spec point 2, notification drawer: from the end edge, newest first. */
export function NotificationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const notifications = useNotificationsRef();
  const reads = useNotificationReadsRef();
  const list = useSelector(notifications, selectNotifications);
  const status = useSelector(notifications, selectNotificationsStatus);
  const markReadError = useSelector(reads, selectMarkReadError);

  function openNotification(notification: AppNotification) {
    reads?.send({ type: 'reads.markRead', id: notification.id });
    onClose();
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('notifications.title')}
      closeLabel={t('common.close')}
      panelClassName="end-0 w-96 max-w-[90vw]"
    >
      <div className="min-h-0 flex-1 overflow-y-auto">
        {(status === 'new' || status === 'loading') && <LoadingState label={t('notifications.loading')} />}
        {status === 'rejected' && (
          <div className="p-3">
            <ErrorState onRetry={() => notifications?.send({ type: 'resource.load' })} />
          </div>
        )}
        {markReadError && (
          <p role="alert" className="m-3 rounded-md bg-danger-soft px-3 py-2 text-danger">
            {t('errors.unknown')}
          </p>
        )}
        {(status === 'resolved' || status === 'reloading') &&
          (list.length === 0 ? (
            <div className="p-3">
              <EmptyState>{t('notifications.empty')}</EmptyState>
            </div>
          ) : (
            <NotificationList notifications={list} onOpen={openNotification} />
          ))}
      </div>
    </Drawer>
  );
}
