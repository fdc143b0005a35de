import { isApiError } from '../../services/api';

/** Why the session is `rejected` (client contract). Views turn the kind into words. */
export type SessionError =
  /** `code` names the reason when the server gives one; views word known codes themselves */
  | { kind: 'invalidCredentials'; code: string | null; detail: string }
  | { kind: 'inactiveUser'; detail: string }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'sessionExpired' }
  | { kind: 'unknown' };

/** The server sends Retry-After with every 429; this is only the fallback when a proxy drops it. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Login failures by what the user can do about them (spec point 8). */
export function toLoginError(error: unknown): SessionError {
  if (!isApiError(error) || error.kind !== 'http') return { kind: 'unknown' };
  if (error.code === 'inactive_user') return { kind: 'inactiveUser', detail: error.detail ?? '' };
  if (error.status === 401)
    return { kind: 'invalidCredentials', code: error.code, detail: error.detail ?? '' };
  if (error.status === 429) {
    return { kind: 'throttled', retryAfterSeconds: error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS };
  }
  return { kind: 'unknown' };
}

/**
 * A refresh the server refused for good: 401 (the refresh token is expired, forged or revoked) or the
 * account was deactivated since (403 `inactive_user`). Either way the stored credentials are useless.
 */
/** No answer at all (offline, connection lost): nothing was decided about the session. */
export const isNoAnswer = (error: unknown) => isApiError(error) && error.kind === 'network';

export const isUnauthorizedError = (error: unknown) =>
  isApiError(error) && (error.status === 401 || error.code === 'inactive_user');

/** Why a session ended at a refresh: the inactive message for a deactivated account, else "expired". */
export function toEndedSessionError(error: unknown): SessionError {
  return isApiError(error) && error.code === 'inactive_user'
    ? { kind: 'inactiveUser', detail: error.detail ?? '' }
    : { kind: 'sessionExpired' };
}
