import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AppNotification } from '../../../domain/types';
import { paths } from '../../app/routes';
import { RelativeDate } from '../../components/relative-date';

/** Where a notification leads: the order whose progress it announces, else its own page. */
const notificationHref = (notification: AppNotification) =>
  notification.orderId === undefined
    ? paths.notification(notification.id)
    : paths.order(notification.orderId);

/**
 * Name, description and age of each notification; one about an order's progress opens that order.
 * Read ones are greyed (spec point 2) through the muted text colour alone, which keeps 4.5:1 in both
 * themes (an opacity on top fell to 3.1:1); unread ones also differ without colour: a dot, an
 * "Unread" name and bold titles.
 */
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
            href={notificationHref(notification)}
            onClick={() => onOpen(notification)}
            className={`flex flex-col gap-0.5 px-4 py-3 hover:bg-surface-sunken ${
              notification.read ? 'text-fg-muted' : ''
            }`}
          >
            <span className="flex items-center gap-2">
              {!notification.read && (
                <span className="size-2 shrink-0 rounded-full bg-brand">
                  <span className="sr-only">{t('notifications.unread')}</span>
                </span>
              )}
              <span
                dir="auto"
                className={`min-w-0 flex-1 truncate [text-align:match-parent] ${notification.read ? '' : 'font-semibold'}`}
              >
                {notification.name}
              </span>
            </span>
            <span dir="auto" className="line-clamp-2 [text-align:match-parent]">
              {notification.description}
            </span>
            <RelativeDate createdAt={notification.createdAt} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
