import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUserWire } from '../../src/services/api/wire/account';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { type JsonAnswer as Answer, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const PATH = '/api/account-info/';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'colleague', 'other', 'demo', 'private'])
    tokens[name] = (await client.signIn(name, `${name}123`)).access;
});
afterAll(() => server.close());

async function call(user: string | null, method: string, body?: unknown, path = PATH): Promise<Answer> {
  return new TestClient(server.app).json(method, path, body, user ? tokens[user] : undefined);
}

const errorOf = (answer: Answer) => errorBodyWire.parse(answer.body);

const changes = {
  first_name: '  Jonas ',
  last_name: 'Weber',
  email: 'jonas@weber.example',
  landline_phone: '+49 (40) 123-4562',
  mobile_phone: '0151 / 23456789',
};

describe('GET /api/account-info/', () => {
  it('answers every user their own account', async () => {
    const buyer = customerUserWire.parse((await call('buyer', 'GET')).body);
    expect(buyer).toMatchObject({
      username: 'buyer',
      first_name: 'Maria',
      last_name: 'Keller',
      email: 'maria.keller@lindenhof-gastro.example',
      language: 'en',
      is_active: true,
      is_main_user: true,
    });
    expect(buyer.landline_phone).not.toBe('');
    const colleague = customerUserWire.parse((await call('colleague', 'GET')).body);
    expect(colleague).toMatchObject({ username: 'colleague', is_main_user: false });
    const other = customerUserWire.parse((await call('other', 'GET')).body);
    expect(other).toMatchObject({ username: 'other', language: 'tr' });
    const demo = customerUserWire.parse((await call('demo', 'GET')).body);
    expect(demo.username).toBe('demo');
    expect(JSON.stringify(buyer)).not.toMatch(/password/);
  });

  it('needs a signed-in user', async () => {
    const answer = await call(null, 'GET');
    expect(answer.status).toBe(401);
    expect(errorOf(answer).code).toBe('not_authenticated');
  });
});

describe('PUT /api/account-info/', () => {
  it('saves the caller’s own name, e-mail and phones, and nothing else', async () => {
    const answer = await call('colleague', 'PUT', {
      ...changes,
      username: 'hijack',
      is_main_user: true,
      is_active: false,
      language: 'ar',
    });
    expect(answer.status).toBe(200);
    const saved = customerUserWire.parse(answer.body);
    // the new address waits for the code mailed to it (email-change.test.ts)
    expect(saved).toMatchObject({
      ...changes,
      email: 'jonas.weber@lindenhof-gastro.example',
      pending_email: changes.email,
      first_name: 'Jonas',
      username: 'colleague',
      is_main_user: false,
      is_active: true,
      language: 'en',
    });
    expect(customerUserWire.parse((await call('colleague', 'GET')).body)).toEqual(saved);
    // the main user sees the change in the users list
    const seen = customerUserWire.parse(
      (await call('buyer', 'GET', undefined, `/api/petekcore/customer-accounts/${saved.id}/`)).body,
    );
    expect(seen).toEqual(saved);
  });

  it('answers 400 with field errors for invalid and malformed bodies', async () => {
    const before = (await call('private', 'GET')).body;
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, 'first_name'],
      [{ last_name: 'x'.repeat(101) }, 'last_name'],
      [{ email: 'anna at example' }, 'email'],
      [{ email: undefined }, 'email'],
      [{ landline_phone: 'abc' }, 'landline_phone'],
      [{ mobile_phone: 7 }, 'mobile_phone'],
    ];
    for (const [change, field] of cases) {
      const answer = await call('private', 'PUT', { ...changes, ...change });
      expect(answer.status, field).toBe(400);
      expect(errorOf(answer).code).toBe('invalid');
      expect(errorOf(answer).errors, field).toHaveProperty([field]);
    }
    const malformed = await call('private', 'PUT', '{{');
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).code).toBe('malformed_json');
    expect((await call('private', 'PUT', '[]')).status).toBe(400);
    expect((await call('private', 'GET')).body).toEqual(before);
  });

  it('is refused to a demo user', async () => {
    const answer = await call('demo', 'PUT', changes);
    expect(answer.status).toBe(403);
    expect(errorOf(answer).code).toBe('demo_account');
  });

  it('needs a signed-in user and the CSRF header', async () => {
    expect((await call(null, 'PUT', changes)).status).toBe(401);
    const noCsrf = await server.app.request(PATH, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${tokens.buyer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(changes),
    });
    expect(noCsrf.status).toBe(403);
  });
});
