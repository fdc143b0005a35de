import {
  INSPECTION_CHANNEL,
  type LiveActorInfo,
  newTabId,
  type PortalMessage,
  STUDIO_QUIET_MS,
  type StudioMessage,
} from './messages';

/** The part of an XState actor the bridge reads (services import no xstate: it is the shape only). */
interface InspectedActor {
  sessionId: string;
  id: string;
  _parent?: { sessionId: string } | undefined;
  systemId?: string | undefined;
  src: unknown;
  getSnapshot(): { machine?: { id: string }; value?: unknown; status: string };
}

/** XState's inspection event (`createActor(logic, { inspect })`), the fields the bridge reads. */
export interface Inspection {
  type: string;
  actorRef: unknown;
  snapshot?: { status: string };
  event?: { type: string };
  sourceRef?: { sessionId: string } | undefined;
}

/** What the composition root gets: this tab's id and the `inspect` option for every root actor. */
export interface InspectionBridge {
  tab: string;
  inspect: (event: Inspection) => void;
}

/** Names and state only (messages.ts): never context, never an event's payload. */
function actorInfo(ref: InspectedActor): LiveActorInfo {
  const snapshot = ref.getSnapshot();
  return {
    id: ref.sessionId,
    parent: ref._parent?.sessionId,
    systemId: ref.systemId,
    name: ref.id,
    machine: snapshot.machine?.id ?? (typeof ref.src === 'string' ? ref.src : undefined),
    value: snapshot.machine ? (snapshot.value as LiveActorInfo['value']) : undefined,
    status: snapshot.status,
  };
}

/**
 * Runs in every portal tab for the studio's Live view: silent until a statechart studio in another
 * tab of this browser says hello, then forwards its actors' states and its events' types over a
 * BroadcastChannel, until the studio says goodbye or stops saying hello. Nothing is sent anywhere else.
 */
export function createInspectionBridge(
  channel: BroadcastChannel | null = typeof BroadcastChannel === 'function'
    ? new BroadcastChannel(INSPECTION_CHANNEL)
    : null,
  tab = newTabId(),
): InspectionBridge {
  const actors = new Map<string, InspectedActor>();
  /** when a studio last said hello */
  let heardAt = 0;
  const listening = () => Date.now() - heardAt < STUDIO_QUIET_MS;
  const post = (message: PortalMessage) => channel?.postMessage(message);
  if (channel)
    channel.onmessage = ({ data }: MessageEvent<StudioMessage | undefined>) => {
      if (!data?.studio || data.studio === tab) return;
      // A goodbye silences the tab until a studio's next hello (another studio says it within a heartbeat).
      heardAt = data.type === 'studio.hello' ? Date.now() : 0;
      if (!heardAt) return;
      post({ type: 'portal.actors', tab, actors: [...actors.values()].map(actorInfo) });
    };
  return {
    tab,
    inspect(event) {
      const ref = event.actorRef as InspectedActor;
      if (event.type === '@xstate.actor') actors.set(ref.sessionId, ref);
      const ended = event.type === '@xstate.snapshot' && event.snapshot?.status !== 'active';
      if (ended) actors.delete(ref.sessionId);
      if (!listening()) return;
      if (event.type === '@xstate.snapshot') post({ type: 'portal.actor', tab, actor: actorInfo(ref) });
      if (event.type !== '@xstate.event' || !event.event) return;
      const { type } = event.event;
      // An actor's first state comes with its init event (XState reports no snapshot for it).
      if (type === 'xstate.init') post({ type: 'portal.actor', tab, actor: actorInfo(ref) });
      const source = event.sourceRef?.sessionId;
      post({ type: 'portal.event', tab, event: { type, source, target: ref.sessionId, at: Date.now() } });
    },
  };
}
