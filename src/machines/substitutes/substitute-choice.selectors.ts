import type { SnapshotFrom } from 'xstate';
import type { ErrorInfo } from '../kernel/errorInfo';
import type { SubstituteAlternative, substituteChoiceMachine } from './substitute-choice.machine';

export type SubstituteChoiceSnapshot = SnapshotFrom<typeof substituteChoiceMachine>;

/** Where the offer stands, one name per state the view draws differently. */
export type SubstituteOfferStatus =
  | 'loading'
  | 'loadFailed'
  | 'none'
  | 'offering'
  | 'accepting'
  | 'acceptFailed'
  | 'taken'
  | 'kept'
  | 'removed';

export const selectSubstituteStatus = (s: SubstituteChoiceSnapshot): SubstituteOfferStatus =>
  s.value as SubstituteOfferStatus;
export const selectSubstituteAlternatives = (s: SubstituteChoiceSnapshot): SubstituteAlternative[] =>
  s.context.alternatives;
/** The alternative being taken, taken, or last tried. */
export const selectChosenSubstitute = (s: SubstituteChoiceSnapshot): SubstituteAlternative | null =>
  s.context.alternatives.find((alternative) => alternative.product.id === s.context.chosen) ?? null;
export const selectSubstituteError = (s: SubstituteChoiceSnapshot): ErrorInfo | null =>
  s.matches('loadFailed') || s.matches('acceptFailed') ? s.context.error : null;
