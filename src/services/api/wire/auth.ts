import * as z from 'zod/mini';
import type { RegistrationPayload, SessionClaims, TokenPair } from '../../../domain/types';

export const loginRequestWire = z.object({
  username: z.string().check(z.minLength(1), z.maxLength(150)),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
});
export const refreshRequestWire = z.object({ refresh: z.string().check(z.minLength(1)) });

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
  exp: z.number(),
});
export const toSessionClaims = (w: z.infer<typeof refreshClaimsWire>): SessionClaims => ({
  name: w.name,
  accountName: w.account_name,
  isAdmin: w.is_admin,
  taxApplies: w.tax_applies,
  language: w.language,
  isDemo: w.is_demo,
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
});

/** Registration travels in camelCase: that is how the supplier's backend names it (spec point 7). */
export const registrationWire = z.object({
  companyName: z.string(),
  confirmPassword: z.string(),
  email: z.string(),
  password: z.string(),
  phoneNumber: z.string(),
  taxNumber: z.string(),
  username: z.string(),
});
export const fromRegistration = (p: RegistrationPayload): z.infer<typeof registrationWire> => ({ ...p });
