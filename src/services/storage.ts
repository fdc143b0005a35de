import * as z from 'zod/mini';
import { readRefreshClaims } from './api/jwt';

/**
 * Credentials kept between page loads: exactly `{version: 2, refresh}`. The access
 * token is never stored. With Remember Me they live in localStorage (survive a browser
 * restart), without it in sessionStorage (this tab only).
 */
export const CREDENTIALS_KEY = 'portal.credentials';
export const CREDENTIALS_VERSION = 2;

const storedCredentialsWire = z.object({ version: z.literal(CREDENTIALS_VERSION), refresh: z.string() });

export interface StoredCredentials {
  refresh: string;
  /** true when they were found in (or belong in) the persistent store */
  remember: boolean;
}

export interface CredentialStore {
  /** usable credentials, or null when missing, of another version, unreadable or expired */
  read(): StoredCredentials | null;
  write(credentials: StoredCredentials): void;
  clear(): void;
}

export interface CredentialStoreOptions {
  persistent: () => Storage | undefined;
  tab: () => Storage | undefined;
  /** milliseconds since the epoch */
  now?: () => number;
}

export function createCredentialStore(options: CredentialStoreOptions): CredentialStore {
  const { now = Date.now } = options;
  // Even reading `window.localStorage` throws when storage is blocked.
  const persistent = () => attempt(options.persistent);
  const tab = () => attempt(options.tab);
  const readFrom = (storage: Storage | undefined): string | null => {
    const raw = attempt(() => storage?.getItem(CREDENTIALS_KEY) ?? null);
    if (raw === null || raw === undefined) return null;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return null;
    }
    const parsed = z.safeParse(storedCredentialsWire, json);
    if (!parsed.success) return null;
    const claims = readRefreshClaims(parsed.data.refresh);
    return claims.ok && claims.claims.exp * 1000 > now() ? parsed.data.refresh : null;
  };
  const remove = (storage: Storage | undefined) => attempt(() => storage?.removeItem(CREDENTIALS_KEY));

  return {
    read() {
      for (const [storage, remember] of [
        [persistent(), true],
        [tab(), false],
      ] as const) {
        const refresh = readFrom(storage);
        if (refresh !== null) return { refresh, remember };
        // Unusable leftovers (old version, expired) would only be read and rejected again.
        remove(storage);
      }
      return null;
    },
    write({ refresh, remember }) {
      const value = JSON.stringify({ version: CREDENTIALS_VERSION, refresh });
      remove(remember ? tab() : persistent());
      attempt(() => (remember ? persistent() : tab())?.setItem(CREDENTIALS_KEY, value));
    },
    clear() {
      remove(persistent());
      remove(tab());
    },
  };
}

/** Storage throws in some private modes and when full; the session then simply lasts this page. */
function attempt<T>(operation: () => T): T | undefined {
  try {
    return operation();
  } catch {
    return undefined;
  }
}

export const browserCredentialStore: CredentialStore = createCredentialStore({
  persistent: () => globalThis.localStorage,
  tab: () => globalThis.sessionStorage,
});
