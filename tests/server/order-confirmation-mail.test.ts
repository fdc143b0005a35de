import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { addDays, formatDayMonthYear, toIsoDate } from '../../src/domain/dates';
import { formatMoney, moneyFormatFor } from '../../src/domain/money-format';
import { orderCreatedWire, orderWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The buyer who placed an order gets its confirmation by e-mail, in their language, queued with the
 * order in one transaction: the order's lines, delivery day and address, totals per VAT rate and the
 * total, every amount in the app's money format for that language.
 */
const CSRF = 'order-confirmation-test-csrf-token-0123456789';
const LANGUAGES = ['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv'] as const;

let server: TestServer;
const tokens: Record<string, string> = {};
/** Alpenhof Ayran 250 ml (7 %) and its box of 20 */
let ayran: { id: number; name: string; box: number };

const call = (user: string, method: string, path: string, body?: unknown, headers = {}) =>
  callerFor(server, tokens[user])(method, path, body, headers);

const deliveryDay = () => toIsoDate(addDays(server.clock.now(), 8));
const twoBoxes = () => ({
  items: [{ product: ayran.id, quantity: '2', unit: ayran.box }],
  expected_delivery_date: deliveryDay(),
  is_preorder: false,
  customer_note: '',
});

async function placeOrder(user: string, headers = {}) {
  const answer = await call(user, 'POST', '/api/netb2b/orders/', twoBoxes(), headers);
  expect(answer.status).toBe(201);
  const { id } = orderCreatedWire.parse(answer.body);
  return orderWire.parse((await call(user, 'GET', `/api/netb2b/orders/${id}/`)).body);
}

const mailsTo = (email: string) =>
  server.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();

const emailOf = async (username: string) =>
  (
    await server.database.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).email;

const setLanguage = (username: string, language: string) =>
  server.database.db.updateTable('users').set({ language }).where('username', '=', username).execute();

const money = (amount: string, language: string) =>
  formatMoney(amount, { decimalPlaces: 2, currencySymbol: '€', format: moneyFormatFor(language) });

async function signIn() {
  const client = new TestClient(server.app);
  for (const name of ['buyer', 'private']) tokens[name] = (await client.signIn(name, `${name}123`)).access;
}

beforeAll(async () => {
  server = await startTestServer();
  await signIn();
  const { db } = server.database;
  const row = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'p.name', 'pu.unit_id'])
    .where('p.name', 'like', '%Ayran 250 ml%')
    .where('pu.amount', '=', sql<string>`'20'`)
    .executeTakeFirstOrThrow();
  ayran = { id: row.id, name: row.name, box: row.unit_id };
  // Enough Ayran for every order of this file.
  await db.updateTable('products').set({ quantity_in_stock: 100_000 }).where('id', '=', ayran.id).execute();
});
afterAll(() => server.close());

describe('the order confirmation e-mail', () => {
  it('tells the buyer the lines, delivery day and address, VAT per rate and the total (gross basis)', async () => {
    await setLanguage('buyer', 'en');
    const email = await emailOf('buyer');
    const before = (await mailsTo(email)).length;
    const order = await placeOrder('buyer');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1);
    expect(mail?.language).toBe('en');
    expect(mail?.subject).toContain(String(order.id));
    const text = mail?.body_text ?? '';
    expect(text).toContain(`Order number: ${order.id}`);
    expect(text).toContain(ayran.name);
    expect(text).toMatch(/2 boxes/i);
    const [line] = order.suborders.flatMap((suborder) => suborder.items);
    expect(text).toContain(money(line?.amount ?? '', 'en'));
    expect(text).toContain(formatDayMonthYear(order.expected_delivery_date ?? ''));
    // Lindenhof's first delivery address
    expect(text).toContain('Restaurant Lindenhof');
    expect(text).toContain('Lindenallee 12');
    expect(text).toContain('20259 Hamburg');
    // the delivery fee of a small order, named in the buyer's language
    expect(text).toContain('Delivery fee');
    // decision 007's worked example: 13.60 net at 7 % (VAT 0.95), the fee 9.90 net at 19 % (VAT 1.88)
    expect(order.taxes).toHaveLength(2);
    for (const rate of order.taxes ?? []) {
      const line = text.split('\n').find((candidate) => candidate.includes(`${Number(rate.rate_percent)} %`));
      expect(line).toContain(money(rate.net, 'en'));
      expect(line).toContain(money(rate.tax, 'en'));
      expect(line).toContain(money(rate.gross, 'en'));
    }
    expect(text).toContain(`Total: ${money(order.total, 'en')}`);
    expect(text).toContain('Prices incl. VAT');
    // the app's format: no stray space between the symbol and the amount
    expect(text).not.toMatch(/€\s\d/);
  });

  it('shows the delivery address the order was placed for, not the company’s first one', async () => {
    await setLanguage('buyer', 'en');
    const email = await emailOf('buyer');
    const { db } = server.database;
    const [, second] = await db
      .selectFrom('company_addresses')
      .select('id')
      .where(
        'company_id',
        '=',
        (
          await db
            .selectFrom('users')
            .select('company_id')
            .where('username', '=', 'buyer')
            .executeTakeFirstOrThrow()
        ).company_id,
      )
      .where('kind', '=', 'delivery')
      .orderBy('position')
      .execute();
    // off its seeded route (Harburg's days and minimum are not what this test is about)
    await db
      .updateTable('company_addresses')
      .set({ route_id: null })
      .where('id', '=', second?.id ?? 0)
      .execute();
    const answer = await call('buyer', 'POST', '/api/netb2b/orders/', {
      ...twoBoxes(),
      delivery_address: second?.id,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const text = (await mailsTo(email)).at(-1)?.body_text ?? '';
    // Lindenhof's second delivery address, the one the order names
    expect(text).toContain('Lindenhof Kantine Altona');
    expect(text).toContain('Große Bergstraße 150');
    expect(text).toContain('22767 Hamburg');
    expect(text).not.toContain('Lindenallee 12');
  });

  it('promises no VAT to a customer without tax: net figures and the total only', async () => {
    const email = await emailOf('private');
    const order = await placeOrder('private');
    const mail = (await mailsTo(email)).at(-1);
    // the private customer's language is German
    expect(mail?.language).toBe('de');
    const text = mail?.body_text ?? '';
    expect(text).toContain('Preise ohne MwSt.');
    expect(text).not.toMatch(/MwSt\.? \d/);
    expect(text).not.toContain('inkl.');
    expect(text).toContain(`Gesamtbetrag: ${money(order.total, 'de')}`);
    expect(text).toContain('Liefergebühr');
    expect(text).toContain('Bestellnummer');
  });

  it('is written in each of the nine languages with that language’s money format', async () => {
    const email = await emailOf('buyer');
    const subjects = new Set<string>();
    const intros = new Set<string>();
    for (const language of LANGUAGES) {
      await setLanguage('buyer', language);
      const order = await placeOrder('buyer');
      const mail = (await mailsTo(email)).at(-1);
      expect(mail?.language).toBe(language);
      subjects.add(mail?.subject.replace(String(order.id), '#') ?? '');
      const text = mail?.body_text ?? '';
      intros.add(text.split('\n')[2] ?? '');
      expect(text).toContain(money(order.total, language));
      expect(text).toContain(String(order.id));
    }
    // really translated: no two languages share the subject or the opening sentence
    expect(subjects.size).toBe(LANGUAGES.length);
    expect(intros.size).toBe(LANGUAGES.length);
    await setLanguage('buyer', 'en');
  });

  it('is queued once for an order sent twice with the same Idempotency-Key', async () => {
    const email = await emailOf('buyer');
    const before = (await mailsTo(email)).length;
    const headers = { 'Idempotency-Key': 'confirmation-mail-replay-0001' };
    const first = await call('buyer', 'POST', '/api/netb2b/orders/', twoBoxes(), headers);
    const again = await call('buyer', 'POST', '/api/netb2b/orders/', twoBoxes(), headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(orderCreatedWire.parse(again.body).id).toBe(orderCreatedWire.parse(first.body).id);
    expect(await mailsTo(email)).toHaveLength(before + 1);
  });

  it('is not queued for an order that is refused', async () => {
    const email = await emailOf('buyer');
    const before = (await mailsTo(email)).length;
    const { db } = server.database;
    await db.updateTable('products').set({ quantity_in_stock: 1 }).where('id', '=', ayran.id).execute();
    const refused = await call('buyer', 'POST', '/api/netb2b/orders/', twoBoxes());
    await db.updateTable('products').set({ quantity_in_stock: 100_000 }).where('id', '=', ayran.id).execute();
    // refused by the stock check, or by the guarded stock update when a concurrent order took it first
    expect([400, 409]).toContain(refused.status);
    expect(await mailsTo(email)).toHaveLength(before);
  });

  it('takes the order with it when the mail cannot be queued: no order without its mail', async () => {
    const { db } = server.database;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await sql`alter table mail_outbox rename to mail_outbox_away`.execute(db);
    try {
      const answer = await call('buyer', 'POST', '/api/netb2b/orders/', twoBoxes());
      expect(answer.status).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`alter table mail_outbox_away rename to mail_outbox`.execute(db);
    }
    expect(await count()).toBe(before);
  });

  it('is sent through the configured sender once the order is stored, and records sent_at', async () => {
    const sent: { to: string; subject: string }[] = [];
    const sending = server.freshApp({
      sendMail: async (mail) => {
        sent.push({ to: mail.to, subject: mail.subject });
      },
    });
    const email = await emailOf('buyer');
    const answer = await sending.request('/api/netb2b/orders/', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${tokens.buyer}`,
        'Content-Type': 'application/json',
        Cookie: `csrftoken=${CSRF}`,
        'X-CSRFToken': CSRF,
      },
      body: JSON.stringify(twoBoxes()),
    });
    expect(answer.status).toBe(201);
    const { id } = z.object({ id: z.number() }).parse(await answer.json());
    await expect.poll(async () => (await mailsTo(email)).at(-1)?.sent_at).toEqual(expect.any(String));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(email);
    expect(sent[0]?.subject).toContain(String(id));
  });
});
