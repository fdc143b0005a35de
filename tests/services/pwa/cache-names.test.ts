import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ANSWERS_CACHE, forgetCachedAnswers } from '../../../src/services/pwa/cache-names';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgetCachedAnswers', () => {
  it('deletes the API answers cache and no other', async () => {
    const names = new Set([API_ANSWERS_CACHE, 'media', 'workbox-precache-v2']);
    vi.stubGlobal('caches', { delete: async (name: string) => names.delete(name) });
    await forgetCachedAnswers();
    expect([...names]).toEqual(['media', 'workbox-precache-v2']);
  });

  it('does nothing where the browser has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(forgetCachedAnswers()).resolves.toBeUndefined();
  });

  it('names the cache the lead’s API client and the worker share', () => {
    expect(API_ANSWERS_CACHE).toBe('api-answers');
  });
});
