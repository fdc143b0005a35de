import * as z from 'zod/mini';

/**
 * What one tab of this browser tells the others (BroadcastChannel, or the storage event where there is
 * none). `user` names the signed-in account a message is about, so a tab signed in as someone else
 * ignores it. Received messages are parsed: another tab may run an older or newer build, and what it
 * sends that this build does not know is dropped.
 */
export const tabMessageWire = z.discriminatedUnion('kind', [
  /** the cart changed on the server (a line added, changed or removed, an order placed) */
  z.object({ kind: z.literal('cartChanged'), user: z.string() }),
  /** the customer signed out (the session is over on the server too) */
  z.object({ kind: z.literal('signedOut'), user: z.string() }),
  /** the account's language changed: the other tabs switch too */
  z.object({
    kind: z.literal('languageSwitched'),
    user: z.string(),
    language: z.object({ id: z.number(), code: z.string() }),
  }),
  /** the browser's theme (kept in localStorage for every tab, whoever is signed in) */
  z.object({ kind: z.literal('themeChanged'), theme: z.enum(['light', 'dark']) }),
]);

export type TabMessage = z.infer<typeof tabMessageWire>;

/** A received message, or null when it is none this build knows. */
export function readTabMessage(data: unknown): TabMessage | null {
  const parsed = z.safeParse(tabMessageWire, data);
  return parsed.success ? parsed.data : null;
}
