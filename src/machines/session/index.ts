export { bindSession, type SessionActorRef, type SessionError, sessionMachine } from './session.machine';
export {
  selectCancelled,
  selectCanReviewFlows,
  selectClaims,
  selectIsDemo,
  selectIsMainUser,
  selectIsRestoreSlow,
  selectIsRestoring,
  selectIsSignedIn,
  selectIsSignInSlow,
  selectIsSigningIn,
  selectIsSigningOut,
  selectLanguage,
  selectLoginError,
  selectTaxApplies,
} from './session.selectors';
