import type { Context } from 'hono';
import type { ErrorBody } from './api-error';

/** How long a client is asked to wait before it tries again (the Retry-After header, seconds). */
export const RETRY_AFTER_SECONDS = 5;

export const serviceUnavailableBody: ErrorBody = {
  code: 'service_unavailable',
  detail: 'The service is temporarily unavailable. Please try again in a moment.',
};

/**
 * The answer while the database is unreachable, too slow or busy, its storage full, read-only or
 * failing, or the server is stopping.
 */
export const serviceUnavailable = (c: Context) =>
  c.json(serviceUnavailableBody, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) });

let lastLoggedAt = 0;
/** One line a second at most: an outage fails every request at once. */
export function logUnavailable(method: string, path: string, error: unknown) {
  const now = Date.now();
  if (now - lastLoggedAt < 1_000) return;
  lastLoggedAt = now;
  console.warn(`${method} ${path}: database unavailable, answered 503 (${reasonOf(error)})`);
}

/** The innermost cause that carries a code (SQLITE_FULL, 53100, ECONNREFUSED), else the error. */
function reasonOf(error: unknown): string {
  let reason = error;
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (typeof (cause as { code?: unknown }).code === 'string') reason = cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  if (!(reason instanceof Error)) return String(reason);
  return `${(reason as { code?: string }).code ?? ''} ${reason.message}`.trim();
}
