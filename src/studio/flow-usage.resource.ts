import type { Binder } from '../machines/kernel/ports';
import { bindResource, createResourceMachine } from '../machines/kernel/resource.machine';
import type { FlowUsage } from '../services/api/flow-usage';

/**
 * Customers' counts of one machine's transitions over the last days (the coverage overlay): the
 * generic lazy resource (new → loading → resolved | rejected, Try again loads anew), its loader the
 * studio's call GET /studio/flow-usage/, bound at the composition root like every call.
 */
const flowUsageResource = createResourceMachine<FlowUsage>('flowUsage');

export type FlowUsageResource = typeof flowUsageResource;

/** The period the overlay shows. */
const FLOW_USAGE_DAYS = 30;

// One binder per machine, so the composition root binds each once (it memoises by binder).
const binders = new Map<string, Binder<FlowUsageResource>>();

/** The counts of the machine whose id (as the portal runs it) is `machineId`. */
export function bindFlowUsage(machineId: string): Binder<FlowUsageResource> {
  let binder = binders.get(machineId);
  if (!binder) {
    binder = ({ api }) =>
      bindResource(
        flowUsageResource,
        (signal) => api.studioFlowUsage(machineId, FLOW_USAGE_DAYS, { signal }),
        api,
      );
    binders.set(machineId, binder);
  }
  return binder;
}
