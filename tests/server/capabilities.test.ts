import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMissingCall } from '../../src/services/api/capabilities';
import { createHttpClient } from '../../src/services/api/client';
import { capabilitiesWire, capabilityNames } from '../../src/services/api/wire/capabilities';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/capabilities/ (public)', () => {
  it('announces every capability the portal knows, without a token (flowUsage only when turned on)', async () => {
    const response = await server.app.request('/api/capabilities/');
    expect(response.status).toBe(200);
    const body = capabilitiesWire.parse(await response.json());
    const unlessTurnedOn = capabilityNames.filter((name) => name !== 'flowUsage');
    expect([...body.capabilities].sort()).toEqual([...unlessTurnedOn].sort());
  });
});

describe('a call the server does not have', () => {
  it('is answered so the portal reads it as missing, unlike a record that is not there', async () => {
    const http = createHttpClient({
      apiBase: 'http://portal.test/api',
      fetch: async (input, init) => server.app.request(new Request(input, init)),
    });
    const noSuchCall = await http
      .send({ method: 'get', path: 'baf/teleport/', auth: false })
      .catch((error: unknown) => error);
    expect(isMissingCall(noSuchCall)).toBe(true);
  });
});
