import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyActorRef, type AnyEventObject, fromCallback, fromPromise } from 'xstate';
import type { Configuration } from '../../../src/domain/types';
import { createPortal } from '../../../src/machines/app/app.actor';
import { type appMachine, configurationResource } from '../../../src/machines/app/app.machine';
import { type PreferencesEvent, preferencesMachine } from '../../../src/machines/app/preferences.machine';
import { provideReporting } from '../../../src/machines/kernel/error-reporting';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import type { PortalApi, SignedIn } from '../../../src/services/api';
import type { Capability } from '../../../src/services/api/capabilities';
import type { Preferences } from '../../../src/services/preferences';
import type { StoredCredentials } from '../../../src/services/storage';
import { App } from '../../../src/ui/app/app';
import { AppActorProvider } from '../../../src/ui/app/app-actor-provider';

export const testConfiguration: Configuration = {
  logoSquare: null,
  logoWide: null,
  siteName: 'Fresh Foods B2B',
  moneyDecimalPlaces: 2,
  defaultCustomerType: 0,
};

interface RenderAppOptions {
  path?: string;
  /** what POST /token/ does with the typed credentials; never settles by default */
  login?: (credentials: { username: string; password: string }) => Promise<SignedIn>;
  /** credentials found in storage at start, and what refreshing them gives */
  stored?: { credentials: StoredCredentials; refresh: () => Promise<SignedIn> };
  preferences?: Preferences;
  configuration?: Configuration;
  /** what the backend announces beyond the specification's calls; discovery never answers by default */
  capabilities?: Capability[];
}

/**
 * The real app machine with its I/O actors replaced (`provide`): the screens are driven by the same
 * statecharts as in the browser, only the network and storage answers are scripted.
 */
export function renderApp(options: RenderAppOptions = {}) {
  const never = () => new Promise<never>(() => {});
  const login = options.login ?? never;
  // Every network-facing actor is provided below, so the API object itself is never really called;
  // a proxy keeps this fake valid as the API grows methods. Error reports are recorded.
  const reportError = vi.fn(async () => {});
  // The home shows its sections once the notifications and announcements above them have settled:
  // none of either here, so the home does not wait for an answer that never comes.
  const quiet = {
    announcements: async () => [],
    notifications: async () => [],
    ...(options.capabilities ? { capabilities: async () => options.capabilities } : {}),
  };
  const api = new Proxy({ reportError, ...quiet } as Record<string | symbol, unknown>, {
    get: (target, key) => target[key] ?? vi.fn(never),
  }) as unknown as PortalApi;
  const adapt = (machine: typeof appMachine) =>
    machine.provide({
      actors: {
        // bound as bindSession binds it, so a reported failure reaches api.reportError
        session: provideReporting(
          sessionMachine.provide({
            actors: {
              readStoredCredentials: fromPromise(async () => options.stored?.credentials ?? null),
              login: fromPromise(({ input }) =>
                login({ username: input.username, password: input.password }),
              ),
              refreshTokens: fromPromise(() => options.stored?.refresh() ?? never()),
            },
          }),
          api,
        ),
        preferences: preferencesMachine.provide({
          actors: {
            restorePreferences: fromCallback<PreferencesEvent>(({ sendBack }) => {
              sendBack({
                type: 'preferences.restored',
                ...(options.preferences ?? { theme: 'light', sidebar: 'expanded' }),
              });
            }),
          },
          actions: { persistTheme: () => {}, persistSidebar: () => {} },
        }),
        configuration: configurationResource.provide({
          actors: { load: fromPromise(async () => options.configuration ?? testConfiguration) },
        }),
      },
    });

  const sessionEvents: AnyEventObject[] = [];
  const portal = createPortal(
    { api },
    {
      adapt,
      inspect: (inspection) => {
        if (inspection.type === '@xstate.event' && (inspection.actorRef as AnyActorRef).id === 'session') {
          sessionEvents.push(inspection.event);
        }
      },
    },
  );
  const app = portal.app;

  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const ui: ReactElement = (
    <AppActorProvider portal={portal}>
      <Router hook={location.hook}>
        <App />
      </Router>
    </AppActorProvider>
  );
  const rendered = render(ui);
  return {
    ...rendered,
    app,
    location,
    /** events the session actor received, in order (user intents and actor results) */
    sessionEvents,
    /** what was sent to POST /errors/ (spec point 8) */
    reportError,
    session: () => app.getSnapshot().children.session!.getSnapshot(),
  };
}
