import type { SnapshotFrom } from 'xstate';
import type { AccountForm } from '../../domain/account-forms';
import type { FieldErrors, FieldMessage } from '../../domain/form-validation';
import type { CustomerUser } from '../../domain/types';
import type { accountMachine } from './account.machine';

export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;
export type AccountStatus =
  | 'loading'
  | 'notOffered'
  | 'loadFailed'
  | 'editing'
  | 'saving'
  | 'saved'
  | 'saveFailed'
  | 'confirmEmail'
  | 'emailConfirmed';

/** Where the section is (the steps of the e-mail confirmation are `selectEmailConfirmation`). */
export const selectAccountStatus = (s: AccountSnapshot): AccountStatus => {
  if (s.matches({ details: 'submitting' })) return 'saving';
  if (s.matches({ details: { filling: 'failed' } })) return 'saveFailed';
  if (s.matches({ details: { filling: 'saved' } })) return 'saved';
  if (s.matches({ details: { filling: 'emailConfirmed' } })) return 'emailConfirmed';
  if (s.matches({ details: { filling: 'confirmEmail' } })) return 'confirmEmail';
  if (s.matches('details')) return 'editing';
  return s.value as 'loading' | 'notOffered' | 'loadFailed';
};
/** The account as last loaded or saved (its language, its username). */
export const selectAccount = (s: AccountSnapshot): CustomerUser | null => s.context.account;
/** The form as typed (compare with shallowEqual). */
export const selectAccountDraft = (s: AccountSnapshot): AccountForm => s.context.draft;
export const selectAccountErrors = (s: AccountSnapshot): FieldErrors => s.context.errors;
export const selectIsAccountSaving = (s: AccountSnapshot): boolean => s.matches({ details: 'submitting' });
/** The server refused the save (400 or 403): a message, no retry. */
export const selectAccountRefused = (s: AccountSnapshot): boolean => s.context.refused;

/** The step of confirming a new e-mail address, or null when no address waits for its code. */
export type EmailConfirmationStep =
  | 'entering'
  | 'wrongCode'
  | 'codeExpired'
  | 'confirming'
  | 'resending'
  | 'cancelling'
  | 'failed';
export const selectEmailConfirmation = (s: AccountSnapshot): EmailConfirmationStep | null => {
  if (!s.matches({ details: { filling: 'confirmEmail' } })) return null;
  const box = (s.value as { details: { filling: { confirmEmail: unknown } } }).details.filling.confirmEmail;
  // the steps that wait for the customer sit in `asking`; the view only needs the step
  return (typeof box === 'string' ? box : (box as { asking: string }).asking) as EmailConfirmationStep;
};
/** The new address waiting for its code (from the server's answer). */
export const selectPendingEmail = (s: AccountSnapshot): string | null =>
  s.context.account?.pendingEmail ?? null;
export const selectConfirmationCode = (s: AccountSnapshot): string => s.context.code;
/** The code field's message: not 6 digits (before sending), or the server said it is wrong. */
export type ConfirmationCodeMessage =
  | FieldMessage
  | { key: 'settings.account.email.wrongCode'; values?: undefined };
export const selectConfirmationCodeMessage = (s: AccountSnapshot): ConfirmationCodeMessage | null =>
  s.matches({ details: { filling: { confirmEmail: { asking: 'wrongCode' } } } })
    ? { key: 'settings.account.email.wrongCode' }
    : s.context.codeMessage;
