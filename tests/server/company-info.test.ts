import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../server/db/migrations';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { type CompanyInfoWire, companyInfoWire } from '../../src/services/api/wire/account';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { type JsonAnswer as Answer, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const PATH = '/api/petekcore/company-info/';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'colleague', 'other', 'demo'])
    tokens[name] = (await client.signIn(name, `${name}123`)).access;
});
afterAll(() => server.close());

async function call(user: string | null, method: string, body?: unknown): Promise<Answer> {
  return new TestClient(server.app).json(method, PATH, body, user ? tokens[user] : undefined);
}

const errorOf = (answer: Answer) => errorBodyWire.parse(answer.body);

async function current(user = 'buyer'): Promise<CompanyInfoWire & { version: number }> {
  const answer = await call(user, 'GET');
  expect(answer.status).toBe(200);
  const info = companyInfoWire.parse(answer.body);
  // the reference server always says which version it holds
  expect(info.version).toEqual(expect.any(Number));
  return info as CompanyInfoWire & { version: number };
}

async function save(info: unknown, user = 'buyer') {
  return call(user, 'PUT', info);
}

describe('GET /api/petekcore/company-info/', () => {
  it('answers the buyer’s company with its seeded e-mails and addresses', async () => {
    const info = await current();
    expect(info).toMatchObject({
      version: 1,
      name: 'Lindenhof Gastro GmbH',
      vat_number: 'DE287654321',
      email_addresses: ['einkauf@lindenhof-gastro.example', 'buchhaltung@lindenhof-gastro.example'],
    });
    expect(info.delivery_addresses).toHaveLength(2);
    expect(info.billing_addresses).toHaveLength(1);
    expect(info.delivery_addresses[0]).toMatchObject({
      city: 'Hamburg',
      country: 'Germany',
      instructions: 'Goods entrance in the courtyard, ring twice.',
    });
    expect(info.billing_addresses[0]).not.toHaveProperty('instructions');
    // the pks docs/api.md names in "Demo data"
    expect(info.delivery_addresses.map((a) => a.pk)).toEqual([1, 2]);
    expect(info.billing_addresses.map((a) => a.pk)).toEqual([3]);
  });

  it('lets every user of the company read it, and shows each company its own', async () => {
    expect(await current('colleague')).toEqual(await current('buyer'));
    const other = await current('other');
    expect(other.name).toBe('Bosporus Imbiss KG');
    expect(other.billing_addresses.length).toBeGreaterThanOrEqual(1);
    const demo = await current('demo');
    expect(demo.billing_addresses.length).toBeGreaterThanOrEqual(1);
  });

  it('needs a signed-in user', async () => {
    const answer = await call(null, 'GET');
    expect(answer.status).toBe(401);
    expect(errorOf(answer).code).toBe('not_authenticated');
  });
});

describe('PUT /api/petekcore/company-info/', () => {
  it('refuses a user who is not the main user, and a demo user, and changes nothing', async () => {
    const info = await current();
    const colleague = await save({ ...info, name: 'Colleague GmbH' }, 'colleague');
    expect(colleague.status).toBe(403);
    expect(errorOf(colleague).code).toBe('main_user_only');
    const demo = await save({ ...(await current('demo')), name: 'Demo 2' }, 'demo');
    expect(demo.status).toBe(403);
    expect(errorOf(demo).code).toBe('demo_account');
    expect(await current()).toEqual(info);
  });

  it('saves the fields and the e-mail list and answers the fresh info with the next version', async () => {
    const info = await current();
    const answer = await save({
      ...info,
      name: '  Lindenhof Gastro GmbH & Co. KG ',
      landline_number: '+49 40 7654321',
      email_addresses: ['orders@lindenhof-gastro.example', ...info.email_addresses],
    });
    expect(answer.status).toBe(200);
    const saved = companyInfoWire.parse(answer.body);
    expect(saved).toMatchObject({
      version: info.version + 1,
      name: 'Lindenhof Gastro GmbH & Co. KG',
      landline_number: '+49 40 7654321',
      email_addresses: ['orders@lindenhof-gastro.example', ...info.email_addresses],
    });
    expect(saved.delivery_addresses).toEqual(info.delivery_addresses);
    expect(await current()).toEqual(saved);
    // the colleague sees the change too
    expect(await current('colleague')).toEqual(saved);
  });

  it('refuses a PUT made from a stale copy with 409, also the second of two PUTs from one version', async () => {
    const info = await current();
    const first = await save({ ...info, mobile_number: '+49 170 1111111' });
    expect(first.status).toBe(200);
    const second = await save({ ...info, mobile_number: '+49 170 2222222' });
    expect(second.status).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'stale_company_info' });
    expect(errorOf(second).detail ?? '').toMatch(/saved the company information/);
    const now = await current();
    expect(now.mobile_number).toBe('+49 170 1111111');
    expect(now.version).toBe(info.version + 1);
  });

  it('saves a PUT without a version as it is (point 3 has none): the last write wins', async () => {
    const { version, ...withoutVersion } = await current();
    const first = await save({ ...withoutVersion, mobile_number: '+49 170 3333333' });
    expect(first.status).toBe(200);
    const second = await save({ ...withoutVersion, mobile_number: '+49 170 4444444' });
    expect(second.status).toBe(200);
    const now = await current();
    expect(now.mobile_number).toBe('+49 170 4444444');
    expect(now.version).toBe(version + 2);
  });

  it('lets exactly one of two simultaneous PUTs from one version win', async () => {
    const info = await current();
    const answers = await Promise.all([
      save({ ...info, vat_number: 'DE111111111' }),
      save({ ...info, vat_number: 'DE222222222' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = companyInfoWire.parse(answers.find((a) => a.status === 200)?.body);
    expect(await current()).toEqual(winner);
    expect(winner.version).toBe(info.version + 1);
  });

  it('keeps pks, deletes an address left out, and gives a new address a pk', async () => {
    const info = await current();
    const [first, second] = info.delivery_addresses;
    if (!first || !second) throw new Error('the seed has two delivery addresses');
    const answer = await save({
      ...info,
      delivery_addresses: [
        { ...second, instructions: 'Ring at the kitchen door.' },
        {
          pk: null,
          name: 'Lindenhof Biergarten',
          line1: 'Elbchaussee 401',
          line2: '',
          suburb: 'Othmarschen',
          city: 'Hamburg',
          state: 'Hamburg',
          country: 'Germany',
          postal_code: '22609',
          instructions: '',
        },
      ],
      billing_addresses: [
        ...info.billing_addresses,
        {
          name: 'Lindenhof Holding',
          line1: 'Ballindamm 1',
          line2: '',
          suburb: '',
          city: 'Hamburg',
          state: '',
          country: 'Germany',
          postal_code: '20095',
        },
      ],
    });
    expect(answer.status).toBe(200);
    const saved = companyInfoWire.parse(answer.body);
    expect(saved.delivery_addresses.map((a) => a.name)).toEqual([second.name, 'Lindenhof Biergarten']);
    expect(saved.delivery_addresses[0]).toEqual({ ...second, instructions: 'Ring at the kitchen door.' });
    const created = saved.delivery_addresses[1];
    expect(created?.pk).toBeGreaterThan(0);
    expect([first.pk, second.pk, ...info.billing_addresses.map((a) => a.pk)]).not.toContain(created?.pk);
    expect(saved.billing_addresses).toHaveLength(2);
    expect(saved.billing_addresses[0]).toEqual(info.billing_addresses[0]);
    expect(saved.delivery_addresses.some((a) => a.pk === first.pk)).toBe(false);

    // the deleted pk cannot come back
    const again = await save({ ...saved, delivery_addresses: [...saved.delivery_addresses, first] });
    expect(again.status).toBe(400);
    expect(errorOf(again).errors).toHaveProperty(['delivery_addresses.2.pk']);
  });

  it('refuses an address pk of another company or of the other kind with 400, and changes nothing', async () => {
    const info = await current();
    const foreign = (await current('other')).billing_addresses[0];
    const ownBilling = info.billing_addresses[0];
    if (!foreign || !ownBilling) throw new Error('seeded billing addresses expected');
    const answer = await save({
      ...info,
      name: 'Should not be stored',
      billing_addresses: [...info.billing_addresses, foreign],
      delivery_addresses: [...info.delivery_addresses, { ...ownBilling, instructions: '' }],
    });
    expect(answer.status).toBe(400);
    const error = errorOf(answer);
    expect(error.code).toBe('invalid');
    expect(Object.keys(error.errors ?? {}).sort()).toEqual([
      `billing_addresses.${info.billing_addresses.length}.pk`,
      `delivery_addresses.${info.delivery_addresses.length}.pk`,
    ]);
    expect(await current()).toEqual(info);
    expect((await current('other')).billing_addresses[0]).toEqual(foreign);
  });

  it('refuses one pk twice in a list', async () => {
    const info = await current();
    const address = info.delivery_addresses[0];
    if (!address) throw new Error('a delivery address expected');
    const answer = await save({ ...info, delivery_addresses: [address, address] });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).errors).toHaveProperty(['delivery_addresses.1.pk']);
  });

  it('answers 400 with field errors (never 500) for malformed and invalid bodies', async () => {
    const info = await current();
    const malformed = await save('{"version": 1,');
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).code).toBe('malformed_json');

    const cases: [Record<string, unknown>, string][] = [
      [{ ...info, name: '   ' }, 'name'],
      [{ ...info, version: 'one' }, 'version'],
      [{ ...info, email_addresses: [] }, 'email_addresses'],
      [{ ...info, email_addresses: ['not-an-address'] }, 'email_addresses.0'],
      [{ ...info, email_addresses: ['a@example.org', 'A@example.org '] }, 'email_addresses.1'],
      [{ ...info, landline_number: 'call me' }, 'landline_number'],
      [
        { ...info, delivery_addresses: [{ ...info.delivery_addresses[0], city: '' }] },
        'delivery_addresses.0.city',
      ],
      [{ ...info, billing_addresses: [{ name: 'Only a name' }] }, 'billing_addresses.0.line1'],
      [
        { ...info, delivery_addresses: [{ ...info.delivery_addresses[0], pk: -3 }] },
        'delivery_addresses.0.pk',
      ],
      [{ ...info, name: 'x'.repeat(101) }, 'name'],
    ];
    for (const [body, field] of cases) {
      const answer = await save(body);
      expect(answer.status, field).toBe(400);
      expect(errorOf(answer).errors, field).toHaveProperty([field]);
    }
    expect((await save([])).status).toBe(400);
    expect((await save('null')).status).toBe(400);
    expect(await current()).toEqual(info);
  });
});

describe('migration 060 on a database that has companies already', () => {
  it('gives every company version 1 and makes its e-mail the first of its list', async () => {
    const scratch = await createScratchDatabase();
    try {
      const migrator = new Migrator({ db: scratch.db, provider: migrationProvider(scratch.dialect) });
      expect((await migrator.migrateTo('050-error-reports')).error).toBeUndefined();
      await sql`insert into companies (id, name, customer_type, vat_number, landline_number, mobile_number, email, tax_applies, currency_symbol)
        values (7, 'Altbestand AG', 'corporate', '', '', '', 'kontakt@altbestand.example', 1, '€'),
               (8, 'Ohne Mail', 'individual', '', '', '', '', 0, '€')`.execute(scratch.db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const companies = await scratch.db
        .selectFrom('companies')
        .select(['id', 'version'])
        .orderBy('id')
        .execute();
      expect(companies).toEqual([
        { id: 7, version: 1 },
        { id: 8, version: 1 },
      ]);
      const emails = await scratch.db.selectFrom('company_email_addresses').selectAll().execute();
      expect(emails).toEqual([{ company_id: 7, position: 0, email: 'kontakt@altbestand.example' }]);
    } finally {
      await scratch.drop();
    }
  });
});
