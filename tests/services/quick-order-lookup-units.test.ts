import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/services/api/client';
import { quickOrderApi } from '../../src/services/api/quick-order';
import { createFakeFetch, jsonResponse } from '../../src/test/fakeFetch';

const germanBox = { id: 2, base: 1, name: 'Karton', name_plural: 'Kartons', is_primary: false };

const lookingUp = (units: unknown[]) =>
  quickOrderApi(
    createHttpClient({
      apiBase: 'http://portal.test/api',
      fetch: createFakeFetch(() => jsonResponse({ matches: [], not_found: ['X-1'], units })).fetch,
    }),
  ).lookUpProducts(['X-1']);

describe('the quick order lookup’s units', () => {
  it('keep every language’s names the server sends along', async () => {
    const { units } = await lookingUp([{ ...germanBox, names: ['box', 'boxes', 'Karton', 'كرتون'] }]);
    expect(units).toEqual([
      {
        id: 2,
        base: 1,
        name: 'Karton',
        namePlural: 'Kartons',
        isPrimary: false,
        names: ['box', 'boxes', 'Karton', 'كرتون'],
      },
    ]);
  });

  it('are read without names from a backend that sends none', async () => {
    const { units } = await lookingUp([germanBox]);
    expect(units).toEqual([{ id: 2, base: 1, name: 'Karton', namePlural: 'Kartons', isPrimary: false }]);
  });

  it('refuse names that are not a list of texts', async () => {
    await expect(lookingUp([{ ...germanBox, names: 'box' }])).rejects.toMatchObject({ kind: 'parse' });
  });
});
