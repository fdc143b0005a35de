import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeStaffServer, renderStaffConsole } from './support/staff-console';

const secret = 'whsec_c2VjcmV0LW9mLXRoZS1uZXctZW5kcG9pbnQhIQ==';
const rotatedSecret = 'whsec_cm90YXRlZC1zZWNyZXQtb2YtdGhlLWVuZHBvaW50';
const endpoint = (overrides: Record<string, unknown> = {}) => ({
  id: 4,
  url: 'https://erp.example/hooks',
  description: 'ERP',
  enabled: true,
  created_at: '2026-11-27T10:00:00.000Z',
  created_by: 'staff:staff',
  previous_secret_expires_at: null,
  pending: 0,
  failing: 0,
  dead: 0,
  ...overrides,
});

describe('the staff console: webhook endpoints', () => {
  it('adds an endpoint after checking its URL and shows its secret once, with Copy and the warning', async () => {
    const listed: unknown[] = [];
    const server = fakeStaffServer({
      'GET staff/webhook-endpoints': () => ({ body: { endpoints: listed } }),
      'POST staff/webhook-endpoints': () => ({ status: 201, body: { endpoint: endpoint(), secret } }),
    });
    const { copied } = renderStaffConsole(server, '/webhooks/');
    const user = userEvent.setup();

    expect(
      await screen.findByText('No webhook endpoints yet: order events are not sent anywhere.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await user.type(screen.getByLabelText('URL'), 'erp.example/hooks');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      screen.getByText(
        'Enter a full address starting with https:// or http://, without a user name or password.',
      ),
    ).toBeVisible();
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'https://erp.example/hooks');
    await user.type(screen.getByLabelText('Description (optional)'), 'ERP');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByDisplayValue(secret)).toBeVisible();
    expect(
      screen.getByText(
        'Copy the secret now and give it to the receiver: it is shown only this once and can never be shown again.',
      ),
    ).toBeVisible();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://erp.example/hooks',
      description: 'ERP',
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeVisible();
    expect(copied).toEqual([secret]);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Send test: https://erp.example/hooks' })).toBeVisible();
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(secret);
  });

  it('rotates a secret only after the confirmation, and says until when the old one verifies', async () => {
    const server = fakeStaffServer({
      'GET staff/webhook-endpoints': () => ({ body: { endpoints: [endpoint({ pending: 2, dead: 1 })] } }),
      'POST staff/webhook-endpoints/4/rotate-secret': () => ({
        body: { secret: rotatedSecret, previous_secret_expires_at: '2999-11-28T10:00:00.000Z' },
      }),
    });
    renderStaffConsole(server, '/webhooks/');
    const user = userEvent.setup();

    // the counts lead to the delivery log, filtered
    expect(await screen.findByRole('link', { name: '1 dead: https://erp.example/hooks' })).toHaveAttribute(
      'href',
      '/webhooks/deliveries/?state=dead&endpoint=4',
    );
    await user.click(screen.getByRole('button', { name: 'Rotate secret: https://erp.example/hooks' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Rotate the secret of https://erp.example/hooks?',
    });
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));

    expect(await screen.findByDisplayValue(rotatedSecret)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'The new signing secret' })).toBeVisible();
    expect(screen.getByText(/^The previous secret still verifies until .*2999/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(rotatedSecret)).not.toBeInTheDocument();
    expect(screen.getByText(/previous secret verifies until .*2999/)).toBeVisible();
  });

  it('sends a test and shows the answer with its time; disables the endpoint', async () => {
    const server = fakeStaffServer({
      'GET staff/webhook-endpoints': () => ({ body: { endpoints: [endpoint()] } }),
      'POST staff/webhook-endpoints/4/test': () => ({
        body: { ok: false, status: 503, error: 'HTTP 503 Service Unavailable', duration_ms: 87 },
      }),
      'PATCH staff/webhook-endpoints/4': (call) => ({
        body: { endpoint: endpoint({ enabled: (call.body as { enabled: boolean }).enabled }) },
      }),
    });
    renderStaffConsole(server, '/webhooks/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send test: https://erp.example/hooks' }));
    expect(await screen.findByText(/^Test on .+: answered HTTP 503 in 87 ms\./)).toBeVisible();
    expect(screen.getByText('Error: HTTP 503 Service Unavailable')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Disable: https://erp.example/hooks' }));
    expect(await screen.findByRole('button', { name: 'Enable: https://erp.example/hooks' })).toBeVisible();
    expect(screen.getByText('Disabled')).toBeVisible();
    expect(server.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ enabled: false });
  });
});
