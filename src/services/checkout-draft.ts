import * as z from 'zod/mini';
import type { IsoDate, OrderSubmission } from '../domain/types';

/**
 * Issue 14: the checkout form and the order being placed survive a reload of the tab. Kept in
 * sessionStorage (this tab only, gone with it) under one key, with the signed-in user it belongs
 * to: another user signing in in this tab never sees it.
 */
export const CHECKOUT_DRAFT_KEY = 'portal.checkoutDraft';
export const CHECKOUT_DRAFT_VERSION = 1;

/** The order whose POST went out: sent again, exactly this body with this key returns the first order. */
export interface PendingOrder {
  submission: OrderSubmission;
  idempotencyKey: string;
}

export interface CheckoutDraft {
  deliveryDate: IsoDate | '';
  isPreorder: boolean;
  customerNote: string;
  pending: PendingOrder | null;
}

export interface CheckoutDraftStore {
  /** the draft `owner` left, or null when none, another user's, another version or unreadable */
  read(owner: string): CheckoutDraft | null;
  write(owner: string, draft: CheckoutDraft): void;
  clear(): void;
}

const submissionItemWire = z.object({
  product: z.number(),
  quantity: z.string(),
  unit: z.number(),
  campaign: z.optional(z.number()),
  cartItem: z.optional(z.number()),
});
const storedDraftWire = z.object({
  version: z.literal(CHECKOUT_DRAFT_VERSION),
  owner: z.string(),
  draft: z.object({
    deliveryDate: z.string(),
    isPreorder: z.boolean(),
    customerNote: z.string(),
    pending: z.nullable(
      z.object({
        submission: z.object({
          items: z.array(submissionItemWire),
          expectedDeliveryDate: z.string(),
          isPreorder: z.boolean(),
          customerNote: z.string(),
        }),
        idempotencyKey: z.string().check(z.minLength(1)),
      }),
    ),
  }),
});

/** Storage throws in some private modes and when full: the draft then lasts this page only. */
function attempt<T>(operation: () => T): T | undefined {
  try {
    return operation();
  } catch {
    return undefined;
  }
}

export function createCheckoutDraftStore(storage: () => Storage | undefined): CheckoutDraftStore {
  const remove = () => attempt(() => storage()?.removeItem(CHECKOUT_DRAFT_KEY));
  return {
    read(owner) {
      const raw = attempt(() => storage()?.getItem(CHECKOUT_DRAFT_KEY) ?? null);
      if (!raw) return null;
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return null;
      }
      const parsed = z.safeParse(storedDraftWire, json);
      if (!parsed.success || parsed.data.owner !== owner) return null;
      return parsed.data.draft as CheckoutDraft;
    },
    write(owner, draft) {
      const value = JSON.stringify({ version: CHECKOUT_DRAFT_VERSION, owner, draft });
      attempt(() => storage()?.setItem(CHECKOUT_DRAFT_KEY, value));
    },
    clear: remove,
  };
}

export const browserCheckoutDraftStore: CheckoutDraftStore = createCheckoutDraftStore(
  () => globalThis.sessionStorage,
);
