import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, type AnyMachineSnapshot, assign, createActor, setup } from 'xstate';
import type { AppNotification } from '../../src/domain/types';
import {
  type NotificationReadsContext,
  notificationReadsMachine,
} from '../../src/machines/notification-reads.machine';
import { notificationsMachine } from '../../src/machines/notifications.machine';
import {
  selectMarkReadError,
  selectNotificationsStatus,
  selectUnreadNotificationCount,
} from '../../src/machines/notifications.selectors';
import { bindResource } from '../../src/machines/resource.machine';
import { ApiError } from '../../src/services/api';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { requireFullCoverage } from '../../src/test/coverage';
import { assertExecutorsFor, modelFor } from '../../src/test/modelFor';

const notification = (id: number, read = false): AppNotification => ({
  id,
  name: `Notice ${id}`,
  description: 'Text',
  createdAt: '2026-11-20T08:00:00.000Z',
  read,
});
const serverError = new ApiError(
  { kind: 'http', call: 'POST netb2b/notifications/4/read/', status: 500 },
  'HTTP 500',
);

// The list is the generic resource (resource.model.test.ts). The walk queues each click without asking
// the list whether the notification is unread (the system under test runs the real check against a
// real list, and clicks a notification that is unread each time); it walks up to two queued reads.
const traversedMachine = notificationReadsMachine.provide({
  actions: {
    queueRead: assign(({ context }: { context: NotificationReadsContext }, params: { id: number }) =>
      context.pendingReadIds.length < 2
        ? { pendingReadIds: [...context.pendingReadIds, params.id], markReadError: null }
        : {},
    ),
  },
});
const model = modelFor(traversedMachine, {
  events: (s) => [
    { type: 'notifications.markRead', id: 0 },
    { type: 'xstate.done.actor.markRead', output: notification(s.context.pendingReadIds[0] ?? 0, true) },
    { type: 'xstate.error.actor.markRead', error: serverError },
    { type: 'notificationReads.cleared' },
  ],
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.pendingReadIds.length, s.context.markReadError?.kind ?? null]),
});
const paths = model.getShortestPaths();
requireFullCoverage('notificationReads', traversedMachine, paths);

/** The list (bound to a fake load of ten unread notifications) and mark-read, as the app runs them. */
function createSut() {
  const markRead = controllableActor<AppNotification, { id: number }>();
  const reportError = vi.fn();
  const list = bindResource(notificationsMachine, async () =>
    Array.from({ length: 10 }, (_, index) => notification(index + 1)),
  );
  const reads = notificationReadsMachine.provide({
    actors: { markRead: markRead.logic },
    actions: { reportError },
  });
  const system = setup({ actors: { list, reads } }).createMachine({
    invoke: [
      { id: 'notifications', systemId: 'notifications', src: 'list' },
      { id: 'notificationReads', systemId: 'notificationReads', src: 'reads' },
    ],
  });
  const actor = createActor(system).start();
  return {
    actor,
    list: actor.getSnapshot().children.notifications as ActorRefFrom<typeof list>,
    reads: actor.getSnapshot().children.notificationReads as ActorRefFrom<typeof reads>,
    markRead,
    reportError,
    nextId: 1,
    /** what the list must show read: clicked and not rolled back */
    read: new Set<number>(),
  };
}
let sut: ReturnType<typeof createSut> | undefined;
afterEach(() => sut?.actor.stop());

const executors = {
  'notifications.markRead': () => {
    const id = sut!.nextId++;
    sut!.reads.send({ type: 'notifications.markRead', id });
    sut!.read.add(id);
  },
  'xstate.done.actor.markRead': async () => {
    const call = sut!.markRead.next();
    call.resolve(notification(call.input.id, true));
    await settle();
  },
  'notificationReads.cleared': () => {
    sut!.reads.send({ type: 'notificationReads.cleared' });
    // a call under way is abandoned (its actor stopped): the notification it marked stays read on screen
    sut!.markRead.calls.length = 0;
  },
  'xstate.error.actor.markRead': async () => {
    const call = sut!.markRead.next();
    call.reject(serverError);
    sut!.read.delete(call.input.id);
    await settle();
  },
};
assertExecutorsFor(paths, executors);

/** What the bell and the drawer see: the list's read flags, one call at a time, the error. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut!.reads.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.pendingReadIds).toHaveLength(expected.context.pendingReadIds.length);
  expect(selectMarkReadError(actual)).toEqual(expected.context.markReadError);
  const shown = sut!.list.getSnapshot();
  expect(selectNotificationsStatus(shown)).toBe('resolved');
  expect(shown.context.value?.filter((n) => n.read).map((n) => n.id)).toEqual(
    [...sut!.read].sort((a, b) => a - b),
  );
  expect(selectUnreadNotificationCount(shown)).toBe(10 - sut!.read.size);
};

describe('notification reads machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    sut.list.send({ type: 'resource.load' });
    await settle();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          expect(sut!.markRead.calls).toHaveLength(0);
          if (s.context.markReadError) expect(sut!.reportError).toHaveBeenCalled();
        },
        marking: (s) => {
          sameAsModel(s);
          // exactly one call at a time: the oldest click's
          expect(sut!.markRead.calls.map((c) => c.input.id)).toEqual([
            sut!.reads.getSnapshot().context.pendingReadIds[0],
          ]);
        },
      },
    });
  });
});

describe('notification reads (unit)', () => {
  it('ignores a click on a notification that is read, pending, or not in the list', async () => {
    sut = createSut();
    sut.list.send({ type: 'resource.load' });
    await settle();
    sut.reads.send({ type: 'notifications.markRead', id: 4 });
    sut.reads.send({ type: 'notifications.markRead', id: 4 });
    sut.reads.send({ type: 'notifications.markRead', id: 99 });
    expect(sut.reads.getSnapshot().context.pendingReadIds).toEqual([4]);
    sut.markRead.next().resolve(notification(4, true));
    await settle();
    sut.reads.send({ type: 'notifications.markRead', id: 4 });
    expect(sut.reads.getSnapshot().value).toBe('idle');
    expect(sut.markRead.calls).toHaveLength(0);
  });

  it('ignores clicks while the list is not shown (not loaded yet)', () => {
    sut = createSut();
    sut.reads.send({ type: 'notifications.markRead', id: 4 });
    expect(sut.reads.getSnapshot().value).toBe('idle');
    expect(sut.markRead.calls).toHaveLength(0);
  });
});
