import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUserWire } from '../../src/services/api/wire/account';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { codeIn, latestMail, newRegistration, register, registeredAccount } from './support/account-access';
import { type JsonAnswer, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// A changed address takes effect only when the code mailed to the new address comes back: no
// signed-in user (nor their main user) can point an account's mail, password resets included, at
// an address they do not read.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MINUTE = 60_000;
let counter = 0;
/** an address no account has */
const freshAddress = () => {
  counter += 1;
  return `new.${Date.now().toString(36)}${counter}@elsewhere.example`;
};
let clientCounter = 0;
/** a client from an address of its own: the reset throttle of one test does not touch another */
const freshClient = () => {
  clientCounter += 1;
  return new TestClient(server.app, `198.19.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`);
};

type Call = (method: string, path: string, body?: unknown) => Promise<JsonAnswer>;

async function signedIn(username: string, password: string) {
  const pair = await new TestClient(server.app).signIn(username, password);
  const call: Call = (method, path, body) => new TestClient(server.app).json(method, path, body, pair.access);
  return call;
}

/** a fresh main user of a company of their own, signed in */
async function mainUser(language?: string) {
  const payload = newRegistration();
  if (language) expect((await register(server.app, payload, language)).status).toBe(201);
  const account = language
    ? { username: payload.username, password: payload.password, email: payload.email }
    : await registeredAccount(server.app);
  const call = await signedIn(account.username, account.password);
  const own = customerUserWire.parse((await call('GET', '/api/account-info/')).body);
  return { ...account, id: own.id, call };
}

const details = (email: string) => ({
  first_name: 'Clara',
  last_name: 'Neumann',
  email,
  landline_phone: '+49 30 7654321',
  mobile_phone: '',
});

const codeOf = (answer: JsonAnswer) => errorBodyWire.parse(answer.body).code;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const mailedCode = async (to: string) => codeIn((await latestMail(server, to))?.body_text ?? '');
/** the code of a password reset asked for `typed`, if one was mailed to `email` */
const resetCodeMailed = async (email: string, typed = email) => {
  const before = await latestMail(server, email);
  expect((await freshClient().json('POST', '/api/password-reset/', { email: typed })).status).toBe(202);
  const after = await latestMail(server, email);
  return after !== undefined && after.id !== before?.id ? codeIn(after.body_text) : undefined;
};
const own = async (call: Call) => customerUserWire.parse((await call('GET', '/api/account-info/')).body);

describe('PUT /api/account-info/ with a new e-mail address', () => {
  it('saves the other fields, keeps the old address and waits for the code mailed to the new one', async () => {
    const user = await mainUser();
    const email = freshAddress();
    const answer = await user.call('PUT', '/api/account-info/', details(` ${email} `));
    expect(answer.status).toBe(200);
    const saved = customerUserWire.parse(answer.body);
    expect(saved).toMatchObject({
      email: user.email,
      pending_email: email,
      last_name: 'Neumann',
      landline_phone: '+49 30 7654321',
    });
    expect(await own(user.call)).toEqual(saved);
    const mail = await latestMail(server, email);
    expect(mail?.subject).toContain('Confirm your new e-mail address');
    expect(mail?.body_text).toContain(email);
    expect(codeIn(mail?.body_text ?? '')).toMatch(/^\d{6}$/);
    // until confirmed, the new address opens nothing and the old one still resets the password
    expect(await resetCodeMailed(email)).toBeUndefined();
    expect(await resetCodeMailed(user.email)).toMatch(/^\d{6}$/);
  });

  it('mails the code in the user’s language', async () => {
    const user = await mainUser('tr');
    const email = freshAddress();
    expect((await user.call('PUT', '/api/account-info/', details(email))).status).toBe(200);
    const mail = await latestMail(server, email);
    expect(mail?.language).toBe('tr');
    expect(mail?.subject).toContain('Yeni e-posta adresinizi onaylayın');
  });

  it('refuses a wrong code, and after five wrong ones even the right code, until a new one is asked for', async () => {
    const user = await mainUser();
    const email = freshAddress();
    await user.call('PUT', '/api/account-info/', details(email));
    const code = await mailedCode(email);
    const wrong = await user.call('POST', '/api/account-info/confirm-email/', { code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(errorBodyWire.parse(wrong.body)).toEqual({
      code: 'invalid_code',
      detail: 'The code is not correct.',
    });
    expect(await own(user.call)).toMatchObject({ email: user.email, pending_email: email });
    for (let i = 0; i < 3; i += 1)
      await user.call('POST', '/api/account-info/confirm-email/', { code: wrongCode(code) });
    const fifth = await user.call('POST', '/api/account-info/confirm-email/', { code: wrongCode(code) });
    expect(codeOf(fifth)).toBe('too_many_tries');
    const right = await user.call('POST', '/api/account-info/confirm-email/', { code });
    expect(right.status).toBe(400);
    expect(codeOf(right)).toBe('too_many_tries');
    expect((await own(user.call)).email).toBe(user.email);

    await user.call('PUT', '/api/account-info/', details(email));
    const fresh = await user.call('POST', '/api/account-info/confirm-email/', {
      code: await mailedCode(email),
    });
    expect(fresh.status).toBe(200);
    expect(customerUserWire.parse(fresh.body).email).toBe(email);
  });

  it('refuses a code after 30 minutes, and the pending address is no longer shown', async () => {
    const user = await mainUser();
    const email = freshAddress();
    await user.call('PUT', '/api/account-info/', details(email));
    const code = await mailedCode(email);
    server.clock.advance(31 * MINUTE);
    user.call = await signedIn(user.username, user.password);
    const late = await user.call('POST', '/api/account-info/confirm-email/', { code });
    expect(late.status).toBe(400);
    expect(codeOf(late)).toBe('code_expired');
    const after = await own(user.call);
    expect(after.email).toBe(user.email);
    expect(after.pending_email).toBeUndefined();
  });

  it('with the right code: the new address is the account’s, its resets go there, the old one is told', async () => {
    const user = await mainUser();
    const email = freshAddress();
    await user.call('PUT', '/api/account-info/', details(email));
    const earlierReset = await resetCodeMailed(user.email);
    const answer = await user.call('POST', '/api/account-info/confirm-email/', {
      code: ` ${await mailedCode(email)} `,
    });
    expect(answer.status).toBe(200);
    const confirmed = customerUserWire.parse(answer.body);
    expect(confirmed.email).toBe(email);
    expect(confirmed.pending_email).toBeUndefined();
    expect(await own(user.call)).toEqual(confirmed);

    const notice = await latestMail(server, user.email);
    expect(notice?.subject).toContain('Your e-mail address was changed');
    expect(notice?.body_text).toContain(email);
    // a reset code mailed to the old address before the change opens nothing any more
    const stale = await freshClient().json('POST', '/api/password-reset/verify/', {
      email: user.email,
      code: earlierReset,
    });
    expect(stale.status).toBe(400);
    expect(await resetCodeMailed(user.email)).toBeUndefined();

    const resetCode = await resetCodeMailed(email, email.toUpperCase());
    expect(resetCode).toMatch(/^\d{6}$/);
    const reset = await freshClient().json('POST', '/api/password-reset/confirm/', {
      email,
      code: resetCode,
      password: 'a-new-secret-7',
    });
    expect(reset.status).toBe(200);
    await expect(new TestClient(server.app).signIn(user.username, 'a-new-secret-7')).resolves.toHaveProperty(
      'access',
    );
  });

  it('refuses the code when another account took the address meanwhile', async () => {
    const user = await mainUser();
    const email = freshAddress();
    await user.call('PUT', '/api/account-info/', details(email));
    const code = await mailedCode(email);
    expect((await register(server.app, newRegistration({ email }))).status).toBe(201);
    const answer = await user.call('POST', '/api/account-info/confirm-email/', { code });
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('email_taken');
    expect(errorBodyWire.parse(answer.body).errors).toHaveProperty(['email']);
    expect((await own(user.call)).email).toBe(user.email);
  });

  it('is withdrawn by DELETE /account-info/confirm-email/ only, which answers the same when nothing waits', async () => {
    const user = await mainUser();
    const email = freshAddress();
    await user.call('PUT', '/api/account-info/', details(email));
    const code = await mailedCode(email);
    const cancelled = await user.call('DELETE', '/api/account-info/confirm-email/');
    expect(cancelled.status).toBe(200);
    expect(customerUserWire.parse(cancelled.body).pending_email).toBeUndefined();
    const late = await user.call('POST', '/api/account-info/confirm-email/', { code });
    expect(late.status).toBe(400);
    expect(codeOf(late)).toBe('no_pending_email');
    const again = await user.call('DELETE', '/api/account-info/confirm-email/');
    expect(again.status).toBe(200);
    expect(customerUserWire.parse(again.body).email).toBe(user.email);
  });

  it('keeps a waiting change when the other details are saved with the current address', async () => {
    const user = await mainUser();
    const email = freshAddress();
    await user.call('PUT', '/api/account-info/', details(email));
    const code = await mailedCode(email);
    // the form shows the current address while the change waits: a save of the phone sends it back
    const phone = await user.call('PUT', '/api/account-info/', {
      ...details(user.email.toUpperCase()),
      mobile_phone: '+49 170 5550101',
    });
    expect(phone.status).toBe(200);
    expect(customerUserWire.parse(phone.body)).toMatchObject({
      email: user.email.toUpperCase(),
      pending_email: email,
      mobile_phone: '+49 170 5550101',
    });
    expect(await mailedCode(email)).toBe(code);
    const confirmed = await user.call('POST', '/api/account-info/confirm-email/', { code });
    expect(confirmed.status).toBe(200);
    expect(customerUserWire.parse(confirmed.body)).toMatchObject({
      email,
      mobile_phone: '+49 170 5550101',
    });
  });

  it('replaces a waiting change by another new address, whose own code is mailed', async () => {
    const user = await mainUser();
    const first = freshAddress();
    await user.call('PUT', '/api/account-info/', details(first));
    const second = freshAddress();
    const answer = await user.call('PUT', '/api/account-info/', details(second));
    expect(customerUserWire.parse(answer.body).pending_email).toBe(second);
    const secondCode = await mailedCode(second);
    const confirmed = await user.call('POST', '/api/account-info/confirm-email/', { code: secondCode });
    expect(customerUserWire.parse(confirmed.body).email).toBe(second);
  });

  it('mails at most five codes an hour for one user', async () => {
    const user = await mainUser();
    for (let i = 0; i < 5; i += 1)
      expect((await user.call('PUT', '/api/account-info/', details(freshAddress()))).status).toBe(200);
    const email = freshAddress();
    const refused = await user.call('PUT', '/api/account-info/', details(email));
    expect(refused.status).toBe(429);
    expect(codeOf(refused)).toBe('throttled');
    expect(await latestMail(server, email)).toBeUndefined();
    server.clock.advance(61 * MINUTE);
    const later = await signedIn(user.username, user.password);
    expect((await later('PUT', '/api/account-info/', details(email))).status).toBe(200);
  });

  it('needs a signed-in user, refuses a demo user and a code that is not text', async () => {
    expect(
      (await new TestClient(server.app).json('POST', '/api/account-info/confirm-email/', { code: '123456' }))
        .status,
    ).toBe(401);
    const demo = await signedIn('demo', 'demo123');
    const answer = await demo('POST', '/api/account-info/confirm-email/', { code: '123456' });
    expect(answer.status).toBe(403);
    expect(codeOf(answer)).toBe('demo_account');
    const user = await mainUser();
    const malformed = await user.call('POST', '/api/account-info/confirm-email/', { code: 7 });
    expect(malformed.status).toBe(400);
  });
});

describe('the main user changing a colleague’s address', () => {
  async function companyWithColleague() {
    const main = await mainUser();
    const username = `${main.username}.col`;
    const created = await main.call('POST', '/api/petekcore/customer-accounts/', {
      ...details(`col.${main.email}`),
      language: 'de',
      username,
      password: 'colleague-secret',
    });
    expect(created.status).toBe(201);
    const colleague = customerUserWire.parse(created.body);
    return { main, colleague, colleagueCall: await signedIn(username, 'colleague-secret') };
  }

  it('waits for the code mailed to the new address, which the colleague enters on their own account', async () => {
    const { main, colleague, colleagueCall } = await companyWithColleague();
    const email = freshAddress();
    const answer = await main.call('PUT', `/api/petekcore/customer-accounts/${colleague.id}/`, {
      ...details(email),
      language: 'de',
    });
    expect(answer.status).toBe(200);
    expect(customerUserWire.parse(answer.body)).toMatchObject({
      email: colleague.email,
      pending_email: email,
      last_name: 'Neumann',
    });
    const mail = await latestMail(server, email);
    expect(mail?.language).toBe('de');
    expect(await resetCodeMailed(email)).toBeUndefined();
    expect(await own(colleagueCall)).toMatchObject({ email: colleague.email, pending_email: email });

    const confirmed = await colleagueCall('POST', '/api/account-info/confirm-email/', {
      code: codeIn(mail?.body_text ?? ''),
    });
    expect(confirmed.status).toBe(200);
    expect(customerUserWire.parse(confirmed.body).email).toBe(email);
    const seen = customerUserWire.parse(
      (await main.call('GET', `/api/petekcore/customer-accounts/${colleague.id}/`)).body,
    );
    expect(seen.email).toBe(email);
    expect(seen.pending_email).toBeUndefined();
  });

  const colleagueDetails = (email: string) => ({ ...details(email), language: 'de' });

  it('keeps the waiting change when the main user saves the colleague’s other details', async () => {
    const { main, colleague } = await companyWithColleague();
    const path = `/api/petekcore/customer-accounts/${colleague.id}/`;
    const email = freshAddress();
    await main.call('PUT', path, colleagueDetails(email));
    const code = await mailedCode(email);
    const phone = await main.call('PUT', path, {
      ...colleagueDetails(colleague.email),
      landline_phone: '+49 30 1112223',
      language: 'tr',
    });
    expect(phone.status).toBe(200);
    expect(customerUserWire.parse(phone.body)).toMatchObject({
      email: colleague.email,
      pending_email: email,
      landline_phone: '+49 30 1112223',
      language: 'tr',
    });
    const confirmed = await main.call('POST', `${path}confirm-email/`, { code });
    expect(confirmed.status).toBe(200);
    expect(customerUserWire.parse(confirmed.body).email).toBe(email);
  });

  it('is withdrawn by the main user’s DELETE of the colleague’s confirm-email/', async () => {
    const { main, colleague, colleagueCall } = await companyWithColleague();
    const path = `/api/petekcore/customer-accounts/${colleague.id}/confirm-email/`;
    const email = freshAddress();
    await main.call('PUT', `/api/petekcore/customer-accounts/${colleague.id}/`, colleagueDetails(email));
    const code = await mailedCode(email);

    const withdrawn = await main.call('DELETE', path);
    expect(withdrawn.status).toBe(200);
    const answer = customerUserWire.parse(withdrawn.body);
    expect(answer).toMatchObject({ id: colleague.id, email: colleague.email });
    expect(answer.pending_email).toBeUndefined();
    expect((await own(colleagueCall)).pending_email).toBeUndefined();
    expect(codeOf(await main.call('POST', path, { code }))).toBe('no_pending_email');
    expect(codeOf(await colleagueCall('POST', '/api/account-info/confirm-email/', { code }))).toBe(
      'no_pending_email',
    );
    // nothing waits any more: the same answer, so a retried call after a lost answer does no harm
    const again = await main.call('DELETE', path);
    expect(again.status).toBe(200);
    expect(customerUserWire.parse(again.body).email).toBe(colleague.email);
  });

  it('lets only the company’s main user withdraw a colleague’s change', async () => {
    const { main, colleague, colleagueCall } = await companyWithColleague();
    const path = `/api/petekcore/customer-accounts/${colleague.id}/confirm-email/`;
    const email = freshAddress();
    await main.call('PUT', `/api/petekcore/customer-accounts/${colleague.id}/`, colleagueDetails(email));

    const byColleague = await colleagueCall('DELETE', path);
    expect(byColleague.status).toBe(403);
    expect(codeOf(byColleague)).toBe('main_user_only');
    const stranger = await mainUser();
    const byStranger = await stranger.call('DELETE', path);
    expect(byStranger.status).toBe(404);
    expect(
      (await stranger.call('DELETE', '/api/petekcore/customer-accounts/424242/confirm-email/')).status,
    ).toBe(404);
    const demo = await signedIn('demo', 'demo123');
    expect(codeOf(await demo('DELETE', path))).toBe('demo_account');
    expect((await new TestClient(server.app).json('DELETE', path)).status).toBe(401);
    expect((await own(colleagueCall)).pending_email).toBe(email);
  });

  it('shows the waiting change in the answers of deactivate and reactivate', async () => {
    const { main, colleague } = await companyWithColleague();
    const path = `/api/petekcore/customer-accounts/${colleague.id}/`;
    const email = freshAddress();
    await main.call('PUT', path, colleagueDetails(email));
    const off = await main.call('POST', `${path}deactivate/`, {});
    expect(off.status).toBe(200);
    expect(customerUserWire.parse(off.body)).toMatchObject({ is_active: false, pending_email: email });
    const on = await main.call('POST', `${path}reactivate/`, {});
    expect(on.status).toBe(200);
    expect(customerUserWire.parse(on.body)).toMatchObject({ is_active: true, pending_email: email });
  });

  it('can be confirmed by the main user with the code the colleague received', async () => {
    const { main, colleague } = await companyWithColleague();
    const email = freshAddress();
    await main.call('PUT', `/api/petekcore/customer-accounts/${colleague.id}/`, {
      ...details(email),
      language: 'de',
    });
    const path = `/api/petekcore/customer-accounts/${colleague.id}/confirm-email/`;
    const code = await mailedCode(email);
    expect(codeOf(await main.call('POST', path, { code: wrongCode(code) }))).toBe('invalid_code');
    const answer = await main.call('POST', path, { code });
    expect(answer.status).toBe(200);
    expect(customerUserWire.parse(answer.body).email).toBe(email);
    expect(await resetCodeMailed(email)).toMatch(/^\d{6}$/);
  });
});
