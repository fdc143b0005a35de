import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyActorRef, type AnyEventObject, fromCallback, fromPromise } from 'xstate';
import type { Configuration, RegistrationPayload } from '../../../src/domain/types';
import { createPortal } from '../../../src/machines/app/app.actor';
import { type appMachine, configurationResource } from '../../../src/machines/app/app.machine';
import { type PreferencesEvent, preferencesMachine } from '../../../src/machines/app/preferences.machine';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import type { LoginCredentials, PortalApi, SignedIn } from '../../../src/services/api';
import type { StoredCredentials } from '../../../src/services/storage';
import { App } from '../../../src/ui/app/app';
import { AppActorProvider } from '../../../src/ui/app/app-actor-provider';
import { testConfiguration } from '../support/renderApp';

/** Registration is on (spec point 6: the default customer type is above 0). */
export const registrationOn: Configuration = { ...testConfiguration, defaultCustomerType: 1 };

interface Options {
  path?: string;
  configuration?: Configuration;
  /** what POST /netb2b/register/ answers; never settles by default */
  register?: (payload: RegistrationPayload) => Promise<void>;
}

/**
 * The app signed out (nothing stored) at /auth/register/, as tests/ui/support/renderApp.tsx renders it,
 * but with the API client's `register` scripted: the registration machine is bound by the composition
 * root to `ports.api`, so the fake API is where its answers come from.
 */
export function renderRegistration(options: Options = {}) {
  const never = () => new Promise<never>(() => {});
  const reportError = vi.fn(async () => {});
  const register = vi.fn((payload: RegistrationPayload, _options?: unknown) =>
    (options.register ?? never)(payload),
  );
  const api = new Proxy({ reportError, register } as Record<string | symbol, unknown>, {
    get: (target, key) => target[key] ?? vi.fn(never),
  }) as unknown as PortalApi;
  const adapt = (machine: typeof appMachine) =>
    machine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            readStoredCredentials: fromPromise<StoredCredentials | null, void>(async () => null),
            login: fromPromise<SignedIn, LoginCredentials>(never),
            refreshTokens: fromPromise<SignedIn, { refresh: string }>(never),
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
          actors: { load: fromPromise(async () => options.configuration ?? registrationOn) },
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
  const location = memoryLocation({ path: options.path ?? '/auth/register/', record: true });
  const rendered = render(
    <AppActorProvider portal={portal}>
      <Router hook={location.hook}>
        <App />
      </Router>
    </AppActorProvider>,
  );
  return { ...rendered, location, register, reportError, sessionEvents };
}
