import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromCallback, initialTransition } from 'xstate';
import {
  applyPortalMessage,
  type ChannelInput,
  LIVE_EVENT_LOG_SIZE,
  type LiveInspectionEvent,
  type LiveTab,
  liveInspectionMachine,
  markQuietTabs,
} from '../../../src/machines/studio/live-inspection.machine';
import {
  actorTreeOf,
  eventsNewestFirst,
  selectFollowedTab,
  selectFollowedTabGone,
  selectIsWaiting,
  shownActorOf,
  statePaths,
  watchedActorsOf,
} from '../../../src/machines/studio/live-inspection.selectors';
import type { LiveActorInfo, PortalMessage } from '../../../src/services/inspection/messages';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

const SELF = 'studio';
const app: LiveActorInfo = {
  id: 'x:0',
  name: 'x:0',
  machine: 'app',
  value: { cartArea: 'running' },
  status: 'active',
};
const session: LiveActorInfo = {
  id: 'x:1',
  parent: 'x:0',
  systemId: 'session',
  name: 'session',
  machine: 'session',
  value: { resolved: 'active' },
  status: 'active',
};
const heardFromA: ModelEvent = {
  type: 'live.heard',
  message: { type: 'portal.actors', tab: 'A', actors: [app, session] },
  at: 1000,
};
const eventFromA: ModelEvent = {
  type: 'live.heard',
  message: { type: 'portal.event', tab: 'A', event: { type: 'session.login', target: 'x:1', at: 1499 } },
  at: 1500,
};
const heardFromB: ModelEvent = {
  type: 'live.heard',
  message: { type: 'portal.actors', tab: 'B', actors: [] },
  at: 3000,
};
const heardFromSelf: ModelEvent = {
  type: 'live.heard',
  message: { type: 'portal.actors', tab: SELF, actors: [app] },
  at: 1000,
};

/** What the guards read: the followed tab, and of every tab whether it is gone and when it was last heard. */
const keyOf = (s: AnyMachineSnapshot) => [
  s.value,
  s.context.followed,
  s.context.tabs.map((tab: LiveTab) => [tab.id, tab.gone, tab.lastSeen]),
];

const model = modelFor(liveInspectionMachine, {
  input: { self: SELF },
  events: [
    heardFromA,
    eventFromA,
    heardFromB,
    heardFromSelf,
    // A (last heard at 1000) misses it, B (3000) answered
    { type: 'live.heartbeat', since: 2000 },
    { type: 'live.tabChosen', tab: 'A' },
    { type: 'live.tabChosen', tab: 'B' },
    { type: 'live.tabChosen', tab: 'C' },
    { type: 'live.actorChosen', actor: 'x:1' },
  ],
  serializeState: (s) => JSON.stringify(keyOf(s)),
});
// Choosing an actor and clearing the log change nothing a guard reads: shortest paths never take them.
// (`getPathsFromEvents` takes neither the model's input nor its key: both are given here, or its
// traversal tells every event log apart.)
const fromStart = {
  fromState: initialTransition(liveInspectionMachine, { self: SELF })[0],
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify(keyOf(s)),
};
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([heardFromA, { type: 'live.actorChosen', actor: 'x:1' }], fromStart),
  ...model.getPathsFromEvents([heardFromA, eventFromA, { type: 'live.logCleared' }], fromStart),
];
const walked = pathsToWalk('liveInspection', liveInspectionMachine, paths);

function createSut() {
  const channel: { sendBack?: (event: LiveInspectionEvent) => void; input?: ChannelInput; stopped: boolean } =
    {
      stopped: false,
    };
  const actor = createActor(
    liveInspectionMachine.provide({
      actors: {
        channel: fromCallback<LiveInspectionEvent, ChannelInput>(({ sendBack, input }) => {
          channel.sendBack = sendBack;
          channel.input = input;
          return () => {
            channel.stopped = true;
          };
        }),
      },
    }),
    { input: { self: SELF } },
  ).start();
  return {
    actor,
    channel,
    /** the actors each tab last listed (a tab first heard of by an event lists none yet) */
    actorsHeard: {} as Record<string, LiveActorInfo[]>,
    /** events to a listed actor heard from each tab since its log was last cleared: what its log lists */
    eventsHeard: {} as Record<string, number>,
  };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const fromChannel = (step: { event: { type: string } }) => {
  const { message } = step.event as { message?: PortalMessage };
  if (message?.type === 'portal.actors' && message.tab !== SELF)
    sut.actorsHeard[message.tab] = message.actors;
  if (
    message?.type === 'portal.event' &&
    sut.actorsHeard[message.tab]?.some((actor) => actor.id === message.event.target)
  )
    sut.eventsHeard[message.tab] = (sut.eventsHeard[message.tab] ?? 0) + 1;
  expect(sut.channel.sendBack).toBeDefined();
  sut.channel.sendBack!(step.event as LiveInspectionEvent);
  // a tab forgotten (gone for two heartbeats, not followed) starts over when it is heard again
  const listed = sut.actor.getSnapshot().context.tabs.map((tab) => tab.id);
  for (const tab of Object.keys(sut.actorsHeard))
    if (!listed.includes(tab)) {
      delete sut.actorsHeard[tab];
      delete sut.eventsHeard[tab];
    }
};
const send = (step: { event: { type: string } }) => sut.actor.send(step.event as LiveInspectionEvent);
const executors = {
  'live.heard': fromChannel,
  'live.heartbeat': fromChannel,
  'live.tabChosen': send,
  'live.actorChosen': send,
  'live.logCleared': (step: { event: { type: string } }) => {
    const followed = selectFollowedTab(sut.actor.getSnapshot());
    expect(followed).not.toBeNull();
    sut.eventsHeard[followed!.id] = 0;
    send(step);
  },
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(keyOf(actual)).toEqual(keyOf(expected));
  expect(sut.channel.input).toEqual({ studio: SELF });
};

describe('live inspection machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        waiting: (s) => {
          sameAsModel(s);
          expect(selectIsWaiting(sut.actor.getSnapshot())).toBe(true);
          expect(selectFollowedTab(sut.actor.getSnapshot())).toBeNull();
          // the studio's own tab is never listed
          expect(sut.actor.getSnapshot().context.tabs).toEqual([]);
        },
        'following.connected': (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectIsWaiting(snapshot)).toBe(false);
          expect(selectFollowedTabGone(snapshot)).toBe(false);
          expect(selectFollowedTab(snapshot)?.gone).toBe(false);
          expect(snapshot.context.tabs.map((tab) => tab.id)).not.toContain(SELF);
          // its log lists what it sent since the log was last cleared
          const followed = selectFollowedTab(snapshot)!;
          expect(followed.events).toHaveLength(sut.eventsHeard[followed.id] ?? 0);
        },
        'following.quiet': (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectFollowedTabGone(snapshot)).toBe(true);
          expect(selectFollowedTab(snapshot)?.gone).toBe(true);
          // its last states are kept
          const followed = selectFollowedTab(snapshot);
          expect(followed).not.toBeNull();
          expect(Object.values(followed!.actors).map((actor) => actor.value)).toEqual(
            (sut.actorsHeard[followed!.id] ?? []).map((actor) => actor.value),
          );
        },
      },
    });
    sut.actor.stop();
    expect(sut.channel.stopped).toBe(true);
  });
});

describe('what portal messages change', () => {
  const actorsOfA = heardFromA.message as PortalMessage;

  it('keeps the last 50 events of a tab, dropping the oldest', () => {
    let tabs = applyPortalMessage([], actorsOfA, 1);
    for (let n = 1; n <= LIVE_EVENT_LOG_SIZE + 5; n++)
      tabs = applyPortalMessage(
        tabs,
        { type: 'portal.event', tab: 'A', event: { type: `e${n}`, target: 'x:1', at: n } },
        n,
      );
    expect(tabs[0]?.events).toHaveLength(LIVE_EVENT_LOG_SIZE);
    expect(tabs[0]?.events[0]?.type).toBe('e6');
    // what the app's root (or a resource, a promise) receives is left out
    const toApp = applyPortalMessage(
      tabs,
      { type: 'portal.event', tab: 'A', event: { type: 'resource.load', target: 'x:0', at: 99 } },
      99,
    );
    expect(toApp[0]?.events).toEqual(tabs[0]?.events);
    // a promise invoked by a machine's name (the search box's `search`) is not that machine
    const promise: LiveActorInfo = {
      id: 'x:3',
      parent: 'x:2',
      name: 'search',
      machine: 'search',
      status: 'active',
    };
    const withPromise = applyPortalMessage(toApp, { type: 'portal.actor', tab: 'A', actor: promise }, 100);
    const toPromise = applyPortalMessage(
      withPromise,
      { type: 'portal.event', tab: 'A', event: { type: 'xstate.promise.resolve', target: 'x:3', at: 101 } },
      101,
    );
    expect(toPromise[0]?.events).toEqual(tabs[0]?.events);
    expect(watchedActorsOf(toPromise[0] ?? null).map((actor) => actor.machine)).toEqual(['session']);
    expect(eventsNewestFirst(tabs[0] ?? null)[0]).toEqual({
      type: `e${LIVE_EVENT_LOG_SIZE + 5}`,
      source: null,
      target: 'x:1',
      actor: 'session',
      at: LIVE_EVENT_LOG_SIZE + 5,
      seq: LIVE_EVENT_LOG_SIZE + 5,
    });
  });

  it('adds a started actor, moves a changed one and drops one that ended', () => {
    const line: LiveActorInfo = {
      id: 'x:9',
      parent: 'x:5',
      name: 'line.42',
      machine: 'cartLine',
      value: { editable: { save: 'idle', unitUndo: 'hidden' } },
      status: 'active',
    };
    const cart: LiveActorInfo = {
      id: 'x:5',
      parent: 'x:0',
      systemId: 'cart',
      name: 'cart',
      machine: 'cart',
      value: 'resolved',
      status: 'active',
    };
    let tabs = applyPortalMessage([], actorsOfA, 1);
    tabs = applyPortalMessage(tabs, { type: 'portal.actor', tab: 'A', actor: cart }, 2);
    tabs = applyPortalMessage(tabs, { type: 'portal.actor', tab: 'A', actor: line }, 3);
    const tab = tabs[0] ?? null;
    expect(watchedActorsOf(tab).map((actor) => [actor.machine, actor.product, actor.paths])).toEqual([
      ['session', null, ['resolved.active']],
      ['cart', null, ['resolved']],
      ['cartLine', '42', ['editable.save.idle', 'editable.unitUndo.hidden']],
    ]);
    expect(
      actorTreeOf(tab).map((node) => [node.actor.machine, node.children.map((c) => c.actor.name)]),
    ).toEqual([['app', ['session', 'cart']]]);
    expect(shownActorOf(tab, null)?.name).toBe('session');
    expect(shownActorOf(tab, 'x:9')?.name).toBe('line.42');
    tabs = applyPortalMessage(
      tabs,
      { type: 'portal.actor', tab: 'A', actor: { ...line, status: 'stopped' } },
      4,
    );
    expect(Object.keys(tabs[0]?.actors ?? {})).toEqual(['x:0', 'x:1', 'x:5']);
    // a chosen actor that ended: the first named one is shown
    expect(shownActorOf(tabs[0] ?? null, 'x:9')?.name).toBe('session');
  });

  it('marks a tab that missed a hello gone, and forgets it a heartbeat later unless followed', () => {
    const tabs = applyPortalMessage([], actorsOfA, 1000);
    const once = markQuietTabs(tabs, 2000, null);
    expect(once[0]?.gone).toBe(true);
    expect(markQuietTabs(once, 4000, null)).toEqual([]);
    expect(markQuietTabs(once, 4000, 'A')).toEqual(once);
    expect(markQuietTabs(tabs, 500, null)).toEqual(tabs);
  });

  it('writes state values as paths', () => {
    expect(statePaths('idle')).toEqual(['idle']);
    expect(statePaths({ resolved: 'active' })).toEqual(['resolved.active']);
    expect(statePaths({ a: {} })).toEqual(['a']);
    expect(statePaths(null)).toEqual([]);
  });
});
