import type { HttpClient } from './client';
import { ApiError } from './errors';
import { type Capability, capabilitiesWire, capabilityNames, isCapability } from './wire/capabilities';

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

/**
 * Discovery: the capabilities the backend announces. A backend without the discovery call (answered
 * 404, 405 or 501) has the specification's calls only: no capability. Other failures reject, so the
 * caller can try again instead of taking a passing outage for a smaller backend.
 */
export async function discoverCapabilities(
  http: HttpClient,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<Capability[]> {
  try {
    return await http.call(
      { method: 'get', path: 'capabilities/', auth: false, signal: options.signal },
      capabilitiesWire,
      (wire) => wire.capabilities.filter(isCapability),
    );
  } catch (error) {
    if (isMissingCall(error)) return [];
    throw error;
  }
}
