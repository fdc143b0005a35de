import type { StandingOrder } from '../../services/api/wire/standing-orders';
import { provideReporting } from '../kernel/error-reporting';
import type { Ports } from '../kernel/ports';
import { bindResource, createResourceMachine } from '../kernel/resource.machine';
import { untilAborted } from '../kernel/until-aborted';

/**
 * The caller's standing orders with their next deliveries: the generic lazy resource created by the
 * page, fetched afresh on each visit (a delivery placed meanwhile shows) and gone with it.
 */
export const standingOrdersResource = createResourceMachine<StandingOrder[]>('standingOrders');

export const bindStandingOrders = ({ api }: Ports) =>
  provideReporting(
    bindResource(standingOrdersResource, (signal) => untilAborted(signal, api.standingOrders({ signal }))),
    api,
  );
