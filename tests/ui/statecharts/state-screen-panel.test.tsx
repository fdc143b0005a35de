import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import studioAr from '../../../src/locales/studio/ar.json';
import { createPortal } from '../../../src/machines/app/app.actor';
import { type appMachine, configurationResource } from '../../../src/machines/app/app.machine';
import { type PreferencesEvent, preferencesMachine } from '../../../src/machines/app/preferences.machine';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import type { PortalApi } from '../../../src/services/api';
import type { FlowScreenKey } from '../../../src/services/api/flow-screens';
import { capabilityNames } from '../../../src/services/api/wire/capabilities';
import type { FlowScreensManifest } from '../../../src/services/api/wire/flow-screens';
import type { StoredCredentials } from '../../../src/services/storage';
import { chartModel } from '../../../src/studio/chart-model';
import { flowVersion } from '../../../src/studio/flow-version';
import { catalogEntry } from '../../../src/studio/machine-catalog';
import { AppActorProvider } from '../../../src/ui/app/app-actor-provider';
import { StateScreenPanel } from '../../../src/ui/screens/statecharts/screens/state-screen-panel';
import { buyerClaims, signedInAs } from '../support/fakeSession';
import { testConfiguration } from '../support/renderApp';

const reviewer = { ...buyerClaims, canReviewFlows: true };
const checkout = catalogEntry('checkout');
if (!checkout) throw new Error('checkout is in the catalog');
const CURRENT = flowVersion(chartModel(checkout.machine));
const OLDER = '0000000000aa';
const EDITING = 'checkout.form.editing';

const run = (version: string, takenAt: string): FlowScreensManifest => ({
  machine: 'checkout',
  version,
  takenAt,
  states: {
    [EDITING]: { variants: ['desktop-light-en', 'desktop-dark-en', 'phone-dark-en', 'phone-dark-ar'] },
    'checkout.waitingForSaves': { reason: 'no-screen', detail: 'the cart drawer stays as it was' },
    'checkout.submitFailed': { reason: 'not-reached', detail: 'checkout-7: into submitFailed' },
    'checkout.succeeded': { reason: 'not-reached' },
  },
});

/** A tiny PNG per shot, told apart by its bytes. */
const imageOf = (key: FlowScreenKey) => new Blob([`${key.stateId}/${key.variant}`], { type: 'image/png' });
const dataUrlOf = (key: Pick<FlowScreenKey, 'stateId' | 'variant'>) =>
  `data:image/png;base64,${btoa(`${key.stateId}/${key.variant}`)}`;

function renderPanel(
  api: Partial<PortalApi>,
  { stateId = EDITING as string | undefined, theme = 'light' as 'light' | 'dark' } = {},
) {
  const signedIn = signedInAs(reviewer);
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
            refreshTokens: fromPromise(async () => signedIn),
          },
        }),
        preferences: preferencesMachine.provide({
          actors: {
            restorePreferences: fromCallback<PreferencesEvent>(({ sendBack }) => {
              sendBack({ type: 'preferences.restored', theme, sidebar: 'expanded' });
            }),
          },
          actions: { persistTheme: () => {}, persistSidebar: () => {} },
        }),
        configuration: configurationResource.provide({
          actors: { load: fromPromise(async () => testConfiguration) },
        }),
      },
    });
  const scripted: Record<string, unknown> = { capabilities: async () => [...capabilityNames], ...api };
  const never = () => new Promise<never>(() => {});
  const proxy = new Proxy({}, { get: (_, key: string) => scripted[key] ?? vi.fn(never) }) as PortalApi;
  const portal = createPortal({ api: proxy }, { adapt });
  const ui = (id: string | undefined) => (
    <AppActorProvider portal={portal}>
      <StateScreenPanel name="checkout" stateId={id} />
    </AppActorProvider>
  );
  const rendered = render(ui(stateId));
  return { ...rendered, choose: (id: string | undefined) => rendered.rerender(ui(id)) };
}

const panel = () => screen.getByRole('region', { name: /^Screen/ });

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('StateScreenPanel', () => {
  it('shows the current version’s shot in the studio’s theme, switches variants and opens it larger', async () => {
    const user = userEvent.setup();
    const flowScreenImage = vi.fn(async (key: FlowScreenKey) => imageOf(key));
    renderPanel(
      {
        flowScreens: async () => [run(OLDER, '2025-03-01T10:00:00Z'), run(CURRENT, '2025-02-01T10:00:00Z')],
        flowScreenImage,
      },
      { theme: 'dark' },
    );
    const image = await screen.findByRole('img', {
      name: `Screen of checkout in state ${EDITING} (Desktop, Dark, English)`,
    });
    expect(image).toHaveAttribute('src', dataUrlOf({ stateId: EDITING, variant: 'desktop-dark-en' }));
    expect(flowScreenImage).toHaveBeenCalledWith(
      { machine: 'checkout', version: CURRENT, stateId: EDITING, variant: 'desktop-dark-en' },
      expect.anything(),
    );
    expect(within(panel()).queryByText('Taken on an older version of this flow')).not.toBeInTheDocument();

    // Arabic was shot only on a phone in dark: choosing it moves to that shot
    expect(screen.getByRole('radio', { name: 'Light' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Arabic' }));
    const arabic = await screen.findByRole('img', {
      name: `Screen of checkout in state ${EDITING} (Phone, Dark, Arabic)`,
    });
    expect(arabic).toHaveAttribute('src', dataUrlOf({ stateId: EDITING, variant: 'phone-dark-ar' }));
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Arabic' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: /Phone, Dark, Arabic/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', arabic.getAttribute('src'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the newest run with a note when the current version has none', async () => {
    renderPanel({
      flowScreens: async () => [run(OLDER, '2025-03-01T10:00:00Z')],
      flowScreenImage: async (key) => imageOf(key),
    });
    expect(await screen.findByText('Taken on an older version of this flow')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', {
        name: `Screen of checkout in state ${EDITING} (Desktop, Light, English)`,
      }),
    ).toBeInTheDocument();
  });

  it('says why a state has no screenshot, asks for a state, and says when none were taken', async () => {
    const { choose, unmount } = renderPanel(
      { flowScreens: async () => [run(CURRENT, '2025-02-01T10:00:00Z')] },
      { stateId: 'checkout.waitingForSaves' },
    );
    expect(
      await screen.findByText('No screen of its own: the cart drawer stays as it was'),
    ).toBeInTheDocument();
    choose('checkout.submitFailed');
    expect(screen.getByText('Not reached by the screenshot run')).toBeInTheDocument();
    expect(
      screen.getByText('Test that failed on the way: checkout-7: into submitFailed'),
    ).toBeInTheDocument();
    // a state the run's manifest does not list (added since) was not reached either
    choose('checkout.previewing');
    expect(screen.getByText('Not reached by the screenshot run')).toBeInTheDocument();
    choose(undefined);
    expect(
      screen.getByText('Choose a state on the diagram to see what the customer sees there.'),
    ).toBeInTheDocument();
    unmount();

    renderPanel({ flowScreens: async () => [] });
    expect(
      await screen.findByText('No screenshots taken yet: run npm run flows:screens'),
    ).toBeInTheDocument();
  });

  it('shows a failure with Retry that loads anew', async () => {
    const user = userEvent.setup();
    let answer: (() => Promise<FlowScreensManifest[]>) | undefined;
    const flowScreens = vi.fn(() => (answer ? answer() : Promise.reject(new Error('offline'))));
    renderPanel({ flowScreens, flowScreenImage: async (key) => imageOf(key) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The screenshots could not be loaded.');
    answer = async () => [run(CURRENT, '2025-02-01T10:00:00Z')];
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: /Desktop, Light, English/ })).toBeInTheDocument();
    expect(flowScreens).toHaveBeenCalledTimes(2);
  });

  it('speaks Arabic and shows the Arabic shot first when the studio is in Arabic', async () => {
    i18next.addResourceBundle('ar', 'studio', studioAr, true, true);
    await act(() => i18next.changeLanguage('ar'));
    renderPanel(
      {
        flowScreens: async () => [run(CURRENT, '2025-02-01T10:00:00Z')],
        flowScreenImage: async (key) => imageOf(key),
      },
      { theme: 'dark' },
    );
    const image = await screen.findByRole('img', { name: new RegExp(studioAr.screens.ar) });
    expect(image).toHaveAttribute('src', dataUrlOf({ stateId: EDITING, variant: 'phone-dark-ar' }));
    expect(
      screen.getByRole('region', { name: new RegExp(`^${studioAr.screens.heading}`) }),
    ).toBeInTheDocument();
  });

  it('shows nothing outside the signed-in portal', () => {
    const { container } = render(<StateScreenPanel name="checkout" stateId={EDITING} />);
    expect(container).toBeEmptyDOMElement();
  });
});
