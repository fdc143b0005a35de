import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createStaffArea } from '../../src/machines/staff';
import { StaffConsole } from '../../src/ui/screens/staff/staff-area';

interface Call {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** The staff API as a fake fetch: each answer by method and path; every call recorded. */
function fakeStaffServer(answers: Record<string, () => { status?: number; body: unknown }>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    // a file upload passes its body in `init`; the JSON calls (ky) a Request with a text body
    const body = init.body ?? (request.body ? await request.clone().text() : null);
    calls.push({ method: request.method, url: `${path}${url.search}`, headers: request.headers, body });
    const answer = answers[`${request.method} ${path}`];
    if (!answer)
      return new Response(JSON.stringify({ detail: 'Not found.', code: 'no_such_call' }), { status: 404 });
    const { status = 200, body: answerBody } = answer();
    return new Response(JSON.stringify(answerBody), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

function renderConsole(server: ReturnType<typeof fakeStaffServer>, copied: string[]) {
  const area = createStaffArea({
    apiBase: 'http://portal.test/api',
    fetch: server.fetch,
    storage: () => sessionStorage,
    copyText: async (text) => {
      copied.push(text);
    },
  });
  const { hook } = memoryLocation({ path: '/keys/' });
  render(
    <Router hook={hook}>
      <StaffConsole area={area} />
    </Router>,
  );
  return area;
}

const secret = 'opk_AbCd1234_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN';
const shopKey = {
  id: 7,
  name: 'Shop',
  key_prefix: 'opk_AbCd1234',
  scopes: ['prices:write', 'jobs:read'],
  created_at: '2026-11-27T10:00:00.000Z',
  created_by: 'staff:staff',
  last_used_at: null,
  revoked_at: null,
};

describe('the staff console: integration keys', () => {
  it('creates a key and shows its secret once, with Copy and the warning', async () => {
    sessionStorage.setItem(
      'staff.session',
      JSON.stringify({
        access: 'staff-token',
        expiresAt: '2999-01-01T00:00:00.000Z',
        name: 'Supplier staff',
        username: 'staff',
      }),
    );
    const server = fakeStaffServer({
      'GET staff/keys/': () => ({ body: { results: [] } }),
      'POST staff/keys/': () => ({ status: 201, body: { ...shopKey, key: secret } }),
    });
    const copied: string[] = [];
    renderConsole(server, copied);
    const user = userEvent.setup();

    expect(await screen.findByText('No integration keys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New key' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Give the key a name.')).toBeInTheDocument();
    expect(screen.getByText('Tick at least one scope.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Key name'), 'Shop');
    await user.click(screen.getByRole('checkbox', { name: /Load prices/ }));
    await user.click(screen.getByRole('checkbox', { name: /Read import jobs/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByDisplayValue(secret)).toBeInTheDocument();
    expect(
      screen.getByText('Copy the key now: it is shown only this once and can never be shown again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(copied).toEqual([secret]);
    const created = server.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(created?.body))).toEqual({
      name: 'Shop',
      scopes: ['prices:write', 'jobs:read'],
    });

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Shop')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(secret);
  });

  it('revokes a key only after the confirmation', async () => {
    sessionStorage.setItem(
      'staff.session',
      JSON.stringify({
        access: 'staff-token',
        expiresAt: '2999-01-01T00:00:00.000Z',
        name: 'Supplier staff',
        username: 'staff',
      }),
    );
    const server = fakeStaffServer({
      'GET staff/keys/': () => ({ body: { results: [shopKey] } }),
      'POST staff/keys/7/revoke/': () => ({ body: { ...shopKey, revoked_at: '2026-11-27T11:00:00.000Z' } }),
    });
    renderConsole(server, []);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Revoke: Shop' }));
    expect(await screen.findByRole('dialog', { name: 'Revoke the key “Shop”?' })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText(/^Revoked /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke: Shop' })).not.toBeInTheDocument();
  });
});
