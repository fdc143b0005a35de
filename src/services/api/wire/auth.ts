import * as z from 'zod/mini';
import type { RegistrationPayload, SessionClaims, TokenPair } from '../../../domain/types';
import { lineText, noNul, singleLine } from './primitives';

/** A password being set: no control character (no keyboard types one into a password field). */
const newPassword = (max: number) => z.string().check(singleLine(), z.maxLength(max));
/** A password being checked: only NUL refused, so one set before the rule still signs in. */
const typedPassword = (max: number) => z.string().check(noNul(), z.maxLength(max));
/** A token is base64url and dots: a control character in one is a malformed request, not a bad token. */
const tokenText = z.string().check(z.minLength(1), z.maxLength(4096), singleLine());

export const loginRequestWire = z.object({
  username: z.string().check(z.minLength(1), z.maxLength(150), singleLine()),
  password: typedPassword(256).check(z.minLength(1)),
});
export const refreshRequestWire = z.object({ refresh: tokenText });

export const tokenPairWire = z.object({
  access: z.string().check(z.minLength(1)),
  refresh: z.string().check(z.minLength(1)),
});
export const toTokenPair = (w: z.infer<typeof tokenPairWire>): TokenPair => ({ ...w });

/** The claims inside the refresh token's payload. */
export const refreshClaimsWire = z.object({
  name: z.string(),
  account_name: z.string(),
  is_admin: z.boolean(),
  tax_applies: z.boolean(),
  language: z.string(),
  is_demo: z.boolean(),
  /** the statechart studio's flag, this portal's own server only: a supplier's backend need not send it */
  can_review_flows: z.optional(z.boolean()),
  exp: z.number(),
});
export const toSessionClaims = (w: z.infer<typeof refreshClaimsWire>): SessionClaims => ({
  name: w.name,
  accountName: w.account_name,
  isAdmin: w.is_admin,
  taxApplies: w.tax_applies,
  language: w.language,
  isDemo: w.is_demo,
  canReviewFlows: w.can_review_flows ?? false,
  exp: w.exp,
});

/** The access token only needs its expiry on the client. */
export const accessClaimsWire = z.object({ exp: z.number() });

/** 401/403 answers carry a human-readable detail; 400 answers carry field errors. */
export const errorBodyWire = z.object({
  detail: z.optional(z.string()),
  code: z.optional(z.string()),
  error: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  max_quantity: z.optional(z.number()),
});

/**
 * Registration travels in camelCase: that is how the supplier's backend names it (spec point 7). The
 * spec's seven fields plus `customerType` and `fullName` (docs/api.md); the server reads them with
 * the registration form's own rules (domain/auth-forms.ts).
 */
// Lengths are the form's rules (with the form's messages); the wire only keeps control characters out.
const line = z.string().check(singleLine());
export const registrationWire = z.object({
  customerType: z.enum(['corporate', 'individual']),
  fullName: line,
  companyName: line,
  confirmPassword: line,
  email: line,
  password: line,
  phoneNumber: line,
  taxNumber: line,
  username: line,
});
export const fromRegistration = (p: RegistrationPayload): z.infer<typeof registrationWire> => ({ ...p });

/** POST /token/revoke/: the refresh token whose family ends (sign-out). */
export const revokeRequestWire = z.object({ refresh: tokenText });

/** POST /password-reset/: the account's e-mail; the answer never says whether it is known. */
export const passwordResetRequestWire = z.object({ email: lineText(254) });
/** POST /password-reset/verify/: is this the code? (counts as a try) */
export const passwordResetVerifyWire = z.object({
  email: lineText(254),
  code: lineText(32),
});
/** POST /password-reset/confirm/: the code again and the new password; ends every session of the user. */
export const passwordResetConfirmWire = z.object({
  email: lineText(254),
  code: lineText(32),
  password: newPassword(256),
});
/** POST /change-password/ (spec point 7's `{password}` plus the current password). */
export const changePasswordWire = z.object({
  current_password: typedPassword(256),
  password: newPassword(256),
});

/** The answer of the account-access calls that carry nothing but a sentence. */
export const detailAnswerWire = z.object({ detail: z.string() });
