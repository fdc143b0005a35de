import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUsablePasswordHash } from '../../server/security/passwords';
import { outcomeNames, runImport } from './support/import-kinds';
import { startTestServer, type TestServer } from './support/test-server';

// The customers import: companies, their users and addresses as flat records, keyed by the
// supplier's ids; the seed's companies are CUST-1001 … CUST-1005.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  await runImport(db, 'assortments', 'delta', [
    {
      id: 'GASTRO-A',
      name: 'Gastro range',
      product: (
        await db.selectFrom('products').select('external_id').where('id', '=', 1).executeTakeFirstOrThrow()
      ).external_id,
    },
  ]);
});
afterAll(() => server.close());

const company = {
  record: 'company',
  id: 'C-1',
  name: 'Hafenkantine GmbH',
  customer_type: 'corporate',
  vat_number: 'DE123456789',
  email: 'einkauf@hafenkantine.example',
  phone: '+49 40 555000',
  tax_applies: 'ja',
  customer_group: 'GASTRO',
  assortments: 'GASTRO-A',
};
const user = {
  record: 'user',
  id: 'U-1',
  customer: 'C-1',
  username: 'hafen.koch',
  first_name: 'Hanne',
  last_name: 'Koch',
  email: 'hanne.koch@hafenkantine.example',
  language: 'de',
  is_admin: true,
};
const delivery = {
  record: 'delivery_address',
  id: 'D-1',
  customer: 'C-1',
  name: 'Hafenkantine, Küche',
  line1: 'Kaiserkai 1',
  line2: '',
  postal_code: '20457',
  city: 'Hamburg',
  country: 'Germany',
  instructions: 'Ramp at the back',
};
const billing = {
  record: 'billing_address',
  id: 'B-1',
  customer: 'C-1',
  name: 'Hafenkantine GmbH, Buchhaltung',
  line1: 'Kaiserkai 1',
  postal_code: '20457',
  city: 'Hamburg',
  country: 'Germany',
};

const companyRow = (externalId: string) =>
  server.database.db
    .selectFrom('companies')
    .selectAll()
    .where('external_id', '=', externalId)
    .executeTakeFirstOrThrow();
const userRow = (externalId: string) =>
  server.database.db
    .selectFrom('users')
    .selectAll()
    .where('external_id', '=', externalId)
    .executeTakeFirstOrThrow();

describe('a customers delta', () => {
  it('creates a company with its user and addresses, then finds the same rows unchanged', async () => {
    const { db } = server.database;
    const rows = [company, user, delivery, billing];
    const first = await runImport(db, 'customers', 'delta', rows);
    expect(first.outcomes.map((o) => [o.rowNumber, o.externalId, o.outcome])).toEqual([
      [1, 'C-1', 'applied'],
      [2, 'U-1', 'applied'],
      [3, 'D-1', 'applied'],
      [4, 'B-1', 'applied'],
    ]);
    const created = await companyRow('C-1');
    const gastro = await db
      .selectFrom('customer_groups')
      .select('id')
      .where('external_id', '=', 'GASTRO')
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({
      name: 'Hafenkantine GmbH',
      tax_applies: 1,
      customer_group_id: gastro.id,
      currency_symbol: '€',
    });
    expect(
      await db
        .selectFrom('company_assortments')
        .select('assortment_id')
        .where('company_id', '=', created.id)
        .execute(),
    ).toHaveLength(1);
    expect(
      await db
        .selectFrom('company_email_addresses')
        .select('email')
        .where('company_id', '=', created.id)
        .execute(),
    ).toEqual([{ email: 'einkauf@hafenkantine.example' }]);
    const newUser = await userRow('U-1');
    expect(newUser).toMatchObject({
      company_id: created.id,
      username: 'hafen.koch',
      is_admin: 1,
      is_active: 1,
      language: 'de',
    });
    // no password until the user sets one through "Forgot password"
    expect(isUsablePasswordHash(newUser.password_hash)).toBe(false);
    const addresses = await db
      .selectFrom('company_addresses')
      .select(['kind', 'instructions'])
      .where('company_id', '=', created.id)
      .orderBy('kind')
      .execute();
    expect(addresses).toEqual([
      { kind: 'billing', instructions: '' },
      { kind: 'delivery', instructions: 'Ramp at the back' },
    ]);

    const again = await runImport(db, 'customers', 'delta', rows);
    expect(outcomeNames(again.outcomes)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);

    const changed = await runImport(db, 'customers', 'delta', [
      { ...company, assortments: '', tax_applies: 'no' },
      { ...user, last_name: 'Koch-Meyer' },
    ]);
    expect(outcomeNames(changed.outcomes)).toEqual(['applied', 'applied']);
    expect((await companyRow('C-1')).tax_applies).toBe(0);
    expect(
      await db
        .selectFrom('company_assortments')
        .select('assortment_id')
        .where('company_id', '=', created.id)
        .execute(),
    ).toEqual([]);
    expect((await userRow('U-1')).last_name).toBe('Koch-Meyer');
  });

  it('applies rows in their order: a user before its company is refused, after it applied', async () => {
    const { db } = server.database;
    const { outcomes } = await runImport(db, 'customers', 'delta', [
      { ...user, id: 'U-2', customer: 'C-2', username: 'early', email: 'early@example.org' },
      { ...company, id: 'C-2', name: 'Elbcafé', email: '', assortments: '' },
      { ...user, id: 'U-3', customer: 'C-2', username: 'late', email: 'late@example.org' },
    ]);
    expect(outcomes.map((o) => [o.rowNumber, o.outcome, o.reason ?? null])).toEqual([
      [1, 'refused', 'customer_unknown'],
      [2, 'applied', null],
      [3, 'applied', null],
    ]);
    expect(outcomes[0]?.detail).toBe('"customer" names no customer: "C-2".');
  });

  it('makes a customer group the first time a company names it', async () => {
    const { db } = server.database;
    const { outcomes } = await runImport(db, 'customers', 'delta', [
      { ...company, id: 'C-6', name: 'Kiosk am Hafen', email: '', assortments: '', customer_group: 'KIOSK' },
    ]);
    expect(outcomeNames(outcomes)).toEqual(['applied']);
    const group = await db
      .selectFrom('customer_groups')
      .select(['id', 'name'])
      .where('external_id', '=', 'KIOSK')
      .executeTakeFirstOrThrow();
    expect((await companyRow('C-6')).customer_group_id).toBe(group.id);
  });

  it('refuses bad rows with their reason and keeps the good ones', async () => {
    const { db } = server.database;
    const { outcomes } = await runImport(db, 'customers', 'delta', [
      { ...user, id: 'U-4', username: 'u4', email: 'Maria.Keller@lindenhof-gastro.example' },
      { ...user, id: 'U-5', username: 'buyer', email: 'u5@example.org' },
      { ...user, id: 'U-6', username: 'u6', email: 'u6@example.org', language: 'xx' },
      { ...company, id: 'C-3', assortments: 'NO-SUCH-ASSORTMENT' },
      { ...company, id: 'C-4', record: 'supplier' },
      { ...company, id: 'C-5', tax_applies: 'maybe' },
      { ...user, id: 'U-7', username: 'u7', email: 'not-an-address' },
      { ...delivery, id: 'D-9', customer: 'CUST-0000' },
      { ...user, id: 'U-8', username: 'u8', email: 'u8@example.org' },
    ]);
    expect(outcomes.map((o) => [o.rowNumber, o.externalId, o.outcome, o.reason ?? null])).toEqual([
      [1, 'U-4', 'refused', 'email_taken'],
      [2, 'U-5', 'refused', 'username_taken'],
      [3, 'U-6', 'refused', 'language_invalid'],
      [4, 'C-3', 'refused', 'assortment_unknown'],
      [5, 'C-4', 'refused', 'record_invalid'],
      [6, 'C-5', 'refused', 'tax_applies_invalid'],
      [7, 'U-7', 'refused', 'email_invalid'],
      [8, 'D-9', 'refused', 'customer_unknown'],
      [9, 'U-8', 'applied', null],
    ]);
  });
});

describe('a customers snapshot', () => {
  it('retires companies and users it does not name, and removes unnamed addresses no order went to', async () => {
    const { db } = server.database;
    await runImport(db, 'customers', 'delta', [{ ...delivery, id: 'D-2', name: 'Hafenkantine, Lager' }]);
    const orderedTo = await db
      .selectFrom('company_addresses')
      .select('id')
      .where('external_id', '=', 'D-2')
      .executeTakeFirstOrThrow();
    const order = await db.selectFrom('orders').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('order_delivery_addresses')
      .values({
        order_id: order.id,
        address_id: orderedTo.id,
        name: 'Hafenkantine, Lager',
        line1: 'Kaiserkai 1',
        line2: '',
        suburb: '',
        city: 'Hamburg',
        state: '',
        postal_code: '20457',
        country: 'Germany',
      })
      .execute();

    const { outcomes, retired } = await runImport(db, 'customers', 'snapshot', [
      { ...company, assortments: '', tax_applies: 'no' },
      { ...user, last_name: 'Koch-Meyer' },
      delivery,
    ]);
    expect(outcomeNames(outcomes)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(retired).toEqual(
      [
        'B-1',
        'C-2',
        'C-6',
        'CUST-1001',
        'CUST-1002',
        'CUST-1003',
        'CUST-1004',
        'CUST-1005',
        'U-3',
        'U-8',
      ].sort(),
    );
    expect((await companyRow('CUST-1001')).retired_at).not.toBeNull();
    expect((await companyRow('C-1')).retired_at).toBeNull();
    // the seeded users of a retired company can no longer sign in
    const buyer = await db
      .selectFrom('users')
      .select('is_active')
      .where('username', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect(buyer.is_active).toBe(0);
    expect((await userRow('U-1')).is_active).toBe(1);
    expect((await userRow('U-8')).is_active).toBe(0);
    const addresses = await db
      .selectFrom('company_addresses')
      .select('external_id')
      .where('external_id', 'in', ['D-1', 'D-2', 'B-1'])
      .orderBy('external_id')
      .execute();
    // D-2 an order went to stays; B-1 is gone
    expect(addresses.map((row) => row.external_id)).toEqual(['D-1', 'D-2']);

    // named again, a company comes back and its user is active again
    const back = await runImport(db, 'customers', 'delta', [
      { ...company, id: 'C-2', name: 'Elbcafé', email: '', assortments: '' },
      { ...user, id: 'U-3', customer: 'C-2', username: 'late', email: 'late@example.org' },
    ]);
    expect(outcomeNames(back.outcomes)).toEqual(['applied', 'applied']);
    expect((await companyRow('C-2')).retired_at).toBeNull();
    expect((await userRow('U-3')).is_active).toBe(1);
  });
});
