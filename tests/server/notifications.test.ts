import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { notificationWire } from '../../src/services/api/wire/catalog';
import { markedReadWire } from '../../src/services/api/wire/catalog-pages';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function signedIn(username: string) {
  const client = new TestClient(server.app);
  const { access } = await client.signIn(username, `${username}123`);
  const list = async () =>
    z.array(notificationWire).parse(await (await client.get('/api/netb2b/notifications/', access)).json());
  return { client, access, list };
}

describe('notifications of the signed-in user', () => {
  it('lists only the user’s own, newest first, with read flags', async () => {
    const { list } = await signedIn('buyer');
    const notifications = await list();
    expect(notifications.length).toBe(4);
    const times = notifications.map((n) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(notifications.filter((n) => !n.read)).toHaveLength(2);
    const colleague = await signedIn('colleague');
    const theirs = await colleague.list();
    expect(theirs.map((n) => n.id).some((id) => notifications.some((n) => n.id === id))).toBe(false);
  });

  it('shows one notification, but another user’s is 404', async () => {
    const buyer = await signedIn('buyer');
    const [first] = await buyer.list();
    const response = await buyer.client.get(`/api/netb2b/notifications/${first?.id}/`, buyer.access);
    expect(notificationWire.parse(await response.json()).id).toBe(first?.id);
    const other = await signedIn('other');
    expect((await other.client.get(`/api/netb2b/notifications/${first?.id}/`, other.access)).status).toBe(
      404,
    );
    expect(
      (await other.client.send('POST', `/api/netb2b/notifications/${first?.id}/read/`, {}, other.access))
        .status,
    ).toBe(404);
    expect((await buyer.list()).find((n) => n.id === first?.id)?.read).toBe(false);
  });

  it('marks one read (idempotently), then all', async () => {
    const { client, access, list } = await signedIn('buyer');
    const unread = (await list()).filter((n) => !n.read);
    const target = unread[0]?.id;
    for (let time = 0; time < 2; time += 1) {
      const response = await client.send('POST', `/api/netb2b/notifications/${target}/read/`, {}, access);
      expect(notificationWire.parse(await response.json()).read).toBe(true);
    }
    const all = await client.send('POST', '/api/netb2b/notifications/read-all/', {}, access);
    expect(markedReadWire.parse(await all.json()).updated).toBe(unread.length - 1);
    expect((await list()).every((n) => n.read)).toBe(true);
  });

  it('needs the CSRF header to mark read', async () => {
    const { access } = await signedIn('private');
    const response = await server.app.request('/api/netb2b/notifications/read-all/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${access}` },
    });
    expect(response.status).toBe(403);
  });

  it('links the invoice notification to the invoice of one of the company’s orders', async () => {
    const { client, access, list } = await signedIn('buyer');
    const invoiceNotice = (await list()).find((n) => n.name === 'Invoice available');
    const orderId = invoiceNotice?.invoice_order_id;
    expect(orderId).toEqual(expect.any(Number));
    const invoice = await client.get(`/api/netb2b/orders/${orderId}/invoice/`, access);
    expect(invoice.status).toBe(200);
    // the one notification about an invoice; the others link nowhere
    expect((await list()).filter((n) => n.invoice_order_id !== undefined)).toHaveLength(1);
  });

  it('promises no free first delivery in any language: the first order is charged its fee', async () => {
    const { client, access } = await signedIn('private');
    const promises = [
      'free of charge',
      'ücretsiz',
      'versandkostenfrei',
      'مجاني',
      'no tiene gastos',
      'gratuite',
      'gratuita',
      'gratis',
      'fraktfri',
    ];
    for (const language of ['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv']) {
      const answer = await client.request('/api/netb2b/notifications/', {
        headers: { Authorization: `Bearer ${access}`, 'Accept-Language': language },
      });
      const texts = z
        .array(notificationWire)
        .parse(await answer.json())
        .map((n) => `${n.name} ${n.description}`.toLowerCase());
      expect(texts.length).toBeGreaterThan(0);
      for (const promise of promises) expect(texts.join('\n')).not.toContain(promise);
    }
  });
});
