import type { SnapshotFrom } from 'xstate';
import type { AccountForm } from '../domain/account-forms';
import type { FieldErrors } from '../domain/form-validation';
import type { CustomerUser } from '../domain/types';
import type { accountMachine } from './account.machine';

export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;
export type AccountStatus = 'loading' | 'loadFailed' | 'editing' | 'saving' | 'saved' | 'saveFailed';

export const selectAccountStatus = (s: AccountSnapshot): AccountStatus => s.value as AccountStatus;
/** The account as last loaded or saved (its language, its username). */
export const selectAccount = (s: AccountSnapshot): CustomerUser | null => s.context.account;
/** The form as typed (compare with shallowEqual). */
export const selectAccountDraft = (s: AccountSnapshot): AccountForm => s.context.draft;
export const selectAccountErrors = (s: AccountSnapshot): FieldErrors => s.context.errors;
export const selectIsAccountSaving = (s: AccountSnapshot): boolean => s.matches('saving');
/** The server refused the save (400 or 403): a message, no retry. */
export const selectAccountRefused = (s: AccountSnapshot): boolean => s.context.refused;
