import type { SnapshotFrom } from 'xstate';
import type { AppNotification } from '../domain/types';
import type { ErrorInfo } from './errorInfo';
import type { notificationsMachine } from './notifications.machine';

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

export type NotificationsStatus = 'signedOut' | 'new' | 'loading' | 'resolved' | 'reloading' | 'rejected';

const NO_NOTIFICATIONS: readonly AppNotification[] = Object.freeze([]);

/** Newest first, as the server sends them; the same empty array until loaded. */
export const selectNotifications = (s: NotificationsSnapshot): readonly AppNotification[] =>
  s.context.value ?? NO_NOTIFICATIONS;

/** The bell's badge. */
export const selectUnreadNotificationCount = (s: NotificationsSnapshot): number =>
  s.context.value?.filter((notification) => !notification.read).length ?? 0;

/** The home banner shows the first notification. */
export const selectFirstNotification = (s: NotificationsSnapshot): AppNotification | null =>
  s.context.value?.[0] ?? null;

export const selectNotificationById = (s: NotificationsSnapshot, id: number): AppNotification | undefined =>
  s.context.value?.find((notification) => notification.id === id);

/** A running mark-read call counts as resolved: the list is on screen meanwhile. */
export function selectNotificationsStatus(s: NotificationsSnapshot): NotificationsStatus {
  if (typeof s.value === 'string') return 'signedOut';
  const inner = s.value.signedIn;
  return inner === 'marking' ? 'resolved' : inner;
}

export const selectMarkReadError = (s: NotificationsSnapshot): ErrorInfo | null => s.context.markReadError;
