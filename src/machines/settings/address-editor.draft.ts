import * as z from 'zod/mini';
import type { AddressForm, AddressKind } from '../../domain/account-forms';
import type { DraftSlot } from '../../services/drafts/draft-store';

/** What a reload keeps of the address dialog: which address (none for a new one) and the fields as typed. */
export interface AddressDraft {
  kind: AddressKind;
  pk: number | null;
  form: AddressForm;
}

export const addressDraftSlot: DraftSlot<AddressDraft> = {
  key: 'portal.draft.address',
  version: 1,
  schema: z.object({
    kind: z.enum(['delivery', 'billing']),
    pk: z.nullable(z.number()),
    form: z.object({
      name: z.string(),
      line1: z.string(),
      line2: z.string(),
      suburb: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      postalCode: z.string(),
      instructions: z.string(),
    }),
  }),
};
