export { bindNotificationReads, notificationReadsMachine } from './notification-reads.machine';
export { bindNotifications, notificationsMachine } from './notifications.machine';
export {
  selectFirstNotification,
  selectMarkReadError,
  selectNotificationById,
  selectNotifications,
  selectNotificationsStatus,
  selectNotificationsUnavailable,
  selectUnreadNotificationCount,
} from './notifications.selectors';
