import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback, fromPromise } from 'xstate';
import { createPortal } from '../../../../src/machines/app/app.actor';
import { type appMachine, configurationResource } from '../../../../src/machines/app/app.machine';
import { type PreferencesEvent, preferencesMachine } from '../../../../src/machines/app/preferences.machine';
import { sessionMachine } from '../../../../src/machines/session/session.machine';
import type { PortalApi, SignedIn } from '../../../../src/services/api';
import type { StoredCredentials } from '../../../../src/services/storage';
import { App } from '../../../../src/ui/app/app';
import { AppActorProvider } from '../../../../src/ui/app/app-actor-provider';
import { testConfiguration } from '../../support/renderApp';

/**
 * The real app, signed out (nothing stored), at `path`, with the API calls the test scripts: the
 * account-access calls the /auth flows make go through `api`; every other call never answers.
 */
export function renderSignedOut(path: string, calls: Partial<PortalApi> = {}) {
  const never = () => new Promise<never>(() => {});
  const reportError = vi.fn(async () => {});
  const api = new Proxy({ reportError, ...calls } as Record<string | symbol, unknown>, {
    get: (target, key) => target[key] ?? vi.fn(never),
  }) as unknown as PortalApi;
  const adapt = (machine: typeof appMachine) =>
    machine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            readStoredCredentials: fromPromise(async (): Promise<StoredCredentials | null> => null),
            login: fromPromise((): Promise<SignedIn> => never()),
            refreshTokens: fromPromise((): Promise<SignedIn> => never()),
          },
        }),
        preferences: preferencesMachine.provide({
          actors: {
            restorePreferences: fromCallback<PreferencesEvent>(({ sendBack }) => {
              sendBack({ type: 'preferences.restored', theme: 'light', sidebar: 'expanded' });
            }),
          },
          actions: { persistTheme: () => {}, persistSidebar: () => {} },
        }),
        configuration: configurationResource.provide({
          actors: { load: fromPromise(async () => testConfiguration) },
        }),
      },
    });
  const portal = createPortal({ api }, { adapt });
  const location = memoryLocation({ path, record: true });
  const rendered = render(
    <AppActorProvider portal={portal}>
      <Router hook={location.hook}>
        <App />
      </Router>
    </AppActorProvider>,
  );
  return { ...rendered, location, reportError };
}
