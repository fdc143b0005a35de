import type { SnapshotFrom } from 'xstate';
import type { Occurrence } from '../../services/api/wire/standing-orders';
import type { SeriesDraftLine } from './draft-lines';
import type { occurrenceMachine } from './standing-order-occurrence.machine';

export type OccurrenceSnapshot = SnapshotFrom<typeof occurrenceMachine>;

/** What a delivery's row draws: its state. */
export type OccurrenceView =
  | 'open'
  | 'skipped'
  | 'needsReview'
  | 'editing'
  | 'writing'
  | 'writeFailed'
  | 'refused'
  | 'placed'
  | 'failed';

export const selectOccurrenceView = (s: OccurrenceSnapshot): OccurrenceView => s.value as OccurrenceView;
export const selectOccurrence = (s: OccurrenceSnapshot): Occurrence => s.context.occurrence;
export const selectOccurrenceDraft = (s: OccurrenceSnapshot): SeriesDraftLine[] => s.context.draft;
/** The write running or failed: its button shows the spinner. */
export const selectOccurrencePendingWrite = (s: OccurrenceSnapshot) => s.context.pending?.kind ?? null;
export const selectIsOccurrenceBusy = (s: OccurrenceSnapshot): boolean => s.hasTag('busy');
