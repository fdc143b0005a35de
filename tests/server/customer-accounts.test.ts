import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { userIds } from '../../server/seed/accounts';
import { customerUserWire } from '../../src/services/api/wire/account';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { orderWire } from '../../src/services/api/wire/orders';
import { type JsonAnswer as Answer, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const BASE = '/api/petekcore/customer-accounts/';

let server: TestServer;
const tokens: Record<string, string> = {};
const client = () => new TestClient(server.app);

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['buyer', 'colleague', 'other', 'demo'])
    tokens[name] = (await client().signIn(name, `${name}123`)).access;
});
afterAll(() => server.close());

async function call(user: string | null, method: string, path: string, body?: unknown): Promise<Answer> {
  return client().json(method, path, body, user ? (tokens[user] ?? user) : undefined);
}

const errorOf = (answer: Answer) => errorBodyWire.parse(answer.body);
const userPath = (id: number | string, action = '') => `${BASE}${id}/${action ? `${action}/` : ''}`;
const signInStatus = async (username: string, password: string) =>
  (await client().postJson('/api/token/', { username, password })).status;

const person = {
  first_name: 'Lena',
  last_name: 'Brandt',
  email: 'lena.brandt@lindenhof-gastro.example',
  landline_phone: '+49 40 1234569',
  mobile_phone: '',
  language: 'de',
};
let counter = 0;
/** a fresh user of the buyer's company, made through the API */
async function createUser(extra: Record<string, unknown> = {}) {
  counter += 1;
  const answer = await call('buyer', 'POST', BASE, {
    ...person,
    username: `lena${counter}`,
    email: `lena${counter}@lindenhof-gastro.example`,
    password: 'lena-secret',
    ...extra,
  });
  expect(answer.status).toBe(201);
  return customerUserWire.parse(answer.body);
}

const list = async () => {
  const answer = await call('buyer', 'GET', BASE);
  expect(answer.status).toBe(200);
  return z.array(customerUserWire).parse(answer.body);
};

describe('GET /api/petekcore/customer-accounts/', () => {
  it('lists the company’s users in every state, with realistic contacts and no passwords', async () => {
    const users = await list();
    expect(users.map((u) => u.username)).toEqual(['buyer', 'colleague', 'inactive']);
    const [buyer, colleague, inactive] = users;
    expect(buyer).toMatchObject({
      is_main_user: true,
      is_active: true,
      email: 'maria.keller@lindenhof-gastro.example',
    });
    expect(buyer?.mobile_phone).not.toBe('');
    expect(colleague).toMatchObject({ is_main_user: false, is_active: true });
    expect(inactive).toMatchObject({ is_main_user: false, is_active: false });
    expect(JSON.stringify(users)).not.toMatch(/password|scrypt/);
  });

  it('is for the main user only', async () => {
    const answer = await call('colleague', 'GET', BASE);
    expect(answer.status).toBe(403);
    expect(errorOf(answer).code).toBe('main_user_only');
    expect((await call(null, 'GET', BASE)).status).toBe(401);
  });

  it('shows another company only its own users', async () => {
    const answer = await call('other', 'GET', BASE);
    expect(
      z
        .array(customerUserWire)
        .parse(answer.body)
        .map((u) => u.username),
    ).toEqual(['other']);
  });
});

describe('GET /api/petekcore/customer-accounts/{id}/', () => {
  it('answers a user of the company to the main user', async () => {
    const answer = await call('buyer', 'GET', userPath(userIds.colleague ?? 0));
    expect(answer.status).toBe(200);
    expect(customerUserWire.parse(answer.body).username).toBe('colleague');
  });

  it('answers 404 for another company’s user and ids that do not exist', async () => {
    for (const id of [userIds.other ?? 0, userIds.private ?? 0, 999_999, 99_999_999_999, 0, 'abc', '-1']) {
      const answer = await call('buyer', 'GET', userPath(id));
      expect(answer.status, String(id)).toBe(404);
      expect(errorOf(answer).code).toBe('not_found');
    }
  });

  it('lets a colleague read themselves only', async () => {
    const own = await call('colleague', 'GET', userPath(userIds.colleague ?? 0));
    expect(customerUserWire.parse(own.body).username).toBe('colleague');
    const others = await call('colleague', 'GET', userPath(userIds.buyer ?? 0));
    expect(others.status).toBe(403);
    expect(errorOf(others).code).toBe('main_user_only');
  });
});

describe('POST /api/petekcore/customer-accounts/', () => {
  it('creates a user with a password who can then sign in', async () => {
    const answer = await call('buyer', 'POST', BASE, {
      ...person,
      username: '  Lena.Brandt ',
      password: 'lena-secret',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).not.toHaveProperty('password');
    const created = customerUserWire.parse(answer.body);
    expect(created).toMatchObject({
      username: 'lena.brandt',
      first_name: 'Lena',
      language: 'de',
      is_active: true,
      is_main_user: false,
    });
    expect((await list()).map((u) => u.username)).toContain('lena.brandt');
    const pair = await client().signIn('Lena.Brandt', 'lena-secret');
    const own = await call(pair.access, 'GET', '/api/account-info/');
    expect(customerUserWire.parse(own.body).id).toBe(created.id);
  });

  it('creates an invited user whom no password signs in', async () => {
    const invited = await createUser({
      username: 'invited.cook',
      password: undefined,
      send_invitation: true,
    });
    expect(invited.is_active).toBe(true);
    expect(await signInStatus('invited.cook', 'lena-secret')).toBe(401);
    expect(await signInStatus('invited.cook', '')).toBe(400);
    const row = await server.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', invited.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('scrypt$')).toBe(false);
  });

  it('needs exactly one of a password and send_invitation', async () => {
    const neither = await call('buyer', 'POST', BASE, { ...person, username: 'nobody1' });
    expect(neither.status).toBe(400);
    expect(errorOf(neither).errors).toHaveProperty(['password']);
    const falseInvitation = await call('buyer', 'POST', BASE, {
      ...person,
      username: 'nobody2',
      send_invitation: false,
    });
    expect(falseInvitation.status).toBe(400);
    const both = await call('buyer', 'POST', BASE, {
      ...person,
      username: 'nobody3',
      password: 'secret1',
      send_invitation: true,
    });
    expect(both.status).toBe(400);
    expect(errorOf(both).errors).toHaveProperty(['non_field_errors']);
    const names = (await list()).map((u) => u.username);
    expect(names.filter((n) => n.startsWith('nobody'))).toEqual([]);
  });

  it('refuses a username that is taken, in any case and with spaces, with 409', async () => {
    for (const username of ['colleague', 'BUYER', ' Inactive ', 'other']) {
      const answer = await call('buyer', 'POST', BASE, { ...person, username, password: 'secret1' });
      expect(answer.status, username).toBe(409);
      expect(errorOf(answer)).toEqual({ code: 'username_taken', detail: 'This username is already taken.' });
    }
  });

  it('refuses an unknown language and invalid fields with 400 field errors', async () => {
    const language = await call('buyer', 'POST', BASE, {
      ...person,
      username: 'newcomer',
      password: 'secret1',
      language: 'xx',
    });
    expect(language.status).toBe(400);
    expect(errorOf(language).errors).toHaveProperty(['language']);

    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab' }, 'username'],
      [{ username: 'with space' }, 'username'],
      [{ password: '12345' }, 'password'],
      [{ email: 'nope' }, 'email'],
      [{ first_name: '' }, 'first_name'],
      [{ last_name: undefined }, 'last_name'],
      [{ mobile_phone: 'ring me' }, 'mobile_phone'],
      [{ language: '' }, 'language'],
      [{ send_invitation: 'yes' }, 'send_invitation'],
    ];
    for (const [change, field] of cases) {
      const answer = await call('buyer', 'POST', BASE, {
        ...person,
        username: 'newcomer',
        password: 'secret1',
        ...change,
      });
      expect(answer.status, field).toBe(400);
      expect(errorOf(answer).errors, field).toHaveProperty([field]);
    }
    const malformed = await call('buyer', 'POST', BASE, '{"username":');
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).code).toBe('malformed_json');
    expect((await list()).map((u) => u.username)).not.toContain('newcomer');
  });

  it('is refused to a colleague and a demo user', async () => {
    const body = { ...person, username: 'sneaky', password: 'secret1' };
    const colleague = await call('colleague', 'POST', BASE, body);
    expect(colleague.status).toBe(403);
    expect(errorOf(colleague).code).toBe('main_user_only');
    const demo = await call('demo', 'POST', BASE, body);
    expect(demo.status).toBe(403);
    expect(errorOf(demo).code).toBe('demo_account');
  });
});

describe('PUT /api/petekcore/customer-accounts/{id}/', () => {
  const changes = {
    first_name: 'Jonas',
    last_name: 'Weber-Lind',
    email: 'j.weber@lindenhof-gastro.example',
    landline_phone: '+49 40 1234562',
    mobile_phone: '+49 151 99999999',
    language: 'tr',
  };

  it('changes a user’s details; a new address waits for the code mailed to it', async () => {
    const answer = await call('buyer', 'PUT', userPath(userIds.colleague ?? 0), changes);
    expect(answer.status).toBe(200);
    expect(customerUserWire.parse(answer.body)).toMatchObject({
      ...changes,
      email: 'jonas.weber@lindenhof-gastro.example',
      pending_email: changes.email,
      username: 'colleague',
    });
  });

  it('refuses an address another account holds, in any letter case, and saves nothing', async () => {
    const answer = await call('buyer', 'PUT', userPath(userIds.colleague ?? 0), {
      ...changes,
      first_name: 'Renamed',
      email: ' Mehmet.Yilmaz@Bosporus-Imbiss.example ',
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({
      code: 'email_taken',
      detail: 'An account with this e-mail address already exists.',
      errors: { email: ['An account with this e-mail address already exists.'] },
    });
    const seen = customerUserWire.parse((await call('buyer', 'GET', userPath(userIds.colleague ?? 0))).body);
    expect(seen.first_name).not.toBe('Renamed');
  });

  it('answers 404 for another company’s user, 403 to a colleague, 400 for a bad body', async () => {
    expect((await call('buyer', 'PUT', userPath(userIds.other ?? 0), changes)).status).toBe(404);
    const colleague = await call('colleague', 'PUT', userPath(userIds.buyer ?? 0), changes);
    expect(colleague.status).toBe(403);
    expect(errorOf(colleague).code).toBe('main_user_only');
    expect((await call('colleague', 'PUT', userPath(userIds.colleague ?? 0), changes)).status).toBe(403);
    const language = await call('buyer', 'PUT', userPath(userIds.colleague ?? 0), {
      ...changes,
      language: 'xx',
    });
    expect(language.status).toBe(400);
    expect(errorOf(language).errors).toHaveProperty(['language']);
    const email = await call('buyer', 'PUT', userPath(userIds.colleague ?? 0), { ...changes, email: 'x@' });
    expect(errorOf(email).errors).toHaveProperty(['email']);
    expect((await call('buyer', 'PUT', userPath(userIds.colleague ?? 0), 'not json')).status).toBe(400);
    expect((await call('demo', 'PUT', userPath(userIds.demo ?? 0), changes)).status).toBe(403);
  });
});

describe('deactivate and reactivate', () => {
  it('stops a deactivated user’s session at once and refuses their sign-in, until reactivated', async () => {
    const user = await createUser();
    const pair = await client().signIn(user.username, 'lena-secret');
    expect((await call(pair.access, 'GET', '/api/account-info/')).status).toBe(200);

    const answer = await call('buyer', 'POST', userPath(user.id, 'deactivate'), {});
    expect(answer.status).toBe(200);
    expect(customerUserWire.parse(answer.body).is_active).toBe(false);
    const afterwards = await call(pair.access, 'GET', '/api/account-info/');
    expect(afterwards.status).toBe(401);
    const signIn = await client().postJson('/api/token/', {
      username: user.username,
      password: 'lena-secret',
    });
    expect(signIn.status).toBe(403);
    expect(errorBodyWire.parse(await signIn.json()).code).toBe('inactive_user');
    expect((await client().postJson('/api/token/refresh/', { refresh: pair.refresh })).status).toBe(403);
    expect((await list()).find((u) => u.id === user.id)?.is_active).toBe(false);

    const back = await call('buyer', 'POST', userPath(user.id, 'reactivate'));
    expect(customerUserWire.parse(back.body).is_active).toBe(true);
    await expect(client().signIn(user.username, 'lena-secret')).resolves.toHaveProperty('access');
  });

  it('refuses the main user’s own account, other companies, colleagues and demo users', async () => {
    for (const action of ['deactivate', 'reactivate']) {
      const own = await call('buyer', 'POST', userPath(userIds.buyer ?? 0, action));
      expect(own.status).toBe(403);
      expect(errorOf(own)).toEqual({
        code: 'own_account',
        detail: 'You cannot deactivate or delete your own account.',
      });
      expect((await call('buyer', 'POST', userPath(userIds.other ?? 0, action))).status).toBe(404);
      expect((await call('buyer', 'POST', userPath(424_242, action))).status).toBe(404);
      const colleague = await call('colleague', 'POST', userPath(userIds.inactive ?? 0, action));
      expect(errorOf(colleague).code).toBe('main_user_only');
      expect((await call('demo', 'POST', userPath(userIds.demo ?? 0, action))).status).toBe(403);
    }
    expect((await list()).find((u) => u.username === 'inactive')?.is_active).toBe(false);
  });
});

describe('DELETE /api/petekcore/customer-accounts/{id}/', () => {
  it('removes a user without orders: 404 afterwards, gone from the list, the username free again', async () => {
    const user = await createUser();
    const pair = await client().signIn(user.username, 'lena-secret');
    const answer = await call('buyer', 'DELETE', userPath(user.id));
    expect(answer.status).toBe(204);
    expect(answer.body).toBeNull();
    expect((await call('buyer', 'GET', userPath(user.id))).status).toBe(404);
    expect((await call('buyer', 'DELETE', userPath(user.id))).status).toBe(404);
    expect((await list()).some((u) => u.id === user.id)).toBe(false);
    expect((await call(pair.access, 'GET', '/api/account-info/')).status).toBe(401);
    expect((await client().postJson('/api/token/refresh/', { refresh: pair.refresh })).status).toBe(401);
    expect(await signInStatus(user.username, 'lena-secret')).toBe(401);
    const row = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const again = await call('buyer', 'POST', BASE, {
      ...person,
      username: user.username,
      email: `again.${user.email}`,
      password: 'other-secret',
    });
    expect(again.status).toBe(201);
  });

  it('keeps the orders of a deleted user, whose row stays anonymised and invisible', async () => {
    const user = await createUser();
    const pair = await client().signIn(user.username, 'lena-secret');
    const order = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable('orders')
      .set({ user_id: user.id })
      .where('id', '=', order.id)
      .execute();

    expect((await call('buyer', 'DELETE', userPath(user.id))).status).toBe(204);
    expect((await call('buyer', 'GET', userPath(user.id))).status).toBe(404);
    expect((await call('buyer', 'POST', userPath(user.id, 'reactivate'))).status).toBe(404);
    expect((await call('buyer', 'PUT', userPath(user.id), person)).status).toBe(404);
    expect((await list()).some((u) => u.id === user.id)).toBe(false);
    expect((await call(pair.access, 'GET', '/api/account-info/')).status).toBe(401);
    expect((await client().postJson('/api/token/refresh/', { refresh: pair.refresh })).status).toBe(401);
    expect(await signInStatus(user.username, 'lena-secret')).toBe(401);

    const stored = await call('buyer', 'GET', `/api/netb2b/orders/${order.id}/`);
    expect(stored.status).toBe(200);
    expect(orderWire.parse(stored.body).id).toBe(order.id);
    const invoice = await server.app.request(`/api/netb2b/orders/${order.id}/invoice/`, {
      headers: { Authorization: `Bearer ${tokens.buyer}` },
    });
    expect(invoice.status).toBe(200);
    const row = await server.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_active: 0, email: '', first_name: 'Deleted', last_name: 'user' });
    expect(row.deleted_at).not.toBeNull();
    expect(row.username).not.toBe(user.username);
    // the username is free for someone new
    const again = await call('buyer', 'POST', BASE, {
      ...person,
      username: user.username,
      email: `again.${user.email}`,
      password: 'other-secret',
    });
    expect(again.status).toBe(201);
  });

  it('refuses the own account, another company’s user, a colleague and a demo user', async () => {
    const own = await call('buyer', 'DELETE', userPath(userIds.buyer ?? 0));
    expect(own.status).toBe(403);
    expect(errorOf(own).code).toBe('own_account');
    expect((await call('buyer', 'DELETE', userPath(userIds.other ?? 0))).status).toBe(404);
    const colleague = await call('colleague', 'DELETE', userPath(userIds.inactive ?? 0));
    expect(colleague.status).toBe(403);
    expect(errorOf(colleague).code).toBe('main_user_only');
    expect((await call('demo', 'DELETE', userPath(userIds.demo ?? 0))).status).toBe(403);
    expect((await list()).map((u) => u.username)).toEqual(
      expect.arrayContaining(['buyer', 'colleague', 'inactive']),
    );
    expect((await call('other', 'GET', BASE)).body).toHaveLength(1);
  });
});
