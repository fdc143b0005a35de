import type { SnapshotFrom } from 'xstate';
import type { LiveStateValue } from '../../services/inspection/messages';
import {
  isWatchedActor,
  type LiveActor,
  type LiveEvent,
  type LiveTab,
  type liveInspectionMachine,
  WATCHED_MACHINES,
  type WatchedMachine,
} from './live-inspection.machine';

export type LiveInspectionSnapshot = SnapshotFrom<typeof liveInspectionMachine>;

export interface WatchedActor {
  id: string;
  machine: WatchedMachine;
  /** a cart line's product id (from its actor id `line.<product>`) */
  product: string | null;
  /** its session id when another named actor is the same machine (and line): two "Search" must differ */
  qualifier: string | null;
  value: LiveStateValue | null;
  /** the value as state paths: `resolved.active`, or one per region of a parallel state */
  paths: string[];
}

export interface ActorTreeNode {
  actor: LiveActor;
  children: ActorTreeNode[];
}

export interface LiveTabSummary {
  id: string;
  gone: boolean;
  actors: number;
}

/** No portal tab has answered yet. */
export const selectIsWaiting = (s: LiveInspectionSnapshot): boolean => s.matches('waiting');
/** The followed tab has stopped answering. */
export const selectFollowedTabGone = (s: LiveInspectionSnapshot): boolean =>
  s.matches({ following: 'quiet' });
/** The followed tab (a stable object while nothing in it changes). */
export const selectFollowedTab = (s: LiveInspectionSnapshot): LiveTab | null =>
  s.context.tabs.find((tab) => tab.id === s.context.followed) ?? null;
/** The chosen actor's session id, if one was chosen. */
export const selectChosenActorId = (s: LiveInspectionSnapshot): string | null => s.context.selected;
/** The tabs to choose from (compare with shallowEqual after mapping, or JSON). */
export const selectTabs = (s: LiveInspectionSnapshot): LiveTab[] => s.context.tabs;

/** `{ resolved: 'active' }` → `['resolved.active']`; a parallel state gives one path per region. */
export function statePaths(value: LiveStateValue | null): string[] {
  if (value === null) return [];
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) => {
    const below = statePaths(child);
    return below.length ? below.map((path) => `${key}.${path}`) : [key];
  });
}

const productOf = (actor: LiveActor) =>
  actor.machine === 'cartLine' ? (actor.name.match(/^line\.(.+)$/)?.[1] ?? actor.name) : null;

/** The named actors of a tab: session, cart, its lines by product, checkout, search. */
export function watchedActorsOf(tab: LiveTab | null): WatchedActor[] {
  if (!tab) return [];
  const watched = Object.values(tab.actors).flatMap((actor): WatchedActor[] =>
    isWatchedActor(actor)
      ? [
          {
            id: actor.id,
            machine: actor.machine,
            product: productOf(actor),
            qualifier: null,
            value: actor.value,
            paths: statePaths(actor.value),
          },
        ]
      : [],
  );
  const kindOf = (actor: WatchedActor) => `${actor.machine}:${actor.product ?? ''}`;
  const counts = new Map<string, number>();
  for (const actor of watched) counts.set(kindOf(actor), (counts.get(kindOf(actor)) ?? 0) + 1);
  for (const actor of watched) if ((counts.get(kindOf(actor)) ?? 0) > 1) actor.qualifier = actor.id;
  const rank = (actor: WatchedActor) => WATCHED_MACHINES.indexOf(actor.machine);
  return watched.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.product ?? '').localeCompare(b.product ?? '', undefined, { numeric: true }) ||
      (a.qualifier ?? '').localeCompare(b.qualifier ?? '', undefined, { numeric: true }),
  );
}

/** Every running actor of a tab as a tree: app → session, cart → cart lines, checkout… */
export function actorTreeOf(tab: LiveTab | null): ActorTreeNode[] {
  if (!tab) return [];
  const actors = Object.values(tab.actors);
  const childrenOf = (parent: string | null): ActorTreeNode[] =>
    actors
      .filter((actor) =>
        parent === null ? !actor.parent || !tab.actors[actor.parent] : actor.parent === parent,
      )
      .map((actor) => ({ actor, children: childrenOf(actor.id) }));
  return childrenOf(null);
}

/** The actor whose diagram is shown: the chosen one while it runs, else the first named one. */
export function shownActorOf(tab: LiveTab | null, chosen: string | null): LiveActor | null {
  if (!tab) return null;
  const chosenActor = chosen ? tab.actors[chosen] : undefined;
  if (chosenActor) return chosenActor;
  const first = watchedActorsOf(tab)[0];
  return first ? (tab.actors[first.id] ?? null) : null;
}

/** The event log, newest first. */
export function eventsNewestFirst(tab: LiveTab | null): LiveEvent[] {
  return tab ? [...tab.events].reverse() : [];
}

/** The tabs as the chooser lists them. */
export function tabSummaries(tabs: LiveTab[]): LiveTabSummary[] {
  return tabs.map((tab) => ({ id: tab.id, gone: tab.gone, actors: Object.keys(tab.actors).length }));
}
