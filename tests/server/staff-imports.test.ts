import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobListWire, importJobWire, staffSessionWire } from '../../src/services/api/wire/staff';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let client: TestClient;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.app);
  const answer = await client.json('POST', '/api/staff/session/', {
    username: 'staff',
    password: 'staff123',
  });
  token = staffSessionWire.parse(answer.body).access;
});
afterAll(() => server.close());

describe('import jobs in the staff console', { timeout: 60_000 }, () => {
  it('takes a file as a job made by the staff user, listed and readable', async () => {
    // the CSRF cookie first, then the header echoing it
    await client.json('GET', '/api/staff/keys/', undefined, token);
    const created = await client.request('/api/staff/imports/prices?mode=delta&file_name=prices.csv', {
      method: 'POST',
      headers: {
        'Content-Type': 'text/csv',
        Authorization: `Bearer ${token}`,
        'X-CSRFToken': csrfOf(client),
      },
      body: 'id;price\nP-1;1.00\n',
    });

    expect(created.status).toBe(202);
    const job = importJobWire.parse(await created.json());
    expect(job).toMatchObject({
      kind: 'prices',
      mode: 'delta',
      file_name: 'prices.csv',
      created_by: 'staff:staff',
    });

    const listed = await client.json('GET', '/api/staff/imports?limit=20', undefined, token);
    expect(listed.status).toBe(200);
    expect(importJobListWire.parse(listed.body).results.map((each) => each.id)).toContain(job.id);
    const read = await client.json('GET', `/api/staff/imports/${job.id}`, undefined, token);
    expect(importJobWire.parse(read.body).id).toBe(job.id);
  });

  it('takes a file larger than the API’s 1 MB body limit', async () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => `P-${index};1.00`).join('\n');
    const created = await client.request('/api/staff/imports/prices?mode=delta&file_name=big.csv', {
      method: 'POST',
      headers: {
        'Content-Type': 'text/csv',
        Authorization: `Bearer ${token}`,
        'X-CSRFToken': csrfOf(client),
      },
      body: `id;price\n${rows}\n`,
    });
    expect(created.status).toBe(202);
    expect(importJobWire.parse(await created.json()).file_bytes).toBeGreaterThan(1024 * 1024);
  });

  it('refuses a customer token and no token', async () => {
    const { access } = await client.signIn('buyer', 'buyer123');
    const asCustomer = await client.json('GET', '/api/staff/imports?limit=20', undefined, access);
    const anonymous = await client.json('GET', '/api/staff/imports?limit=20');
    const customerUpload = await client.request('/api/staff/imports/prices?mode=delta&file_name=p.csv', {
      method: 'POST',
      headers: {
        'Content-Type': 'text/csv',
        Authorization: `Bearer ${access}`,
        'X-CSRFToken': csrfOf(client),
      },
      body: 'id;price\nP-1;1.00\n',
    });
    expect([asCustomer.status, anonymous.status, customerUpload.status]).toEqual([401, 401, 401]);
  });
});

/** the CSRF cookie the client holds (TestClient keeps it from the first answer) */
function csrfOf(testClient: TestClient): string {
  return (testClient as unknown as { csrfToken?: string }).csrfToken ?? '';
}
