import { useSelector } from '@xstate/react';
import { useContext, useEffect, useMemo, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import { selectCapabilitiesRef, selectHasCapability, selectSessionRef } from '../../../../machines/app';
import { selectResourceStatus, selectResourceValue } from '../../../../machines/kernel/resource.selectors';
import { selectCanReviewFlows } from '../../../../machines/session';
import type { UsageTotals } from '../../../../studio/coverage';
import { bindFlowUsage, type FlowUsageResource } from '../../../../studio/flow-usage.resource';
import { AppActorContext } from '../../../hooks/use-app-actor';

export type CustomerCounts =
  /** the backend counts nothing (FLOW_USAGE_COUNTS unset, or a supplier's backend), or no reviewer */
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'loaded'; totals: UsageTotals };

/** Counts are shown to a flow reviewer on a backend that has them (the `flowUsage` capability). */
function useCountsOffered(): boolean {
  const portal = useContext(AppActorContext);
  const session = useSelector(portal?.app, (s) => (s ? selectSessionRef(s) : undefined));
  const reviewer = useSelector(session, (s) => (s ? selectCanReviewFlows(s) : false));
  const capabilities = useSelector(portal?.app, (s) => (s ? selectCapabilitiesRef(s) : undefined));
  const counted = useSelector(capabilities, (s) => (s ? selectHasCapability(s, 'flowUsage') : false));
  return portal !== null && reviewer && counted;
}

/**
 * Customers' counts of the last 30 days for the machine `machineId`, while `wanted` (the overlay is
 * on). The resource runs while shown; made in an effect because the machine changes with the screen.
 */
export function useCustomerCounts(machineId: string, wanted: boolean): CustomerCounts {
  const portal = useContext(AppActorContext);
  const offered = useCountsOffered();
  const [actor, setActor] = useState<Actor<FlowUsageResource> | undefined>(undefined);
  useEffect(() => {
    if (!portal || !offered || !wanted) {
      setActor(undefined);
      return;
    }
    const started = createActor(portal.bind(bindFlowUsage(machineId)), {
      ...(portal.inspect ? { inspect: portal.inspect } : {}),
    }).start();
    started.send({ type: 'resource.load' });
    setActor(started);
    return () => {
      started.stop();
    };
  }, [portal, offered, wanted, machineId]);
  const status = useSelector(actor, (s) => (s ? selectResourceStatus(s) : undefined));
  const value = useSelector(actor, (s) => (s ? selectResourceValue(s) : null));
  const totals = useMemo(
    () =>
      value ? Object.fromEntries(value.transitions.map((entry) => [entry.transition, entry.total])) : null,
    [value],
  );
  // a backend that turns out not to have the call after all (`unavailable`) counts nothing
  if (!offered || !wanted || (status as string) === 'unavailable') return { status: 'off' };
  if (totals) return { status: 'loaded', totals };
  if (status === 'rejected') return { status: 'failed', retry: () => actor?.send({ type: 'resource.load' }) };
  return { status: 'loading' };
}
