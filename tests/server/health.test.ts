import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

const unavailable = {
  code: 'service_unavailable',
  detail: 'The service is temporarily unavailable. Please try again in a moment.',
};

describe('GET /healthz and /readyz', () => {
  it('/healthz says the process is up, as JSON (not the portal page), never cached', async () => {
    const response = await server.app.request('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz says the database answers', async () => {
    const response = await server.app.request('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 503 once the server is shutting down, while /healthz still answers 200', async () => {
    let stopping = false;
    const app = server.freshApp({ isShuttingDown: () => stopping });
    expect((await app.request('/readyz')).status).toBe(200);
    stopping = true;
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual(unavailable);
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('/healthz does not depend on the database; /readyz answers 503 without one', async () => {
    const closed = await createScratchDatabase();
    await closed.drop();
    const app = createServerApp({ db: closed.db, jwtSecret: TEST_SECRET, distDir: server.distDir });
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual(unavailable);
  });
});
