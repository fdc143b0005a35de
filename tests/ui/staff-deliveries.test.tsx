import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeStaffServer, renderStaffConsole } from './support/staff-console';

const delivery = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  endpoint_id: 4,
  endpoint_url: 'https://erp.example/hooks',
  event_id: `evt_${id}`,
  event_type: 'order.placed',
  order_id: 42,
  state: 'dead',
  attempts: 10,
  last_status: 500,
  last_error: 'HTTP 500 Internal Server Error',
  last_attempt_at: '2026-11-27T11:00:00.000Z',
  next_attempt_at: '2026-11-27T11:00:00.000Z',
  delivered_at: null,
  created_at: '2026-11-27T09:00:00.000Z',
  ...overrides,
});
const endpoints = {
  endpoints: [
    {
      id: 4,
      url: 'https://erp.example/hooks',
      description: 'ERP',
      enabled: true,
      created_at: '2026-11-27T10:00:00.000Z',
      created_by: 'staff:staff',
      previous_secret_expires_at: null,
      pending: 0,
      failing: 0,
      dead: 2,
    },
  ],
};

describe('the staff console: webhook deliveries', () => {
  it('opens filtered from a link, pages to older ones and replays a dead one in place', async () => {
    const server = fakeStaffServer({
      'GET staff/webhook-endpoints': () => ({ body: endpoints }),
      'GET staff/webhook-deliveries': (call) =>
        call.url.includes('before=10')
          ? { body: { deliveries: [delivery(7, { event_type: 'order.amended' })], next_before: null } }
          : { body: { deliveries: [delivery(10)], next_before: 10 } },
      'POST staff/webhook-deliveries/10/replay': () => ({
        body: {
          delivery: delivery(10, {
            state: 'pending',
            attempts: 0,
            next_attempt_at: '2026-11-27T12:00:00.000Z',
          }),
        },
      }),
    });
    renderStaffConsole(server, '/webhooks/deliveries/?state=dead&endpoint=4');
    const user = userEvent.setup();

    const list = await screen.findByRole('region', { name: 'Deliveries' });
    expect(within(list).getByText('order.placed')).toBeVisible();
    expect(within(list).getByText('Last error: HTTP 500 Internal Server Error')).toBeVisible();
    expect(within(list).getByText(/^10 tries · Last answer HTTP 500 · Last try /)).toBeVisible();
    expect(within(list).getByRole('link', { name: 'Order 42' })).toHaveAttribute(
      'href',
      '/suborders/?order=42',
    );
    expect(server.calls.find((call) => call.url.startsWith('staff/webhook-deliveries'))?.url).toBe(
      'staff/webhook-deliveries?limit=50&state=dead&endpoint=4',
    );
    // the form shows the filter it was opened with
    expect(screen.getByLabelText('State')).toHaveValue('dead');
    expect(await screen.findByRole('option', { name: 'https://erp.example/hooks' })).toBeInTheDocument();
    expect(screen.getByLabelText('Endpoint')).toHaveValue('4');

    await user.click(screen.getByRole('button', { name: 'Older deliveries' }));
    expect(await within(list).findByText('order.amended')).toBeVisible();
    expect(server.calls.at(-1)?.url).toBe(
      'staff/webhook-deliveries?limit=50&state=dead&endpoint=4&before=10',
    );
    expect(screen.queryByRole('button', { name: 'Older deliveries' })).not.toBeInTheDocument();

    await user.click(within(list).getAllByRole('button', { name: /^Replay/ })[0]!);
    expect(await within(list).findByText('Pending')).toBeVisible();
    expect(within(list).getByText(/^0 tries · Last answer HTTP 500 · Next try /)).toBeVisible();
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      'staff/webhook-deliveries/10/replay',
    ]);
    // the replayed one can no longer be replayed; the older dead one still can
    expect(within(list).getAllByRole('button', { name: /^Replay/ })).toHaveLength(1);
  });

  const arrived = delivery(10, {
    state: 'delivered',
    attempts: 1,
    last_status: 204,
    last_error: null,
    delivered_at: '2026-11-27T09:00:01.000Z',
  });

  it('checks the order number, says when nothing matches, and offers Retry after a failure', async () => {
    let failNext = true;
    const server = fakeStaffServer({
      'GET staff/webhook-endpoints': () => ({ body: endpoints }),
      'GET staff/webhook-deliveries': (call) => {
        if (failNext) {
          failNext = false;
          return { status: 500, body: { detail: 'Server error.' } };
        }
        return call.url.includes('order=42')
          ? { body: { deliveries: [], next_before: null } }
          : { body: { deliveries: [arrived], next_before: null } };
      },
    });
    renderStaffConsole(server, '/webhooks/deliveries/');
    const user = userEvent.setup();

    expect(await screen.findByText('The deliveries could not be loaded.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^1 try · Last answer HTTP 204 · Delivered /)).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Replay/ })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Order number'), '4x');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('An order number has digits only.')).toBeVisible();
    await user.clear(screen.getByLabelText('Order number'));
    await user.type(screen.getByLabelText('Order number'), '42{Enter}');
    expect(await screen.findByText('No deliveries match this filter.')).toBeVisible();
    expect(server.calls.at(-1)?.url).toBe('staff/webhook-deliveries?limit=50&order=42');
  });
});
