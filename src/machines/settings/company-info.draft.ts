import * as z from 'zod/mini';
import type { CompanyForm } from '../../domain/account-forms';
import type { DraftSlot } from '../../services/drafts/draft-store';

/** What a reload keeps of the Company section's edit form: the fields as typed. */
export const companyDraftSlot: DraftSlot<CompanyForm> = {
  key: 'portal.draft.companyInfo',
  version: 1,
  schema: z.object({
    name: z.string(),
    vatNumber: z.string(),
    landlineNumber: z.string(),
    mobileNumber: z.string(),
    emailAddresses: z.array(z.string()),
  }),
};
