import { paths } from '../app/paths';

/** /orders/{id}: the order detail, fetched by id. */
export const orderPath = (orderId: number) => `${paths.orders}${orderId}`;
export const orderRoutePattern = `${paths.orders}:id`;

/** /order-detail: the home table's variant, the order passed along in history state (id kept for a reload). */
export const orderDetailRoute = '/order-detail';
export const orderDetailPath = (orderId: number) => `${orderDetailRoute}?id=${orderId}`;
