import { ApiError } from './errors';
import type { Capability } from './wire/capabilities';

// Only the type: the names list and its schema stay off the login route (discover-capabilities.ts loads them).
export type { Capability };

/**
 * A call the backend does not have: 405 or 501, or a 404 that is not an answer about a record
 * (`code: 'not_found'` is "no such product", which says nothing about the call itself).
 */
export function isMissingCall(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'http') return false;
  const { status, code } = error;
  return status === 405 || status === 501 || (status === 404 && code !== 'not_found');
}
