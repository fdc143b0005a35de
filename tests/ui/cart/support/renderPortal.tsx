import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback, fromPromise } from 'xstate';
import type { SessionClaims } from '../../../../src/domain/types';
import { type AppActor, createPortal } from '../../../../src/machines/app/app.actor';
import { type appMachine, configurationResource } from '../../../../src/machines/app/app.machine';
import { type PreferencesEvent, preferencesMachine } from '../../../../src/machines/app/preferences.machine';
import { sessionMachine } from '../../../../src/machines/session/session.machine';
import type { StoredCredentials } from '../../../../src/services/storage';
import { withCapabilityGate } from '../../../../src/test/capability-gate';
import { App } from '../../../../src/ui/app/app';
import { AppActorProvider } from '../../../../src/ui/app/app-actor-provider';
import { buyerClaims, signedInAs } from '../../support/fakeSession';
import { testConfiguration } from '../../support/renderApp';
import { type FakeApi, type FakeApiData, fakeApi } from './fakeApi';

/**
 * The whole signed-in portal driven by the real app machine and its real children (cart, lines,
 * checkout, orders, order detail); only storage and the session's token calls are provided, and the
 * API answers from `data` (see fakeApi).
 */
export function renderPortal(
  options: { path?: string; claims?: SessionClaims; data?: FakeApiData; api?: FakeApi } = {},
) {
  const claims = options.claims ?? buyerClaims;
  const signedIn = signedInAs(claims);
  const api = options.api ?? fakeApi(options.data);
  const adapt = (machine: typeof appMachine) =>
    machine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            readStoredCredentials: fromPromise(
              async (): Promise<StoredCredentials | null> => ({
                refresh: signedIn.tokens.refresh,
                remember: true,
              }),
            ),
            login: fromPromise(async () => signedIn),
            refreshTokens: fromPromise(async () => signedIn),
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
  // as the browser's API client does: a capability the backend is known to lack is never asked
  let started: AppActor | undefined;
  const gated = withCapabilityGate(api, () => started);
  const portal = createPortal({ api: gated }, { adapt });
  const app = portal.app;
  started = app;
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const rendered = render(
    <AppActorProvider portal={portal}>
      <Router hook={location.hook}>
        <App />
      </Router>
    </AppActorProvider>,
  );
  return { ...rendered, app, api, location };
}
