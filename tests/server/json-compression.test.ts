import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_JSON_MIN_BYTES } from '../../server/http/compress-json';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const PRODUCTS = '/api/netb2b/products/?page_size=50';
const SMALL = '/api/netb2b/cart-items/';

let server: TestServer;
let access: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ access } = await new TestClient(server.app).signIn('buyer', 'buyer123'));
});
afterAll(() => server.close());

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  server.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${access}`,
      ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }),
    },
  });

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

const decoded = (response: Response, body: Buffer) => {
  const coding = response.headers.get('Content-Encoding');
  const plain = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
  return JSON.parse(plain.toString('utf8')) as unknown;
};

describe('JSON answers of 1 kB and more', () => {
  let identity: Buffer;
  beforeAll(async () => {
    const response = await get(PRODUCTS);
    expect(response.headers.get('Content-Encoding')).toBeNull();
    identity = await bytesOf(response);
    expect(identity.length).toBeGreaterThan(COMPRESS_JSON_MIN_BYTES);
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
  ])('Accept-Encoding: %s → %s, the same JSON once decoded', async (acceptEncoding, coding) => {
    const response = await get(PRODUCTS, acceptEncoding);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe(coding);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    const body = await bytesOf(response);
    expect(Number(response.headers.get('Content-Length'))).toBe(body.length);
    expect(body.length).toBeLessThan(identity.length / 3);
    expect(decoded(response, body)).toEqual(JSON.parse(identity.toString('utf8')));
  });

  it.each([undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0'])(
    'Accept-Encoding: %s → the JSON as it is',
    async (acceptEncoding) => {
      const response = await get(PRODUCTS, acceptEncoding);
      expect(response.headers.get('Content-Encoding')).toBeNull();
      expect((await bytesOf(response)).equals(identity)).toBe(true);
    },
  );

  it('says it varies with Accept-Encoding as well as Accept-Language', async () => {
    for (const acceptEncoding of ['br', 'identity']) {
      const vary = (await get(PRODUCTS, acceptEncoding)).headers.get('Vary') ?? '';
      expect(vary).toMatch(/Accept-Encoding/);
      expect(vary).toMatch(/Accept-Language/);
    }
  });

  it('answers HEAD with the headers of the compressed GET', async () => {
    const getAnswer = await get(PRODUCTS, 'br');
    const head = await get(PRODUCTS, 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Encoding')).toBe('br');
    expect(head.headers.get('Content-Length')).toBe(getAnswer.headers.get('Content-Length'));
    expect((await bytesOf(head)).length).toBe(0);
  });
});

describe('answers that stay as they are', () => {
  it('does not compress JSON under 1 kB, and still says Vary', async () => {
    const response = await get(SMALL, 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const body = await bytesOf(response);
    expect(body.length).toBeLessThan(COMPRESS_JSON_MIN_BYTES);
    expect(JSON.parse(body.toString('utf8'))).toEqual([]);
  });

  it('keeps error answers (app.onError) readable JSON', async () => {
    const response = await get('/api/netb2b/products/999999999/', 'br, gzip');
    expect(response.status).toBe(404);
    const body = await bytesOf(response);
    expect(decoded(response, body)).toMatchObject({ code: expect.any(String) });
    expect(response.headers.get('Vary')).toMatch(/Accept-Encoding/);
  });

  it('sends a PDF document as it is: the format is compressed already', async () => {
    const response = await get('/api/netb2b/documents/1/file/', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    const body = await bytesOf(response);
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(response.headers.get('Content-Length'))).toBe(body.length);
  });
});
