import { ApiError } from '../../http/api-error';

/**
 * The 429 of every throttled check: `what` says what there were too many of ("failed sign-ins"),
 * the detail and Retry-After say how long to wait.
 */
export const throttledAnswer = (what: string, retryAfterSeconds: number) =>
  new ApiError(
    429,
    { detail: `Too many ${what}. Try again in ${retryAfterSeconds} seconds.`, code: 'throttled' },
    { 'Retry-After': String(retryAfterSeconds) },
  );
