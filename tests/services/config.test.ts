import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '../../src/services/config';
import { createFakeFetch, jsonResponse } from '../../src/test/fakeFetch';

const serving = (response: () => Response) => createFakeFetch(response).fetch;

describe('runtime config', () => {
  it('reads apiBase from /config.json', async () => {
    const fake = createFakeFetch(() => jsonResponse({ apiBase: '/api' }));
    await expect(loadRuntimeConfig(fake.fetch, 'http://portal.test/config.json')).resolves.toEqual({
      apiBase: '/api',
    });
    expect(fake.requests[0]?.url).toBe('http://portal.test/config.json');
  });

  it('fails clearly when apiBase is missing', async () => {
    await expect(
      loadRuntimeConfig(
        serving(() => jsonResponse({ api: '/api' })),
        'http://x/config.json',
      ),
    ).rejects.toThrow('http://x/config.json is invalid: apiBase:');
  });

  it('fails clearly when the file is missing or not JSON', async () => {
    await expect(
      loadRuntimeConfig(
        serving(() => new Response('', { status: 404 })),
        'http://x/c',
      ),
    ).rejects.toThrow('Could not fetch http://x/c: HTTP 404');
    await expect(
      loadRuntimeConfig(
        serving(() => new Response('<html>')),
        'http://x/c',
      ),
    ).rejects.toThrow('http://x/c is not JSON');
  });
});
