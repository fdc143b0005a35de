import { type ActorRefFrom, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { AppNotification } from '../domain/types';
import type { PortalApi } from '../services/api';
import { type ErrorInfo, toErrorInfo } from './errorInfo';
import type { ResourceEvent } from './resource.machine';
import type { sessionMachine } from './session.machine';
import { selectIsSignedIn } from './session.selectors';

export interface NotificationsContext {
  value: AppNotification[] | null;
  /** why the last load or reload failed */
  error: ErrorInfo | null;
  /** why the last mark-read call failed (that notification is unread again) */
  markReadError: ErrorInfo | null;
  /** ids marked read on screen whose call has not finished, oldest (the running one) first */
  pendingReadIds: number[];
  /** injected dependency; not data */
  api: PortalApi;
}

export type NotificationsEvent =
  | ResourceEvent
  | { type: 'notifications.markRead'; id: number }
  /** from the invoked session watcher: whether tokens are present now */
  | { type: 'notifications.sessionChanged'; signedIn: boolean }
  /** from the session watcher after a login (spec point 4: after loggedIn, refresh notifications) */
  | { type: 'notifications.refreshed' };

export interface NotificationsInput {
  api: PortalApi;
}

type SessionRef = ActorRefFrom<typeof sessionMachine>;

const withRead = (list: AppNotification[] | null, id: number, read: boolean) =>
  list?.map((notification) => (notification.id === id ? { ...notification, read } : notification)) ?? null;

/**
 * The signed-in user's notifications (systemId `notifications`): a lazy resource that only
 * exists while someone is signed in, plus optimistic mark-read. Same state names as
 * createResourceMachine inside `signedIn`, and the same `resource.*` events, so the app's
 * `catalogue.cleared` resets it like the other catalogue resources.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
    tags: {} as 'loading' | 'resolved',
  },
  actors: {
    load: fromPromise<AppNotification[], { api: PortalApi }>(({ input, signal }) =>
      input.api.notifications({ signal }),
    ),
    markRead: fromPromise<AppNotification, { api: PortalApi; id: number }>(({ input }) =>
      // no abort: once sent, the server's answer decides whether the notification stays read
      input.api.markNotificationRead(input.id),
    ),
    /** follows the app's `session` child; standalone (no session in the system) it reports nothing */
    watchSession: fromCallback<NotificationsEvent>(({ sendBack, system }) => {
      const session = system.get('session') as SessionRef | undefined;
      if (!session) return;
      let signedIn = selectIsSignedIn(session.getSnapshot());
      sendBack({ type: 'notifications.sessionChanged', signedIn });
      const snapshots = session.subscribe((snapshot) => {
        if (selectIsSignedIn(snapshot) === signedIn) return;
        signedIn = !signedIn;
        sendBack({ type: 'notifications.sessionChanged', signedIn });
      });
      const logins = session.on('session.signedIn', () => {
        signedIn = true;
        sendBack({ type: 'notifications.sessionChanged', signedIn });
        sendBack({ type: 'notifications.refreshed' });
      });
      return () => {
        snapshots.unsubscribe();
        logins.unsubscribe();
      };
    }),
  },
  guards: {
    isSignedInNow: (_, params: { signedIn: boolean }) => params.signedIn,
    isSignedOutNow: (_, params: { signedIn: boolean }) => !params.signedIn,
    isUnreadNotification: ({ context }, params: { id: number }) =>
      context.value?.some((notification) => notification.id === params.id && !notification.read) ?? false,
    hasMoreReadsQueued: ({ context }) => context.pendingReadIds.length > 1,
  },
  actions: {
    keepValue: assign((_, params: { value: AppNotification[] }) => ({ value: params.value, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetNotifications: assign({ value: null, error: null, markReadError: null, pendingReadIds: [] }),
    markReadOptimistically: assign(({ context }, params: { id: number }) => ({
      value: withRead(context.value, params.id, true),
      pendingReadIds: [...context.pendingReadIds, params.id],
      markReadError: null,
    })),
    keepReadAnswer: assign(({ context }, params: { notification: AppNotification }) => ({
      value: context.value?.map((n) => (n.id === params.notification.id ? params.notification : n)) ?? null,
      pendingReadIds: context.pendingReadIds.slice(1),
    })),
    rollBackRead: assign(({ context }, params: { error: unknown }) => ({
      value: withRead(context.value, context.pendingReadIds[0] ?? -1, false),
      pendingReadIds: context.pendingReadIds.slice(1),
      markReadError: toErrorInfo(params.error),
    })),
    /** spec point 8: most fetch failures are reported; a no-op here, bound by provideReporting (error-reporting.ts) */
    reportError: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({
    value: null,
    error: null,
    markReadError: null,
    pendingReadIds: [],
    api: input.api,
  }),
  invoke: { id: 'watchSession', src: 'watchSession' },
  initial: 'signedOut',
  states: {
    // Spec points 4 and 6: notifications need a signed-in user, so nothing loads here.
    signedOut: {
      entry: 'forgetNotifications',
      on: {
        'notifications.sessionChanged': {
          guard: { type: 'isSignedInNow', params: ({ event }) => ({ signedIn: event.signedIn }) },
          target: 'signedIn',
        },
      },
    },
    signedIn: {
      initial: 'new',
      on: {
        'notifications.sessionChanged': {
          guard: { type: 'isSignedOutNow', params: ({ event }) => ({ signedIn: event.signedIn }) },
          target: 'signedOut',
        },
        'resource.clear': { target: '.new', actions: 'forgetNotifications' },
      },
      states: {
        new: {
          on: { 'resource.load': 'loading', 'notifications.refreshed': 'loading' },
        },
        loading: {
          tags: 'loading',
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ api: context.api }),
            onDone: {
              target: 'resolved',
              actions: { type: 'keepValue', params: ({ event }) => ({ value: event.output }) },
            },
            onError: {
              target: 'rejected',
              actions: [
                { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        resolved: {
          tags: 'resolved',
          on: {
            'resource.reload': 'reloading',
            'notifications.refreshed': 'reloading',
            'notifications.markRead': {
              guard: { type: 'isUnreadNotification', params: ({ event }) => ({ id: event.id }) },
              target: 'marking',
              actions: { type: 'markReadOptimistically', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        marking: {
          tags: 'resolved',
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ api: context.api, id: context.pendingReadIds[0] ?? -1 }),
            onDone: [
              {
                guard: 'hasMoreReadsQueued',
                target: 'marking',
                reenter: true,
                actions: { type: 'keepReadAnswer', params: ({ event }) => ({ notification: event.output }) },
              },
              {
                target: 'resolved',
                actions: { type: 'keepReadAnswer', params: ({ event }) => ({ notification: event.output }) },
              },
            ],
            onError: [
              {
                guard: 'hasMoreReadsQueued',
                target: 'marking',
                reenter: true,
                actions: [
                  { type: 'rollBackRead', params: ({ event }) => ({ error: event.error }) },
                  { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                target: 'resolved',
                actions: [
                  { type: 'rollBackRead', params: ({ event }) => ({ error: event.error }) },
                  { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
          on: {
            // a second click while one call runs: shown read at once, sent when its turn comes
            'notifications.markRead': {
              guard: { type: 'isUnreadNotification', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'markReadOptimistically', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        reloading: {
          tags: 'loading',
          invoke: {
            id: 'reload',
            src: 'load',
            input: ({ context }) => ({ api: context.api }),
            onDone: {
              target: 'resolved',
              actions: { type: 'keepValue', params: ({ event }) => ({ value: event.output }) },
            },
            // the previous list stays, so the drawer can keep showing it next to the error
            onError: {
              target: 'rejected',
              actions: [
                { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        rejected: {
          on: {
            'resource.load': 'loading',
            'resource.reload': 'loading',
            'notifications.refreshed': 'loading',
          },
        },
      },
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
