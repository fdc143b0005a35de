import { type ActorRefFrom, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { AppNotification } from '../domain/types';
import { provideReporting } from './error-reporting';
import { type ErrorInfo, toErrorInfo } from './errorInfo';
import { notBound } from './not-bound';
import type { NotificationsMachine } from './notifications.machine';
import type { Ports } from './ports';

export interface NotificationReadsContext {
  /** ids marked read on screen whose call has not finished, oldest (the running one) first */
  pendingReadIds: number[];
  /** why the last mark-read call failed (that notification is unread again) */
  markReadError: ErrorInfo | null;
}

export type NotificationReadsEvent =
  | { type: 'notifications.markRead'; id: number }
  /** sign-out: the next user starts with no queued reads and no error (the app sends it) */
  | { type: 'notificationReads.cleared' };

/** What changes in one notification of the list: read or not, or the server's answer as a whole. */
type NotificationPatch = Pick<AppNotification, 'id'> & Partial<AppNotification>;

type NotificationsRef = ActorRefFrom<NotificationsMachine>;

/** The list (systemId `notifications`) while it shows notifications (resolved, reloading); undefined otherwise. */
function shownList(system: { get: (systemId: string) => unknown }) {
  const list = system.get('notifications') as NotificationsRef | undefined;
  const snapshot = list?.getSnapshot();
  const shows = snapshot?.matches('resolved') || snapshot?.matches('reloading');
  return list && shows && snapshot?.context.value ? { list, value: snapshot.context.value } : undefined;
}

const patched = (list: AppNotification[], patch: NotificationPatch) =>
  list.map((notification) => (notification.id === patch.id ? { ...notification, ...patch } : notification));

/** The read being sent: `marking` is only entered while one is queued (guard `hasQueuedReads`). */
function runningRead(context: NotificationReadsContext): number {
  const [id] = context.pendingReadIds;
  if (id === undefined) throw new Error('notificationReads: marking without a queued read');
  return id;
}

/**
 * Optimistic mark-read (systemId `notificationReads`, spawned with the cart area; cleared on sign-out):
 * a notification shows read at once, one call at a time in click order; a failed call shows it
 * unread again and says why. The list itself is the generic resource, patched by `resource.patched`.
 */
export const notificationReadsMachine = setup({
  types: {
    context: {} as NotificationReadsContext,
    events: {} as NotificationReadsEvent,
  },
  actors: {
    /** no abort: once sent, the server's answer decides whether the notification stays read */
    markRead: notBound<AppNotification, { id: number }>('notificationReads.markRead'),
  },
  guards: {
    hasQueuedReads: ({ context }) => context.pendingReadIds.length > 0,
  },
  actions: {
    /** an unread notification of the shown list: shown read now, sent when its turn comes */
    queueRead: enqueueActions(({ context, system, enqueue }, params: { id: number }) => {
      const shown = shownList(system);
      if (!shown?.value.some((notification) => notification.id === params.id && !notification.read)) return;
      enqueue.assign({ pendingReadIds: [...context.pendingReadIds, params.id], markReadError: null });
      enqueue.sendTo(shown.list, {
        type: 'resource.patched',
        value: patched(shown.value, { id: params.id, read: true }),
      });
    }),
    forgetReads: assign({ pendingReadIds: [], markReadError: null }),
    dequeueRead: assign(({ context }) => ({ pendingReadIds: context.pendingReadIds.slice(1) })),
    keepMarkReadError: assign((_, params: { error: unknown }) => ({
      markReadError: toErrorInfo(params.error),
    })),
    patchList: enqueueActions(({ system, enqueue }, params: { notification: NotificationPatch }) => {
      const shown = shownList(system);
      if (!shown) return;
      enqueue.sendTo(shown.list, {
        type: 'resource.patched',
        value: patched(shown.value, params.notification),
      });
    }),
    /** spec point 8: failures are reported; a no-op here, bound by provideReporting (error-reporting.ts) */
    reportError: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'notificationReads',
  context: { pendingReadIds: [], markReadError: null },
  on: {
    // a second click while one call runs: shown read at once, sent when its turn comes
    'notifications.markRead': { actions: { type: 'queueRead', params: ({ event }) => ({ id: event.id }) } },
    'notificationReads.cleared': { target: '.idle', actions: 'forgetReads' },
  },
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasQueuedReads', target: 'marking' },
    },
    marking: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ id: runningRead(context) }),
        onDone: {
          target: 'idle',
          actions: [
            'dequeueRead',
            { type: 'patchList', params: ({ event }) => ({ notification: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'patchList',
              params: ({ context }) => ({ notification: { id: runningRead(context), read: false } }),
            },
            'dequeueRead',
            { type: 'keepMarkReadError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

/** Mark-read with its call and the error reporter bound (composition root). */
export const bindNotificationReads = ({ api }: Ports) =>
  provideReporting(
    notificationReadsMachine.provide({
      actors: {
        markRead: fromPromise<AppNotification, { id: number }>(({ input }) =>
          api.markNotificationRead(input.id),
        ),
      },
    }),
    api,
  );
