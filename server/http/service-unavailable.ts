import type { Context } from 'hono';
import type { ErrorBody } from './api-error';

/** How long a client is asked to wait before it tries again (the Retry-After header, seconds). */
export const RETRY_AFTER_SECONDS = 5;

export const serviceUnavailableBody: ErrorBody = {
  code: 'service_unavailable',
  detail: 'The service is temporarily unavailable. Please try again in a moment.',
};

/** The answer while the database is unreachable, too slow or busy, or the server is stopping. */
export const serviceUnavailable = (c: Context) =>
  c.json(serviceUnavailableBody, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) });

let lastLoggedAt = 0;
/** One line a second at most: an outage fails every request at once. */
export function logUnavailable(method: string, path: string, error: unknown) {
  const now = Date.now();
  if (now - lastLoggedAt < 1_000) return;
  lastLoggedAt = now;
  const reason =
    error instanceof Error ? `${(error as { code?: string }).code ?? ''} ${error.message}` : error;
  console.warn(`${method} ${path}: database unavailable, answered 503 (${String(reason).trim()})`);
}
