import type { SnapshotFrom } from 'xstate';
import type { Product } from '../../domain/types';
import type { searchMachine } from './search.machine';

export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

/** What the results panel shows; `closed` means no panel. */
export type SearchPanel = 'closed' | 'empty' | 'pending' | 'loading' | 'results' | 'notFound' | 'failed';

export const selectSearchQuery = (s: SearchSnapshot): string => s.context.query;

export const selectSearchResults = (s: SearchSnapshot): Product[] => s.context.results;

export function selectSearchPanel(s: SearchSnapshot): SearchPanel {
  if (s.matches('closed')) return 'closed';
  if (s.hasTag('pending')) return 'pending';
  if (s.hasTag('loading')) return 'loading';
  if (s.matches({ open: 'results' })) return 'results';
  if (s.matches({ open: 'notFound' })) return 'notFound';
  if (s.matches({ open: 'failed' })) return 'failed';
  return 'empty';
}

/** A message key for the view to translate (errors.unknown), or null. */
export const selectSearchErrorKey = (s: SearchSnapshot): string | null => s.context.errorKey;
