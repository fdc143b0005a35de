import type { AppNotification } from '../../domain/types';
import { bindMarkRead, createMarkReadMachine } from '../kernel/mark-read.machine';
import type { Ports } from '../kernel/ports';

/**
 * Optimistic mark-read of the notifications (systemId `notificationReads`, spawned with the cart area;
 * cleared on sign-out): the shared mark-read chart (mark-read.machine.ts), patching the list
 * (systemId `notifications`, the generic resource). The announcements use the same chart.
 */
export const notificationReadsMachine = createMarkReadMachine<AppNotification>({
  id: 'notificationReads',
  listSystemId: 'notifications',
});

/** Mark-read with its call and the error reporter bound (composition root). */
export const bindNotificationReads = ({ api }: Ports) =>
  bindMarkRead(notificationReadsMachine, (id) => api.markNotificationRead(id), api);
