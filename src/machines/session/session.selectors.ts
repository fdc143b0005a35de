import type { SnapshotFrom } from 'xstate';
import type { SessionClaims } from '../../domain/types';
import type { SessionError, sessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Stored credentials are being checked at start: show a spinner, not the login screen. */
export const selectIsRestoring = (s: SessionSnapshot): boolean => s.matches('restoring');

/** Spec point 4: login state is derived from whether tokens are present. */
export const selectIsSignedIn = (s: SessionSnapshot): boolean => s.context.tokens !== null;

/** A sign-out is under way: the server is ending the session before the client forgets it. */
export const selectIsSigningOut = (s: SessionSnapshot): boolean => s.matches('signingOut');

/** The login call is running: the submit button shows a spinner. */
export const selectIsSigningIn = (s: SessionSnapshot): boolean => s.matches('inProgress');

/** The login call has taken longer than SLOW_ANSWER_MS: say so and offer Cancel. */
export const selectIsSignInSlow = (s: SessionSnapshot): boolean => s.matches({ inProgress: 'slow' });

/** Renewing the stored sign-in at start has taken longer than SLOW_ANSWER_MS. */
export const selectIsRestoreSlow = (s: SessionSnapshot): boolean =>
  s.matches({ restoring: { refreshing: 'slow' } });

/** Which wait the customer cancelled, for the login screen's note (null: none). */
export const selectCancelled = (s: SessionSnapshot): 'signIn' | 'restore' | null =>
  s.matches('signInCancelled') ? 'signIn' : s.matches('restoreCancelled') ? 'restore' : null;

/** The banner's error; null while nothing failed (the banner clears when a login starts). */
export const selectLoginError = (s: SessionSnapshot): SessionError | null => s.context.error;

export const selectClaims = (s: SessionSnapshot): SessionClaims | null => s.context.claims;

export const selectIsDemo = (s: SessionSnapshot): boolean => s.context.claims?.isDemo ?? false;

/** The signed-in user may open the statechart studio */
export const selectCanReviewFlows = (s: SessionSnapshot): boolean =>
  s.context.claims?.canReviewFlows ?? false;

/** The signed-in user's language code, sent as Accept-Language; null before sign-in. */
export const selectLanguage = (s: SessionSnapshot): string | null => s.context.claims?.language ?? null;

/** Spec point 5: whether totals are shown with tax (the tax_applies claim; true until known). */
export const selectTaxApplies = (s: SessionSnapshot): boolean => s.context.claims?.taxApplies ?? true;

/**
 * The company's main user, who manages the other users (spec point 6). The is_admin claim says so: the
 * spec leaves what is_admin permits open, and this portal gives it exactly this meaning.
 */
export const selectIsMainUser = (s: SessionSnapshot): boolean => s.context.claims?.isAdmin ?? false;
