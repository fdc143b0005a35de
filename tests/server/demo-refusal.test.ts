import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Demo mode (spec point 6) hides the cart, orders, invoices, favourite lists, documents, the
 * language picker and every settings write. Each area refuses a demo account with its own detail,
 * before reading the body, so every call below is refused whatever it carries; the reads demo
 * mode keeps (the catalogue, the empty cart, the company and the own account) still answer.
 */
const CART = 'Demo accounts cannot use the cart or place orders.';
const ORDERS = 'Demo accounts have no orders.';
const INVOICES = 'Demo accounts cannot see orders or invoices.';
const FAVOURITES = 'Demo accounts have no favourite lists.';
const DOCUMENTS = 'Demo accounts have no documents.';
const LANGUAGE = 'Demo accounts cannot change the language.';
const SETTINGS = 'Demo accounts cannot change settings.';

const refused: [method: string, path: string, detail: string][] = [
  ['POST', '/api/netb2b/cart-items/', CART],
  ['PUT', '/api/netb2b/cart-items/1/', CART],
  ['POST', '/api/netb2b/cart-items/bulk/', CART],
  ['POST', '/api/netb2b/products/lookup/', CART],
  ['POST', '/api/netb2b/orders/', CART],
  ['POST', '/api/netb2b/orders/preview/', CART],
  ['GET', '/api/netb2b/orders/', ORDERS],
  ['GET', '/api/netb2b/orders/1/', ORDERS],
  ['GET', '/api/netb2b/orders/1/invoice/', INVOICES],
  ['GET', '/api/netb2b/invoices/1/file/', INVOICES],
  ['GET', '/api/netb2b/invoices/1/xrechnung/', INVOICES],
  ['GET', '/api/netb2b/favourite-lists/', FAVOURITES],
  ['POST', '/api/netb2b/favourite-lists/', FAVOURITES],
  ['GET', '/api/netb2b/favourite-lists/1/', FAVOURITES],
  ['PATCH', '/api/netb2b/favourite-lists/1/', FAVOURITES],
  ['DELETE', '/api/netb2b/favourite-lists/1/', FAVOURITES],
  ['PUT', '/api/netb2b/favourite-lists/1/items/1/', FAVOURITES],
  ['DELETE', '/api/netb2b/favourite-lists/1/items/1/', FAVOURITES],
  ['GET', '/api/netb2b/documents/', DOCUMENTS],
  ['GET', '/api/netb2b/documents/1/file/', DOCUMENTS],
  ['POST', '/api/baf/update-language/', LANGUAGE],
  ['PUT', '/api/petekcore/company-info/', SETTINGS],
  ['POST', '/api/petekcore/customer-accounts/', SETTINGS],
  ['PUT', '/api/petekcore/customer-accounts/1/', SETTINGS],
  ['POST', '/api/petekcore/customer-accounts/1/confirm-email/', SETTINGS],
  ['DELETE', '/api/petekcore/customer-accounts/1/confirm-email/', SETTINGS],
  ['POST', '/api/petekcore/customer-accounts/1/deactivate/', SETTINGS],
  ['POST', '/api/petekcore/customer-accounts/1/reactivate/', SETTINGS],
  ['DELETE', '/api/petekcore/customer-accounts/1/', SETTINGS],
  ['PUT', '/api/account-info/', SETTINGS],
  ['POST', '/api/account-info/confirm-email/', SETTINGS],
  ['DELETE', '/api/account-info/confirm-email/', SETTINGS],
  ['DELETE', '/api/account-info/', SETTINGS],
  ['POST', '/api/change-password/', SETTINGS],
];

/** What demo mode keeps, with the answer a demo account gets (never demo_account). */
const kept: [method: string, path: string, status: number, code?: string][] = [
  ['GET', '/api/netb2b/cart-items/', 200],
  ['DELETE', '/api/netb2b/cart-items/999999/', 404, 'not_found'],
  ['GET', '/api/netb2b/products/', 200],
  ['GET', '/api/netb2b/campaigns/', 200],
  ['GET', '/api/netb2b/notifications/', 200],
  ['GET', '/api/baf/announcements/', 200],
  ['GET', '/api/petekcore/company-info/', 200],
  ['GET', '/api/account-info/', 200],
  ['GET', '/api/petekcore/customer-accounts/4/', 200],
  ['GET', '/api/petekcore/customer-accounts/', 403, 'main_user_only'],
];

let server: TestServer;
let demoToken: string;

beforeAll(async () => {
  server = await startTestServer();
  demoToken = (await new TestClient(server.app).signIn('demo', 'demo123')).access;
});
afterAll(() => server.close());

const demoCall = (method: string, path: string) =>
  new TestClient(server.app).json(method, path, method === 'GET' ? undefined : {}, demoToken);

describe('a demo account', () => {
  it.each(refused)('is refused %s %s with its area’s detail', async (method, path, detail) => {
    const answer = await demoCall(method, path);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 403,
      body: { detail, code: 'demo_account' },
    });
  });

  it.each(kept)('still gets %s %s', async (method, path, status, code) => {
    const answer = await demoCall(method, path);
    expect(answer.status).toBe(status);
    expect((answer.body as { code?: string } | null)?.code).toBe(code);
  });
});
