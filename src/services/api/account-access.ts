import type * as z from 'zod/mini';
import type { RegistrationPayload } from '../../domain/types';
import type { HttpClient } from './client';
import {
  type changePasswordWire,
  fromRegistration,
  type passwordResetConfirmWire,
  type passwordResetVerifyWire,
} from './wire/auth';

type CallOptions = { signal?: AbortSignal | undefined };

/**
 * The calls around an account's access: registration and the password reset before
 * sign-in, the password change and account deletion after it, and the sign-out's revoke. Loaded on
 * the first call (see portalApi.ts): the login route ships none of it.
 */
export interface AccountAccessApi {
  /** POST /netb2b/register/ (no token). 400 `{error, code}`: username_taken, email_taken, invalid */
  register(payload: RegistrationPayload, options?: CallOptions): Promise<void>;
  /** POST /password-reset/: the same answer for a known and an unknown e-mail; 429 when throttled */
  requestPasswordReset(email: string, options?: CallOptions): Promise<void>;
  /** POST /password-reset/verify/: 400 `invalid_code`, `code_expired` or `too_many_tries` */
  verifyResetCode(email: string, code: string, options?: CallOptions): Promise<void>;
  /** POST /password-reset/confirm/: sets the password and ends every session of the user; 400s as verify */
  resetPassword(email: string, code: string, password: string, options?: CallOptions): Promise<void>;
  /** POST /change-password/: 400 `wrong_current_password` with `errors.current_password`; ends other sessions */
  changePassword(currentPassword: string, password: string, options?: CallOptions): Promise<void>;
  /** DELETE /account-info/: 400 `hand_over_first` for the last main user of a company with other users */
  deleteAccount(options?: CallOptions): Promise<void>;
  /** POST /token/revoke/: ends the refresh token's family (sign-out) */
  revokeSession(refresh: string, options?: CallOptions): Promise<void>;
}

export function accountAccessApi(http: HttpClient): AccountAccessApi {
  // Every answer here is "not shown" (spec point 7) or a sentence the screens do not show: any 2xx
  // body, empty included, is success.
  const post = (path: string, json: unknown, auth: boolean, options: CallOptions) =>
    http.send({ method: 'post', path, json, auth, signal: options.signal });
  return {
    register: (payload, options = {}) => post('netb2b/register/', fromRegistration(payload), false, options),
    requestPasswordReset: (email, options = {}) => post('password-reset/', { email }, false, options),
    verifyResetCode: (email, code, options = {}) =>
      post(
        'password-reset/verify/',
        { email, code } satisfies z.infer<typeof passwordResetVerifyWire>,
        false,
        options,
      ),
    resetPassword: (email, code, password, options = {}) =>
      post(
        'password-reset/confirm/',
        { email, code, password } satisfies z.infer<typeof passwordResetConfirmWire>,
        false,
        options,
      ),
    changePassword: (currentPassword, password, options = {}) =>
      post(
        'change-password/',
        { current_password: currentPassword, password } satisfies z.infer<typeof changePasswordWire>,
        true,
        options,
      ),
    deleteAccount: (options = {}) =>
      http.send({ method: 'delete', path: 'account-info/', signal: options.signal }),
    revokeSession: (refresh, options = {}) =>
      http.send({
        method: 'post',
        path: 'token/revoke/',
        json: { refresh },
        auth: false,
        signal: options.signal,
      }),
  };
}
