import type { AppNotification } from '../../domain/types';
import { provideReporting } from '../kernel/error-reporting';
import type { Ports } from '../kernel/ports';
import { bindResource, createResourceMachine } from '../kernel/resource.machine';

/**
 * The signed-in user's notifications, newest first (systemId `notifications`): the generic lazy
 * resource (new → loading → resolved | rejected, reload, clear). The app invokes it only while
 * someone is signed in and asks it to load right after a login (spec point 4: after loggedIn,
 * refresh notifications); marking one read is `notification-reads.machine.ts`, which patches it.
 */
export const notificationsMachine = createResourceMachine<AppNotification[]>('notifications');

/** The list with its call and the error reporter bound (spec point 8: failed loads are reported). */
export const bindNotifications = ({ api }: Ports) =>
  provideReporting(
    bindResource(notificationsMachine, (signal) => api.notifications({ signal })),
    api,
  );
