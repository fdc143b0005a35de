import type { SnapshotFrom } from 'xstate';
import type { FieldMessage } from '../../domain/form-validation';
import type { CustomerUser } from '../../domain/types';
import type { ErrorInfo } from '../kernel/errorInfo';
import {
  mayDeactivate,
  mayDelete,
  mayReactivate,
  type UserDraft,
  type UserFieldErrors,
  type UserNote,
  type UserRefusal,
  type userEditorMachine,
} from './user-editor.machine';

export type UserEditorSnapshot = SnapshotFrom<typeof userEditorMachine>;

/** Which face the editor shows. */
export type UserEditorStatus = 'loading' | 'loadFailed' | 'notFound' | 'notOffered' | 'ready' | 'deleted';

export const selectUserEditorStatus = (s: UserEditorSnapshot): UserEditorStatus =>
  (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as UserEditorStatus;

/** The user as last loaded or saved; null before the load. */
export const selectEditedUser = (s: UserEditorSnapshot): CustomerUser | null => s.context.user;
/** The form as typed (compare with shallowEqual). */
export const selectUserDraft = (s: UserEditorSnapshot): UserDraft => s.context.draft;
/** One message per field, from the rules or the server (username taken). */
export const selectUserFieldErrors = (s: UserEditorSnapshot): UserFieldErrors => s.context.errors;
export const selectUserRefusal = (s: UserEditorSnapshot): UserRefusal | null => s.context.refusal;
export const selectUserNote = (s: UserEditorSnapshot): UserNote | null => s.context.note;

/** The save call is running (the submit button spins). */
export const selectIsUserSaving = (s: UserEditorSnapshot): boolean =>
  s.matches({ ready: { editing: 'saving' } });
export const selectIsSwitchingActive = (s: UserEditorSnapshot): boolean =>
  s.matches({ ready: 'switchingActive' });
export const selectIsDeletingUser = (s: UserEditorSnapshot): boolean => s.matches({ ready: 'deleting' });
/** The confirmation dialog is open (also while the delete runs and when it failed). */
export const selectIsDeleteDialogOpen = (s: UserEditorSnapshot): boolean =>
  s.matches({ ready: 'confirmingDelete' }) ||
  s.matches({ ready: 'deleting' }) ||
  s.matches({ ready: { failed: 'delete' } });

/** Which call failed unexpectedly (the view offers to try it again); null when none did. */
export const selectUserFailure = (s: UserEditorSnapshot): 'save' | 'switch' | 'delete' | null => {
  if (s.matches({ ready: { failed: 'save' } })) return 'save';
  if (s.matches({ ready: { failed: 'switchActive' } })) return 'switch';
  if (s.matches({ ready: { failed: 'delete' } })) return 'delete';
  return null;
};
export const selectUserLoadError = (s: UserEditorSnapshot): ErrorInfo | null =>
  s.matches('loadFailed') ? s.context.error : null;

/** The controls the page offers for this user: none for a main user (spec point 6). */
export interface UserControls {
  deactivate: boolean;
  reactivate: boolean;
  delete: boolean;
}
/** compare with shallowEqual */
export const selectUserControls = (s: UserEditorSnapshot): UserControls => ({
  deactivate: mayDeactivate(s.context.user),
  reactivate: mayReactivate(s.context.user),
  delete: mayDelete(s.context.user),
});

/** The step of a new address waiting for its code, or null when none waits (always null with a server that changes addresses at once). */
export type UserEmailConfirmationStep =
  | 'entering'
  | 'wrongCode'
  | 'codeExpired'
  | 'taken'
  | 'confirming'
  | 'resending'
  | 'cancelling'
  | 'failed';
export const selectUserEmailConfirmation = (s: UserEditorSnapshot): UserEmailConfirmationStep | null => {
  // the box's calls are states beside it (a save or an access button is not taken while they run),
  // yet the box stays on screen with their spinners
  if (s.matches({ ready: { editing: 'confirmingCode' } })) return 'confirming';
  if (s.matches({ ready: { editing: 'resendingCode' } })) return 'resending';
  if (s.matches({ ready: { editing: 'cancellingChange' } })) return 'cancelling';
  if (s.matches({ ready: { editing: { idle: 'codeStepFailed' } } })) return 'failed';
  for (const step of ['entering', 'wrongCode', 'codeExpired', 'taken'] as const) {
    if (s.matches({ ready: { editing: { idle: { confirmEmail: step } } } })) return step;
  }
  return null;
};
/** The new address waiting for its code (from the server's answer). */
export const selectUserPendingEmail = (s: UserEditorSnapshot): string | null =>
  s.context.user?.pendingEmail ?? null;
export const selectUserCode = (s: UserEditorSnapshot): string => s.context.code;
/** The code field's message: not 6 digits (before sending), or the server said it is wrong. */
export type UserCodeMessage = FieldMessage | { key: 'settings.users.email.wrongCode'; values?: undefined };
export const selectUserCodeMessage = (s: UserEditorSnapshot): UserCodeMessage | null =>
  s.matches({ ready: { editing: { idle: { confirmEmail: 'wrongCode' } } } })
    ? { key: 'settings.users.email.wrongCode' }
    : s.context.codeMessage;
