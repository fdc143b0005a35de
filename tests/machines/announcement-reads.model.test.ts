import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, type AnyMachineSnapshot, assign, createActor, setup } from 'xstate';
import type { Announcement } from '../../src/domain/types';
import {
  type AnnouncementReadsContext,
  announcementReadsMachine,
  bindAnnouncementReads,
} from '../../src/machines/announcement-reads.machine';
import {
  selectAnnouncementMarkReadError,
  selectAnnouncements,
  selectAnnouncementsStatus,
  selectUnreadAnnouncementCount,
} from '../../src/machines/announcement-reads.selectors';
import { announcementsResource } from '../../src/machines/catalogue.resources';
import { bindResource } from '../../src/machines/resource.machine';
import { ApiError, type PortalApi } from '../../src/services/api';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { requireFullCoverage } from '../../src/test/coverage';
import { assertExecutorsFor, modelFor } from '../../src/test/modelFor';
import { testPorts } from '../../src/test/ports';

const announcement = (id: number, read = false): Announcement => ({
  id,
  name: `Announcement ${id}`,
  description: 'Text',
  type: id % 2 ? 'info' : 'warning',
  createdAt: '2026-11-20T08:00:00.000Z',
  read,
});
const serverError = new ApiError(
  { kind: 'http', call: 'POST baf/announcements/4/read/', status: 500 },
  'HTTP 500',
);

// The chart is the shared mark-read chart (mark-read.machine.ts) under the announcements' names; the list
// is the generic resource (resource.model.test.ts). The walk queues each click without asking the list
// whether the announcement is unread (the system under test runs the real check against a real list and
// clicks an unread one each time); it walks up to two queued reads.
const traversedMachine = announcementReadsMachine.provide({
  actions: {
    queueRead: assign(({ context }: { context: AnnouncementReadsContext }, params: { id: number }) =>
      context.pendingReadIds.length < 2
        ? { pendingReadIds: [...context.pendingReadIds, params.id], markReadError: null }
        : {},
    ),
  },
});
const model = modelFor(traversedMachine, {
  events: (s) => [
    { type: 'announcements.markRead', id: 0 },
    { type: 'xstate.done.actor.markRead', output: announcement(s.context.pendingReadIds[0] ?? 0, true) },
    { type: 'xstate.error.actor.markRead', error: serverError },
    { type: 'announcementReads.cleared' },
  ],
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.pendingReadIds.length, s.context.markReadError?.kind ?? null]),
});
const paths = model.getShortestPaths();
requireFullCoverage('announcementReads', traversedMachine, paths);

/** The list (bound to a fake load of ten unread announcements) and mark-read, as the app runs them. */
function createSut() {
  const markRead = controllableActor<Announcement, { id: number }>();
  const reportError = vi.fn();
  const list = bindResource(announcementsResource, async () =>
    Array.from({ length: 10 }, (_, index) => announcement(index + 1)),
  );
  const reads = announcementReadsMachine.provide({
    actors: { markRead: markRead.logic },
    actions: { reportError },
  });
  const system = setup({ actors: { list, reads } }).createMachine({
    invoke: [
      { id: 'announcements', systemId: 'announcements', src: 'list' },
      { id: 'announcementReads', systemId: 'announcementReads', src: 'reads' },
    ],
  });
  const actor = createActor(system).start();
  return {
    actor,
    list: actor.getSnapshot().children.announcements as ActorRefFrom<typeof list>,
    reads: actor.getSnapshot().children.announcementReads as ActorRefFrom<typeof reads>,
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
  'announcements.markRead': () => {
    const id = sut!.nextId++;
    sut!.reads.send({ type: 'announcements.markRead', id });
    sut!.read.add(id);
  },
  'xstate.done.actor.markRead': async () => {
    const call = sut!.markRead.next();
    call.resolve(announcement(call.input.id, true));
    await settle();
  },
  'announcementReads.cleared': () => {
    sut!.reads.send({ type: 'announcementReads.cleared' });
    // a call under way is abandoned (its actor stopped): the announcement it marked stays read on screen
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

/** What the home screen sees: the list's read flags, one call at a time, the error. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut!.reads.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.pendingReadIds).toHaveLength(expected.context.pendingReadIds.length);
  expect(selectAnnouncementMarkReadError(actual)).toEqual(expected.context.markReadError);
  const shown = sut!.list.getSnapshot();
  expect(selectAnnouncementsStatus(shown)).toBe('resolved');
  expect(
    selectAnnouncements(shown)
      .filter((a) => a.read)
      .map((a) => a.id),
  ).toEqual([...sut!.read].sort((a, b) => a - b));
  expect(selectUnreadAnnouncementCount(shown)).toBe(10 - sut!.read.size);
};

describe('announcement reads machine (model-based)', () => {
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

describe('announcement reads (unit)', () => {
  it('ignores a click on an announcement that is read, pending, or not in the list', async () => {
    sut = createSut();
    sut.list.send({ type: 'resource.load' });
    await settle();
    sut.reads.send({ type: 'announcements.markRead', id: 4 });
    sut.reads.send({ type: 'announcements.markRead', id: 4 });
    sut.reads.send({ type: 'announcements.markRead', id: 99 });
    expect(sut.reads.getSnapshot().context.pendingReadIds).toEqual([4]);
    sut.markRead.next().resolve(announcement(4, true));
    await settle();
    sut.reads.send({ type: 'announcements.markRead', id: 4 });
    expect(sut.reads.getSnapshot().value).toBe('idle');
    expect(sut.markRead.calls).toHaveLength(0);
  });

  it('ignores clicks while the list is not shown (not loaded yet)', () => {
    sut = createSut();
    sut.reads.send({ type: 'announcements.markRead', id: 4 });
    expect(sut.reads.getSnapshot().value).toBe('idle');
    expect(sut.markRead.calls).toHaveLength(0);
  });

  it('is bound to POST baf/announcements/{id}/read/ and reports a failure', async () => {
    const markAnnouncementRead = vi.fn(async () => Promise.reject(serverError));
    const reportError = vi.fn(async () => undefined);
    const list = bindResource(announcementsResource, async () => [announcement(4)]);
    const reads = bindAnnouncementReads(
      testPorts({ markAnnouncementRead, reportError } as Partial<PortalApi>),
    );
    const system = setup({ actors: { list, reads } }).createMachine({
      invoke: [
        { id: 'announcements', systemId: 'announcements', src: 'list' },
        { id: 'announcementReads', systemId: 'announcementReads', src: 'reads' },
      ],
    });
    const actor = createActor(system).start();
    const listRef = actor.getSnapshot().children.announcements!;
    listRef.send({ type: 'resource.load' });
    await settle();
    actor.getSnapshot().children.announcementReads!.send({ type: 'announcements.markRead', id: 4 });
    await vi.waitFor(() => expect(reportError).toHaveBeenCalled());
    expect(markAnnouncementRead).toHaveBeenCalledWith(4);
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'announcementReads', status: 500 }),
    );
    expect(selectAnnouncements(listRef.getSnapshot())[0]?.read).toBe(false);
    actor.stop();
  });
});
