import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ELK from 'elkjs/lib/elk.bundled.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutMachine } from '../../../src/machines/checkout/checkout.machine';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import type { ElkLayout } from '../../../src/studio/chart-layout';
import { MachineScreen } from '../../../src/ui/screens/statecharts/diagram/machine-screen';
import { StatechartView } from '../../../src/ui/screens/statecharts/diagram/statechart-view';

const elk = new ELK();
const bundled: ElkLayout = (graph) => elk.layout(graph);

const stateNodes = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-state-id]')].map((node) => node.getAttribute('data-state-id'));

afterEach(() => vi.restoreAllMocks());

describe('MachineScreen', () => {
  it('shows the purpose, the spec, the diagram with every state, zoom buttons and the Simulate link', async () => {
    const user = userEvent.setup();
    const { container } = render(<MachineScreen name="checkout" elk={bundled} />);
    expect(screen.getByRole('heading', { level: 1, name: 'checkout' })).toBeInTheDocument();
    expect(screen.getByText(/Placing an order from the cart: delivery date/)).toBeInTheDocument();
    expect(screen.getByText(/Spec §4 Cart drawer/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Laying out the diagram…');
    expect(await screen.findByTestId('statechart-svg', {}, { timeout: 60_000 })).toBeInTheDocument();
    expect(stateNodes(container).sort()).toEqual(
      [
        'form',
        'form.editing',
        'form.lineSaveFailed',
        'form.cartChanged',
        'form.minimumNotReached',
        'form.dateMoved',
        'waitingForSaves',
        'previewing',
        'previewFailed',
        'confirming',
        'confirmingWithoutPreview',
        'submitting',
        'submitting.waiting',
        'submitting.slow',
        'submitFailed',
        'submitCancelled',
        'resumable',
        'queueing',
        'queued',
        'succeeded',
      ]
        .map((key) => `checkout.${key}`)
        .sort(),
    );
    expect(container.querySelector('[data-state-id="checkout.form.editing"]')).toHaveAttribute(
      'data-active',
      'false',
    );
    expect(screen.getByRole('link', { name: 'Simulate' })).toHaveAttribute(
      'href',
      '/statecharts/checkout/simulate/',
    );
    expect(container.querySelector('[data-any-state]')).toHaveTextContent('from any state');
    expect(container.textContent).toContain('checkout.submitted');

    const zoom = screen.getByText(/^Zoom \d+ %$/);
    const before = zoom.textContent;
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom.textContent).not.toBe(before);
    await user.click(screen.getByRole('button', { name: 'Actual size (100 %)' }));
    expect(zoom).toHaveTextContent('Zoom 100 %');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(zoom).toHaveTextContent('Zoom 80 %');
    const canvas = screen.getByRole('application', { name: 'Statechart of checkout' });
    fireEvent.keyDown(canvas, { key: '+' });
    expect(zoom).toHaveTextContent('Zoom 100 %');
    fireEvent.keyDown(canvas, { key: '-' });
    expect(zoom).toHaveTextContent('Zoom 80 %');
    expect(screen.getByRole('button', { name: 'Fit to view' })).toBeInTheDocument();
  });

  it('exports the definition for Stately and the diagram as SVG', async () => {
    const user = userEvent.setup();
    const files: { name: string; blob: Blob }[] = [];
    let current: Blob | null = null;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      current = blob;
      return 'blob:test';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (current) files.push({ name: this.download, blob: current });
    });
    render(<MachineScreen name="checkout" elk={bundled} />);
    await screen.findByTestId('statechart-svg', {}, { timeout: 60_000 });

    await user.click(screen.getByRole('button', { name: 'Export' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Definition for Stately (JSON)',
      'Copy as code for Stately',
      'Diagram as SVG image',
      'Diagram as PNG image',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Definition for Stately (JSON)' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Diagram as SVG image' }));

    expect(files.map((file) => file.name)).toEqual(['checkout.stately.json', 'checkout.svg']);
    const [jsonFile, svgFile] = files.map((file) => file.blob) as [Blob, Blob];
    const json = JSON.parse(await jsonFile.text());
    expect(json.initial).toBe('form');
    const svg = await svgFile.text();
    expect(svg).toContain('data-state-id="checkout.submitFailed"');
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).not.toMatch(/var\(--(fg|line|brand|surface)/);
  });

  it('says when a machine does not exist', () => {
    render(<MachineScreen name="nope" elk={bundled} />);
    expect(screen.getByText('There is no machine called “nope”.')).toBeInTheDocument();
  });
});

describe('StatechartView', () => {
  it('marks the active states and their parents', async () => {
    const { container } = render(
      <StatechartView
        name="session"
        machine={sessionMachine}
        activeStateIds={['session.resolved.active']}
        elk={bundled}
      />,
    );
    await screen.findByTestId('statechart-svg', {}, { timeout: 60_000 });
    const active = [...container.querySelectorAll('[data-active="true"]')].map((node) =>
      node.getAttribute('data-state-id'),
    );
    expect(active.sort()).toEqual(['session.resolved', 'session.resolved.active']);
    expect(stateNodes(container)).toHaveLength(18);
  });

  it('shows a failed layout with Try again, which lays it out anew', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const flaky: ElkLayout = (graph) =>
      ++calls === 1 ? Promise.reject(new Error('no worker')) : bundled(graph);
    const { container } = render(<StatechartView name="checkout" machine={checkoutMachine} elk={flaky} />);
    const alert = await screen.findByRole('alert', {}, { timeout: 60_000 });
    expect(alert).toHaveTextContent('The diagram could not be laid out.');
    await user.click(within(alert).getByRole('button'));
    await screen.findByTestId('statechart-svg', {}, { timeout: 60_000 });
    expect(stateNodes(container)).toHaveLength(20);
  });

  it('lays out in place where there are no workers (jsdom), so other screens can embed it as it is', async () => {
    const { container } = render(<StatechartView name="checkout" machine={checkoutMachine} />);
    await waitFor(() => expect(stateNodes(container)).toHaveLength(20), { timeout: 60_000 });
  });
});
