import { useSelector } from '@xstate/react';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectNotificationsUnavailable,
  selectUnreadNotificationCount,
} from '../../../machines/notifications';
import { headerButtonClass } from '../../app/layout/header-button-class';
import { useNotificationsRef } from '../../hooks/use-catalogue-resource';
import { NotificationDrawer } from './notification-drawer';

/**
 * The header bell with the unread count; it opens the notification drawer. Gone once the backend
 * turns out to have no notifications (the list's `unavailable`).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const notifications = useNotificationsRef();
  const unread = useSelector(notifications, selectUnreadNotificationCount);
  // Whether the drawer is open is view state, like the menu drawer.
  const [open, setOpen] = useState(false);
  const unavailable = useSelector(notifications, selectNotificationsUnavailable);
  if (unavailable) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('notifications.bell', { count: unread })}
        className={`${headerButtonClass} relative`}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute end-0.5 top-0.5 min-w-4.5 rounded-full bg-danger px-1 text-center text-[0.6875rem] leading-4.5 font-semibold text-danger-contrast"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <NotificationDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
