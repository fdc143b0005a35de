import type { SnapshotFrom } from 'xstate';
import type { FieldErrors, FieldMessage } from '../../domain/form-validation';
import type { NewCodeReason, PasswordResetStep, passwordResetMachine } from './password-reset.machine';

export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;
/** The screen the flow shows: one of the three steps, the closing note, or that the backend has no reset. */
export type PasswordResetScreen = PasswordResetStep | 'done' | 'notOffered';

export const selectPasswordResetScreen = (s: PasswordResetSnapshot): PasswordResetScreen =>
  s.matches('notOffered')
    ? 'notOffered'
    : s.matches('done')
      ? 'done'
      : s.matches('password')
        ? 'password'
        : s.matches('code')
          ? 'code'
          : 'email';

export const selectResetEmail = (s: PasswordResetSnapshot): string => s.context.email;
export const selectResetCode = (s: PasswordResetSnapshot): string => s.context.code;
export const selectResetPassword = (s: PasswordResetSnapshot): string => s.context.password;
export const selectResetRepeatPassword = (s: PasswordResetSnapshot): string => s.context.repeatPassword;

/** The current step's messages, one per field. */
export const selectResetErrors = (s: PasswordResetSnapshot): FieldErrors => s.context.errors;

/** The code field's message: the server's "This code is not correct." or the form rule's. */
export type CodeFieldMessage = FieldMessage | { key: 'auth.secureCode.wrongCode'; values?: undefined };
export const selectCodeMessage = (s: PasswordResetSnapshot): CodeFieldMessage | undefined =>
  s.context.codeRejected ? { key: 'auth.secureCode.wrongCode' } : s.context.errors.code;

/** A call is under way (the submit button spins). */
export const selectIsResetBusy = (s: PasswordResetSnapshot): boolean => s.hasTag('busy');
/** "Send a new code" is being sent. */
export const selectIsResendingCode = (s: PasswordResetSnapshot): boolean =>
  s.matches({ code: 'resending' }) || s.matches({ code: { needsNewCode: { newCode: 'sending' } } });

/** The neutral note that a code went out (never says whether the address is known). */
export const selectCodeSent = (s: PasswordResetSnapshot): boolean => s.context.codeSent;

/** The code in hand expired or was tried too often: the view offers only "Send a new code". */
export const selectNewCodeReason = (s: PasswordResetSnapshot): NewCodeReason | null =>
  s.matches({ code: { needsNewCode: { why: 'triedTooOften' } } })
    ? 'too_many_tries'
    : s.matches({ code: { needsNewCode: { why: 'expired' } } })
      ? 'code_expired'
      : null;

/** "Send a new code" is offered (on the code step, while nothing else is under way). */
export const selectCanResendCode = (s: PasswordResetSnapshot): boolean =>
  s.matches({ code: { filling: 'editing' } }) ||
  s.matches({ code: { needsNewCode: { newCode: 'offered' } } });

/** Too many requests (429): wait this many seconds (null: the server did not say). */
export const selectResetThrottle = (s: PasswordResetSnapshot): { seconds: number | null } | null =>
  s.context.throttle;

/** An unexpected failure of the last call: the generic unknown error with Retry. */
export const selectResetFailed = (s: PasswordResetSnapshot): boolean =>
  s.matches({ email: { filling: 'failed' } }) ||
  s.matches({ code: { filling: 'failed' } }) ||
  s.matches({ code: 'resendFailed' }) ||
  s.matches({ password: { filling: 'failed' } });

/** The code field is offered (not while only a new code helps, nor after the new code failed to go out). */
export const selectCodeFormShown = (s: PasswordResetSnapshot): boolean =>
  s.matches('code') && !s.matches({ code: 'needsNewCode' }) && !s.matches({ code: 'resendFailed' });
