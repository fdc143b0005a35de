import type { SnapshotFrom } from 'xstate';
import type { SubstitutePreference, substitutePreferenceMachine } from './substitute-preference.machine';

export type SubstitutePreferenceSnapshot = SnapshotFrom<typeof substitutePreferenceMachine>;

export type SubstitutePreferenceStatus =
  | 'loading'
  | 'loadFailed'
  | 'notOffered'
  | 'idle'
  | 'saving'
  | 'saved'
  | 'saveFailed';

export const selectPreferenceStatus = (s: SubstitutePreferenceSnapshot): SubstitutePreferenceStatus => {
  if (s.matches('shown')) return (s.value as { shown: SubstitutePreferenceStatus }).shown;
  return s.value as SubstitutePreferenceStatus;
};
export const selectPreference = (s: SubstitutePreferenceSnapshot): SubstitutePreference | null =>
  s.context.preference;
