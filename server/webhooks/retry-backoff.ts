import { WEBHOOK_BACKOFF_CAP_MS } from './webhook-settings';

/**
 * The pause before the next try after `failedTries` failed ones: `baseMs` doubled with each further
 * failure, never more than an hour, of which a random share between half and all is taken. The
 * jitter keeps the deliveries that queued up during a receiver's outage from all coming back at the
 * same instant when it recovers.
 */
export function retryDelayMs(
  failedTries: number,
  baseMs: number,
  random: () => number = Math.random,
): number {
  // the exponent is bounded so a large count cannot overflow to Infinity before the cap applies
  const full = Math.min(WEBHOOK_BACKOFF_CAP_MS, baseMs * 2 ** Math.min(Math.max(failedTries - 1, 0), 30));
  return Math.round(full / 2 + (random() * full) / 2);
}
