import { describe, expect, it } from 'vitest';
import { toErrorReportWire } from '../../src/services/api/error-reports';
import { createPortalApi } from '../../src/services/api/portalApi';
import { errorReportWire } from '../../src/services/api/wire/errors';
import { createFakeFetch } from '../../src/test/fakeFetch';

const apiBase = 'http://portal.test/api';

describe('reportError (POST /errors/, spec point 8)', () => {
  it('posts the report with the CSRF header and resolves on 202', async () => {
    const fake = createFakeFetch(() => new Response(null, { status: 202 }));
    const api = createPortalApi({ apiBase, fetch: fake.fetch, readCookies: () => 'csrftoken=abc' });
    await expect(
      api.reportError({ source: 'search', message: 'HTTP 500', status: 500, call: 'GET netb2b/products/' }),
    ).resolves.toBeUndefined();
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      body: { source: 'search', message: 'HTTP 500', status: 500, call: 'GET netb2b/products/' },
    });
    expect(new URL(request!.url).pathname).toBe('/api/errors/');
    expect(request!.headers.get('X-CSRFToken')).toBe('abc');
  });

  it('swallows a refused report and a network failure', async () => {
    const refused = createFakeFetch(() => new Response('{"detail":"bad"}', { status: 400 }));
    const api = createPortalApi({ apiBase, fetch: refused.fetch });
    await expect(api.reportError({ source: 'session', message: 'x' })).resolves.toBeUndefined();
    const offline = createPortalApi({
      apiBase,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(offline.reportError({ source: 'session', message: 'x' })).resolves.toBeUndefined();
  });

  it('cuts fields to the server limits and leaves out what the server would refuse', () => {
    const wire = toErrorReportWire(
      { source: 's'.repeat(100), message: 'm'.repeat(3000), status: null, call: 'c'.repeat(300) },
      `/${'u'.repeat(600)}`,
    );
    expect(errorReportWire.safeParse(wire).success).toBe(true);
    expect(wire).not.toHaveProperty('status');
    expect(wire.message).toHaveLength(2000);
    expect(toErrorReportWire({ source: 'x', message: '', status: 0 }, undefined)).toEqual({
      source: 'x',
      message: 'unknown error',
    });
  });

  it('turns control characters the server refuses into spaces, keeping line breaks in the message', () => {
    const wire = toErrorReportWire(
      { source: 'se\u0000arch', message: 'failed\u001b[31m red\nnext line\u0000', call: 'GET\tx' },
      '/products/\u0007',
    );
    expect(errorReportWire.safeParse(wire).success).toBe(true);
    expect(wire).toEqual({
      source: 'se arch',
      message: 'failed [31m red\nnext line ',
      call: 'GET x',
      url: '/products/ ',
    });
  });
});
