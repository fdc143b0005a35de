import type { ReactNode } from 'react';
import type { Portal } from '../../machines/app';
import { AppActorContext } from '../hooks/use-app-actor';

/** Hands the root actor (created once outside React) and the machine binder down to the views. */
export function AppActorProvider({ portal, children }: { portal: Portal; children: ReactNode }) {
  return <AppActorContext.Provider value={portal}>{children}</AppActorContext.Provider>;
}
