import type { SnapshotFrom } from 'xstate';
import type { ChangePasswordForm } from '../../domain/auth-forms';
import type { FieldErrors } from '../../domain/form-validation';
import type { changePasswordMachine } from './change-password.machine';

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

/** The three fields as typed (compare with shallowEqual). */
export const selectChangePasswordForm = (s: ChangePasswordSnapshot): ChangePasswordForm => s.context.form;
/** One message per field: the form's own rules first, else the server's 400 (compare with shallowEqual). */
export const selectChangePasswordErrors = (s: ChangePasswordSnapshot): FieldErrors => ({
  ...s.context.serverErrors,
  ...s.context.errors,
});
export const selectIsChangingPassword = (s: ChangePasswordSnapshot): boolean => s.hasTag('busy');
/** "Your password is changed…" until the customer types again. */
export const selectIsPasswordChanged = (s: ChangePasswordSnapshot): boolean =>
  s.matches({ filling: 'changed' });
/** "There was an error changing the password. Please try again later." */
export const selectChangePasswordFailed = (s: ChangePasswordSnapshot): boolean =>
  s.matches({ filling: 'failed' });
