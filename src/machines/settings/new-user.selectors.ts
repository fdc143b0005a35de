import type { SnapshotFrom } from 'xstate';
import type { newUserMachine } from './new-user.machine';
import type { UserDraft, UserFieldErrors, UserRefusal } from './user-editor.machine';

export type NewUserSnapshot = SnapshotFrom<typeof newUserMachine>;

/** The form as typed (compare with shallowEqual). */
export const selectNewUserDraft = (s: NewUserSnapshot): UserDraft => s.context.draft;
/** One message per field, from the rules or the server (username or address taken). */
export const selectNewUserFieldErrors = (s: NewUserSnapshot): UserFieldErrors => s.context.errors;
export const selectNewUserRefusal = (s: NewUserSnapshot): UserRefusal | null => s.context.refusal;
/** The create call is running (the submit button spins). */
export const selectIsCreatingUser = (s: NewUserSnapshot): boolean => s.matches('submitting');
/** The create call failed unexpectedly: the error with Try again. */
export const selectNewUserFailed = (s: NewUserSnapshot): boolean => s.matches({ filling: 'failed' });
/** The backend has no user management beyond the list. */
export const selectIsNewUserNotOffered = (s: NewUserSnapshot): boolean => s.matches('notOffered');
