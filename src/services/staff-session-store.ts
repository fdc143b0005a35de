import * as z from 'zod/mini';
import type { StaffSession } from './api/staff';

/**
 * Where the staff console keeps its sign-in: the tab's sessionStorage, so a reload stays signed in
 * and closing the tab ends it. The token is a bearer credential of 8 hours without refresh; nothing
 * of it goes to localStorage.
 */
export const STAFF_SESSION_KEY = 'staff.session';

const storedWire = z.object({
  access: z.string().check(z.minLength(1)),
  expiresAt: z.string(),
  name: z.string(),
  username: z.string(),
});

/** What a reload finds: a usable session, one that has run out, or nothing. */
export type StoredStaffSession =
  | { kind: 'session'; session: StaffSession }
  | { kind: 'expired' }
  | { kind: 'none' };

export interface StaffSessionStore {
  read(): StoredStaffSession;
  write(session: StaffSession): void;
  clear(): void;
}

const attempt = <T>(run: () => T): T | undefined => {
  try {
    return run();
  } catch {
    // storage blocked (private mode, a policy): the console works, only a reload signs out
    return undefined;
  }
};

export function createStaffSessionStore(
  storage: () => Storage | undefined,
  now: () => number = Date.now,
): StaffSessionStore {
  return {
    read() {
      const raw = attempt(() => storage()?.getItem(STAFF_SESSION_KEY) ?? null);
      if (!raw) return { kind: 'none' };
      const parsed = attempt(() => z.safeParse(storedWire, JSON.parse(raw)));
      if (!parsed?.success) return { kind: 'none' };
      const expiresAt = Date.parse(parsed.data.expiresAt);
      if (!(expiresAt > now())) {
        attempt(() => storage()?.removeItem(STAFF_SESSION_KEY));
        return { kind: 'expired' };
      }
      return { kind: 'session', session: parsed.data };
    },
    write(session) {
      attempt(() => storage()?.setItem(STAFF_SESSION_KEY, JSON.stringify(session)));
    },
    clear() {
      attempt(() => storage()?.removeItem(STAFF_SESSION_KEY));
    },
  };
}
