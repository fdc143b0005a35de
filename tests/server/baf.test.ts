import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { refreshClaimsWire } from '../../src/services/api/wire/auth';
import { configurationWire, languageWire } from '../../src/services/api/wire/site';
import { decodeJwtPayload, TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/baf/languages/ (public)', () => {
  it('lists the nine languages with id, native name and flag', async () => {
    const response = await server.app.request('/api/baf/languages/');
    expect(response.status).toBe(200);
    const languages = z.array(languageWire).parse(await response.json());
    expect(languages.map((l) => l.code)).toEqual(['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv']);
    expect(languages.find((l) => l.code === 'de')).toMatchObject({ name: 'Deutsch', flag: '🇩🇪' });
    expect(languages.find((l) => l.code === 'ar')?.name).toBe('العربية');
    expect(new Set(languages.map((l) => l.id)).size).toBe(9);
  });
});

describe('GET /api/baf/configuration/ (public)', () => {
  it('parses with the wire schema and points its logos at served images', async () => {
    const response = await server.app.request('/api/baf/configuration/');
    const configuration = configurationWire.parse(await response.json());
    expect(configuration.modules.netb2b).toEqual({ money_decimal_places: 2, default_customer_type: 1 });
    expect(configuration.global.site_name.length).toBeGreaterThan(0);
    for (const logo of [configuration.global.logo_wide, configuration.global.logo_square]) {
      expect(logo).toMatch(/^\/media\//);
      const image = await server.app.request(logo ?? '');
      expect(image.status).toBe(200);
      expect(image.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    }
  });
});

describe('POST /api/baf/update-language/', () => {
  it('needs a signed-in user', async () => {
    const response = await new TestClient(server.app).send('POST', '/api/baf/update-language/', {
      language: 3,
    });
    expect(response.status).toBe(401);
  });

  it('stores the language; the next refresh token carries it', async () => {
    const client = new TestClient(server.app);
    const { access, refresh } = await client.signIn('colleague', 'colleague123');
    const response = await client.send('POST', '/api/baf/update-language/', { language: 3 }, access);
    expect(response.status).toBe(200);
    expect(languageWire.parse(await response.json()).code).toBe('de');

    const renewed = await client.postJson('/api/token/refresh/', { refresh });
    const pair = (await renewed.json()) as { refresh: string };
    expect(refreshClaimsWire.parse(decodeJwtPayload(pair.refresh)).language).toBe('de');
  });

  it('rejects an unknown language id with a field error', async () => {
    const client = new TestClient(server.app);
    const { access } = await client.signIn('buyer', 'buyer123');
    const response = await client.send('POST', '/api/baf/update-language/', { language: 99 }, access);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors.language).toHaveLength(1);
  });
});
