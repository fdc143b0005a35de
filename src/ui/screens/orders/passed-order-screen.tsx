import { useSearchParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { Order } from '../../../domain/types';
import { NotFoundPage } from '../error/not-found-page';
import { OrderDetailView } from './order-detail-view';

/**
 * /order-detail: the home table's variant. The order comes along in history state and shows at
 * once; after a reload or from a shared link only `?id=` is left, and the order is fetched.
 */
export function PassedOrderScreen() {
  const state = useHistoryState<{ order?: Order } | null>();
  const [search] = useSearchParams();
  const passed = state?.order ?? null;
  const orderId = Number(search.get('id') ?? passed?.id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return <NotFoundPage />;
  return <OrderDetailView key={orderId} orderId={orderId} order={passed?.id === orderId ? passed : null} />;
}
