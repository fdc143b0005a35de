import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { SessionClaims } from '../../../src/domain/types';
import { createPortal } from '../../../src/machines/app/app.actor';
import { type appMachine, configurationResource } from '../../../src/machines/app/app.machine';
import { type PreferencesEvent, preferencesMachine } from '../../../src/machines/app/preferences.machine';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import type { PortalApi } from '../../../src/services/api';
import type { FlowSignOff, SignOffRequest } from '../../../src/services/api/flow-sign-offs';
import type { StoredCredentials } from '../../../src/services/storage';
import { chartModel } from '../../../src/studio/chart-model';
import { flowVersion } from '../../../src/studio/flow-version';
import { catalogEntry } from '../../../src/studio/machine-catalog';
import { httpError } from '../../../src/test/api-errors';
import { AppActorProvider } from '../../../src/ui/app/app-actor-provider';
import { useVersionCompare } from '../../../src/ui/screens/statecharts/versions/use-version-compare';
import { buyerClaims, signedInAs } from '../support/fakeSession';
import { testConfiguration } from '../support/renderApp';

// the studio's texts, as the studio's chunk loads them
await import('../../../src/ui/screens/statecharts/studio-texts');

const slow = { timeout: 30_000 };
const reviewer: SessionClaims = { ...buyerClaims, canReviewFlows: true };
const checkoutVersion = flowVersion(chartModel(catalogEntry('checkout')!.machine));
const earlier: FlowSignOff = {
  id: 1,
  machine: 'checkout',
  version: 'abcdef012345',
  comment: 'The first review.',
  signedBy: 'Petra Olsen',
  signedAt: '2026-11-20T10:00:00.000Z',
};
const signedNow = (comment: string): FlowSignOff => ({
  id: 2,
  machine: 'checkout',
  version: checkoutVersion,
  comment,
  signedBy: 'Berta Buyer',
  signedAt: '2026-11-27T10:00:00.000Z',
});

function Versions() {
  const { toolbar, panel, graph, decorations } = useVersionCompare('checkout');
  return (
    <div>
      {toolbar}
      <p data-testid="drawn">{graph ? `union of ${graph.nodes.length} states` : 'the machine itself'}</p>
      <p data-testid="marks">{Object.keys(decorations?.states ?? {}).length} marked states</p>
      {panel}
    </div>
  );
}

/** The versions of checkout in a signed-in portal whose API answers as `api` says. */
function renderVersions(claims: SessionClaims, api: Partial<PortalApi>) {
  const adapt = (machine: typeof appMachine) =>
    machine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            readStoredCredentials: fromPromise(
              async (): Promise<StoredCredentials | null> => ({
                refresh: signedInAs(claims).tokens.refresh,
                remember: true,
              }),
            ),
            refreshTokens: fromPromise(async () => signedInAs(claims)),
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
  const scripted = api as Record<string, unknown>;
  const never = () => new Promise<never>(() => {});
  const proxy = new Proxy({}, { get: (_, key: string) => scripted[key] ?? vi.fn(never) }) as PortalApi;
  const portal = createPortal({ api: proxy }, { adapt });
  return render(
    <AppActorProvider portal={portal}>
      <Versions />
    </AppActorProvider>,
  );
}

describe('signing a version off', () => {
  it('lists the sign-offs, asks for a comment, and posts the current version with it', async () => {
    const user = userEvent.setup();
    const posted: SignOffRequest[] = [];
    renderVersions(reviewer, {
      flowSignOffs: async () => [earlier],
      signOffFlow: async (request) => {
        posted.push(request);
        return signedNow(request.comment);
      },
    });
    const panel = await screen.findByRole('region', { name: 'Sign-off' }, slow);
    expect(await within(panel).findByText('The first review.', {}, slow)).toBeInTheDocument();
    expect(
      within(panel).getByText(`This version (${checkoutVersion}) is not signed off yet.`),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Sign off this version' }));
    const comment = within(panel).getByRole('textbox', { name: /Comment/ });
    expect(comment).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Sign off' }));
    expect(within(panel).getByText('Write a comment.')).toBeInTheDocument();
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);

    await user.type(comment, '  Matches the spec.  ');
    await user.click(within(panel).getByRole('button', { name: 'Sign off' }));
    expect(await within(panel).findByRole('status', {}, slow)).toHaveTextContent('Signed off.');
    expect(posted).toEqual([{ machine: 'checkout', version: checkoutVersion, comment: 'Matches the spec.' }]);
    expect(within(panel).getByText('This version is signed off.')).toBeInTheDocument();
    const entries = within(within(panel).getByRole('list', { name: 'Sign-off' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(
        /^Berta Buyer signed off version [0-9a-f]{12} on .*this versionMatches the spec\.$/,
      ),
      expect.stringMatching(/^Petra Olsen signed off version abcdef012345 on .*The first review\.$/),
    ]);
  });

  it('keeps the comment when the sign-off fails, and Try again sends it again', async () => {
    const user = userEvent.setup();
    const signOffFlow = vi
      .fn<(request: SignOffRequest) => Promise<FlowSignOff>>()
      .mockRejectedValueOnce(httpError(503))
      .mockImplementation(async (request) => signedNow(request.comment));
    renderVersions(reviewer, { flowSignOffs: async () => [], signOffFlow });
    const panel = await screen.findByRole('region', { name: 'Sign-off' }, slow);
    expect(
      await within(panel).findByText('Nobody has signed this machine off yet.', {}, slow),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Sign off this version' }));
    await user.type(within(panel).getByRole('textbox', { name: /Comment/ }), 'Checked every branch.');
    await user.click(within(panel).getByRole('button', { name: 'Sign off' }));
    expect(await within(panel).findByRole('alert', {}, slow)).toHaveTextContent(
      'The sign-off could not be stored. Your comment is still here: try again.',
    );
    expect(within(panel).getByRole('textbox', { name: /Comment/ })).toHaveValue('Checked every branch.');

    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('status', {}, slow)).toHaveTextContent('Signed off.');
    expect(signOffFlow).toHaveBeenCalledTimes(2);
    expect(signOffFlow.mock.calls[1]?.[0]).toEqual({
      machine: 'checkout',
      version: checkoutVersion,
      comment: 'Checked every branch.',
    });
    expect(within(panel).getByText('Checked every branch.')).toBeInTheDocument();
  });

  it('shows a failed history load with Try again', async () => {
    const user = userEvent.setup();
    const flowSignOffs = vi
      .fn<() => Promise<FlowSignOff[]>>()
      .mockRejectedValueOnce(httpError(500))
      .mockResolvedValue([earlier]);
    renderVersions(reviewer, { flowSignOffs });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('The sign-offs could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The first review.', {}, slow)).toBeInTheDocument();
  });

  it('has no sign-off for a user who does not review flows', async () => {
    const flowSignOffs = vi.fn(async () => [earlier]);
    renderVersions(buyerClaims, { flowSignOffs });
    expect(await screen.findByRole('combobox', { name: 'Compare with' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sign-off' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign off this version' })).not.toBeInTheDocument();
    expect(flowSignOffs).not.toHaveBeenCalled();
  });
});

describe('comparing with a stored version', () => {
  it('lists the stored versions and, once one is chosen, draws both with a legend and the changes in words', async () => {
    const user = userEvent.setup();
    renderVersions(reviewer, { flowSignOffs: async () => [] });
    const chooser = await screen.findByRole('combobox', { name: 'Compare with' }, slow);
    expect(screen.getByTestId('drawn')).toHaveTextContent('the machine itself');
    // docs/flows/versions/checkout.json holds the current version (npm run flows:snapshot)
    const stored = within(chooser).getByRole('option', { name: /\(this version\)$/ });
    await user.selectOptions(chooser, stored);
    expect(screen.getByTestId('drawn')).toHaveTextContent(/^union of \d+ states$/);
    expect(screen.getByTestId('marks')).toHaveTextContent('0 marked states');
    expect(screen.getByText(/^Compared with /)).toBeInTheDocument();
    expect(screen.getByText('Nothing changed since that version.')).toBeInTheDocument();
    await user.selectOptions(chooser, 'No comparison');
    expect(screen.getByTestId('drawn')).toHaveTextContent('the machine itself');
  });
});
