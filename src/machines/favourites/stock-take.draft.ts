import * as z from 'zod/mini';
import type { DraftSlot } from '../../services/drafts/draft-store';

/** What a reload keeps of a stock-take: the guide it counts, the counts as typed and the line at hand. */
export interface StockTakeDraft {
  listId: number;
  /** product id (as text) → the on-hand count as typed */
  counts: Record<string, string>;
  current: number;
}

export const stockTakeDraftSlot: DraftSlot<StockTakeDraft> = {
  key: 'portal.draft.stockTake',
  version: 1,
  schema: z.object({
    listId: z.number(),
    counts: z.record(z.string(), z.string()),
    current: z.number(),
  }),
};
