import { afterEach, describe, expect, it } from 'vitest';
import {
  type AnyMachineSnapshot,
  createActor,
  type EventObject,
  fromCallback,
  initialTransition,
  transition,
} from 'xstate';
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
import { requireFullCoverage } from '../../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';

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

/** What the guards read (which tabs, gone or not, followed) and what the actions change (clamped). */
const keyOf = (s: AnyMachineSnapshot) => [
  s.value,
  s.context.followed,
  s.context.selected,
  s.context.tabs.map((tab: LiveTab) => [
    tab.id,
    tab.gone,
    Object.keys(tab.actors).length,
    Math.min(tab.events.length, 1),
  ]),
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
const paths = model.getShortestPaths();

/**
 * Clearing the log empties it back to a node the shortest paths reach without it, so none takes it;
 * this walk does (built with xstate's pure `transition`: `getPathsFromEvents` loses the input here).
 */
function walk(events: LiveInspectionEvent[]) {
  let [state] = initialTransition(liveInspectionMachine, { self: SELF });
  const steps: Array<{ state: AnyMachineSnapshot; event: EventObject }> = [
    { state, event: { type: 'xstate.init' } },
  ];
  for (const event of events) {
    [state] = transition(liveInspectionMachine, state, event);
    steps.push({ state, event });
  }
  return { steps, state };
}
const clearWalk = walk([heardFromA, eventFromA, { type: 'live.logCleared' }] as LiveInspectionEvent[]);
requireFullCoverage('liveInspection', liveInspectionMachine, [...paths, clearWalk]);

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
  return { actor, channel };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const fromChannel = (step: { event: { type: string } }) =>
  sut.channel.sendBack?.(step.event as LiveInspectionEvent);
const send = (step: { event: { type: string } }) => sut.actor.send(step.event as LiveInspectionEvent);
const executors = {
  'live.heard': fromChannel,
  'live.heartbeat': fromChannel,
  'live.tabChosen': send,
  'live.actorChosen': send,
  'live.logCleared': send,
};
assertExecutorsFor(paths, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(keyOf(actual)).toEqual(keyOf(expected));
  expect(sut.channel.input).toEqual({ studio: SELF });
};

describe('live inspection machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
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
        },
        'following.quiet': (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectFollowedTabGone(snapshot)).toBe(true);
          expect(selectFollowedTab(snapshot)?.gone).toBe(true);
          // its last states are kept
          const kept = selectFollowedTab(snapshot)?.actors['x:1'];
          if (kept) expect(kept.value).toEqual({ resolved: 'active' });
        },
      },
    });
    sut.actor.stop();
    expect(sut.channel.stopped).toBe(true);
  });
});

it('clears the followed tab’s log (a walk no shortest path takes)', () => {
  sut = createSut();
  for (const { event } of clearWalk.steps.slice(1)) sut.channel.sendBack?.(event as LiveInspectionEvent);
  expect(keyOf(sut.actor.getSnapshot())).toEqual(keyOf(clearWalk.state));
  expect(selectFollowedTab(sut.actor.getSnapshot())?.events).toEqual([]);
  expect(clearWalk.steps[2]?.state.context.tabs[0]?.events).toHaveLength(1);
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
