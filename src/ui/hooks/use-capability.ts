import { useSelector } from '@xstate/react';
import { type Capability, selectCapabilitiesRef, selectHasCapability } from '../../machines/app';
import { useAppActor } from './use-app-actor';

/**
 * Whether this screen may offer what needs `capability` (a call beyond the specification): false once
 * the backend is known not to have it, so the entry point hides or the screen takes its plainer path.
 */
export function useCapability(capability: Capability): boolean {
  const capabilities = useSelector(useAppActor(), selectCapabilitiesRef);
  return useSelector(capabilities, (snapshot) =>
    snapshot === undefined ? true : selectHasCapability(snapshot, capability),
  );
}
