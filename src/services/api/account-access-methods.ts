import type { AccountAccessApi } from './account-access';

/**
 * The names of the account-access calls, known before their module loads (as signed-in-area-methods.ts
 * does for the signed-in calls); tests/services/account-access.test.ts checks that it misses none.
 */
export const accountAccessMethods = [
  'changePassword',
  'deleteAccount',
  'register',
  'requestPasswordReset',
  'resetPassword',
  'revokeSession',
  'verifyResetCode',
] as const satisfies readonly (keyof AccountAccessApi)[];
