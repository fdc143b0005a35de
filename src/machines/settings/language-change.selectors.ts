import type { SnapshotFrom } from 'xstate';
import type { languageChangeMachine } from './language-change.machine';

type LanguageChangeSnapshot = SnapshotFrom<typeof languageChangeMachine>;

/** The code being switched to while the change runs (the picker shows a spinner on it); else null. */
export const selectLanguageBeingChosen = (s: LanguageChangeSnapshot | undefined): string | null =>
  s && (s.matches('saving') || s.matches('renewingSession')) ? s.context.chosen : null;

/** A change is under way: the pickers wait instead of starting another. */
export const selectIsChangingLanguage = (s: LanguageChangeSnapshot | undefined): boolean =>
  selectLanguageBeingChosen(s) !== null;

/** Why the last change failed (a message, with the choice to try again); null otherwise. */
export const selectLanguageChangeFailure = (
  s: LanguageChangeSnapshot | undefined,
): 'update' | 'renewal' | null => {
  if (s?.matches({ failed: 'update' })) return 'update';
  return s?.matches({ failed: 'renewal' }) ? 'renewal' : null;
};

/** The language the failed change was for, so "try again" repeats it. */
export const selectFailedLanguage = (s: LanguageChangeSnapshot | undefined): string | null =>
  s?.matches('failed') ? s.context.chosen : null;
