import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyStateMachine, createActor, setup } from 'xstate';
import type { Portal } from '../../../src/machines/app/app.actor';
import { createInspectionBridge } from '../../../src/services/inspection/live-bridge';
import { INSPECTION_CHANNEL, type PortalMessage } from '../../../src/services/inspection/messages';
import { AppActorContext } from '../../../src/ui/hooks/use-app-actor';
import { LiveScreen } from '../../../src/ui/screens/statecharts/live/live-screen';

// The diagram (elkjs in a web worker) is the diagram's own test's business: here, the states as a list
// carrying the same data-state-id / data-active marks, to see what the live view highlights.
vi.mock('../../../src/ui/screens/statecharts/diagram/statechart-view', async () => {
  const { statesOf } = await import('../../../src/studio/chart-counts');
  return {
    StatechartView: ({
      machine,
      activeStateIds = [],
    }: {
      machine: AnyStateMachine;
      activeStateIds?: string[];
    }) => (
      <ul>
        {statesOf(machine).map((node) => (
          <li key={node.id} data-state-id={node.id} data-active={activeStateIds.includes(node.id)}>
            {node.key}
          </li>
        ))}
      </ul>
    ),
  };
});

/** Stands in for the portal's session (the same id and state names, so the real diagram highlights). */
const session = setup({
  types: { events: {} as { type: 'session.login'; username: string; password: string } },
}).createMachine({
  id: 'session',
  initial: 'new',
  states: {
    new: { on: { 'session.login': 'resolved' } },
    resolved: { initial: 'active', states: { active: {} } },
  },
});

const STUDIO_TAB = 'studio-tab';
const portal = { inspectionTab: STUDIO_TAB } as Portal;
const open: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const thing of open.splice(0).reverse()) thing.close();
});

function renderLive() {
  return render(
    <AppActorContext.Provider value={portal}>
      <LiveScreen />
    </AppActorContext.Provider>,
  );
}

/** A portal tab: the real bridge on its own end of the channel, running the stand-in session. */
function portalTab() {
  const channel = new BroadcastChannel(INSPECTION_CHANNEL);
  const bridge = createInspectionBridge(channel);
  const actor = createActor(session, { inspect: bridge.inspect }).start();
  open.push(channel, { close: () => actor.stop() });
  return { bridge, actor };
}

/** A raw message as a portal tab would post it. */
function post(message: PortalMessage) {
  const channel = new BroadcastChannel(INSPECTION_CHANNEL);
  channel.postMessage(message);
  open.push(channel);
}

const slow = { timeout: 60_000 };

describe('the live view', () => {
  it('asks to open the portal in another tab while none answers, and ignores its own tab', async () => {
    renderLive();
    expect(screen.getByRole('heading', { name: 'No portal tab is answering yet' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open the portal in a new tab' });
    expect(link).toHaveAttribute('href', '/');
    expect(link).toHaveAttribute('target', '_blank');
    post({ type: 'portal.actors', tab: STUDIO_TAB, actors: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'No portal tab is answering yet' })).toBeInTheDocument();
  });

  it('follows a portal tab: the session’s state, its diagram and the event log move as the customer signs in', async () => {
    const { bridge, actor } = portalTab();
    const { container } = renderLive();
    expect(await screen.findByText(`Following portal tab ${bridge.tab}`, {}, slow)).toBeInTheDocument();
    const actors = screen.getByRole('list', { name: 'Actors' });
    const sessionButton = within(actors).getByRole('button', { name: /^Session/ });
    expect(sessionButton).toHaveTextContent('new');
    expect(sessionButton).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('[data-state-id="session.new"]')).toHaveAttribute('data-active', 'true');

    actor.send({ type: 'session.login', username: 'buyer', password: 'buyer123' });
    await expect.poll(() => sessionButton.textContent, slow).toContain('resolved.active');
    expect(container.querySelector('[data-state-id="session.resolved.active"]')).toHaveAttribute(
      'data-active',
      'true',
    );
    expect(container.querySelector('[data-state-id="session.new"]')).toHaveAttribute('data-active', 'false');
    const log = screen.getByRole('table', { name: 'Last events' });
    const rows = within(log).getAllByRole('row').slice(1);
    // the session started before the studio said hello: the sign-in is its first event heard
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([['session', 'session.login']]);
    expect(document.body.textContent).not.toContain('buyer123');

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No events yet: click in the portal tab.')).toBeInTheDocument();
  });

  it('lists the cart, each line by product, the checkout and the search, and shows the chosen one’s diagram', async () => {
    renderLive();
    post({
      type: 'portal.actors',
      tab: 'A',
      actors: [
        {
          id: 'x:0',
          name: 'x:0',
          machine: 'app',
          value: { cartArea: 'running', notifications: 'signedIn' },
          status: 'active',
        },
        {
          id: 'x:1',
          parent: 'x:0',
          systemId: 'session',
          name: 'session',
          machine: 'session',
          value: { resolved: 'active' },
          status: 'active',
        },
        {
          id: 'x:5',
          parent: 'x:0',
          systemId: 'cart',
          name: 'cart',
          machine: 'cart',
          value: 'resolved',
          status: 'active',
        },
        {
          id: 'x:9',
          parent: 'x:5',
          name: 'line.42',
          machine: 'cartLine',
          value: { editable: { save: { pending: 'debouncing' }, unitUndo: 'hidden' } },
          status: 'active',
        },
        {
          id: 'x:6',
          parent: 'x:5',
          systemId: 'checkout',
          name: 'checkout',
          machine: 'checkout',
          value: 'editing',
          status: 'active',
        },
        { id: 'x:20', name: 'x:20', machine: 'search', value: 'closed', status: 'active' },
      ],
    });
    const actors = await screen.findByRole('list', { name: 'Actors' }, slow);
    expect(
      within(actors)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Sessionresolved.active',
      'Cartresolved',
      'Cart line, product 42editable.save.pending.debouncingeditable.unitUndo.hidden',
      'Checkoutediting',
      'Searchclosed',
    ]);
    await userEvent.click(within(actors).getByRole('button', { name: /^Cart line, product 42/ }));
    expect(within(actors).getByRole('button', { name: /^Cart line/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      document.querySelector('[data-state-id="cartLine.editable.save.pending.debouncing"]'),
    ).toHaveAttribute('data-active', 'true');
    post({
      type: 'portal.event',
      tab: 'A',
      event: { type: 'line.quantityChanged', source: 'x:20', target: 'x:9', at: 1 },
    });
    const log = await screen.findByRole('table', { name: 'Last events' }, slow);
    expect(within(log).getByRole('row', { name: /line\.42 line\.quantityChanged/ })).toBeInTheDocument();
  });

  it('lets the reader choose between several portal tabs', async () => {
    renderLive();
    post({ type: 'portal.actors', tab: 'A', actors: [] });
    post({
      type: 'portal.actors',
      tab: 'B',
      actors: [
        {
          id: 'x:1',
          name: 'session',
          systemId: 'session',
          machine: 'session',
          value: 'new',
          status: 'active',
        },
      ],
    });
    const chooser = await screen.findByRole('combobox', { name: 'Portal tab' }, slow);
    expect(screen.getByText('Following portal tab A')).toBeInTheDocument();
    await userEvent.selectOptions(chooser, 'B');
    expect(screen.getByText('Following portal tab B')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Session/ })).toHaveTextContent('new');
  });
});
