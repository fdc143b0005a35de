import { describe, expect, it } from 'vitest';
import {
  isKeptApiAnswer,
  isMediaFile,
  isRuntimeConfig,
  isSiteConfiguration,
  NAVIGATION_DENYLIST,
  stampedCopy,
} from '../../../src/services/pwa/sw-rules';

const url = (path: string, origin = 'https://portal.example') => new URL(path, origin);
const answeredByAppShell = (path: string) => !NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));

describe('which API answers the worker keeps for reading offline', () => {
  it.each([
    '/api/netb2b/products/?page=2',
    '/api/netb2b/products/search/?q=milk',
    '/api/netb2b/categories/',
    '/api/netb2b/favourite-lists/',
    '/api/netb2b/orders/',
    '/api/netb2b/cart-items/',
  ])('keeps GET %s', (path) => {
    expect(isKeptApiAnswer(url(path), 'GET')).toBe(true);
  });

  it('keeps the trade API on the backend’s own host too (apiBase on another origin)', () => {
    expect(isKeptApiAnswer(url('/erp/api/netb2b/products/', 'https://erp.example'), 'GET')).toBe(true);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never keeps a %s', (method) => {
    expect(isKeptApiAnswer(url('/api/netb2b/cart-items/'), method)).toBe(false);
  });

  it.each([
    '/api/token/',
    '/api/token/refresh/',
    '/api/netb2b/token/',
    '/api/netb2b/session/',
    '/api/netb2b/auth/status/',
    '/api/errors/',
    '/api/netb2b/error-reports/',
    '/api/netb2b/flow-usage/',
    '/api/netb2b/dev/standing-orders/run',
    '/api/netb2b/notifications/stream',
    '/api/netb2b/invoices/12/file/',
    '/api/netb2b/invoices/12/xrechnung/',
    '/api/baf/configuration/',
    '/api/petekcore/company-info/',
  ])('does not keep %s', (path) => {
    expect(isKeptApiAnswer(url(path), 'GET')).toBe(false);
  });
});

describe('the other runtime caches', () => {
  it('takes /media/ images from any host, by GET only', () => {
    expect(isMediaFile(url('/media/products/1.webp'), 'GET')).toBe(true);
    expect(isMediaFile(url('/media/logo.svg', 'https://cdn.example'), 'GET')).toBe(true);
    expect(isMediaFile(url('/media/x.webp'), 'POST')).toBe(false);
    expect(isMediaFile(url('/assets/app.js'), 'GET')).toBe(false);
  });

  it('keeps the supplier’s public configuration and languages, on the API’s host', () => {
    expect(isSiteConfiguration(url('/api/baf/configuration/'), 'GET')).toBe(true);
    expect(isSiteConfiguration(url('/erp/api/baf/languages/', 'https://erp.example'), 'GET')).toBe(true);
    expect(isSiteConfiguration(url('/api/baf/update-language/'), 'POST')).toBe(false);
  });

  it('takes only this host’s /config.json', () => {
    expect(isRuntimeConfig(url('/config.json'), 'https://portal.example', 'GET')).toBe(true);
    expect(isRuntimeConfig(url('/config.json', 'https://erp.example'), 'https://portal.example', 'GET')).toBe(
      false,
    );
  });
});

describe('navigations the app shell answers', () => {
  it.each(['/', '/orders/12', '/campaigns/3', '/auth/forgot-password/', '/staff', '/settings/users/4'])(
    'answers the client route %s with index.html',
    (path) => {
      expect(answeredByAppShell(path)).toBe(true);
    },
  );

  it.each([
    '/api/netb2b/products/',
    '/api',
    '/media/logo.svg',
    '/dev/mailbox/',
    '/config.json',
    '/manifest.webmanifest',
    '/sw.js',
    '/healthz',
    '/readyz',
    '/assets/app-abc.js',
    '/icons/icon-192.png',
  ])('leaves %s to the server', (path) => {
    expect(answeredByAppShell(path)).toBe(false);
  });
});

describe('the copy a cache keeps', () => {
  it('carries the time it arrived, the status and the body, and leaves the original as it was', async () => {
    const original = new Response('{"count":1}', {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
    const copy = stampedCopy(original.clone(), 'x-cached-at', new Date('2026-11-28T09:30:00Z'));
    expect(copy.status).toBe(200);
    expect(copy.headers.get('x-cached-at')).toBe('2026-11-28T09:30:00.000Z');
    expect(copy.headers.get('Content-Type')).toBe('application/json');
    expect(await copy.json()).toEqual({ count: 1 });
    expect(original.headers.get('x-cached-at')).toBeNull();
  });
});
