import { ApiError } from '../http/api-error';
import type { CurrentUser } from '../http/app-env';

/**
 * Demo accounts browse without prices or a cart (spec point 6), so they cannot fill one or order;
 * other areas hidden in demo mode (favourite lists, documents) refuse them with their own detail.
 */
export function refuseDemo(user: CurrentUser, detail = 'Demo accounts cannot use the cart or place orders.') {
  if (user.isDemo) throw new ApiError(403, { detail, code: 'demo_account' });
}
