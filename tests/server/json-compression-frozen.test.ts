import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressJson } from '../../server/http/compress-json';

/** An answer well over the 1 kB threshold. */
const rows = (label: string) =>
  Array.from({ length: 60 }, (_, id) => ({ id, name: `${label} product ${id}`, price: '1.00' }));

function appAnswering(answer: () => unknown) {
  const app = new Hono();
  app.use(compressJson);
  app.get('/answer', (c) => c.json(answer()));
  return app;
}

const fetchDecoded = async (app: Hono) => {
  const response = await app.request('/answer', { headers: { 'Accept-Encoding': 'br' } });
  expect(response.headers.get('Content-Encoding')).toBe('br');
  return JSON.parse(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString('utf8'));
};

afterEach(() => vi.restoreAllMocks());

describe('a frozen answer served to many requests (a kept search answer)', () => {
  it('is serialised and compressed once, and every request gets the same JSON', async () => {
    const kept = Object.freeze(rows('kept'));
    const app = appAnswering(() => kept);
    const stringify = vi.spyOn(JSON, 'stringify');
    const answers = [await fetchDecoded(app), await fetchDecoded(app), await fetchDecoded(app)];
    const ofKept = stringify.mock.calls.filter(([value]) => value === kept);
    expect(ofKept).toHaveLength(1);
    for (const answer of answers) expect(answer).toEqual(kept);
  });

  it('an answer that is not frozen is encoded anew, so a change shows in the next answer', async () => {
    const live = rows('live');
    const app = appAnswering(() => live);
    expect((await fetchDecoded(app))[0].name).toBe('live product 0');
    live[0] = { id: 0, name: 'changed', price: '2.00' };
    expect((await fetchDecoded(app))[0].name).toBe('changed');
  });
});
