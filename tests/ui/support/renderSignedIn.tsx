import type { SessionClaims } from '../../../src/domain/types';
import type { Capability } from '../../../src/services/api/capabilities';
import type { Preferences } from '../../../src/services/preferences';
import { signedInAs } from './fakeSession';
import { renderApp } from './renderApp';

/** Starts as a returning user whose stored credentials refresh successfully. */
export function renderSignedIn(
  claims: SessionClaims,
  options: { path?: string; preferences?: Preferences; capabilities?: Capability[] } = {},
) {
  return renderApp({
    ...options,
    stored: {
      credentials: { refresh: signedInAs(claims).tokens.refresh, remember: true },
      refresh: async () => signedInAs(claims),
    },
  });
}
