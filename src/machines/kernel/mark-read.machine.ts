import { type ActorRefFrom, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { PortalApi } from '../../services/api';
import { provideReporting } from './error-reporting';
import { type ErrorInfo, toErrorInfo } from './errorInfo';
import { notBound } from './not-bound';
import type { ResourceMachine } from './resource.machine';

/** What mark-read needs of an entry of the list: notifications and announcements both have it. */
export interface Readable {
  id: number;
  read: boolean;
}

export interface MarkReadContext {
  /** ids marked read on screen whose call has not finished, oldest (the running one) first */
  pendingReadIds: number[];
  /** why the last mark-read call failed (that entry is unread again) */
  markReadError: ErrorInfo | null;
}

/** The names one use of the chart goes by: its id and the list it patches. */
export interface MarkReadNames {
  /** machine id, also the systemId the app spawns it under */
  id: string;
  /** systemId of the generic resource that shows the list */
  listSystemId: string;
}

/**
 * The same two events for every use of the chart (each use is its own actor, found by its systemId):
 * names written in the chart, so Stately's parser and the diagrams show both transitions.
 * `reads.cleared` is the sign-out: the next user starts with no queued reads and no error.
 */
export type MarkReadEvent = { type: 'reads.markRead'; id: number } | { type: 'reads.cleared' };

/** What changes in one entry of the list: read or not, or the server's answer as a whole. */
type Patch<TItem extends Readable> = Pick<TItem, 'id'> & Partial<TItem>;

/** The list while it shows entries (resolved, reloading); undefined otherwise. */
function shownList<TItem extends Readable>(system: { get: (systemId: string) => unknown }, systemId: string) {
  const list = system.get(systemId) as ActorRefFrom<ResourceMachine<TItem[]>> | undefined;
  const snapshot = list?.getSnapshot();
  const shows = snapshot?.matches('resolved') || snapshot?.matches('reloading');
  return list && shows && snapshot?.context.value ? { list, value: snapshot.context.value } : undefined;
}

const patched = <TItem extends Readable>(list: TItem[], patch: Patch<TItem>) =>
  list.map((entry) => (entry.id === patch.id ? { ...entry, ...patch } : entry));

/**
 * Optimistic mark-read, one chart for the notifications and the announcements: an entry shows read
 * at once, one call at a time in click order; a failed call shows it unread again and says why. The
 * list itself is the generic resource (systemId `names.listSystemId`), patched by `resource.patched`.
 * Spawned with the cart area, cleared on sign-out.
 */
export function createMarkReadMachine<TItem extends Readable>(names: MarkReadNames) {
  /** The read being sent: `marking` is only entered while one is queued (guard `hasQueuedReads`). */
  function runningRead(context: MarkReadContext): number {
    const [id] = context.pendingReadIds;
    if (id === undefined) throw new Error(`${names.id}: marking without a queued read`);
    return id;
  }
  /** the entry whose call failed, shown unread again */
  const unreadAgain = ({ context }: { context: MarkReadContext }) => ({
    entry: { id: runningRead(context), read: false } as Patch<TItem>,
  });

  return setup({
    types: {
      context: {} as MarkReadContext,
      events: {} as MarkReadEvent,
    },
    actors: {
      /** no abort: once sent, the server's answer decides whether the entry stays read */
      markRead: notBound<TItem, { id: number }>(`${names.id}.markRead`),
    },
    guards: {
      hasQueuedReads: ({ context }) => context.pendingReadIds.length > 0,
      /** the backend keeps no read state (a capability it lacks): nothing to retry, report or send again */
      isMissingCall: (_, params: { error: unknown }) => toErrorInfo(params.error).missingCall === true,
    },
    actions: {
      /** an unread entry of the shown list: shown read now, sent when its turn comes */
      queueRead: enqueueActions(({ context, system, enqueue }, params: { id: number }) => {
        const shown = shownList<TItem>(system, names.listSystemId);
        if (!shown?.value.some((entry) => entry.id === params.id && !entry.read)) return;
        enqueue.assign({ pendingReadIds: [...context.pendingReadIds, params.id], markReadError: null });
        enqueue.sendTo(shown.list, {
          type: 'resource.patched',
          value: patched(shown.value, { id: params.id, read: true } as Patch<TItem>),
        });
      }),
      forgetReads: assign({ pendingReadIds: [], markReadError: null }),
      dequeueRead: assign(({ context }) => ({ pendingReadIds: context.pendingReadIds.slice(1) })),
      keepMarkReadError: assign((_, params: { error: unknown }) => ({
        markReadError: toErrorInfo(params.error),
      })),
      /** every entry shown read but not yet recorded is shown unread again: none of them can be kept */
      unreadPending: enqueueActions(({ context, system, enqueue }) => {
        const shown = shownList<TItem>(system, names.listSystemId);
        if (!shown) return;
        const pending = new Set(context.pendingReadIds);
        const value = shown.value.map((entry) => (pending.has(entry.id) ? { ...entry, read: false } : entry));
        enqueue.sendTo(shown.list, { type: 'resource.patched', value });
      }),
      patchList: enqueueActions(({ system, enqueue }, params: { entry: Patch<TItem> }) => {
        const shown = shownList<TItem>(system, names.listSystemId);
        if (!shown) return;
        enqueue.sendTo(shown.list, { type: 'resource.patched', value: patched(shown.value, params.entry) });
      }),
      /** spec point 8: failures are reported; a no-op here, bound by provideReporting (error-reporting.ts) */
      reportError: (_, _params: { error: unknown }) => undefined,
    },
  }).createMachine({
    id: names.id,
    context: { pendingReadIds: [], markReadError: null },
    on: {
      // a second click while one call runs: shown read at once, sent when its turn comes
      'reads.markRead': { actions: { type: 'queueRead', params: ({ event }) => ({ id: event.id }) } },
      'reads.cleared': { target: '.idle', actions: 'forgetReads' },
    },
    initial: 'idle',
    states: {
      idle: {
        description:
          'The list shows each entry read or unread as the server has it; nothing is being sent. If the last marking failed, a message says so (and the entry shows unread again) until another entry is marked or the user signs out.',
        always: { guard: 'hasQueuedReads', target: 'marking' },
      },
      marking: {
        description:
          'An entry the customer opened already shows as read (the unread count drops at once) while the server records it; entries opened meanwhile wait their turn. If the server refuses, the entry shows unread again with a message.',
        invoke: {
          id: 'markRead',
          src: 'markRead',
          input: ({ context }) => ({ id: runningRead(context) }),
          onDone: {
            target: 'idle',
            actions: ['dequeueRead', { type: 'patchList', params: ({ event }) => ({ entry: event.output }) }],
          },
          onError: [
            {
              guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
              target: 'unavailable',
              actions: ['unreadPending', 'forgetReads'],
            },
            {
              target: 'idle',
              actions: [
                { type: 'patchList', params: unreadAgain },
                'dequeueRead',
                { type: 'keepMarkReadError', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          ],
        },
      },
      unavailable: {
        description:
          'The backend keeps no read state for these entries (a capability beyond the specification): they show in full, without "Mark as read" or an unread count, and nothing is sent. A sign-out starts over.',
        // a click that still arrives is not shown read: it could never be kept
        on: { 'reads.markRead': {} },
      },
    },
  });
}

export type MarkReadMachine<TItem extends Readable> = ReturnType<typeof createMarkReadMachine<TItem>>;

/**
 * A use of the chart with its call and the error reporter bound (composition root). No abort signal:
 * once sent, the server's answer decides whether the entry stays read.
 */
export function bindMarkRead<TItem extends Readable>(
  machine: MarkReadMachine<TItem>,
  markRead: (id: number) => Promise<TItem>,
  reporting: Partial<Pick<PortalApi, 'reportError'>>,
): MarkReadMachine<TItem> {
  const bound = machine.provide({
    actors: { markRead: fromPromise<TItem, { id: number }>(({ input }) => markRead(input.id)) },
  });
  return provideReporting(bound, reporting);
}
