import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContractPrices } from './support/contract-prices';
import { TestClient } from './support/http-client';
import { type Caller, callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * A list sorted by price is sorted by the prices the customer pays: a contract price moves a product
 * to where that price belongs for its customer, and nowhere for anyone else.
 */
const LINDENHOF = 1;
const LIST = '/api/netb2b/products/?sort=price&page_size=200';

let server: TestServer;
let buyer: Caller;
let other: Caller;

const pageIds = (body: unknown) =>
  (body as { results: { id: number }[] }).results.map((product) => product.id);

beforeAll(async () => {
  server = await startTestServer();
  buyer = callerFor(server, (await new TestClient(server.app).signIn('buyer', 'buyer123')).access);
  other = callerFor(server, (await new TestClient(server.app).signIn('other', 'other123')).access);
});
afterAll(() => server.close());

describe('sorting by price with contract prices', () => {
  it('puts the dearest product first for the customer whose price for it is a cent, and only for that customer', async () => {
    const shared = pageIds((await buyer('GET', LIST)).body);
    const dearest = shared.at(-1) as number;
    expect(pageIds((await other('GET', LIST)).body)).toEqual(shared);

    await insertContractPrices(server.database.db, [{ product: dearest, company: LINDENHOF, price: '0.01' }]);
    server.clock.advance(2_000);

    const own = pageIds((await buyer('GET', LIST)).body);
    expect(own[0]).toBe(dearest);
    expect(own.slice(1)).toEqual(shared.filter((id) => id !== dearest));
    expect(pageIds((await other('GET', LIST)).body)).toEqual(shared);
  });
});
