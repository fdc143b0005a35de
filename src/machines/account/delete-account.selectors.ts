import type { SnapshotFrom } from 'xstate';
import { confirmsUsername } from '../../domain/auth-forms';
import { type FieldMessage, VALIDATION_KEYS } from '../../domain/form-validation';
import type { DeleteAccountProblem, deleteAccountMachine } from './delete-account.machine';

export type DeleteAccountSnapshot = SnapshotFrom<typeof deleteAccountMachine>;

const usernameConfirmation: FieldMessage = { key: VALIDATION_KEYS.usernameConfirmation };

/** The dialog shows while the customer confirms and while the deletion runs. */
export const selectIsDeleteAccountDialogOpen = (s: DeleteAccountSnapshot): boolean => s.matches('confirming');
export const selectIsDeletingAccount = (s: DeleteAccountSnapshot): boolean => s.hasTag('busy');
/** The username the customer is asked to type. */
export const selectDeleteAccountUsername = (s: DeleteAccountSnapshot): string => s.context.username;
export const selectDeleteAccountTyped = (s: DeleteAccountSnapshot): string => s.context.typed;
/** The confirm button works once the typed text is the username (and not while deleting). */
export const selectCanConfirmAccountDeletion = (s: DeleteAccountSnapshot): boolean =>
  s.matches({ confirming: 'filling' }) && confirmsUsername(s.context.typed, s.context.username);
/** "Type your username exactly as shown." after a confirm with other text (Enter in the field). */
export const selectDeleteAccountMismatch = (s: DeleteAccountSnapshot): FieldMessage | undefined =>
  s.context.mismatch ? usernameConfirmation : undefined;
/** Why the last try did not delete the account (shown in the dialog): the server's refusal, or a failure. */
export const selectDeleteAccountProblem = (s: DeleteAccountSnapshot): DeleteAccountProblem | null =>
  s.matches({ confirming: { filling: 'failed' } }) ? 'failed' : s.context.problem;
export const selectIsAccountDeleted = (s: DeleteAccountSnapshot): boolean => s.matches('deleted');
