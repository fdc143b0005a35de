import { isMissingCall } from './capabilities';
import type { HttpClient } from './client';
import { type Capability, capabilitiesWire, isCapability } from './wire/capabilities';

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
