import { ApiError } from './errors';
import { type Capability, capabilitiesWire, capabilityNames } from './wire/capabilities';

export { type Capability, capabilitiesWire, capabilityNames };

/**
 * A call the backend does not have: 405 or 501, or a 404 that is not an answer about a record
 * (`code: 'not_found'` is "no such product", which says nothing about the call itself).
 */
export function isMissingCall(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'http') return false;
  const { status, code } = error;
  return status === 405 || status === 501 || (status === 404 && code !== 'not_found');
}
