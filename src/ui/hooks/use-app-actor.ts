import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { Portal } from '../../machines/app';
import { selectConfigurationRef, selectPreferencesRef, selectSessionRef } from '../../machines/app';
import type { Binder } from '../../machines/kernel/ports';

export type AppActorRef = Portal['app'];

// The root actor is created once outside React (StrictMode would start its invoked children twice);
// the context only hands down it and the composition root's machine binder.
export const AppActorContext = createContext<Portal | null>(null);

function usePortal(): Portal {
  const portal = useContext(AppActorContext);
  if (!portal) throw new Error('useAppActor() needs an <AppActorProvider> above it');
  return portal;
}

export function useAppActor(): AppActorRef {
  return usePortal().app;
}

/**
 * A machine a view creates for itself, already bound by the composition root (the same logic on
 * every render): `useActorRef(useBoundMachine(bindSearch))`. Views never see the API client.
 */
export function useBoundMachine<T>(binder: Binder<T>): T {
  return usePortal().bind(binder);
}

/**
 * The portal's inspection hook (the statechart studio's live view and the coverage recorder) for an
 * actor a view creates, so it is seen too: `useActorRef(machine, usePortalInspection())`. None where
 * no portal is above (a view rendered on its own).
 */
export function usePortalInspection(): { inspect?: Portal['inspect'] } {
  const inspect = useContext(AppActorContext)?.inspect;
  return inspect ? { inspect } : {};
}

/** This tab's id on the inspection channel (the live view leaves its own tab out). */
export function useInspectionTab(): string | undefined {
  return usePortal().inspectionTab;
}

function missingChild(id: string): never {
  throw new Error(`The app actor has no running "${id}" child`);
}

export function useSessionRef() {
  return useSelector(useAppActor(), selectSessionRef) ?? missingChild('session');
}

export function usePreferencesRef() {
  return useSelector(useAppActor(), selectPreferencesRef) ?? missingChild('preferences');
}

export function useConfigurationRef() {
  return useSelector(useAppActor(), selectConfigurationRef) ?? missingChild('configuration');
}
