import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnTypesFor } from '../../server/db/column-types';
import { uniqueEmails } from '../../server/db/migrations/130-unique-emails';
import { customerUserWire } from '../../src/services/api/wire/account';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { newRegistration, register, registeredAccount } from './support/account-access';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// An address is the key to an account's password reset: two accounts sharing one let the older take
// the other's resets. Every path that writes a user's address refuses one another account holds, in
// any letter case and with spaces around it, and the database refuses it too.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TAKEN = {
  detail: 'An account with this e-mail address already exists.',
  code: 'email_taken',
  errors: { email: ['An account with this e-mail address already exists.'] },
};

/** a fresh main user of a company of their own, signed in */
async function mainUser() {
  const account = await registeredAccount(server.app);
  const pair = await new TestClient(server.app).signIn(account.username, account.password);
  const call = (method: string, path: string, body?: unknown) =>
    new TestClient(server.app).json(method, path, body, pair.access);
  const own = customerUserWire.parse((await call('GET', '/api/account-info/')).body);
  return { ...account, id: own.id, call };
}

const details = (email: string) => ({
  first_name: 'Clara',
  last_name: 'Hoffmann',
  email,
  landline_phone: '',
  mobile_phone: '',
});

/** the address as someone else might type it: other letter case, spaces around */
const retyped = (email: string) => ` ${email.toUpperCase()} `;

describe('an address another account holds', () => {
  it('is refused by PUT /account-info/, and nothing of the change is saved', async () => {
    const victim = await mainUser();
    const attacker = await mainUser();
    const answer = await attacker.call('PUT', '/api/account-info/', {
      ...details(retyped(victim.email)),
      first_name: 'Mallory',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(TAKEN);
    const own = customerUserWire.parse((await attacker.call('GET', '/api/account-info/')).body);
    expect(own).toMatchObject({ email: attacker.email, first_name: 'Clara' });
    expect(own.pending_email).toBeUndefined();
  });

  it('is refused when the main user creates a colleague with it', async () => {
    const victim = await mainUser();
    const main = await mainUser();
    const answer = await main.call('POST', '/api/petekcore/customer-accounts/', {
      ...details(retyped(victim.email)),
      language: 'en',
      username: `${main.username}.x`,
      password: 'colleague-secret',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(TAKEN);
    const users = (await main.call('GET', '/api/petekcore/customer-accounts/')).body as unknown[];
    expect(users).toHaveLength(1);
  });

  it('is refused when the main user changes a colleague’s address to it', async () => {
    const victim = await mainUser();
    const main = await mainUser();
    const created = await main.call('POST', '/api/petekcore/customer-accounts/', {
      ...details(`colleague.of.${main.email}`),
      language: 'en',
      username: `${main.username}.c`,
      password: 'colleague-secret',
    });
    expect(created.status).toBe(201);
    const colleague = customerUserWire.parse(created.body);
    const answer = await main.call('PUT', `/api/petekcore/customer-accounts/${colleague.id}/`, {
      ...details(retyped(victim.email)),
      language: 'en',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(TAKEN);
    const seen = customerUserWire.parse(
      (await main.call('GET', `/api/petekcore/customer-accounts/${colleague.id}/`)).body,
    );
    expect(seen.email).toBe(colleague.email);
    expect(seen.pending_email).toBeUndefined();
  });

  it('is refused by registration, in any letter case', async () => {
    const victim = await mainUser();
    const answer = await register(server.app, newRegistration({ email: retyped(victim.email) }));
    expect(answer.status).toBe(400);
    expect(errorBodyWire.parse(answer.body).code).toBe('email_taken');
  });

  it('is one account’s only, when two creations race for one new address', async () => {
    const main = await mainUser();
    const email = `racing.${main.email}`;
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((tag) =>
        main.call('POST', '/api/petekcore/customer-accounts/', {
          ...details(tag === 'b' ? email.toUpperCase() : email),
          language: 'en',
          username: `${main.username}.${tag}`,
          send_invitation: true,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) expect(refused.body).toEqual(TAKEN);
  });

  it('is refused by the database itself, in any letter case, on both engines', async () => {
    const victim = await mainUser();
    const row = await server.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', victim.id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    await expect(
      server.database.db
        .insertInto('users')
        .values({ ...copy, username: `${row.username}.copy`, email: row.email.toUpperCase() })
        .execute(),
    ).rejects.toThrow();
  });

  it('is free again once its account is deleted', async () => {
    const leaving = await mainUser();
    expect((await leaving.call('DELETE', '/api/account-info/')).status).toBe(204);
    const again = await register(server.app, newRegistration({ email: leaving.email }));
    expect(again.status).toBe(201);
  });
});

describe('one’s own address', () => {
  it('may be saved again in another letter case, at once and without a code', async () => {
    const user = await mainUser();
    const answer = await user.call('PUT', '/api/account-info/', details(retyped(user.email)));
    expect(answer.status).toBe(200);
    const saved = customerUserWire.parse(answer.body);
    expect(saved.email).toBe(user.email.toUpperCase());
    expect(saved.pending_email).toBeUndefined();
  });
});

describe('migration 130 on data that already holds one address twice', () => {
  it('leaves the address with the oldest account and clears it on the others', async () => {
    const scratch = await startTestServer();
    try {
      const { db, dialect } = scratch.database;
      const migration = uniqueEmails(columnTypesFor(dialect));
      await migration.down?.(db as never);
      const oldest = await db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'buyer')
        .executeTakeFirstOrThrow();
      const { id: _id, ...copy } = oldest;
      const newer = await db
        .insertInto('users')
        .values({ ...copy, username: 'buyer.twin', email: oldest.email.toUpperCase() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await migration.up(db as never);

      const rows = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('id', 'in', [oldest.id, newer.id])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: oldest.id, email: oldest.email },
        { id: newer.id, email: '' },
      ]);
      await expect(
        db.updateTable('users').set({ email: oldest.email }).where('id', '=', newer.id).execute(),
      ).rejects.toThrow();
    } finally {
      await scratch.close();
    }
  });
});
