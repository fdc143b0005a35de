import * as z from 'zod/mini';

/**
 * Where one form keeps what was typed across a reload of the tab: its sessionStorage key, the shape
 * of the stored draft (a draft that no longer parses, after an update of the app, is ignored) and its
 * version (bumped when the same shape means something else).
 */
export interface DraftSlot<T> {
  key: string;
  version: number;
  schema: z.ZodMiniType<T>;
}

/**
 * Drafts in the tab's sessionStorage (this tab only, gone with it), each under its slot's key with the
 * user it belongs to: another user signing in in this tab never sees it.
 */
export interface DraftStore {
  /** the draft `owner` left in this slot, or null when none, another user's, another version or unreadable */
  read<T>(slot: DraftSlot<T>, owner: string): T | null;
  write<T>(slot: DraftSlot<T>, owner: string, draft: T): void;
  clear(slot: DraftSlot<unknown>): void;
}

/** The owner of a draft typed while nobody is signed in (registration). */
export const ANYONE = '';

const storedWire = z.object({ version: z.number(), owner: z.string(), draft: z.unknown() });

/** Storage throws in some private modes and when full: the draft then lasts this page only. */
function attempt<T>(operation: () => T): T | undefined {
  try {
    return operation();
  } catch {
    return undefined;
  }
}

export function createDraftStore(storage: () => Storage | undefined): DraftStore {
  return {
    read(slot, owner) {
      const raw = attempt(() => storage()?.getItem(slot.key) ?? null);
      if (!raw) return null;
      const json = attempt(() => JSON.parse(raw) as unknown);
      const stored = z.safeParse(storedWire, json);
      if (!stored.success || stored.data.version !== slot.version || stored.data.owner !== owner) return null;
      const draft = z.safeParse(slot.schema, stored.data.draft);
      return draft.success ? draft.data : null;
    },
    write(slot, owner, draft) {
      const value = JSON.stringify({ version: slot.version, owner, draft });
      attempt(() => storage()?.setItem(slot.key, value));
    },
    clear(slot) {
      attempt(() => storage()?.removeItem(slot.key));
    },
  };
}

export const browserDraftStore: DraftStore = createDraftStore(() => globalThis.sessionStorage);
