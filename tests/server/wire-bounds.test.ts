import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BodyEndpoint, startBodyEndpointServer, withField } from './support/body-endpoints';
import { type Caller, fieldErrorsOf } from './support/signed-in-calls';
import type { TestServer } from './support/test-server';

// Issue 14 point 3: on PostgreSQL, ids from 2^31 up and NUL in text reached SQL and answered 500 where
// SQLite answered 400. Every id and text a request carries is bounded before it reaches a query, so
// both engines give the same 400 (bodies, query parameters) or 404 (a path naming no resource).

const TWO_TO_THE_31 = 2 ** 31;
const NUL_TEXT = 'bad\u0000text';

let server: TestServer;
let buyer: Caller;
let anonymous: Caller;
let endpoints: BodyEndpoint[];

beforeAll(async () => {
  ({ server, buyer, anonymous, endpoints } = await startBodyEndpointServer());
});
afterAll(() => server.close());

const callOf = (endpoint: BodyEndpoint) => (endpoint.anonymous ? anonymous : buyer);

describe('ids in request bodies', () => {
  it('refuses 2^31 in every id field of every body with a 400 naming the field', async () => {
    const misses: string[] = [];
    for (const endpoint of endpoints)
      for (const field of endpoint.ids) {
        const answer = await callOf(endpoint)(
          endpoint.method,
          endpoint.path,
          withField(endpoint.body, field, TWO_TO_THE_31),
        );
        if (answer.status !== 400 || !fieldErrorsOf(answer)[field])
          misses.push(`${endpoint.name} ${field}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    expect(misses).toEqual([]);
    expect(endpoints.flatMap((e) => e.ids).length).toBeGreaterThan(15);
  });

  it('names the accepted range in the message', async () => {
    const answer = await buyer('POST', '/api/netb2b/cart-items/', {
      product: TWO_TO_THE_31,
      campaign: null,
      quantity: '1',
      unit: 1,
    });
    expect(fieldErrorsOf(answer).product).toEqual(['Expected a whole number from 1 to 2147483647.']);
  });

  it('refuses 0 and negative ids in a request too', async () => {
    for (const product of [0, -1]) {
      const answer = await buyer('POST', '/api/netb2b/orders/preview/', {
        items: [{ product, quantity: '1', unit: 1 }],
      });
      expect(answer.status).toBe(400);
      expect(fieldErrorsOf(answer)['items.0.product']).toBeDefined();
    }
  });
});

describe('text in request bodies', () => {
  it('refuses a NUL character in every text field of every body with a 400 naming the field', async () => {
    const misses: string[] = [];
    for (const endpoint of endpoints)
      for (const field of endpoint.texts) {
        const answer = await callOf(endpoint)(
          endpoint.method,
          endpoint.path,
          withField(endpoint.body, field, NUL_TEXT),
        );
        if (answer.status !== 400 || !fieldErrorsOf(answer)[field])
          misses.push(`${endpoint.name} ${field}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    expect(misses).toEqual([]);
    expect(endpoints.flatMap((e) => e.texts).length).toBeGreaterThan(40);
  });

  it('refuses other control characters in one-line text, with a message saying why', async () => {
    for (const control of ['\u0001', '\u001b', '\u007f', '\u0085', '\n']) {
      const answer = await buyer('PUT', '/api/account-info/', {
        first_name: `Cem${control}Kaya`,
        last_name: 'Kaya',
        email: 'cem@lindenhof-gastro.example',
        landline_phone: '',
        mobile_phone: '',
      });
      expect(answer.status).toBe(400);
      expect(fieldErrorsOf(answer).first_name).toContain(
        'Control characters (such as NUL or a line break) are not allowed.',
      );
    }
  });

  it('keeps line breaks and tabs in a multi-line text but not NUL', async () => {
    const preview = await buyer('POST', '/api/errors/', {
      source: 'cart',
      message: 'Failed\n\tat line 1\r\n',
    });
    expect(preview.status).toBe(202);
    const refused = await buyer('POST', '/api/errors/', { source: 'cart', message: 'Failed\u0000' });
    expect(refused.status).toBe(400);
    expect(fieldErrorsOf(refused).message).toEqual([
      'Control characters (such as NUL) are not allowed; line breaks and tabs are.',
    ]);
  });
});

describe('query parameters', () => {
  const integerParams: [string, string][] = [
    ['/api/netb2b/products/', 'category'],
    ['/api/netb2b/products/', 'brand'],
    ['/api/netb2b/products/', 'campaign'],
    ['/api/netb2b/products/', 'page'],
    ['/api/netb2b/products/', 'page_size'],
    ['/api/netb2b/orders/', 'limit'],
  ];

  it.each(integerParams)(
    '%s?%s= refuses 2^31 and NUL with a 400 naming the parameter',
    async (path, name) => {
      for (const value of [String(TWO_TO_THE_31), '%00', '1%00']) {
        const answer = await buyer('GET', `${path}?${name}=${value}`);
        expect(answer.status, `${name}=${value}`).toBe(400);
        expect(fieldErrorsOf(answer)[name]).toBeDefined();
      }
    },
  );

  it('still takes the largest id as a filter (an empty page, not an error)', async () => {
    const answer = await buyer('GET', '/api/netb2b/products/?category=2147483647&brand=2147483647');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ count: 0, results: [] });
  });

  it.each([
    ['/api/netb2b/products/search/', 'query'],
    ['/api/netb2b/cart-items/', 'detailed'],
    ['/api/netb2b/documents/', 'download'],
  ])('%s?%s= refuses a NUL or other control character with a 400', async (path, name) => {
    for (const value of ['bad%00text', 'bad%1Btext']) {
      const answer = await buyer('GET', `${path}?${name}=${value}`);
      expect(answer.status, `${name}=${value}`).toBe(400);
      expect(fieldErrorsOf(answer)[name]).toBeDefined();
    }
  });
});

describe('ids in paths', () => {
  // A path id out of range names no resource: 404 like any unknown id (the same on both engines).
  const paths: [string, string][] = [
    ['GET', '/api/netb2b/products/{}/'],
    ['GET', '/api/netb2b/campaigns/{}/'],
    ['GET', '/api/netb2b/notifications/{}/'],
    ['POST', '/api/netb2b/notifications/{}/read/'],
    ['POST', '/api/baf/announcements/{}/read/'],
    ['PUT', '/api/netb2b/cart-items/{}/'],
    ['DELETE', '/api/netb2b/cart-items/{}/'],
    ['GET', '/api/netb2b/orders/{}/'],
    ['GET', '/api/netb2b/orders/{}/invoice/'],
    ['GET', '/api/netb2b/favourite-lists/{}/'],
    ['PATCH', '/api/netb2b/favourite-lists/{}/'],
    ['DELETE', '/api/netb2b/favourite-lists/{}/'],
    ['PUT', '/api/netb2b/favourite-lists/{}/items/1/'],
    ['DELETE', '/api/netb2b/favourite-lists/{}/items/1/'],
    ['GET', '/api/netb2b/documents/{}/file/'],
    ['GET', '/api/petekcore/customer-accounts/{}/'],
    ['PUT', '/api/petekcore/customer-accounts/{}/'],
    ['DELETE', '/api/petekcore/customer-accounts/{}/'],
    ['POST', '/api/petekcore/customer-accounts/{}/deactivate/'],
    ['POST', '/api/petekcore/customer-accounts/{}/reactivate/'],
    ['POST', '/api/petekcore/customer-accounts/{}/confirm-email/'],
    ['DELETE', '/api/petekcore/customer-accounts/{}/confirm-email/'],
    ['GET', '/media/products/{}.svg'],
    ['GET', '/media/brands/{}.svg'],
    ['GET', '/media/campaigns/{}.svg'],
  ];

  it.each(paths)('%s %s answers 404 for 2^31 and NUL', async (method, template) => {
    for (const value of [String(TWO_TO_THE_31), '%00', '1%00']) {
      const answer = await buyer(method, template.replace('{}', value), method === 'GET' ? undefined : {});
      expect(answer.status, value).toBe(404);
    }
  });

  it('answers 404 for a favourite line whose product id is 2^31', async () => {
    const lists = (await buyer('GET', '/api/netb2b/favourite-lists/')).body as { id: number }[];
    const listId = lists[0]?.id;
    for (const method of ['PUT', 'DELETE']) {
      const answer = await buyer(method, `/api/netb2b/favourite-lists/${listId}/items/${TWO_TO_THE_31}/`, {
        quantity: '1',
        unit: 1,
      });
      expect(answer.status).toBe(404);
    }
  });
});
