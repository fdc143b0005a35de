import * as z from 'zod/mini';
import type { DraftSlot } from '../../services/drafts/draft-store';

/** What a reload keeps of the quick order: the lines typed or pasted into the paste box. */
export interface QuickOrderDraft {
  pasteText: string;
}

export const quickOrderDraftSlot: DraftSlot<QuickOrderDraft> = {
  key: 'portal.draft.quickOrderPaste',
  version: 1,
  schema: z.object({ pasteText: z.string() }),
};
