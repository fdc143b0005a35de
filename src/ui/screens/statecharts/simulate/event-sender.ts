import type { JsonEvent } from '../../../../studio/event-json';

/** What a panel that sends the simulated machine events is handed by the simulate screen. */
export interface EventSender {
  /** example payloads by event type (from the path report) */
  examples: Map<string, JsonEvent>;
  /** why the event cannot be applied (an action or guard threw), or null */
  problemOf: (event: JsonEvent) => string | null;
  onSend: (event: JsonEvent) => void;
}
