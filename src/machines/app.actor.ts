import { type Actor, createActor, type InspectionEvent } from 'xstate';
import { createPortalApi, type PortalApi } from '../services/api';
import { loadRuntimeConfig, type RuntimeConfig } from '../services/config';
import { appMachine } from './app.machine';
import { selectLanguage } from './session.selectors';

export { loadRuntimeConfig, type RuntimeConfig };

export type AppActor = Actor<typeof appMachine>;

export interface AppActorOptions {
  /** a fake fetch in tests; the browser's otherwise */
  fetch?: typeof globalThis.fetch;
  /** the app machine with test implementations (`appMachine.provide(...)`) */
  machine?: typeof appMachine;
  inspect?: (event: InspectionEvent) => void;
  /** the interface language, sent as Accept-Language while nobody is signed in */
  fallbackLanguage?: () => string | null;
}

/**
 * Creates and starts the one root actor (outside React: StrictMode would start its
 * children twice). main.tsx: `createAppActor(await loadRuntimeConfig())`.
 * Given `{ apiBase }` it builds the API client, whose Accept-Language follows the
 * signed-in user's language; given `{ api }` it uses that client as is.
 */
export function createAppActor(
  config: RuntimeConfig | { api: PortalApi },
  options: AppActorOptions = {},
): AppActor {
  let actor: AppActor | undefined;
  const api =
    'api' in config
      ? config.api
      : createPortalApi({
          apiBase: config.apiBase,
          ...(options.fetch ? { fetch: options.fetch } : {}),
          getLanguage: () => {
            const session = actor?.getSnapshot().children.session;
            const sessionLanguage = session ? selectLanguage(session.getSnapshot()) : null;
            return sessionLanguage ?? options.fallbackLanguage?.() ?? null;
          },
        });
  actor = createActor(options.machine ?? appMachine, {
    input: { api },
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  return actor.start();
}
