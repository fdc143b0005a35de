import type { SnapshotFrom } from 'xstate';
import type { RegistrationForm } from '../../domain/auth-forms';
import type { FieldErrors } from '../../domain/form-validation';
import type { registrationMachine } from './registration.machine';

export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;
export type RegistrationStatus = 'editing' | 'submitting' | 'registered' | 'failed';

/**
 * Why the server refused: a username or e-mail already in use (the portal's own words), or the
 * server's text (`detail`, possibly empty).
 */
export type RegistrationRefusalReason =
  | { reason: 'usernameTaken' }
  | { reason: 'emailTaken' }
  | { reason: 'server'; detail: string | null };

export const selectRegistrationStatus = (s: RegistrationSnapshot): RegistrationStatus =>
  s.matches({ filling: 'failed' })
    ? 'failed'
    : s.matches('filling')
      ? 'editing'
      : (s.value as 'submitting' | 'registered');
/** The form as typed (compare with shallowEqual). */
export const selectRegistrationForm = (s: RegistrationSnapshot): RegistrationForm => s.context.form;
export const selectIsCorporate = (s: RegistrationSnapshot): boolean => s.context.form.type === 'corporate';
/** One message per field, those the customer should see now. */
export const selectRegistrationErrors = (s: RegistrationSnapshot): FieldErrors => s.context.errors;
export const selectIsRegistering = (s: RegistrationSnapshot): boolean => s.hasTag('busy');
export const selectIsRegistered = (s: RegistrationSnapshot): boolean => s.matches('registered');
/** An unexpected failure (network, 5xx): the generic message with a retry. */
export const selectRegistrationFailed = (s: RegistrationSnapshot): boolean =>
  s.matches({ filling: 'failed' });

/** "Registration failed." and its reason, after the server refused; null otherwise. */
export function selectRegistrationRefusal(s: RegistrationSnapshot): RegistrationRefusalReason | null {
  const refusal = s.context.refusal;
  if (!refusal) return null;
  if (refusal.code === 'username_taken') return { reason: 'usernameTaken' };
  if (refusal.code === 'email_taken') return { reason: 'emailTaken' };
  return { reason: 'server', detail: refusal.detail };
}
