/** The session machine's login errors as the login screen shows them (client contract, session `rejected`). */
export type LoginError =
  | { kind: 'invalidCredentials'; detail: string }
  | { kind: 'inactiveUser'; detail: string }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'sessionExpired' }
  | { kind: 'unknown' };
