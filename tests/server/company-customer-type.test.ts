import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInfoWire, toCompanyInfo } from '../../src/services/api/wire/account';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const PATH = '/api/petekcore/company-info/';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'private']) tokens[name] = (await client.signIn(name, `${name}123`)).access;
});
afterAll(() => server.close());

async function companyInfoOf(user: string) {
  const answer = await new TestClient(server.app).json('GET', PATH, undefined, tokens[user]);
  expect(answer.status).toBe(200);
  return companyInfoWire.parse(answer.body);
}

// The portal shows a private person only what applies to a person (no VAT ID, no user management):
// the company info tells it which kind of customer signed in.
describe('customer_type in the company info', () => {
  it('says a company is corporate', async () => {
    expect((await companyInfoOf('buyer')).customer_type).toBe('corporate');
  });

  it('says a private person is individual, also in the answer to a save', async () => {
    const info = await companyInfoOf('private');
    expect(info.customer_type).toBe('individual');
    const { customer_type: _notSent, ...body } = info;
    const saved = await new TestClient(server.app).json(
      'PUT',
      PATH,
      { ...body, mobile_number: '+49 160 5550124' },
      tokens.private,
    );
    expect(saved.status).toBe(200);
    expect(companyInfoWire.parse(saved.body)).toMatchObject({
      customer_type: 'individual',
      mobile_number: '+49 160 5550124',
    });
  });

  it('counts an answer without it as a company, as a supplier’s own server sends it', () => {
    const info = toCompanyInfo(
      companyInfoWire.parse({
        version: 1,
        name: 'Elsewhere GmbH',
        vat_number: '',
        landline_number: '',
        mobile_number: '',
        email_addresses: [],
        delivery_addresses: [],
        billing_addresses: [],
      }),
    );
    expect(info.customerType).toBe('corporate');
  });
});
