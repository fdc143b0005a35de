import type { SnapshotFrom } from 'xstate';
import type { AppNotification } from '../../domain/types';
import type { ErrorInfo } from '../kernel/errorInfo';
import type { notificationReadsMachine } from './notification-reads.machine';
import type { notificationsMachine } from './notifications.machine';

/** The list's snapshot (the app's `notifications` child, there while someone is signed in). */
export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;
/** Mark-read's snapshot (the app's `notificationReads` child). */
export type NotificationReadsSnapshot = SnapshotFrom<typeof notificationReadsMachine>;

/** `unavailable`: the backend has no notifications (capability `notifications`). */
export type NotificationsStatus = 'new' | 'loading' | 'resolved' | 'reloading' | 'rejected' | 'unavailable';

const NO_NOTIFICATIONS: readonly AppNotification[] = Object.freeze([]);

// Every selector takes an absent actor too (undefined): the list exists only while someone is signed in
// and mark-read only once the cart area is there, and a view shows "nothing yet" meanwhile.

/** Newest first, as the server sends them; the same empty array until loaded. */
export const selectNotifications = (s: NotificationsSnapshot | undefined): readonly AppNotification[] =>
  s?.context.value ?? NO_NOTIFICATIONS;

/** The bell's badge. */
export const selectUnreadNotificationCount = (s: NotificationsSnapshot | undefined): number =>
  s?.context.value?.filter((notification) => !notification.read).length ?? 0;

/** The home banner shows the first notification. */
export const selectFirstNotification = (s: NotificationsSnapshot | undefined): AppNotification | null =>
  s?.context.value?.[0] ?? null;

export const selectNotificationById = (
  s: NotificationsSnapshot | undefined,
  id: number,
): AppNotification | undefined => s?.context.value?.find((notification) => notification.id === id);

/** A running mark-read call does not change it: the list stays on screen meanwhile. */
export const selectNotificationsStatus = (s: NotificationsSnapshot | undefined): NotificationsStatus =>
  s?.value ?? 'new';

/** The backend turned out to have no notifications: the bell, the drawer and the banner are gone. */
export const selectNotificationsUnavailable = (s: NotificationsSnapshot | undefined): boolean =>
  s?.matches('unavailable') ?? false;

/** Why the last mark-read failed (read from the `notificationReads` child). */
export const selectMarkReadError = (s: NotificationReadsSnapshot | undefined): ErrorInfo | null =>
  s?.context.markReadError ?? null;
