import type { AppNotification } from '../../domain/types';
import type { Ports } from '../kernel/ports';
import { bindResource, createResourceMachine } from '../kernel/resource.machine';

/**
 * The signed-in user's notifications, newest first (systemId `notifications`): the generic lazy
 * resource (new → loading → resolved | rejected, reload, clear), spawned with the ordering part once
 * someone is signed in and asked to load at once (spec point 4: after loggedIn, refresh notifications).
 * A backend without notifications (capability `notifications`) leaves it `unavailable`: no bell, no
 * banner. Marking one read is `notification-reads.machine.ts`, which patches it.
 */
export const notificationsMachine = createResourceMachine<AppNotification[]>('notifications');

/** The list with its call and the error reporter bound (spec point 8: failed loads are reported once). */
export const bindNotifications = ({ api }: Ports) =>
  bindResource(notificationsMachine, (signal) => api.notifications({ signal }), api);
