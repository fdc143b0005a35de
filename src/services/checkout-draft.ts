import * as z from 'zod/mini';
import type { IsoDate, OrderSubmission } from '../domain/types';
import { createDraftStore, type DraftSlot } from './drafts/draft-store';

/**
 * The checkout form and the order being placed survive a reload of the tab. Kept in
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
  /** the delivery address chosen (its pk); absent in drafts kept before the choice existed */
  deliveryAddressId?: number | null;
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

/** The checkout's slot in the tab's draft store. */
export const checkoutDraftSlot: DraftSlot<CheckoutDraft> = {
  key: CHECKOUT_DRAFT_KEY,
  version: CHECKOUT_DRAFT_VERSION,
  schema: z.object({
    deliveryDate: z.string(),
    deliveryAddressId: z.optional(z.nullable(z.number())),
    isPreorder: z.boolean(),
    customerNote: z.string(),
    pending: z.nullable(
      z.object({
        submission: z.object({
          items: z.array(submissionItemWire),
          expectedDeliveryDate: z.string(),
          isPreorder: z.boolean(),
          customerNote: z.string(),
          cartLines: z.optional(z.array(z.number())),
          deliveryAddress: z.optional(z.number()),
        }),
        idempotencyKey: z.string().check(z.minLength(1)),
      }),
    ),
  }) as z.ZodMiniType<CheckoutDraft>,
};

export function createCheckoutDraftStore(storage: () => Storage | undefined): CheckoutDraftStore {
  const drafts = createDraftStore(storage);
  return {
    read: (owner) => drafts.read(checkoutDraftSlot, owner),
    write: (owner, draft) => drafts.write(checkoutDraftSlot, owner, draft),
    clear: () => drafts.clear(checkoutDraftSlot),
  };
}

export const browserCheckoutDraftStore: CheckoutDraftStore = createCheckoutDraftStore(
  () => globalThis.sessionStorage,
);
