import type { SnapshotFrom } from 'xstate';
import type { SidebarMode, Theme } from '../../services/preferences';
import type { preferencesMachine } from './preferences.machine';

export type PreferencesSnapshot = SnapshotFrom<typeof preferencesMachine>;
export type { SidebarMode, Theme };

export const selectTheme = (s: PreferencesSnapshot): Theme =>
  s.matches({ theme: 'dark' }) ? 'dark' : 'light';

export const selectSidebar = (s: PreferencesSnapshot): SidebarMode =>
  s.matches({ sidebar: 'collapsed' }) ? 'collapsed' : 'expanded';
