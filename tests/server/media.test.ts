import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('generated images under /media', () => {
  it.each([
    '/media/logo-wide.svg',
    '/media/logo-square.svg',
    '/media/products/1.svg',
    '/media/brands/1.svg',
    '/media/campaigns/1.svg',
  ])('serves %s as SVG without external references', async (path) => {
    const response = await server.app.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/(href|src)="(https?:)?\/\//);
    expect(svg).not.toMatch(/<script/i);
  });

  it('draws the same product image every time, with its name', async () => {
    const first = await (await server.app.request('/media/products/1.svg')).text();
    const second = await (await server.app.request('/media/products/1.svg')).text();
    expect(second).toBe(first);
    expect(first).toContain('Käse');
  });

  it('escapes names so they cannot inject markup', async () => {
    await server.database.db
      .updateTable('brands')
      .set({ name: '<script>alert(1)</script> & Co' })
      .where('id', '=', 16)
      .execute();
    const svg = await (await server.app.request('/media/brands/16.svg')).text();
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('answers 404 for unknown ids and names', async () => {
    for (const path of [
      '/media/products/999999.svg',
      '/media/products/abc.svg',
      '/media/campaigns/99.svg',
      '/media/x',
    ]) {
      expect((await server.app.request(path)).status).toBe(404);
    }
  });
});
