import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AppNotification } from '../../../domain/types';
import { paths } from '../../app/routes';
import { RelativeDate } from '../../components/relative-date';

/** Name, description and age of each notification; read ones are greyed (spec point 2). */
export function NotificationList({
  notifications,
  onOpen,
}: {
  notifications: readonly AppNotification[];
  onOpen: (notification: AppNotification) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col divide-y divide-line">
      {notifications.map((notification) => (
        <li key={notification.id}>
          <Link
            href={paths.notification(notification.id)}
            onClick={() => onOpen(notification)}
            className={`flex flex-col gap-0.5 px-4 py-3 hover:bg-surface-sunken ${
              notification.read ? 'text-fg-muted opacity-70' : ''
            }`}
          >
            <span className="flex items-center gap-2">
              {!notification.read && (
                <span className="size-2 shrink-0 rounded-full bg-brand">
                  <span className="sr-only">{t('notifications.unread')}</span>
                </span>
              )}
              <span className={`min-w-0 flex-1 truncate ${notification.read ? '' : 'font-semibold'}`}>
                {notification.name}
              </span>
            </span>
            <span className="line-clamp-2">{notification.description}</span>
            <RelativeDate createdAt={notification.createdAt} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
