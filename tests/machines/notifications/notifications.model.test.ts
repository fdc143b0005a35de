import type { AnyMachineSnapshot } from 'xstate';
import type { AppNotification } from '../../../src/domain/types';
import type { ResourceMachine } from '../../../src/machines/kernel/resource.machine';
import { notificationReadsMachine } from '../../../src/machines/notifications/notification-reads.machine';
import { notificationsMachine } from '../../../src/machines/notifications/notifications.machine';
import {
  selectMarkReadError,
  selectNotificationsStatus,
  selectUnreadNotificationCount,
} from '../../../src/machines/notifications/notifications.selectors';
import { aNotification } from '../../../src/test/builders';
import { walkMarkReadChart } from '../kernel/mark-read.walk';

type Selected<F extends (s: never) => unknown> = (s: AnyMachineSnapshot) => ReturnType<F>;

// The notifications' use of the shared mark-read chart: what the bell and the drawer read.
walkMarkReadChart<AppNotification>({
  machine: notificationReadsMachine,
  names: {
    id: 'notificationReads',
    listSystemId: 'notifications',
  },
  // the list keeps the generic resource's states and events (plus `unavailable`), which is all mark-read uses
  list: notificationsMachine as unknown as ResourceMachine<AppNotification[]>,
  entry: (id, read = false) => aNotification({ id, name: `Notice ${id}`, read }),
  failedCall: 'POST netb2b/notifications/4/read/',
  selectError: selectMarkReadError as Selected<typeof selectMarkReadError>,
  selectStatus: selectNotificationsStatus as Selected<typeof selectNotificationsStatus>,
  selectUnreadCount: selectUnreadNotificationCount as Selected<typeof selectUnreadNotificationCount>,
  noun: 'notification',
});
