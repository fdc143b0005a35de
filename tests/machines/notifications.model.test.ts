import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromCallback } from 'xstate';
import type { AppNotification } from '../../src/domain/types';
import { notificationsMachine } from '../../src/machines/notifications.machine';
import {
  selectNotificationsStatus,
  selectUnreadNotificationCount,
} from '../../src/machines/notifications.selectors';
import { ApiError, type PortalApi } from '../../src/services/api';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { requireFullCoverage } from '../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../src/test/modelFor';

const api = {} as PortalApi;
const notification = (id: number, read = false): AppNotification => ({
  id,
  name: `Notice ${id}`,
  description: 'Text',
  createdAt: '2026-11-20T08:00:00.000Z',
  read,
});
const list = [notification(4), notification(5)];
const serverError = new ApiError(
  { kind: 'http', call: 'GET netb2b/notifications/', status: 500 },
  'HTTP 500',
);

// The session watcher is replaced: the paths send its events themselves.
const testMachine = notificationsMachine.provide({
  actors: { watchSession: fromCallback(() => undefined) },
  actions: { reportError: () => undefined },
});

const model = modelFor(testMachine, {
  input: { api },
  events: (s) => [
    { type: 'notifications.sessionChanged', signedIn: true },
    { type: 'notifications.sessionChanged', signedIn: false },
    { type: 'notifications.markRead', id: 4 },
    { type: 'notifications.markRead', id: 5 },
    { type: 'xstate.done.actor.load', output: list },
    { type: 'xstate.error.actor.load', error: serverError },
    { type: 'xstate.done.actor.reload', output: list },
    { type: 'xstate.error.actor.reload', error: serverError },
    // the server answers with the notification whose call is running
    {
      type: 'xstate.done.actor.markRead',
      output: notification(s.context.pendingReadIds[0] ?? 0, true),
    },
    { type: 'xstate.error.actor.markRead', error: serverError },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.value,
      s.context.pendingReadIds,
      s.context.error?.kind ?? null,
      s.context.markReadError?.kind ?? null,
    ]),
});
const paths = model.getShortestPaths();
requireFullCoverage('notifications', testMachine, paths);

function createSut() {
  const load = controllableActor<AppNotification[], { api: PortalApi }>();
  const markRead = controllableActor<AppNotification, { api: PortalApi; id: number }>();
  const actor = createActor(testMachine.provide({ actors: { load: load.logic, markRead: markRead.logic } }), {
    input: { api },
  }).start();
  return { actor, load, markRead };
}
let sut: ReturnType<typeof createSut> | undefined;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut!.actor.send(step.event as never);
const settleWith =
  (which: 'load' | 'markRead', outcome: 'resolve' | 'reject') =>
  async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const call = sut![which].next();
    if (outcome === 'resolve') call.resolve(event.output as never);
    else call.reject(event.error);
    await settle();
  };
const executors = {
  'notifications.sessionChanged': send,
  'notifications.markRead': send,
  'notifications.refreshed': send,
  'resource.load': send,
  'resource.reload': send,
  'resource.clear': send,
  'xstate.done.actor.load': settleWith('load', 'resolve'),
  'xstate.error.actor.load': settleWith('load', 'reject'),
  'xstate.done.actor.reload': settleWith('load', 'resolve'),
  'xstate.error.actor.reload': settleWith('load', 'reject'),
  'xstate.done.actor.markRead': settleWith('markRead', 'resolve'),
  'xstate.error.actor.markRead': settleWith('markRead', 'reject'),
};
assertExecutorsFor(paths, executors);

/** What the bell and the drawer see: state, list (with read flags), errors and the badge. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut!.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.value).toEqual(expected.context.value);
  expect(actual.context.pendingReadIds).toEqual(expected.context.pendingReadIds);
  expect(actual.context.error).toEqual(expected.context.error);
  expect(actual.context.markReadError).toEqual(expected.context.markReadError);
  expect(selectUnreadNotificationCount(actual)).toBe(
    (expected.context.value as AppNotification[] | null)?.filter((n) => !n.read).length ?? 0,
  );
};

describe('notifications machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        signedOut: (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.value).toBeNull();
          expect(selectNotificationsStatus(sut!.actor.getSnapshot())).toBe('signedOut');
          // nothing runs for nobody: a load started before the sign-out was cancelled
          expect(sut!.load.calls.every((call) => call.signal.aborted)).toBe(true);
        },
        'signedIn.new': (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.value).toBeNull();
        },
        'signedIn.loading': (s) => {
          sameAsModel(s);
          expect(sut!.load.calls).toHaveLength(1);
          expect(sut!.actor.getSnapshot().hasTag('loading')).toBe(true);
        },
        'signedIn.resolved': (s) => {
          sameAsModel(s);
          expect(sut!.markRead.calls).toHaveLength(0);
        },
        'signedIn.marking': (s) => {
          sameAsModel(s);
          // exactly one call at a time: the oldest click's
          expect(sut!.markRead.calls.map((c) => c.input.id)).toEqual([s.context.pendingReadIds[0]]);
          expect(selectNotificationsStatus(sut!.actor.getSnapshot())).toBe('resolved');
        },
        'signedIn.reloading': (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.value).not.toBeNull();
          expect(sut!.load.calls).toHaveLength(1);
        },
        'signedIn.rejected': (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.error).toMatchObject({ kind: 'http', status: 500 });
        },
      },
    });
  });
});
