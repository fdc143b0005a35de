export {
  type AcceptedSubstitute,
  type AcceptSubstituteInput,
  bindSubstituteChoice,
  type LoadSubstitutesInput,
  substituteChoiceMachine,
} from './substitute-choice.machine';
export {
  type SubstituteOfferStatus,
  selectChosenSubstitute,
  selectSubstituteAlternatives,
  selectSubstituteStatus,
} from './substitute-choice.selectors';
export { bindSubstitutePreference, substitutePreferenceMachine } from './substitute-preference.machine';
export { selectPreference, selectPreferenceStatus } from './substitute-preference.selectors';
