export {
  type AcceptedSubstitute,
  bindSubstituteChoice,
  type SubstituteAlternative,
  type SubstituteChoiceInput,
  substituteChoiceMachine,
} from './substitute-choice.machine';
export {
  type SubstituteOfferStatus,
  selectChosenSubstitute,
  selectSubstituteAlternatives,
  selectSubstituteError,
  selectSubstituteStatus,
} from './substitute-choice.selectors';
export {
  bindSubstitutePreference,
  type SubstitutePreference,
  substitutePreferenceMachine,
} from './substitute-preference.machine';
export {
  type SubstitutePreferenceStatus,
  selectPreference,
  selectPreferenceStatus,
} from './substitute-preference.selectors';
