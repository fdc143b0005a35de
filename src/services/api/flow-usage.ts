import type { HttpClient } from './client';
import { type FlowUsageAnswerWire, flowUsageAnswerWire } from './wire/flow-usage-answer';

type CallOptions = { signal?: AbortSignal | undefined };

/** How often customers took each transition of one machine, per UTC day (capability `flowUsage`). */
export type FlowUsage = FlowUsageAnswerWire;

/** The statechart studio's view of customers' counts (FLOW_USAGE_COUNTS=1 on the reference server). */
export interface FlowUsageApi {
  /** GET /studio/flow-usage/?machine=&days=: a flow reviewer's call; `machine` is the machine's id */
  studioFlowUsage(machine: string, days: number, options?: CallOptions): Promise<FlowUsage>;
}

export function flowUsageApi(http: HttpClient): FlowUsageApi {
  return {
    studioFlowUsage: (machine, days, options = {}) =>
      http.call(
        {
          method: 'get',
          path: `studio/flow-usage/?${new URLSearchParams({ machine, days: String(days) })}`,
          signal: options.signal,
        },
        flowUsageAnswerWire,
        (answer) => answer,
      ),
  };
}
