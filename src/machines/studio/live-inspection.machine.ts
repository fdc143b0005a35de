import { assign, fromCallback, setup } from 'xstate';
import type {
  LiveActorInfo,
  LiveEventInfo,
  LiveStateValue,
  PortalMessage,
} from '../../services/inspection/messages';
import { listenToPortals } from '../../services/inspection/studio-channel';

export type { LiveStateValue };

/** Spec point 9: the event log keeps this many events (per portal tab); the oldest go first. */
export const LIVE_EVENT_LOG_SIZE = 50;

/** One running actor of a portal tab, as the studio keeps it (plain data). */
export interface LiveActor {
  /** session id, unique in its tab */
  id: string;
  parent: string | null;
  systemId: string | null;
  /** its id in its parent (`session`, `line.42`) */
  name: string;
  /** machine id (`cartLine`), or the name of other logic (`fetchCart`) */
  machine: string | null;
  value: LiveStateValue | null;
  status: string;
}

/** One event a portal tab's actor received. */
export interface LiveEvent {
  type: string;
  source: string | null;
  target: string;
  /** the receiver's label when it was heard (an actor that has ended keeps its name in the log) */
  actor: string;
  at: number;
  /** counts the tab's logged events (a key for the view) */
  seq: number;
}

export interface LiveTab {
  id: string;
  /** when the studio last heard from it (its clock) */
  lastSeen: number;
  /** it has not answered the last hello: closed, reloaded or frozen */
  gone: boolean;
  /** running actors by session id, in the order they were first heard of */
  actors: Record<string, LiveActor>;
  /** the last LIVE_EVENT_LOG_SIZE events the watched actors received, oldest first */
  events: LiveEvent[];
}

export interface LiveInspectionContext {
  /** the studio's own tab (its portal's bridge id): its own actors are not shown */
  self: string;
  /** the portal tabs heard of, in the order they were first heard */
  tabs: LiveTab[];
  /** the tab whose actors are shown */
  followed: string | null;
  /** the actor whose diagram is shown (session id), none: the first watched actor */
  selected: string | null;
}

export interface LiveInspectionInput {
  self: string;
}

export type LiveInspectionEvent =
  /** a portal tab's message, stamped with when it arrived */
  | { type: 'live.heard'; message: PortalMessage; at: number }
  /** before each new hello: tabs not heard from since the previous hello (`since`) have gone quiet */
  | { type: 'live.heartbeat'; since: number }
  | { type: 'live.tabChosen'; tab: string }
  | { type: 'live.actorChosen'; actor: string }
  | { type: 'live.logCleared' };

export interface ChannelInput {
  studio: string;
}

/**
 * `session`, `checkout`, `line.42`; a root or generated id (`x:3`) shows its machine (`app`, `search`).
 * Logic that is no machine (a promise, a callback) reads as a call, `search()`: the search box invokes
 * its call under the machine's own name, and two actors both named "search" cannot be told apart.
 */
export function actorLabel(actor: Pick<LiveActor, 'systemId' | 'name' | 'machine' | 'value'>): string {
  if (actor.systemId) return actor.systemId;
  if (/^x:\d+$/.test(actor.name) && actor.machine)
    return actor.value === null ? `${actor.machine}()` : actor.machine;
  return actor.value === null ? `${actor.name}()` : actor.name;
}

const toActor = (info: LiveActorInfo): LiveActor => ({
  id: info.id,
  parent: info.parent ?? null,
  systemId: info.systemId ?? null,
  name: info.name,
  machine: info.machine ?? null,
  value: info.value ?? null,
  status: info.status,
});

function withActor(actors: Record<string, LiveActor>, info: LiveActorInfo): Record<string, LiveActor> {
  const { [info.id]: _ended, ...others } = actors;
  return info.status === 'active' ? { ...actors, [info.id]: toActor(info) } : others;
}

function withEvent(tab: LiveTab, info: LiveEventInfo): LiveEvent[] {
  const target = tab.actors[info.target];
  const event: LiveEvent = {
    type: info.type,
    source: info.source ?? null,
    target: info.target,
    actor: target ? actorLabel(target) : info.target,
    at: info.at,
    seq: (tab.events.at(-1)?.seq ?? 0) + 1,
  };
  return [...tab.events, event].slice(-LIVE_EVENT_LOG_SIZE);
}

/** The actors the live view names, in this order: session, cart, each line, checkout, search. */
export const WATCHED_MACHINES = ['session', 'cart', 'cartLine', 'checkout', 'search'] as const;
export type WatchedMachine = (typeof WATCHED_MACHINES)[number];

const isWatchedMachine = (machine: string | null): machine is WatchedMachine =>
  WATCHED_MACHINES.includes(machine as WatchedMachine);

/**
 * A running machine the view names. Only machines have a state value: other logic carries the name it
 * was invoked by, which may be a machine's (the search box invokes its promise as `search`).
 */
export const isWatchedActor = (
  actor: Pick<LiveActor, 'machine' | 'value'> | undefined,
): actor is LiveActor & { machine: WatchedMachine } =>
  actor !== undefined && actor.value !== null && isWatchedMachine(actor.machine);

/** What a portal tab's message changes in the studio's picture of that tab. */
export function applyPortalMessage(tabs: LiveTab[], message: PortalMessage, at: number): LiveTab[] {
  const known = tabs.find((tab) => tab.id === message.tab);
  const tab: LiveTab = {
    ...(known ?? { id: message.tab, actors: {}, events: [] }),
    lastSeen: at,
    gone: false,
  };
  if (message.type === 'portal.actors')
    tab.actors = message.actors.reduce(withActor, {} as Record<string, LiveActor>);
  else if (message.type === 'portal.actor') tab.actors = withActor(tab.actors, message.actor);
  // The log keeps what the named actors receive: the app's resources and promises would crowd them out.
  else if (isWatchedActor(tab.actors[message.event.target])) tab.events = withEvent(tab, message.event);
  return known ? tabs.map((other) => (other === known ? tab : other)) : [...tabs, tab];
}

/** Tabs that missed the last hello are marked gone; gone ones not followed are forgotten a heartbeat later. */
export function markQuietTabs(tabs: LiveTab[], since: number, followed: string | null): LiveTab[] {
  return tabs.flatMap((tab) => {
    if (tab.lastSeen >= since) return [tab];
    if (tab.gone) return tab.id === followed ? [tab] : [];
    return [{ ...tab, gone: true }];
  });
}

const tabOf = (context: LiveInspectionContext, id: string | null) =>
  context.tabs.find((tab) => tab.id === id);

/**
 * The statechart studio's live view: follows the real portal running in other tabs of this
 * browser. The channel is I/O (an invoked callback actor, `bindLiveInspection`); the chart keeps, per
 * portal tab, its running actors with their state values and its last 50 events.
 */
export const liveInspectionMachine = setup({
  types: {
    context: {} as LiveInspectionContext,
    events: {} as LiveInspectionEvent,
    input: {} as LiveInspectionInput,
  },
  actors: {
    /** nothing heard (bound to the BroadcastChannel by `bindLiveInspection`) */
    channel: fromCallback<LiveInspectionEvent, ChannelInput>(() => undefined),
  },
  guards: {
    isFromOtherTab: ({ context }, params: { message: PortalMessage }) => params.message.tab !== context.self,
    followedTabMissedHeartbeat: ({ context }, params: { since: number }) =>
      (tabOf(context, context.followed)?.lastSeen ?? 0) < params.since,
    isLiveTab: ({ context }, params: { tab: string }) => tabOf(context, params.tab)?.gone === false,
    isGoneTab: ({ context }, params: { tab: string }) => tabOf(context, params.tab)?.gone === true,
  },
  actions: {
    recordMessage: assign(({ context }, params: { message: PortalMessage; at: number }) => ({
      tabs: applyPortalMessage(context.tabs, params.message, params.at),
    })),
    followTab: assign(({ context }, params: { tab: string }) => ({
      followed: params.tab,
      selected: params.tab === context.followed ? context.selected : null,
    })),
    markQuietTabsGone: assign(({ context }, params: { since: number }) => ({
      tabs: markQuietTabs(context.tabs, params.since, context.followed),
    })),
    chooseActor: assign((_, params: { actor: string }) => ({ selected: params.actor })),
    clearLog: assign(({ context }) => ({
      tabs: context.tabs.map((tab) => (tab.id === context.followed ? { ...tab, events: [] } : tab)),
    })),
  },
}).createMachine({
  id: 'liveInspection',
  context: ({ input }) => ({ self: input.self, tabs: [], followed: null, selected: null }),
  invoke: { id: 'channel', src: 'channel', input: ({ context }) => ({ studio: context.self }) },
  initial: 'waiting',
  states: {
    waiting: {
      description:
        'No portal tab has answered yet: the live view asks to open the portal in another tab of this browser, with a link that opens it in a new tab.',
      on: {
        'live.heard': {
          guard: { type: 'isFromOtherTab', params: ({ event }) => ({ message: event.message }) },
          target: 'following',
          actions: [
            { type: 'recordMessage', params: ({ event }) => event },
            { type: 'followTab', params: ({ event }) => ({ tab: event.message.tab }) },
          ],
        },
      },
    },
    following: {
      description:
        "At least one portal tab answers: its session, cart, cart lines, checkout and search are shown with their current states, the chosen actor's diagram and the last 50 events, newest first.",
      initial: 'connected',
      on: {
        'live.heard': {
          guard: { type: 'isFromOtherTab', params: ({ event }) => ({ message: event.message }) },
          actions: { type: 'recordMessage', params: ({ event }) => event },
        },
        'live.heartbeat': {
          actions: { type: 'markQuietTabsGone', params: ({ event }) => ({ since: event.since }) },
        },
        'live.tabChosen': [
          {
            guard: { type: 'isLiveTab', params: ({ event }) => ({ tab: event.tab }) },
            target: '.connected',
            actions: { type: 'followTab', params: ({ event }) => ({ tab: event.tab }) },
          },
          {
            guard: { type: 'isGoneTab', params: ({ event }) => ({ tab: event.tab }) },
            target: '.quiet',
            actions: { type: 'followTab', params: ({ event }) => ({ tab: event.tab }) },
          },
        ],
        'live.actorChosen': {
          actions: { type: 'chooseActor', params: ({ event }) => ({ actor: event.actor }) },
        },
        'live.logCleared': { actions: 'clearLog' },
      },
      states: {
        connected: {
          description: 'The followed tab answers every hello; its actors move as the customer clicks.',
          on: {
            'live.heartbeat': {
              guard: {
                type: 'followedTabMissedHeartbeat',
                params: ({ event }) => ({ since: event.since }),
              },
              target: 'quiet',
              actions: { type: 'markQuietTabsGone', params: ({ event }) => ({ since: event.since }) },
            },
          },
        },
        quiet: {
          description:
            'The followed tab has stopped answering (closed, reloaded or frozen): it is marked gone with its last states kept; the next tab heard from is followed.',
          on: {
            'live.heard': {
              guard: { type: 'isFromOtherTab', params: ({ event }) => ({ message: event.message }) },
              target: 'connected',
              actions: [
                { type: 'recordMessage', params: ({ event }) => event },
                { type: 'followTab', params: ({ event }) => ({ tab: event.message.tab }) },
              ],
            },
          },
        },
      },
    },
  },
});

/** The live view's machine with its channel bound to the browser's BroadcastChannel. */
export function bindLiveInspection(): typeof liveInspectionMachine {
  return liveInspectionMachine.provide({
    actors: {
      channel: fromCallback<LiveInspectionEvent, ChannelInput>(({ sendBack, input }) =>
        listenToPortals({
          studio: input.studio,
          onHeard: (message, at) => sendBack({ type: 'live.heard', message, at }),
          onHeartbeat: (since) => sendBack({ type: 'live.heartbeat', since }),
        }),
      ),
    },
  });
}
