import { fromCallback, setup } from 'xstate';
import {
  browserPreferenceStore,
  type Preferences,
  type SidebarMode,
  type Theme,
} from '../../services/preferences';
import type { Ports } from '../kernel/ports';

export type PreferencesEvent =
  | { type: 'preferences.themeToggled' }
  | { type: 'preferences.sidebarToggled' }
  /** sent once at start by `restorePreferences` with what was stored */
  | ({ type: 'preferences.restored' } & Preferences);

/**
 * Theme (light|dark, default light) and sidebar (expanded|collapsed) as parallel
 * regions: modes are states, not booleans. Reading and writing localStorage are
 * named implementations (`restorePreferences`, `persistTheme`, `persistSidebar`):
 * pure defaults here (nothing stored, nothing written), bound by `bindPreferences`.
 */
export const preferencesMachine = setup({
  types: {
    events: {} as PreferencesEvent,
  },
  actors: {
    /** nothing stored: the defaults stay (bound to the browser's storage by `bindPreferences`) */
    restorePreferences: fromCallback<PreferencesEvent>(() => undefined),
  },
  actions: {
    persistTheme: (_, _params: { theme: Theme }) => undefined,
    persistSidebar: (_, _params: { sidebar: SidebarMode }) => undefined,
  },
  guards: {
    restoresDarkTheme: ({ event }) => event.type === 'preferences.restored' && event.theme === 'dark',
    restoresCollapsedSidebar: ({ event }) =>
      event.type === 'preferences.restored' && event.sidebar === 'collapsed',
  },
}).createMachine({
  id: 'preferences',
  type: 'parallel',
  invoke: { id: 'restorePreferences', src: 'restorePreferences' },
  states: {
    theme: {
      description:
        "The portal's colour theme, remembered in this browser; the header's theme button switches it.",
      initial: 'light',
      states: {
        light: {
          description:
            'The portal is drawn in light colours (the default); the theme button switches to dark.',
          on: {
            'preferences.themeToggled': {
              target: 'dark',
              actions: { type: 'persistTheme', params: { theme: 'dark' } },
            },
            'preferences.restored': { guard: 'restoresDarkTheme', target: 'dark' },
          },
        },
        dark: {
          description: 'The portal is drawn in dark colours; the theme button switches back to light.',
          on: {
            'preferences.themeToggled': {
              target: 'light',
              actions: { type: 'persistTheme', params: { theme: 'light' } },
            },
          },
        },
      },
    },
    sidebar: {
      description: 'Whether the side menu on wide screens is open or folded, remembered in this browser.',
      initial: 'expanded',
      states: {
        expanded: {
          description:
            'The side menu shows each entry with its icon and name (the default); its toggle folds it.',
          on: {
            'preferences.sidebarToggled': {
              target: 'collapsed',
              actions: { type: 'persistSidebar', params: { sidebar: 'collapsed' } },
            },
            'preferences.restored': { guard: 'restoresCollapsedSidebar', target: 'collapsed' },
          },
        },
        collapsed: {
          description: 'The side menu is folded to its icons only; its toggle opens it again.',
          on: {
            'preferences.sidebarToggled': {
              target: 'expanded',
              actions: { type: 'persistSidebar', params: { sidebar: 'expanded' } },
            },
          },
        },
      },
    },
  },
});

/** The preferences kept in the browser's localStorage (storage is I/O: bound at the composition root). */
export const bindPreferences = (_ports: Ports) =>
  preferencesMachine.provide({
    actors: {
      // Synchronous on start, so the first render already has the stored theme (no light flash).
      restorePreferences: fromCallback<PreferencesEvent>(({ sendBack }) => {
        sendBack({ type: 'preferences.restored', ...browserPreferenceStore.read() });
      }),
    },
    actions: {
      persistTheme: (_, params: { theme: Theme }) => browserPreferenceStore.writeTheme(params.theme),
      persistSidebar: (_, params: { sidebar: SidebarMode }) =>
        browserPreferenceStore.writeSidebar(params.sidebar),
    },
  });
