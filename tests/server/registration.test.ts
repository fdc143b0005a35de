import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInfoWire, customerUserWire } from '../../src/services/api/wire/account';
import { detailAnswerWire, errorBodyWire, refreshClaimsWire } from '../../src/services/api/wire/auth';
import { configurationWire } from '../../src/services/api/wire/site';
import { newRegistration, register } from './support/account-access';
import { decodeJwtPayload, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => new TestClient(server.app);

describe('POST /api/netb2b/register/', () => {
  it('opens a corporate account without a token, while the rest of /netb2b/ still needs one', async () => {
    const payload = newRegistration({ fullName: 'Maria del Carmen Ruiz' });
    const answer = await register(server.app, payload, 'de-DE,de;q=0.9');
    expect(answer.status).toBe(201);
    expect(detailAnswerWire.parse(answer.body).detail).toBeTruthy();
    expect((await client().get('/api/netb2b/products/')).status).toBe(401);
    expect((await client().json('POST', '/api/netb2b/cart-items/', {})).status).toBe(401);

    // the new main user signs in at once, in the request's language, with the username in any case
    const pair = await client().signIn(` ${payload.username.toUpperCase()} `, payload.password);
    const claims = refreshClaimsWire.parse(decodeJwtPayload(pair.refresh));
    expect(claims).toMatchObject({
      name: 'Maria del Carmen Ruiz',
      account_name: payload.companyName,
      is_admin: true,
      tax_applies: true,
      language: 'de',
      is_demo: false,
    });
    const me = customerUserWire.parse(
      (await client().json('GET', '/api/account-info/', undefined, pair.access)).body,
    );
    expect(me).toMatchObject({
      username: payload.username,
      first_name: 'Maria del Carmen',
      last_name: 'Ruiz',
      email: payload.email,
      mobile_phone: payload.phoneNumber,
      is_active: true,
      is_main_user: true,
    });
    const company = companyInfoWire.parse(
      (await client().json('GET', '/api/petekcore/company-info/', undefined, pair.access)).body,
    );
    expect(company).toMatchObject({
      name: payload.companyName,
      vat_number: payload.taxNumber,
      email_addresses: [payload.email],
      delivery_addresses: [],
    });
    const row = await server.database.db
      .selectFrom('companies')
      .select(['customer_type', 'tax_applies', 'currency_symbol'])
      .where('name', '=', payload.companyName)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_type: 'corporate', tax_applies: 1, currency_symbol: '€' });
  });

  it('makes an individual customer a company of their own, named after them, without a VAT number', async () => {
    const payload = newRegistration({
      customerType: 'individual',
      fullName: 'Jonas Berg',
      companyName: '',
      taxNumber: '',
    });
    expect((await register(server.app, payload, 'xx')).status).toBe(201);
    const pair = await client().signIn(payload.username, payload.password);
    expect(refreshClaimsWire.parse(decodeJwtPayload(pair.refresh))).toMatchObject({
      account_name: 'Jonas Berg',
      language: 'en',
      is_admin: true,
    });
    const user = await server.database.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['companies.customer_type', 'companies.vat_number', 'users.username'])
      .where('users.username', '=', payload.username)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ customer_type: 'individual', vat_number: '', username: payload.username });
  });

  it('refuses a body that breaks the form rules: 400 invalid, one message per field, with the error text', async () => {
    const answer = await register(
      server.app,
      newRegistration({
        companyName: ' ',
        taxNumber: '',
        email: 'not-an-address',
        username: 'ab',
        password: '123',
        confirmPassword: '1234',
        phoneNumber: 'call me',
      }),
    );
    expect(answer.status).toBe(400);
    const body = errorBodyWire.parse(answer.body);
    expect(body.code).toBe('invalid');
    expect(body.error).toBe(body.detail);
    expect(body.errors).toMatchObject({
      companyName: ['Company name is required.'],
      taxNumber: ['Tax number is required.'],
      email: ['Invalid e-mail address.'],
      username: ['The username must be at least 3 characters.'],
      password: ['The password must be at least 6 characters.'],
      confirmPassword: ['Passwords do not match.'],
      phoneNumber: ['Use only digits, spaces and + ( ) . / -'],
    });
  });

  it('refuses a body of the wrong shape with 400 invalid and the error text', async () => {
    const answer = await register(server.app, { username: 'x' });
    expect(answer.status).toBe(400);
    const body = errorBodyWire.parse(answer.body);
    expect(body).toMatchObject({ code: 'invalid' });
    expect(body.error).toBe(body.detail);
  });

  it('refuses a taken username in any letter case (400 username_taken)', async () => {
    const answer = await register(server.app, newRegistration({ username: 'BUYER' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      detail: 'This username is already taken.',
      error: 'This username is already taken.',
      code: 'username_taken',
    });
  });

  it('refuses an e-mail address an account already uses, in any letter case (400 email_taken)', async () => {
    const answer = await register(
      server.app,
      newRegistration({ email: ' Maria.Keller@Lindenhof-Gastro.example ' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      detail: 'An account with this e-mail address already exists.',
      error: 'An account with this e-mail address already exists.',
      code: 'email_taken',
    });
  });

  it('answers two registrations of one username at once with one 201 and one 400 username_taken', async () => {
    const first = newRegistration();
    const second = newRegistration({ username: first.username });
    const answers = await Promise.all([register(server.app, first), register(server.app, second)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const refused = answers.find((a) => a.status === 400);
    expect(errorBodyWire.parse(refused?.body).code).toBe('username_taken');
    const rows = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', first.username)
      .execute();
    expect(rows).toHaveLength(1);
  });
  it('answers two registrations of one e-mail address at once with one 201 and one 400 email_taken', async () => {
    const first = newRegistration();
    const second = newRegistration({ email: first.email.toUpperCase() });
    const answers = await Promise.all([register(server.app, first), register(server.app, second)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const refused = answers.find((a) => a.status === 400);
    expect(errorBodyWire.parse(refused?.body).code).toBe('email_taken');
  });
});

describe('DEFAULT_CUSTOMER_TYPE', () => {
  it('offers registration by default and says so in the configuration', async () => {
    const config = configurationWire.parse((await client().json('GET', '/api/baf/configuration/')).body);
    expect(config.modules.netb2b.default_customer_type).toBe(1);
  });

  it('switches registration off with 0: 404 not_found, and the configuration reports 0', async () => {
    const app = server.freshApp({ defaultCustomerType: 0 });
    const config = configurationWire.parse(
      (await new TestClient(app).json('GET', '/api/baf/configuration/')).body,
    );
    expect(config.modules.netb2b.default_customer_type).toBe(0);
    const answer = await register(app, newRegistration());
    expect(answer.status).toBe(404);
    expect(errorBodyWire.parse(answer.body).code).toBe('not_found');
  });
});
