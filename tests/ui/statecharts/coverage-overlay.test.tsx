import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ELK from 'elkjs/lib/elk.bundled.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ElkLayout } from '../../../src/studio/chart-layout';
import type { MachineName } from '../../../src/studio/machine-catalog';
import { catalogEntry } from '../../../src/studio/machine-catalog';
import { useCoverageOverlay } from '../../../src/ui/screens/statecharts/coverage/use-coverage-overlay';
import type { CustomerCounts } from '../../../src/ui/screens/statecharts/coverage/use-customer-counts';
import type { StaticCoverage } from '../../../src/ui/screens/statecharts/coverage/use-static-coverage';
import { StatechartView } from '../../../src/ui/screens/statecharts/diagram/statechart-view';

// The repository's files and the server's counts, as the test says they are.
const sources = vi.hoisted(() => ({
  known: { loading: false, model: undefined, journeys: undefined, journeysRun: false } as StaticCoverage,
  customers: { status: 'off' } as CustomerCounts,
}));
vi.mock('../../../src/ui/screens/statecharts/coverage/use-static-coverage', () => ({
  useStaticCoverage: (_name: string, _machine: unknown, wanted: boolean) =>
    wanted ? sources.known : { loading: false, model: undefined, journeys: undefined, journeysRun: false },
}));
vi.mock('../../../src/ui/screens/statecharts/coverage/use-customer-counts', () => ({
  useCustomerCounts: (_id: string, wanted: boolean) => (wanted ? sources.customers : { status: 'off' }),
}));

const elk = new ELK();
const bundled: ElkLayout = (graph) => elk.layout(graph);

// reorder: idle → adding → done | failed, failed → adding
const DONE = 'reorder.adding --xstate.done.actor.addLines--> reorder.done';
const FAILED = 'reorder.adding --xstate.error.actor.addLines--> reorder.failed';
const STARTED = 'reorder.idle --reorder.started--> reorder.adding';
const RETRIED = 'reorder.failed --reorder.retried--> reorder.adding';

function DiagramWithCoverage({ name }: { name: MachineName }) {
  const { toggle, legend, decorations } = useCoverageOverlay(name);
  return (
    <>
      <StatechartView
        name={name}
        machine={catalogEntry(name)!.machine}
        decorations={decorations}
        toolbar={toggle}
        elk={bundled}
      />
      {legend}
    </>
  );
}

/** drawn edge (`source->target`) → its mark */
const marks = (container: HTMLElement) =>
  Object.fromEntries(
    [...container.querySelectorAll('[data-edge-id]')].map((edge) => [
      edge.getAttribute('data-edge-id'),
      edge.getAttribute('data-mark'),
    ]),
  );

beforeEach(() => {
  sources.known = {
    loading: false,
    model: new Set([STARTED, DONE, FAILED, RETRIED]),
    journeys: { [STARTED]: 3, [DONE]: 2, [FAILED]: 0, [RETRIED]: 0 },
    journeysRun: true,
  };
  sources.customers = { status: 'off' };
});

describe('the coverage overlay', () => {
  it('marks nothing until turned on, then what no journey takes untested and the rest covered', async () => {
    const user = userEvent.setup();
    const { container } = render(<DiagramWithCoverage name="reorder" />);
    await screen.findByTestId('statechart-svg', {}, { timeout: 60_000 });
    expect(Object.values(marks(container)).every((mark) => mark === null)).toBe(true);
    expect(screen.queryByTestId('coverage-legend')).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Coverage' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(marks(container)).toMatchObject({
        'reorder.idle->reorder.adding': 'covered',
        'reorder.adding->reorder.done': 'covered',
        'reorder.adding->reorder.failed': 'untested',
        'reorder.failed->reorder.adding': 'untested',
      }),
    );
    expect(container.textContent).toContain('in 3 journeys');
    expect(container.textContent).toContain('in no journey');

    const legend = screen.getByTestId('coverage-legend');
    expect(legend).toHaveTextContent('Taken by browser journeys');
    expect(legend).toHaveTextContent('Taken by no browser journey');
    expect(legend).toHaveTextContent('Model tests: 4/4 transitions');
    expect(legend).toHaveTextContent('Journeys: 2/4 transitions');
    expect(legend).toHaveTextContent('Customers: not counted');
    expect(legend).not.toHaveTextContent('where customers fail most');

    await user.click(toggle);
    await waitFor(() => expect(Object.values(marks(container)).every((mark) => mark === null)).toBe(true));
    expect(screen.queryByTestId('coverage-legend')).not.toBeInTheDocument();
  });

  it("with customers' counts: notes them where taken and draws the failure they enter hot", async () => {
    const user = userEvent.setup();
    sources.customers = { status: 'loaded', totals: { [STARTED]: 120, [DONE]: 100, [FAILED]: 19 } };
    const { container } = render(<DiagramWithCoverage name="reorder" />);
    await screen.findByTestId('statechart-svg', {}, { timeout: 60_000 });
    await user.click(screen.getByRole('button', { name: 'Coverage' }));
    await waitFor(() => expect(marks(container)['reorder.adding->reorder.failed']).toBe('hot'));
    expect(marks(container)['reorder.failed->reorder.adding']).toBe('untested');
    expect(container.textContent).toContain('120× by customers');
    expect(container.textContent).toContain('19× by customers');
    expect(container.textContent).not.toMatch(/(^|\D)0× by customers/);
    const legend = screen.getByTestId('coverage-legend');
    expect(legend).toHaveTextContent('An edge without a count: no customer took it');
    expect(legend).toHaveTextContent('Into a failure: where customers fail most');
    expect(legend).toHaveTextContent('Customers, last 30 days: 239 transitions taken');
  });

  it("says while customers' counts load, and offers Try again when they fail", async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    sources.customers = { status: 'loading' };
    const { rerender } = render(<DiagramWithCoverage name="reorder" />);
    await screen.findByTestId('statechart-svg', {}, { timeout: 60_000 });
    await user.click(screen.getByRole('button', { name: 'Coverage' }));
    expect(screen.getByTestId('coverage-legend')).toHaveTextContent('Customers: loading the last 30 days…');

    sources.customers = { status: 'failed', retry };
    rerender(<DiagramWithCoverage name="reorder" />);
    const alert = within(screen.getByTestId('coverage-legend')).getByRole('alert');
    expect(alert).toHaveTextContent("Customers' counts could not be loaded.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('says while the path report loads, when no journey run was collected, and when none ran the machine', async () => {
    const user = userEvent.setup();
    sources.known = { loading: true, model: undefined, journeys: undefined, journeysRun: false };
    const { rerender } = render(<DiagramWithCoverage name="reorder" />);
    await screen.findByTestId('statechart-svg', {}, { timeout: 60_000 });
    await user.click(screen.getByRole('button', { name: 'Coverage' }));
    expect(screen.getByTestId('coverage-legend')).toHaveTextContent(
      'Working out which transitions are tested…',
    );

    sources.known = { loading: false, model: undefined, journeys: undefined, journeysRun: false };
    rerender(<DiagramWithCoverage name="reorder" />);
    const legend = screen.getByTestId('coverage-legend');
    expect(legend).toHaveTextContent('Model tests: no path report yet');
    expect(legend).toHaveTextContent('Journeys: none collected yet');

    sources.known = { loading: false, model: undefined, journeys: undefined, journeysRun: true };
    rerender(<DiagramWithCoverage name="reorder" />);
    expect(screen.getByTestId('coverage-legend')).toHaveTextContent(
      'Journeys: no journey was seen to run this flow',
    );
  });
});
