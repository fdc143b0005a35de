import { ApiError } from '../http/api-error';
import type { CurrentUser } from '../http/app-env';

/** Demo accounts browse without prices or a cart (spec point 6), so they cannot fill one or order. */
export function refuseDemo(user: CurrentUser) {
  if (user.isDemo)
    throw new ApiError(403, {
      detail: 'Demo accounts cannot use the cart or place orders.',
      code: 'demo_account',
    });
}
