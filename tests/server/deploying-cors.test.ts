import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { readServerConfig } from '../../server/config';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The built portal on a static host of its own (https://portal.example) calling the reference
 * server's API cross-origin: CORS_ORIGINS lets it, and its unsafe calls pass without the CSRF
 * cookie, which it could neither read nor send from another origin.
 */
const PORTAL = 'https://portal.example';
let server: TestServer;
let api: ServerApp;
let access: string;
beforeAll(async () => {
  server = await startTestServer();
  api = server.freshApp({ deployment: readServerConfig({ CORS_ORIGINS: PORTAL }).deployment });
  ({ access } = await new TestClient(api).signIn('buyer', 'buyer123'));
});
afterAll(() => server.close());

/** An unsafe call as a browser sends it from a page on `origin`: no cookie, no CSRF header. */
const deleteFrom = (app: ServerApp, origin: string) =>
  app.request('/api/netb2b/cart-items/999999/', {
    method: 'DELETE',
    headers: { Origin: origin, Authorization: `Bearer ${access}` },
  });

describe('CORS_ORIGINS', () => {
  it('answers the portal’s preflight with the headers its calls carry', async () => {
    const answer = await api.request('/api/netb2b/orders/', {
      method: 'OPTIONS',
      headers: {
        Origin: PORTAL,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(PORTAL);
    expect(answer.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    expect(answer.headers.get('Access-Control-Allow-Headers')?.split(',')).toEqual([
      'Authorization',
      'Content-Type',
      'Accept-Language',
      'X-CSRFToken',
      'Idempotency-Key',
    ]);
    expect(answer.headers.get('Access-Control-Allow-Credentials')).toBeNull();
  });

  it('lets the portal’s unsafe calls through without the CSRF cookie, readable with Retry-After', async () => {
    const answer = await deleteFrom(api, PORTAL);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'not_found' });
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(PORTAL);
    expect(answer.headers.get('Access-Control-Expose-Headers')).toBe('Retry-After');
  });

  it('lets the portal read an error answer too', async () => {
    const answer = await api.request('/api/netb2b/orders/', { headers: { Origin: PORTAL } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(PORTAL);
  });

  it('still asks any other origin for the CSRF cookie and header, and does not open the API to it', async () => {
    const answer = await deleteFrom(api, 'https://elsewhere.example');
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'csrf_failed' });
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('is off unless set: the portal’s origin is just another origin then', async () => {
    const answer = await deleteFrom(server.app, PORTAL);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
