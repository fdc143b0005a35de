import { type AppActor, capabilityReporting } from '../machines/app';
import {
  accessCallCapabilities,
  reportingMissingCalls,
  signedInCallCapabilities,
} from '../services/api/call-capabilities';
import type { Capability } from '../services/api/capabilities';

const calls: Partial<Record<string, Capability>> = { ...signedInCallCapabilities, ...accessCallCapabilities };

/**
 * A test's stand-in API behaving as the browser's client does about capabilities: a call of one the
 * backend is known to lack fails at once as a missing call (the stand-in is never asked), and a call
 * answered as missing is reported to the app. `appOf` gives the app once it runs. A proxy, so stand-ins
 * that are proxies themselves (any method answers) keep working.
 */
export function withCapabilityGate<T extends object>(api: T, appOf: () => AppActor | undefined): T {
  const { onMissingCall, lacks } = capabilityReporting(appOf);
  const gated = new Map<string, unknown>();
  return new Proxy(api, {
    get(target, key) {
      const capability = typeof key === 'string' ? calls[key] : undefined;
      if (!capability) return Reflect.get(target, key);
      if (!gated.has(key as string)) {
        const one = { [key]: Reflect.get(target, key) } as Record<string, unknown>;
        gated.set(
          key as string,
          reportingMissingCalls(one, { [key]: capability }, onMissingCall, lacks)[key as string],
        );
      }
      return gated.get(key as string);
    },
  });
}
