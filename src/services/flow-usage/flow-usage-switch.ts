import type { Inspection } from '../inspection/live-bridge';
import { journeyReporter } from './journey-flag';
import type { FlowUsageRecorder, TransitionOf, UsageSender } from './recorder';

/** The parts of XState's inspection events the switch reads (services import no xstate: the shape only). */
interface SwitchInspection {
  type: string;
  /** `@xstate.microstep`: the transitions that microstep took, eventless ones included */
  _transitions?: readonly unknown[];
  actorRef?: { systemId?: string | undefined };
  snapshot?: { value?: unknown; context?: { available?: unknown; lost?: unknown } };
}

/** Transitions kept until the backend has said whether it wants counts (a moment at start). */
const WAITING_LIMIT = 5_000;

/**
 * Whether the backend asks for customers' counts: the app's `capabilities` actor (systemId) has
 * reached `known` (src/machines/app/capabilities.machine.ts), with `flowUsage` announced and not lost.
 * Undefined until then.
 */
function countsAsked(event: SwitchInspection): boolean | undefined {
  if (event.type !== '@xstate.snapshot' || event.actorRef?.systemId !== 'capabilities') return undefined;
  if (event.snapshot?.value !== 'known') return undefined;
  const { available, lost } = event.snapshot.context ?? {};
  return (
    Array.isArray(available) &&
    available.includes('flowUsage') &&
    !(Array.isArray(lost) && lost.includes('flowUsage'))
  );
}

/**
 * Loaded with the live view's bridge (lazy-bridge.ts) and given the same events: notes the
 * transitions the portal's machines take, only when asked to, in a browser journey (journey-flag.ts)
 * and where the supplier turned customers' counts on (FLOW_USAGE_COUNTS=1, the `flowUsage`
 * capability). Otherwise it keeps nothing once the backend has answered, and the recorder's code
 * is never loaded.
 */
export function flowUsageSwitch(
  apiBase: string,
  loadTransitionOf: () => Promise<TransitionOf>,
): (event: Inspection) => void {
  const journeys = journeyReporter();
  let customers: boolean | undefined;
  let waiting: Array<readonly unknown[]> | null = [];
  let recorder: FlowUsageRecorder | undefined;
  let sender: ((apiBase: string) => UsageSender) | undefined;
  let loading = false;

  const load = () => {
    if (loading) return;
    loading = true;
    Promise.all([import('./recorder'), loadTransitionOf()]).then(
      ([module, transitionOf]) => {
        sender = module.usageSender;
        recorder = module.createFlowUsageRecorder({ transitionOf, ...(journeys ? { journeys } : {}) });
        if (customers) recorder.countWith(sender(apiBase));
        for (const transitions of waiting?.splice(0) ?? []) recorder.record(transitions);
        waiting = null;
      },
      () => {
        // offline: nothing is recorded in this tab rather than kept without end
        waiting = null;
      },
    );
  };
  if (journeys) load();

  const decide = (on: boolean) => {
    customers = on;
    if (on && recorder && sender) recorder.countWith(sender(apiBase));
    else if (on) load();
    else if (!journeys) waiting = null;
  };

  return (inspection) => {
    const event = inspection as SwitchInspection;
    if (customers === undefined) {
      const asked = countsAsked(event);
      if (asked !== undefined) decide(asked);
    }
    if (event.type !== '@xstate.microstep' || !event._transitions?.length) return;
    if (recorder) recorder.record(event._transitions);
    else if (waiting && waiting.length < WAITING_LIMIT) waiting.push(event._transitions);
  };
}
