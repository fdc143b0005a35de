/** UI preferences kept in localStorage: `portal.theme` (light|dark) and `portal.sidebar` (expanded|collapsed). */
export type Theme = 'light' | 'dark';
export type SidebarMode = 'expanded' | 'collapsed';

export interface Preferences {
  theme: Theme;
  sidebar: SidebarMode;
}

export const THEME_KEY = 'portal.theme';
export const SIDEBAR_KEY = 'portal.sidebar';
export const DEFAULT_PREFERENCES: Preferences = { theme: 'light', sidebar: 'expanded' };

export interface PreferenceStore {
  read(): Preferences;
  writeTheme(theme: Theme): void;
  writeSidebar(sidebar: SidebarMode): void;
}

export function createPreferenceStore(storage: () => Storage | undefined): PreferenceStore {
  const get = (key: string) => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const set = (key: string, value: string) => {
    try {
      storage()?.setItem(key, value);
    } catch {
      // Not remembering a theme is harmless; the toggle still works for this page.
    }
  };
  return {
    read: () => ({
      theme: get(THEME_KEY) === 'dark' ? 'dark' : DEFAULT_PREFERENCES.theme,
      sidebar: get(SIDEBAR_KEY) === 'collapsed' ? 'collapsed' : DEFAULT_PREFERENCES.sidebar,
    }),
    writeTheme: (theme) => set(THEME_KEY, theme),
    writeSidebar: (sidebar) => set(SIDEBAR_KEY, sidebar),
  };
}

export const browserPreferenceStore: PreferenceStore = createPreferenceStore(() => globalThis.localStorage);
