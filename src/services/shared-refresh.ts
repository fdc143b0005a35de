import type { SignedIn } from './api';
import { decodeJwtPayload } from './api/jwt';
import type { CredentialStore } from './storage';

/** The session a refresh token belongs to (the reference server's `fam` claim); null when it has none. */
function familyOf(token: string): string | null {
  const payload = decodeJwtPayload(token) as { fam?: unknown } | null;
  return typeof payload?.fam === 'string' ? payload.fam : null;
}

/**
 * Refresh tokens rotate, and presenting one that was already used ends the whole session (reuse
 * detection). Tabs that share remembered credentials must therefore never present a token
 * another tab has rotated: refreshes run one at a time across tabs (Web Locks), each starts from the
 * newest stored token of its own session, and stores the successor before the lock is released.
 */
export function refreshSharedSession(
  store: CredentialStore,
  refresh: (token: string) => Promise<SignedIn>,
  held: string,
): Promise<SignedIn> {
  const run = async () => {
    const stored = store.read();
    const family = familyOf(held);
    const sameSession = stored !== null && family !== null && familyOf(stored.refresh) === family;
    const signedIn = await refresh(sameSession ? stored.refresh : held);
    if (sameSession) store.write({ refresh: signedIn.tokens.refresh, remember: stored.remember });
    return signedIn;
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('portal.refresh', run) : run();
}
