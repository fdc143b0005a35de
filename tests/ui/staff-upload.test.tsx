import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createStaffArea } from '../../src/machines/staff';
import { StaffConsole } from '../../src/ui/screens/staff/staff-area';

const job = {
  id: 'job-1',
  kind: 'prices',
  mode: 'delta',
  format: 'csv',
  status: 'queued',
  file_name: 'prices.csv',
  file_bytes: 40,
  rows_total: null,
  rows_done: 0,
  applied: 0,
  unchanged: 0,
  refused: 0,
  retired: 0,
  error: null,
  created_by: 'staff:staff',
  created_at: '2026-11-27T10:00:00.000Z',
  started_at: null,
  finished_at: null,
};
const done = {
  ...job,
  status: 'done',
  rows_total: 2,
  rows_done: 2,
  applied: 1,
  refused: 1,
  finished_at: '2026-11-27T10:00:05.000Z',
};
const refusedRow = {
  seq: 2,
  row_number: 3,
  external_id: 'P-2',
  outcome: 'refused',
  reason: 'price_invalid',
  detail: 'price: "abc" is not a price.',
};

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

function renderConsole(server: ReturnType<typeof fakeStaffServer>) {
  const area = createStaffArea({
    apiBase: 'http://portal.test/api',
    fetch: server.fetch,
    storage: () => sessionStorage,
  });
  const { hook } = memoryLocation({ path: '/' });
  render(
    <Router hook={hook}>
      <StaffConsole area={area} />
    </Router>,
  );
  return area;
}

describe('the staff console: loading a file', () => {
  it('signs in, uploads a file and shows the job’s counts and its refused row', async () => {
    let reads = 0;
    const server = fakeStaffServer({
      'POST staff/session/': () => ({
        body: {
          access: 'staff-token',
          expires_at: '2999-01-01T00:00:00.000Z',
          name: 'Supplier staff',
          username: 'staff',
        },
      }),
      // the list as the server has it: empty until the upload made the job
      'GET staff/imports': () => ({ body: { results: reads > 0 ? [done] : [] } }),
      'POST staff/imports/prices': () => ({ status: 202, body: job }),
      'GET staff/imports/job-1': () => {
        reads += 1;
        return { body: done };
      },
      'GET staff/imports/job-1/report.json': () => ({ body: { rows: [refusedRow], next_after: null } }),
    });
    renderConsole(server);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('User name'), 'staff');
    await user.type(screen.getByLabelText('Password'), 'staff123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Staff console' })).toBeInTheDocument();
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('What the file holds'), 'prices');
    const file = new File(['id;price\nP-1;1.00\nP-2;abc\n'], 'prices.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('File (CSV, XLSX or JSON)'), file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('1 applied')).toBeInTheDocument();
    expect(screen.getByText('1 refused')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['3', 'P-2', 'price: "abc" is not a price.price_invalid']);
    expect(screen.getByRole('button', { name: 'Download report' })).toBeEnabled();
    expect(reads).toBeGreaterThan(0);
    // the recent imports list shows the finished job without a reload of the page
    const recent = screen.getByRole('region', { name: 'Recent imports' });
    expect(await within(recent).findByText('prices.csv')).toBeInTheDocument();

    const upload = server.calls.find(
      (call) => call.method === 'POST' && call.url.startsWith('staff/imports/prices'),
    );
    expect(upload?.url).toBe('staff/imports/prices?mode=delta&file_name=prices.csv');
    expect(upload?.headers.get('Authorization')).toBe('Bearer staff-token');
    expect(upload?.body).toBe(file);
  });

  it('keeps the chosen file through a failed upload and sends it again on Try again', async () => {
    sessionStorage.setItem(
      'staff.session',
      JSON.stringify({
        access: 'staff-token',
        expiresAt: '2999-01-01T00:00:00.000Z',
        name: 'Supplier staff',
        username: 'staff',
      }),
    );
    let attempts = 0;
    const server = fakeStaffServer({
      'GET staff/imports': () => ({ body: { results: [] } }),
      'POST staff/imports/products': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { detail: 'Busy.', code: 'unavailable' } }
          : { status: 202, body: job };
      },
      'GET staff/imports/job-1': () => ({ body: { ...done, refused: 0, applied: 2 } }),
    });
    renderConsole(server);
    const user = userEvent.setup();
    const file = new File(['id;name\nP-1;Tea\n'], 'products.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('File (CSV, XLSX or JSON)'), file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('The file could not be uploaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('No row was refused.')).toBeInTheDocument();
    const sent = server.calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(sent).toEqual([file, file]);
  });
});
