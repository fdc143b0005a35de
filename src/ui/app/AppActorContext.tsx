import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appMachine } from '../../machines/app.machine';
import {
  selectApi,
  selectConfigurationRef,
  selectPreferencesRef,
  selectSessionRef,
} from '../../machines/app.selectors';

export type AppActorRef = ActorRefFrom<typeof appMachine>;

// The root actor is created once outside React (StrictMode would start its invoked children twice);
// the context only hands the reference down.
const AppActorContext = createContext<AppActorRef | null>(null);

export function AppActorProvider({ actor, children }: { actor: AppActorRef; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>;
}

export function useAppActor(): AppActorRef {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor() needs an <AppActorProvider> above it');
  return actor;
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

/** The app's API client, for the machines a view creates (it never changes while the app runs). */
export function useApi() {
  return useSelector(useAppActor(), selectApi);
}
