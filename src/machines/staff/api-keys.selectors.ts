import type { SnapshotFrom } from 'xstate';
import type { apiKeysMachine } from './api-keys.machine';
import { keyFormProblems } from './api-keys.machine';

export type ApiKeysSnapshot = SnapshotFrom<typeof apiKeysMachine>;

export const selectKeysLoading = (s: ApiKeysSnapshot) => s.matches('loading');
export const selectKeysLoadFailed = (s: ApiKeysSnapshot) => s.matches('loadFailed');
export const selectKeys = (s: ApiKeysSnapshot) => s.context.keys;
export const selectIsCreatingKey = (s: ApiKeysSnapshot) => s.matches('creating');
export const selectKeySaving = (s: ApiKeysSnapshot) => s.matches({ creating: 'saving' });
export const selectKeyCreateFailed = (s: ApiKeysSnapshot) => s.matches({ creating: 'failed' });
export const selectKeyName = (s: ApiKeysSnapshot) => s.context.name;
export const selectKeyScopes = (s: ApiKeysSnapshot) => s.context.scopes;
/** the form's messages, once Create was pressed (compare with shallowEqual) */
export const selectKeyFormProblems = (s: ApiKeysSnapshot) =>
  s.context.submitted ? keyFormProblems(s.context) : { name: false, scopes: false };
/** the new key's secret while it is shown (once), else null */
export const selectShownSecret = (s: ApiKeysSnapshot) => (s.matches('secretShown') ? s.context.secret : null);
export type CopyState = 'idle' | 'copying' | 'copied' | 'failed';
export const selectCopyState = (s: ApiKeysSnapshot): CopyState => {
  if (s.matches({ secretShown: 'copying' })) return 'copying';
  if (s.matches({ secretShown: 'copied' })) return 'copied';
  if (s.matches({ secretShown: 'copyFailed' })) return 'failed';
  return 'idle';
};
/** the key a revoke is being confirmed for, else null */
export const selectRevokeCandidate = (s: ApiKeysSnapshot) =>
  s.matches('confirmingRevoke') || s.matches('revoking') || s.matches('revokeFailed')
    ? (s.context.keys.find((key) => key.id === s.context.revokingId) ?? null)
    : null;
export const selectIsRevoking = (s: ApiKeysSnapshot) => s.matches('revoking');
export const selectRevokeFailed = (s: ApiKeysSnapshot) => s.matches('revokeFailed');
