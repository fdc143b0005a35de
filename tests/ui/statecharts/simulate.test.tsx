import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { addDays, toIsoDate } from '../../../src/domain/dates';
import type { PathsReport } from '../../../src/studio/paths-report';
import type { ReportState } from '../../../src/ui/screens/statecharts/simulate/paths-report-loader';
import { SimulateScreen } from '../../../src/ui/screens/statecharts/simulate/simulate-screen';

const line = { product: 7, quantity: '2', unit: 1 };
const step = (
  event: PathsReport['paths'][number]['steps'][number]['event'],
  stateId: string,
  words: string,
) => ({
  event,
  words,
  state: stateId.split('.')[1],
  stateIds: [stateId],
  screen: '',
});
/** checkout's report as `npm run paths` writes it, cut to two paths; the second expects a wrong state. */
const checkoutReport: PathsReport = {
  machine: 'checkout',
  input: null,
  states: 14,
  transitions: 48,
  failureStates: ['checkout.submitFailed'],
  initial: { state: { form: 'editing' }, stateIds: ['checkout.form.editing'], screen: '' },
  spawned: {},
  paths: [
    {
      id: 'checkout-1',
      kind: 'state',
      target: 'checkout.previewing',
      serves: [{ kind: 'state', target: 'checkout.previewing' }],
      executed: true,
      steps: [
        step(
          { type: 'checkout.itemsChanged', items: [line] },
          'checkout.form.editing',
          'Send `checkout.itemsChanged` with 1 item',
        ),
        step({ type: 'checkout.submitted' }, 'checkout.previewing', 'Send `checkout.submitted`'),
      ],
    },
    {
      id: 'checkout-2',
      kind: 'failure',
      target: 'checkout.submitFailed',
      serves: [{ kind: 'failure', target: 'checkout.submitFailed' }],
      executed: false,
      steps: [step({ type: 'checkout.submitted' }, 'checkout.submitFailed', 'Send `checkout.submitted`')],
    },
  ],
};

vi.mock('../../../src/ui/screens/statecharts/simulate/paths-report-loader', () => ({
  usePathsReport: (name: string): ReportState =>
    name === 'checkout' ? { status: 'loaded', report: checkoutReport } : { status: 'none' },
}));

// The diagram (elkjs in a web worker) is the diagram's own test's business: here, the states as a list
// carrying the same data-state-id / data-active marks, to see what the simulator highlights.
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

const activeIds = () =>
  [...document.querySelectorAll('[data-state-id][data-active="true"]')].map((node) =>
    node.getAttribute('data-state-id'),
  );
const state = () => screen.getByTestId('simulated-state').textContent;

async function sendWithPayload(user: ReturnType<typeof userEvent.setup>, type: string, payload: string) {
  await user.click(screen.getByRole('button', { name: `Edit the payload of ${type}` }));
  const editor = screen.getByRole('textbox', { name: `Payload of ${type} (JSON)` });
  await user.clear(editor);
  await user.click(editor);
  await user.paste(payload);
  await user.click(screen.getByRole('button', { name: type }));
}

// a long walk through the chart: generous, so a busy machine does not fail it
describe('simulate screen', { timeout: 180_000 }, () => {
  it('drives checkout to a placed order with stand-ins, back a step and restart', async () => {
    const user = userEvent.setup();
    render(<SimulateScreen name="checkout" />);
    expect(screen.getByRole('heading', { name: 'Simulate checkout' })).toBeInTheDocument();
    expect(state()).toBe('form.editing');
    expect(activeIds()).toEqual(['checkout.form', 'checkout.form.editing']);
    // no lines yet: both guards refuse the submit, so it shows but cannot be pressed
    const submitted = screen.getByRole('button', { name: 'checkout.submitted' });
    expect(submitted).toBeDisabled();
    expect(submitted).toHaveAccessibleDescription('A guard refuses it now (with this payload).');

    // the report's example prefills the payload
    await user.click(screen.getByRole('button', { name: 'Edit the payload of checkout.itemsChanged' }));
    expect(
      JSON.parse(
        (
          screen.getByRole('textbox', {
            name: 'Payload of checkout.itemsChanged (JSON)',
          }) as HTMLTextAreaElement
        ).value,
      ),
    ).toEqual({
      type: 'checkout.itemsChanged',
      items: [line],
    });
    await user.click(screen.getByRole('button', { name: 'checkout.itemsChanged' }));
    // a valid date other than the default: after the week's lead time, within the year ahead
    const date = toIsoDate(addDays(new Date(), 30));
    await sendWithPayload(user, 'checkout.dateChanged', JSON.stringify({ date }));
    await user.click(screen.getByRole('button', { name: 'checkout.submitted' }));
    expect(state()).toBe('previewing');
    expect(activeIds()).toEqual(['checkout.previewing']);

    await user.click(screen.getByRole('button', { name: 'Done: previewOrder' }));
    expect(state()).toBe('confirming');
    await user.click(screen.getByRole('button', { name: 'checkout.confirmed' }));
    expect(state()).toBe('submitting.waiting');
    expect(activeIds()).toEqual(['checkout.submitting', 'checkout.submitting.waiting']);
    const output = screen.getByRole('textbox', { name: 'Output of placeOrder (JSON)' });
    await user.clear(output);
    await user.paste('901');
    await user.click(screen.getByRole('button', { name: 'Done: placeOrder' }));
    expect(state()).toBe('succeeded');
    expect(activeIds()).toEqual(['checkout.succeeded']);

    const context = screen.getByRole('list', { name: 'Context' });
    expect(within(context).getByText('orderId:')).toBeInTheDocument();
    expect(within(context).getByText('901')).toBeInTheDocument();
    expect(within(context).getByText(`"${date}"`)).toBeInTheDocument();
    const history = screen.getByRole('heading', { name: 'Events so far' }).nextElementSibling as HTMLElement;
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual([
      'checkout.itemsChanged',
      'checkout.dateChanged',
      'checkout.submitted',
      'xstate.done.actor.previewOrder',
      'checkout.confirmed',
      'xstate.done.actor.placeOrder',
    ]);

    await user.click(screen.getByRole('button', { name: 'Back a step' }));
    expect(state()).toBe('submitting.waiting');
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    expect(state()).toBe('form.editing');
    expect(screen.getByRole('button', { name: 'Back a step' })).toBeDisabled();
  });

  it('fails a stand-in with a chosen HTTP status, revived as the API error the machine reads', async () => {
    const user = userEvent.setup();
    render(<SimulateScreen name="checkout" />);
    await user.click(screen.getByRole('button', { name: 'checkout.itemsChanged' }));
    await user.click(screen.getByRole('button', { name: 'checkout.submitted' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Failure of previewOrder' }),
      'HTTP status 503',
    );
    await user.click(screen.getByRole('button', { name: 'Fail: previewOrder' }));
    expect(state()).toBe('previewFailed');
    const context = screen.getByRole('list', { name: 'Context' });
    expect(within(context).getByText('503')).toBeInTheDocument();
    expect(within(context).getByText('"http"')).toBeInTheDocument();
  });

  it('refuses broken JSON with a message, sends nothing and keeps the text', async () => {
    const user = userEvent.setup();
    render(<SimulateScreen name="checkout" />);
    await sendWithPayload(user, 'checkout.noteChanged', '{"note": "Gate 2"');
    expect(screen.getByRole('alert')).toHaveTextContent(/not valid JSON, nothing was sent/);
    expect(screen.getByRole('textbox', { name: 'Payload of checkout.noteChanged (JSON)' })).toHaveValue(
      '{"note": "Gate 2"',
    );
    expect(screen.getByText('None yet: the machine is in its initial state.')).toBeInTheDocument();
  });

  it('replays a report path step by step and flags a step whose expected state differs', async () => {
    const user = userEvent.setup();
    render(<SimulateScreen name="checkout" />);
    const choose = screen.getByRole('combobox', { name: 'Test path from npm run paths' });
    expect(within(choose).getByRole('group', { name: 'To a state' })).toBeInTheDocument();
    await user.selectOptions(choose, 'checkout-1');
    expect(screen.getByText('Step 0 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    expect(state()).toBe('previewing');
    expect(screen.getByRole('button', { name: 'Next step' })).toBeDisabled();
    expect(screen.queryByText(/Mismatch/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(state()).toBe('form.editing');

    await user.selectOptions(choose, 'checkout-2');
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Mismatch: the path expects checkout.submitFailed, the simulation is in checkout.form.editing.',
    );
    await user.click(screen.getByRole('button', { name: 'Leave the path' }));
    expect(screen.queryByRole('button', { name: 'Next step' })).not.toBeInTheDocument();
  });

  it('asks a machine that needs an input for one before it starts', async () => {
    const user = userEvent.setup();
    render(<SimulateScreen name="document-file" />);
    expect(
      screen.getByText('No test paths for this machine yet: npm run paths writes them.'),
    ).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Input (JSON)' });
    await user.type(input, '{{"document"');
    await user.click(screen.getByRole('button', { name: 'Start the machine' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/not valid JSON/);
    await user.clear(input);
    await user.type(input, '{{"document": {{"fileName": "price-list.pdf"}}');
    await user.click(screen.getByRole('button', { name: 'Start the machine' }));
    expect(state()).toBe('idle');
    expect(screen.getByRole('button', { name: 'Change input' })).toBeInTheDocument();
  });

  it('lets a delay pass by hand', async () => {
    const user = userEvent.setup();
    render(<SimulateScreen name="search" />);
    await user.click(screen.getByRole('button', { name: 'search.focused' }));
    await sendWithPayload(user, 'search.typed', '{"query": "bolts"}');
    expect(state()).toBe('open.debouncing');
    await user.click(screen.getByRole('button', { name: 'Wait 250 ms (searchDebounce)' }));
    expect(state()).not.toBe('open.debouncing');
  });

  it('says so for a name that is no machine', () => {
    render(<SimulateScreen name="nope" />);
    expect(screen.getByText('There is no machine called “nope”.')).toBeInTheDocument();
  });
});
