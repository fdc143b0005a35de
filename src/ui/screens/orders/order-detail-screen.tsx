import { useParams } from 'wouter';
import { NotFoundPage } from '../error/not-found-page';
import { OrderDetailView } from './order-detail-view';

/** /orders/{id}: the order fetched by its number. */
export function OrderDetailScreen() {
  const { id } = useParams<{ id: string }>();
  const orderId = Number(id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return <NotFoundPage />;
  return <OrderDetailView key={orderId} orderId={orderId} order={null} />;
}
