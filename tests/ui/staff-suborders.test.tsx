import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeStaffServer, renderStaffConsole } from './support/staff-console';

const suborder = (id: number, overrides: Record<string, unknown> = {}) => ({
  reference: `SO-${id}`,
  id,
  order_id: 42,
  state: 'processing',
  company_name: 'Bakery Berg',
  warehouse_name: 'North',
  eta: null,
  delivery_note_number: null,
  ...overrides,
});
const delivered = suborder(7, {
  reference: 'ERP-7001',
  state: 'delivered',
  eta: '2026-12-01T14:00:00.000Z',
  delivery_note_number: 'LS-4711',
});
const history = {
  suborder: delivered,
  events: [
    {
      id: 1,
      type: 'confirmed',
      state: 'confirmed',
      occurred_at: '2026-11-28T08:00:00.000Z',
      recorded_at: '2026-11-28T08:00:01.000Z',
      details: { previous_state: 'processing', external_id: 'ERP-7001' },
    },
    {
      id: 2,
      type: 'shipped',
      state: 'shipped',
      occurred_at: '2026-11-30T08:00:00.000Z',
      recorded_at: '2026-11-30T08:00:02.000Z',
      details: {
        previous_state: 'confirmed',
        eta: '2026-12-01T14:00:00.000Z',
        delivery_note_number: 'LS-4711',
      },
    },
    {
      id: 3,
      type: 'delivered',
      state: 'delivered',
      occurred_at: '2026-12-01T13:40:00.000Z',
      recorded_at: '2026-12-01T13:40:05.000Z',
      details: {
        previous_state: 'shipped',
        lines: [
          { line_id: 77, delivered_quantity: '1' },
          {
            line_id: 78,
            delivered_quantity: '0',
            substitute: { product: 'SPI-00036', quantity: '2', unit: '3' },
          },
        ],
      },
    },
  ],
};

/** A suborder card's fact: the text beside its label. */
const fact = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the staff console: suborders', () => {
  it('looks up an order: each suborder with its state and the ERP’s reports', async () => {
    const server = fakeStaffServer({
      'GET staff/suborders': () => ({ body: { suborders: [delivered, suborder(8)] } }),
      'GET staff/suborders/ERP-7001/events': () => ({ body: history }),
      'GET staff/suborders/SO-8/events': () => ({ body: { suborder: suborder(8), events: [] } }),
    });
    renderStaffConsole(server, '/suborders/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Look up' }));
    expect(screen.getByText('Enter an order number.')).toBeVisible();
    await user.type(screen.getByLabelText('Order number'), '#42{Enter}');

    const found = await screen.findByRole('region', { name: 'The 2 suborders of order 42' });
    expect(server.calls.map((call) => call.url)).toEqual([
      'staff/suborders?order=42',
      'staff/suborders/ERP-7001/events',
      'staff/suborders/SO-8/events',
    ]);
    const first = within(found).getByRole('article', { name: 'ERP-7001' });
    expect(fact(first, 'State')).toBe('Delivered');
    expect(fact(first, 'Customer')).toBe('Bakery Berg');
    expect(fact(first, 'Warehouse')).toBe('North');
    expect(fact(first, 'Delivery note')).toBe('LS-4711');
    expect(fact(first, 'Expected arrival')).toMatch(/2026/);
    const reports = within(first)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(reports).toHaveLength(3);
    expect(reports[0]).toHaveTextContent('Confirmed · From Processing to Confirmed');
    expect(reports[0]).toHaveTextContent('ERP number ERP-7001');
    expect(reports[1]).toHaveTextContent('Delivery note LS-4711');
    expect(reports[1]).toHaveTextContent(/Expected arrival .*2026/);
    expect(reports[2]).toHaveTextContent('Line 77: 1 delivered');
    expect(reports[2]).toHaveTextContent('Line 78: 0 delivered · Sent instead: 2 × SPI-00036 (unit 3)');
    expect(reports[2]).toHaveTextContent(/Happened .* · Recorded /);

    const second = within(found).getByRole('article', { name: 'SO-8' });
    expect(fact(second, 'State')).toBe('Processing');
    expect(
      within(second).getByText('The ERP has not reported anything about this suborder yet.'),
    ).toBeVisible();
  });

  it('looks up a suborder by its reference, and says when there is none', async () => {
    const server = fakeStaffServer({
      'GET staff/suborders/ERP-7001/events': () => ({ body: history }),
    });
    renderStaffConsole(server, '/suborders/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('radio', { name: 'Suborder reference' }));
    await user.type(screen.getByLabelText('Reference (SO-… or the ERP’s number)'), 'SO-999{Enter}');
    expect(await screen.findByText('No suborder has the reference “SO-999”.')).toBeVisible();

    await user.clear(screen.getByLabelText('Reference (SO-… or the ERP’s number)'));
    await user.type(screen.getByLabelText('Reference (SO-… or the ERP’s number)'), 'ERP-7001{Enter}');
    expect(await screen.findByRole('heading', { name: 'Suborder ERP-7001' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'ERP-7001' })).toBeVisible();
  });

  it('opens on an order from a delivery’s link', async () => {
    const server = fakeStaffServer({
      'GET staff/suborders': () => ({ body: { suborders: [suborder(8)] } }),
      'GET staff/suborders/SO-8/events': () => ({ body: { suborder: suborder(8), events: [] } }),
    });
    renderStaffConsole(server, '/suborders/?order=42');

    expect(await screen.findByRole('region', { name: 'The suborder of order 42' })).toBeVisible();
    expect(screen.getByLabelText('Order number')).toHaveValue('42');
  });
});
