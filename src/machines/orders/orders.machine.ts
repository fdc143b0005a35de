import type { Order } from '../../domain/types';
import { isApiError } from '../../services/api';
import { type ReportErrorParams, sendErrorReport } from '../kernel/error-reporting';
import type { Ports } from '../kernel/ports';
import { bindResource, createResourceMachine } from '../kernel/resource.machine';

/**
 * The company's orders, newest first (spec point 4 "Data loading": loaded lazily, on the
 * orders page or the home table). Reloaded after an order is placed; cleared on sign-out.
 */
export const ordersResource = createResourceMachine<Order[]>('orders');

/**
 * Spec point 8: "Orders list failure: the error is logged" (the page shows errors.unknown), besides the
 * report every failed load gets: the console line says which call failed and how.
 */
const logAndReport =
  ({ api }: Ports) =>
  (_: unknown, { error }: ReportErrorParams) => {
    const call = isApiError(error) ? error.call : 'GET orders';
    const status = isApiError(error) ? (error.status ?? error.kind) : 'no status';
    console.error(`The orders could not be loaded: ${call} (${status})`, error);
    sendErrorReport(api, ordersResource.id, error);
  };

export const bindOrdersResource = (ports: Ports) =>
  bindResource(ordersResource, (signal) => ports.api.orders({ signal })).provide({
    actions: { reportError: logAndReport(ports) },
  });
