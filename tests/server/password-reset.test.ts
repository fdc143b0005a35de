import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { ServerApp } from '../../server/app';
import { queueMail } from '../../server/mail/outbox';
import { detailAnswerWire, errorBodyWire } from '../../src/services/api/wire/auth';
import { accessStatus, codeIn, latestMail, refreshStatus, registeredAccount } from './support/account-access';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MINUTE = 60_000;
const SAME_ANSWER = { detail: 'If an account uses this address, a code is on its way.' };

let addressCounter = 0;
/** a client from an address of its own, so the per-address limit of one test does not touch another */
const freshAddress = () => {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};
const freshClient = (app: ServerApp = server.app) => new TestClient(app, freshAddress());

const requestCode = (client: TestClient, email: string) =>
  client.json('POST', '/api/password-reset/', { email });
const verify = (client: TestClient, email: string, code: string) =>
  client.json('POST', '/api/password-reset/verify/', { email, code });
const confirm = (client: TestClient, email: string, code: string, password: string) =>
  client.json('POST', '/api/password-reset/confirm/', { email, code, password });
const codeOf = (answer: { body: unknown }) => errorBodyWire.parse(answer.body).code;
const mailCount = async () =>
  Number(
    (
      await server.database.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** a registered account and the code of a fresh reset request for it */
async function accountWithCode() {
  const account = await registeredAccount(server.app);
  const client = freshClient();
  expect((await requestCode(client, account.email)).status).toBe(202);
  const mail = await latestMail(server, account.email);
  return { ...account, client, code: codeIn(mail?.body_text ?? '') };
}

/** a six-digit code that is not this one */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/password-reset/', () => {
  it('answers 202 and mails a 6-digit code in the user’s language', async () => {
    const answer = await requestCode(freshClient(), ' Anna.Schmidt@Example.org ');
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual(SAME_ANSWER);
    const mail = await latestMail(server, 'anna.schmidt@example.org');
    expect(mail).toMatchObject({ language: 'de', sent_at: null, send_error: null });
    expect(mail?.subject).toContain('Passwort');
    expect(mail?.body_text).toContain('15 Minuten');
    expect(codeIn(mail?.body_text ?? '')).toMatch(/^\d{6}$/);

    await requestCode(freshClient(), 'mehmet.yilmaz@bosporus-imbiss.example');
    const turkish = await latestMail(server, 'mehmet.yilmaz@bosporus-imbiss.example');
    expect(turkish).toMatchObject({ language: 'tr' });
    expect(turkish?.body_text).toContain('15 dakika');
  });

  it('answers an unknown and a malformed address exactly alike, and sends no mail', async () => {
    const before = await mailCount();
    for (const email of ['nobody@nowhere.example', 'not an address', ''])
      expect(await requestCode(freshClient(), email)).toEqual({ status: 202, body: SAME_ANSWER });
    expect(await mailCount()).toBe(before);
  });

  it('stores the code hashed, never in clear', async () => {
    const { email, code } = await accountWithCode();
    const row = await server.database.db
      .selectFrom('password_resets')
      .selectAll()
      .where('email', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tries).toBe(0);
  });

  it('allows 3 requests per e-mail in 15 minutes, then 429 throttled with Retry-After (known or not)', async () => {
    const app = server.freshApp();
    for (const email of ['maria.keller@lindenhof-gastro.example', 'ghost@nowhere.example']) {
      for (let i = 0; i < 3; i += 1) expect((await requestCode(freshClient(app), email)).status).toBe(202);
      const client = freshClient(app);
      const response = await client.send('POST', '/api/password-reset/', { email });
      expect(response.status).toBe(429);
      expect(errorBodyWire.parse(await response.json()).code).toBe('throttled');
      const wait = Number(response.headers.get('Retry-After'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(15 * 60);
    }
    server.clock.advance(15 * MINUTE + 1000);
    expect((await requestCode(freshClient(app), 'ghost@nowhere.example')).status).toBe(202);
  });

  it('allows 10 requests per client address in 15 minutes', async () => {
    const client = freshClient(server.freshApp());
    for (let i = 0; i < 10; i += 1)
      expect((await requestCode(client, `someone${i}@nowhere.example`)).status).toBe(202);
    const answer = await requestCode(client, 'someone-else@nowhere.example');
    expect(answer.status).toBe(429);
    expect(codeOf(answer)).toBe('throttled');
  });

  it('holds the per-e-mail limit however the requests are spread over two apps: 3 mails, no more', async () => {
    const account = await registeredAccount(server.app);
    const apps = [server.freshApp(), server.freshApp()];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await requestCode(freshClient(apps[i % 2]), account.email)).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
    const mails = await server.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', account.email)
      .execute();
    expect(mails).toHaveLength(3);
  });

  it('replaces an earlier unused code with the new one', async () => {
    const { email, code: first } = await accountWithCode();
    await requestCode(freshClient(), email);
    const second = codeIn((await latestMail(server, email))?.body_text ?? '');
    if (first !== second) expect(codeOf(await verify(freshClient(), email, first))).toBe('invalid_code');
    expect((await verify(freshClient(), email, second)).status).toBe(200);
  });
});

describe('POST /api/password-reset/verify/', () => {
  it('accepts the right code without counting it, also with spaces and Arabic-Indic digits', async () => {
    const { email, code } = await accountWithCode();
    for (let i = 0; i < 6; i += 1) {
      const answer = await verify(freshClient(), email, code);
      expect(answer.status).toBe(200);
      detailAnswerWire.parse(answer.body);
    }
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    expect((await verify(freshClient(), ` ${email.toUpperCase()} `, spaced)).status).toBe(200);
    const arabic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect((await verify(freshClient(), email, arabic)).status).toBe(200);
  });

  it('refuses a wrong code with invalid_code, and after 5 wrong tries every code with too_many_tries', async () => {
    const { email, code } = await accountWithCode();
    for (let i = 1; i <= 4; i += 1) {
      const answer = await verify(freshClient(), email, wrongCode(code));
      expect(answer.status).toBe(400);
      expect(codeOf(answer)).toBe('invalid_code');
    }
    expect(codeOf(await verify(freshClient(), email, 'abc'))).toBe('too_many_tries');
    expect(codeOf(await verify(freshClient(), email, code))).toBe('too_many_tries');
    expect(codeOf(await confirm(freshClient(), email, code, 'brand-new-1'))).toBe('too_many_tries');
    // a new code starts afresh
    await requestCode(freshClient(), email);
    const fresh = codeIn((await latestMail(server, email))?.body_text ?? '');
    expect((await verify(freshClient(), email, fresh)).status).toBe(200);
  });

  it('never checks more than 5 tries, even in parallel', async () => {
    const { email, code } = await accountWithCode();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => verify(freshClient(), email, wrongCode(code))),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const row = await server.database.db
      .selectFrom('password_resets')
      .select('tries')
      .where('email', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.tries).toBe(5);
    expect(codeOf(await verify(freshClient(), email, code))).toBe('too_many_tries');
  });

  it('answers an unknown address like a known one with a wrong code, tries counted too', async () => {
    const email = 'stranger@nowhere.example';
    expect(codeOf(await verify(freshClient(), email, '123456'))).toBe('invalid_code');
    await requestCode(freshClient(), email);
    for (let i = 1; i <= 4; i += 1)
      expect(codeOf(await verify(freshClient(), email, '123456'))).toBe('invalid_code');
    expect(codeOf(await verify(freshClient(), email, '123456'))).toBe('too_many_tries');
  });

  it('refuses codes from an address after 20 wrong ones, whatever the e-mails, over two apps', async () => {
    const { email, code } = await accountWithCode();
    const apps = [server.freshApp(), server.freshApp()];
    const guesser = freshAddress();
    const guesserOn = (app: ServerApp) => new TestClient(app, guesser);
    for (let i = 0; i < 20; i += 1) {
      const answer = await verify(
        guesserOn(apps[i % 2] as ServerApp),
        `victim${i}@nowhere.example`,
        '123456',
      );
      expect(codeOf(answer)).toBe('invalid_code');
    }
    const blocked = await guesserOn(apps[0] as ServerApp).send('POST', '/api/password-reset/verify/', {
      email,
      code,
    });
    expect(blocked.status).toBe(429);
    expect(errorBodyWire.parse(await blocked.json()).code).toBe('throttled');
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(codeOf(await confirm(guesserOn(apps[1] as ServerApp), email, code, 'brand-new-1'))).toBe(
      'throttled',
    );
    // the code itself was never tried from there: another address may still use it
    expect((await verify(freshClient(), email, code)).status).toBe(200);
  });

  it('lets a code expire after 15 minutes (code_expired)', async () => {
    const { email, code } = await accountWithCode();
    server.clock.advance(14 * MINUTE + 50_000);
    expect((await verify(freshClient(), email, code)).status).toBe(200);
    server.clock.advance(15_000);
    const answer = await verify(freshClient(), email, code);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('code_expired');
    expect(codeOf(await confirm(freshClient(), email, code, 'brand-new-1'))).toBe('code_expired');
  });
});

describe('POST /api/password-reset/confirm/', () => {
  it('sets the new password, ends every session, and uses the code up', async () => {
    const account = await registeredAccount(server.app);
    const before = await new TestClient(server.app).signIn(account.username, account.password);
    const client = freshClient();
    await requestCode(client, account.email);
    const code = codeIn((await latestMail(server, account.email))?.body_text ?? '');

    const short = await confirm(client, account.email, code, '12345');
    expect(short.status).toBe(400);
    expect(errorBodyWire.parse(short.body)).toMatchObject({
      code: 'invalid',
      errors: { password: [expect.any(String)] },
    });

    const answer = await confirm(client, account.email, code, 'brand-new-1');
    expect(answer.status).toBe(200);
    detailAnswerWire.parse(answer.body);

    const signIn = (password: string) =>
      new TestClient(server.app).postJson('/api/token/', { username: account.username, password });
    expect((await signIn(account.password)).status).toBe(401);
    expect((await signIn('brand-new-1')).status).toBe(200);
    expect(await refreshStatus(server.app, before.refresh)).toBe(401);
    expect(await accessStatus(server.app, before.access)).toBe(401);

    expect(codeOf(await confirm(client, account.email, code, 'another-one'))).toBe('invalid_code');
    expect(codeOf(await verify(client, account.email, code))).toBe('invalid_code');
  });

  it('counts a wrong code as a try', async () => {
    const { email, code, client } = await accountWithCode();
    expect(codeOf(await confirm(client, email, wrongCode(code), 'brand-new-1'))).toBe('invalid_code');
    const row = await server.database.db
      .selectFrom('password_resets')
      .select('tries')
      .where('email', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.tries).toBe(1);
  });
});

const messagesWire = z.array(
  z.object({ id: z.number(), to: z.string(), subject: z.string(), text: z.string(), created_at: z.string() }),
);

/** the developer mailbox switched on, read from this machine (the only peer it answers) */
const mailboxClient = () => new TestClient(server.freshApp({ devMailbox: true }), '127.0.0.1');

describe('mail delivery and the developer mailbox', () => {
  it('lists the outbox newest first at /dev/mailbox/messages.json and /dev/mailbox/', async () => {
    const { email, code } = await accountWithCode();
    const client = mailboxClient();
    const json = await client.get('/dev/mailbox/messages.json');
    expect(json.status).toBe(200);
    const messages = messagesWire.parse(await json.json());
    expect(messages[0]).toMatchObject({ to: email });
    expect(messages[0]?.text).toContain(code);
    const ids = messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const page = await client.get('/dev/mailbox/');
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain(code);
  });

  it('escapes everything in the page', async () => {
    await queueMail(
      server.database.db,
      { to: '<b>x</b>@example.org', subject: '<script>alert(1)</script>', text: 'a & "b"', language: 'en' },
      server.clock.now,
      undefined,
    );
    const html = await (await mailboxClient().get('/dev/mailbox/')).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;@example.org');
    expect(html).toContain('a &amp; &quot;b&quot;');
  });

  it('answers 404 for both unless switched on (DEV_MAILBOX=1)', async () => {
    const client = new TestClient(server.freshApp(), '127.0.0.1');
    for (const path of ['/dev/mailbox/', '/dev/mailbox/messages.json']) {
      const answer = await client.get(path);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('@');
    }
  });

  it('sends through the configured sender after answering, then records sent_at or send_error', async () => {
    const sent: string[] = [];
    const sending = server.freshApp({
      sendMail: async (mail) => {
        sent.push(mail.to);
      },
    });
    const account = await registeredAccount(server.app);
    expect((await requestCode(freshClient(sending), account.email)).status).toBe(202);
    await expect.poll(async () => (await latestMail(server, account.email))?.sent_at).not.toBeNull();
    expect(sent).toEqual([account.email]);

    const failing = server.freshApp({
      sendMail: () => Promise.reject(new Error('550 mailbox unavailable')),
    });
    expect((await requestCode(freshClient(failing), account.email)).status).toBe(202);
    await expect
      .poll(async () => (await latestMail(server, account.email))?.send_error)
      .toBe('550 mailbox unavailable');
  });
});
