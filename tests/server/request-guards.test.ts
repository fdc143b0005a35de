import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodyWire } from '../../src/services/api/wire/auth';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let access: string;
let refresh: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ access, refresh } = await new TestClient(server.app).signIn('buyer', 'buyer123'));
});
afterAll(() => server.close());

const errorOf = async (response: Response) => errorBodyWire.parse(await response.json());
const languageChange = (headers: Record<string, string>) =>
  server.app.request('/api/baf/update-language/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}`, ...headers },
    body: JSON.stringify({ language: 1 }),
  });

describe('CSRF cookie and header', () => {
  it('sets a csrftoken cookie readable by scripts (no HttpOnly, SameSite=Lax) on an answer to a new client', async () => {
    const response = await server.app.request('/api/baf/languages/');
    const cookie = response.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^csrftoken=[A-Za-z0-9_-]{32,}/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it('does not replace a cookie the client already has', async () => {
    const client = new TestClient(server.app);
    await client.get('/config.json');
    const again = await client.get('/config.json');
    expect(again.headers.get('Set-Cookie')).toBeNull();
  });

  it('refuses an unsafe call without the X-CSRFToken header (403 csrf_failed)', async () => {
    const response = await languageChange({ Cookie: 'csrftoken=abcdefghijklmnopqrstuvwxyz0123456789' });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'csrf_failed' });
  });

  it('refuses a header that differs from the cookie, and a header without a cookie', async () => {
    const token = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const mismatch = await languageChange({ Cookie: `csrftoken=${token}`, 'X-CSRFToken': `${token}x` });
    expect(mismatch.status).toBe(403);
    const noCookie = await languageChange({ 'X-CSRFToken': token });
    expect(noCookie.status).toBe(403);
    // The refusal still hands out a cookie, so the client can retry properly.
    expect(noCookie.headers.get('Set-Cookie')).toMatch(/csrftoken=/);
  });

  it('accepts the call when the header echoes the cookie', async () => {
    const token = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const response = await languageChange({ Cookie: `csrftoken=${token}`, 'X-CSRFToken': token });
    expect(response.status).toBe(200);
  });

  it('exempts the two token calls (a login form has no cookie yet)', async () => {
    const login = await server.app.request('/api/token/', {
      method: 'POST',
      body: JSON.stringify({ username: 'buyer', password: 'buyer123' }),
    });
    expect(login.status).toBe(200);
    const renewed = await server.app.request('/api/token/refresh/', {
      method: 'POST',
      body: JSON.stringify({ refresh }),
    });
    expect(renewed.status).toBe(200);
  });
});

describe('request bodies', () => {
  it('answers malformed JSON with 400 and an error list, never 500', async () => {
    const client = new TestClient(server.app);
    for (const body of ['{"username": "buyer", ', 'not json at all', '']) {
      const response = await client.postJson('/api/token/', body);
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('malformed_json');
      expect(error.errors?.non_field_errors?.length).toBe(1);
    }
  });

  it('answers a body that fails its schema with 400 and errors per field', async () => {
    const client = new TestClient(server.app);
    const response = await client.postJson('/api/token/', { username: 42, password: '' });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('invalid');
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(['password', 'username']);
    expect(error.errors?.username?.[0]).toMatch(/string/i);

    const wrongShape = await client.send('POST', '/api/baf/update-language/', { language: 'de' }, access);
    expect(wrongShape.status).toBe(400);
    expect(Object.keys((await errorOf(wrongShape)).errors ?? {})).toEqual(['language']);
  });

  it('answers a JSON array or null body with 400 too', async () => {
    const client = new TestClient(server.app);
    expect((await client.postJson('/api/token/', '[]')).status).toBe(400);
    expect((await client.postJson('/api/token/refresh/', 'null')).status).toBe(400);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const client = new TestClient(server.app);
    const response = await client.postJson('/api/token/', {
      username: 'buyer',
      password: 'x'.repeat(1_100_000),
    });
    expect(response.status).toBe(413);
  });
});

describe('bearer token', () => {
  it('is required by authenticated endpoints (401 with WWW-Authenticate)', async () => {
    const response = await server.app.request('/api/netb2b/categories/');
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    expect((await errorOf(response)).code).toBe('not_authenticated');
  });

  it('must be a valid access token, not garbage or a refresh token', async () => {
    for (const token of ['garbage', refresh]) {
      const response = await server.app.request('/api/netb2b/categories/', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('token_not_valid');
    }
  });

  it('lets a valid access token through', async () => {
    const response = await server.app.request('/api/netb2b/categories/', {
      headers: { Authorization: `Bearer ${access}` },
    });
    expect(response.status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404 that names a missing call, not the portal page', async () => {
    const response = await server.app.request('/api/no-such-endpoint/');
    expect(response.status).toBe(404);
    // `not_found` is kept for "no such record": the portal reads this code as a call the server lacks
    expect(await errorOf(response)).toMatchObject({ code: 'no_such_call' });
  });
});
