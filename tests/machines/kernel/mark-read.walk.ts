import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  assign,
  createActor,
  setup,
} from 'xstate';
import type { MarkReadContext, Readable } from '../../../src/machines/kernel/mark-read.machine';
import { bindResource, type ResourceMachine } from '../../../src/machines/kernel/resource.machine';
import { ApiError } from '../../../src/services/api';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

/** One use of the shared mark-read chart (mark-read.machine.ts) and how its screen reads it. */
export interface MarkReadUse<TItem extends Readable> {
  /** the chart under this use's names (`notificationReadsMachine`, `announcementReadsMachine`) */
  machine: AnyStateMachine;
  names: { id: string; listSystemId: string };
  /** the generic resource that shows the list */
  list: ResourceMachine<TItem[]>;
  /** an entry of the list, read or not */
  entry: (id: number, read?: boolean) => TItem;
  /** the call that failed, as the error names it */
  failedCall: string;
  /** the selectors the screen reads */
  selectError: (snapshot: AnyMachineSnapshot) => unknown;
  selectStatus: (snapshot: AnyMachineSnapshot) => string;
  selectUnreadCount: (snapshot: AnyMachineSnapshot) => number;
  /** what the entries are called in test names: "notification", "announcement" */
  noun: string;
}

/**
 * The model-based walk of one use of the mark-read chart, with the two rules every use keeps: only an
 * unread entry of the shown list is queued, and nothing is queued while the list is not shown.
 */
export function walkMarkReadChart<TItem extends Readable>(use: MarkReadUse<TItem>) {
  const { names } = use;
  const serverError = new ApiError({ kind: 'http', call: use.failedCall, status: 500 }, 'HTTP 500');
  // a backend that keeps no read state for these entries (a capability beyond the specification)
  const missingCall = new ApiError({ kind: 'http', call: use.failedCall, status: 501 }, 'HTTP 501');

  // The list is the generic resource (resource.model.test.ts). The walk queues each click without asking
  // the list whether the entry is unread (the system under test runs the real check against a real
  // list, and clicks an unread entry each time); it walks up to two queued reads.
  const traversedMachine = use.machine.provide({
    actions: {
      queueRead: assign(({ context }: { context: MarkReadContext }, params: { id: number }) =>
        context.pendingReadIds.length < 2
          ? { pendingReadIds: [...context.pendingReadIds, params.id], markReadError: null }
          : {},
      ),
    },
  });
  const model = modelFor(traversedMachine, {
    events: (s) => [
      { type: 'reads.markRead', id: 0 },
      {
        type: 'xstate.done.actor.markRead',
        output: use.entry((s.context as MarkReadContext).pendingReadIds[0] ?? 0, true),
      },
      { type: 'xstate.error.actor.markRead', error: serverError },
      { type: 'xstate.error.actor.markRead', error: missingCall },
      { type: 'reads.cleared' },
    ],
    // the one guard reads how many reads wait (`hasQueuedReads`)
    serializeState: (s) => JSON.stringify([s.value, (s.context as MarkReadContext).pendingReadIds.length]),
  });
  const paths = pathsToWalk(names.id, traversedMachine, model.getShortestPaths());

  /** The list (bound to a fake load of ten unread entries) and mark-read, as the app runs them. */
  function createSut() {
    const markRead = controllableActor<TItem, { id: number }>();
    const reportError = vi.fn();
    const list = bindResource(use.list, async () =>
      Array.from({ length: 10 }, (_, index) => use.entry(index + 1)),
    );
    const reads = use.machine.provide({ actors: { markRead: markRead.logic }, actions: { reportError } });
    const system = setup({ actors: { list, reads } }).createMachine({
      invoke: [
        { id: 'list', systemId: names.listSystemId, src: 'list' },
        { id: 'reads', systemId: names.id, src: 'reads' },
      ],
    });
    const actor = createActor(system).start();
    const children = actor.getSnapshot().children as Record<string, AnyActorRef>;
    return {
      actor,
      list: children.list as AnyActorRef,
      reads: children.reads as AnyActorRef,
      markRead,
      reportError,
      nextId: 1,
      /** what the list must show read: clicked and not rolled back */
      read: new Set<number>(),
      /** the message the last refused marking leaves (until another click or a sign-out) */
      failure: null as { status: number } | null,
      /** refusals so far: each one is reported */
      refusals: 0,
    };
  }
  let sut: ReturnType<typeof createSut> | undefined;
  afterEach(() => sut?.actor.stop());

  const executors = {
    'reads.markRead': () => {
      const id = sut!.nextId++;
      // without read state a click changes nothing
      const kept = !(sut!.reads.getSnapshot() as AnyMachineSnapshot).matches('unavailable');
      sut!.reads.send({ type: 'reads.markRead', id });
      if (kept) sut!.read.add(id);
      if (kept) sut!.failure = null;
    },
    'xstate.done.actor.markRead': async () => {
      const call = sut!.markRead.next();
      call.resolve(use.entry(call.input.id, true));
      await settle();
    },
    'reads.cleared': () => {
      sut!.reads.send({ type: 'reads.cleared' });
      sut!.failure = null;
      // a call under way is abandoned (its actor stopped): the entry it marked stays read on screen
      sut!.markRead.calls.length = 0;
    },
    'xstate.error.actor.markRead': async (step: { event: { type: string } }) => {
      const { error } = step.event as unknown as { error: ApiError };
      const call = sut!.markRead.next();
      call.reject(error);
      sut!.read.delete(call.input.id);
      // a missing call: every entry still waiting its turn shows unread again as well
      if (error === missingCall) for (const id of pending()) sut!.read.delete(id);
      if (error === serverError) {
        sut!.failure = { status: 500 };
        sut!.refusals += 1;
      }
      await settle();
    },
  };
  assertExecutorsFor(paths, executors);

  /** What the screen sees: the list's read flags, one call at a time, the error (as the server answered). */
  const sameAsModel = (expected: AnyMachineSnapshot) => {
    const actual = sut!.reads.getSnapshot() as AnyMachineSnapshot;
    const expectedContext = expected.context as MarkReadContext;
    expect(actual.value).toEqual(expected.value);
    expect((actual.context as MarkReadContext).pendingReadIds).toHaveLength(
      expectedContext.pendingReadIds.length,
    );
    expect(use.selectError(actual)).toEqual(
      sut!.failure ? expect.objectContaining({ kind: 'http', ...sut!.failure }) : null,
    );
    const shown = sut!.list.getSnapshot() as AnyMachineSnapshot;
    expect(use.selectStatus(shown)).toBe('resolved');
    const entries = (shown.context as { value: TItem[] | null }).value ?? [];
    expect(entries.filter((entry) => entry.read).map((entry) => entry.id)).toEqual(
      [...sut!.read].sort((a, b) => a - b),
    );
    expect(use.selectUnreadCount(shown)).toBe(10 - sut!.read.size);
  };
  const pending = () => (sut!.reads.getSnapshot().context as MarkReadContext).pendingReadIds;

  describe(`${use.noun} reads machine (model-based)`, () => {
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
            expect(sut!.reportError).toHaveBeenCalledTimes(sut!.refusals);
          },
          marking: (s) => {
            sameAsModel(s);
            // exactly one call at a time: the oldest click's
            expect(sut!.markRead.calls.map((c) => c.input.id)).toEqual([pending()[0]]);
          },
          unavailable: (s) => {
            sameAsModel(s);
            // nothing is sent any more, and nothing waits
            expect(sut!.markRead.calls).toHaveLength(0);
            expect(pending()).toEqual([]);
          },
        },
      });
    });
  });

  describe(`${use.noun} reads (unit)`, () => {
    it(`ignores a click on a ${use.noun} that is read, pending, or not in the list`, async () => {
      sut = createSut();
      sut.list.send({ type: 'resource.load' });
      await settle();
      sut.reads.send({ type: 'reads.markRead', id: 4 });
      sut.reads.send({ type: 'reads.markRead', id: 4 });
      sut.reads.send({ type: 'reads.markRead', id: 99 });
      expect(pending()).toEqual([4]);
      sut.markRead.next().resolve(use.entry(4, true));
      await settle();
      sut.reads.send({ type: 'reads.markRead', id: 4 });
      expect(sut.reads.getSnapshot().value).toBe('idle');
      expect(sut.markRead.calls).toHaveLength(0);
    });

    it('ignores clicks while the list is not shown (not loaded yet)', () => {
      sut = createSut();
      sut.reads.send({ type: 'reads.markRead', id: 4 });
      expect(sut.reads.getSnapshot().value).toBe('idle');
      expect(sut.markRead.calls).toHaveLength(0);
    });
  });

  return { serverError };
}
