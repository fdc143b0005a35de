import * as z from 'zod/mini';
import {
  INSPECTION_CHANNEL,
  type LiveStateValue,
  type PortalMessage,
  STUDIO_HEARTBEAT_MS,
  type StudioMessage,
} from './messages';

const stateValue: z.ZodMiniType<LiveStateValue> = z.lazy(() =>
  z.union([z.string(), z.record(z.string(), stateValue)]),
);
const actorInfo = z.object({
  id: z.string(),
  parent: z.optional(z.string()),
  systemId: z.optional(z.string()),
  name: z.string(),
  machine: z.optional(z.string()),
  value: z.optional(stateValue),
  status: z.string(),
});
const portalMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('portal.actors'), tab: z.string(), actors: z.array(actorInfo) }),
  z.object({ type: z.literal('portal.actor'), tab: z.string(), actor: actorInfo }),
  z.object({
    type: z.literal('portal.event'),
    tab: z.string(),
    event: z.object({
      type: z.string(),
      source: z.optional(z.string()),
      target: z.string(),
      at: z.number(),
    }),
  }),
]);

/** A message from a portal tab, or null for anything else on the channel. */
export function parsePortalMessage(data: unknown): PortalMessage | null {
  const parsed = portalMessage.safeParse(data);
  return parsed.success ? (parsed.data as PortalMessage) : null;
}

export interface PortalListener {
  /** the studio's own tab id (its portal bridge's), so its own portal stays silent */
  studio: string;
  /** a portal tab's message and when it arrived */
  onHeard: (message: PortalMessage, at: number) => void;
  /** before each new hello: when the previous one went out (a tab that has not answered since is quiet) */
  onHeartbeat: (since: number) => void;
  heartbeatMs?: number;
  channel?: BroadcastChannel;
}

/**
 * The studio's end of the channel (the live view's I/O): says hello now and every heartbeat, hands
 * on what portal tabs answer, says goodbye when stopped or when the page goes away.
 */
export function listenToPortals({
  studio,
  onHeard,
  onHeartbeat,
  heartbeatMs = STUDIO_HEARTBEAT_MS,
  channel = new BroadcastChannel(INSPECTION_CHANNEL),
}: PortalListener): () => void {
  const say = (message: StudioMessage) => channel.postMessage(message);
  channel.onmessage = ({ data }: MessageEvent<unknown>) => {
    const message = parsePortalMessage(data);
    if (message) onHeard(message, Date.now());
  };
  let helloAt = Date.now();
  say({ type: 'studio.hello', studio });
  const heartbeat = setInterval(() => {
    onHeartbeat(helloAt);
    helloAt = Date.now();
    say({ type: 'studio.hello', studio });
  }, heartbeatMs);
  const goodbye = () => say({ type: 'studio.goodbye', studio });
  globalThis.addEventListener?.('pagehide', goodbye);
  return () => {
    clearInterval(heartbeat);
    globalThis.removeEventListener?.('pagehide', goodbye);
    goodbye();
    channel.close();
  };
}
