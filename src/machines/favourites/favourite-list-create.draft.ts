import * as z from 'zod/mini';
import type { DraftSlot } from '../../services/drafts/draft-store';

/** What a reload keeps of the lists page's "New list" form. */
export interface FavouriteListCreateDraft {
  name: string;
  shared: boolean;
}

export const favouriteListCreateDraftSlot: DraftSlot<FavouriteListCreateDraft> = {
  key: 'portal.draft.newFavouriteList',
  version: 1,
  schema: z.object({ name: z.string(), shared: z.boolean() }),
};
