/**
 * What the portal tabs and the statechart studio's live view say to each other over the
 * `portal-statecharts` BroadcastChannel. Same browser, same origin only; nothing
 * leaves the browser. Only names and state values travel: never an actor's context or an event's
 * payload (sign-in events carry passwords, the session's context carries tokens).
 */
export const INSPECTION_CHANNEL = 'portal-statecharts';

/** A state value as XState writes it: `'idle'` or `{ resolved: 'active' }`. */
export type LiveStateValue = string | { [region: string]: LiveStateValue };

/** One running actor of a portal tab. */
export interface LiveActorInfo {
  /** the actor's session id, unique in its tab (`x:12`) */
  id: string;
  /** the parent's session id; none for a root (the app, a view's own actor such as the search box) */
  parent?: string | undefined;
  systemId?: string | undefined;
  /** the actor's id in its parent: `session`, `cart`, `line.42`, `checkout` */
  name: string;
  /** the machine's id (`cartLine`); for other logic the name it was invoked by (`fetchCart`) */
  machine?: string | undefined;
  /** machines only */
  value?: LiveStateValue | undefined;
  status: string;
}

/** One event an actor received. */
export interface LiveEventInfo {
  /** the event's type only, never its payload */
  type: string;
  /** the sender's session id, if an actor sent it */
  source?: string | undefined;
  /** the receiver's session id */
  target: string;
  /** `Date.now()` in the portal tab */
  at: number;
}

/** studio → portals: `hello` on start and every heartbeat, `goodbye` when the live view closes */
export type StudioMessage =
  | { type: 'studio.hello'; studio: string }
  | { type: 'studio.goodbye'; studio: string };

/** portal → studios, only while a studio has said hello (within the last STUDIO_QUIET_MS) */
export type PortalMessage =
  /** the answer to every hello: all of the tab's running actors */
  | { type: 'portal.actors'; tab: string; actors: LiveActorInfo[] }
  /** an actor started or changed state (stopped, done, error: it has ended) */
  | { type: 'portal.actor'; tab: string; actor: LiveActorInfo }
  | { type: 'portal.event'; tab: string; event: LiveEventInfo };

/** The studio says hello this often; a portal tab that has not answered the last one has gone quiet. */
export const STUDIO_HEARTBEAT_MS = 2000;
/**
 * A portal tab forwards while it has heard a hello this recently. Generous: a studio in a hidden tab
 * has its timers throttled by the browser (to once a minute after a while).
 */
export const STUDIO_QUIET_MS = 75_000;

/** A portal tab's id on the inspection channel. */
export const newTabId = () => Math.random().toString(36).slice(2, 10);
