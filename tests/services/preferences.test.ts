import { describe, expect, it } from 'vitest';
import { createPreferenceStore, SIDEBAR_KEY, THEME_KEY } from '../../src/services/preferences';
import { MemoryStorage } from '../../src/test/memoryStorage';

describe('preference storage', () => {
  it('defaults to light and expanded', () => {
    expect(createPreferenceStore(() => new MemoryStorage()).read()).toEqual({
      theme: 'light',
      sidebar: 'expanded',
    });
  });

  it('remembers theme and sidebar under portal.* keys', () => {
    const storage = new MemoryStorage();
    const store = createPreferenceStore(() => storage);
    store.writeTheme('dark');
    store.writeSidebar('collapsed');
    expect([storage.getItem(THEME_KEY), storage.getItem(SIDEBAR_KEY)]).toEqual(['dark', 'collapsed']);
    expect(createPreferenceStore(() => storage).read()).toEqual({ theme: 'dark', sidebar: 'collapsed' });
  });

  it('ignores unknown stored values', () => {
    const storage = new MemoryStorage();
    storage.setItem(THEME_KEY, 'purple');
    expect(createPreferenceStore(() => storage).read().theme).toBe('light');
  });
});
