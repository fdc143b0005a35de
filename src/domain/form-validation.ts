// Edges: takes raw form values, returns the cleaned values or one message per field (a translation key
// plus the numbers its text needs), so a view only translates what the rule decided.
import * as z from 'zod/mini';
import { SECURITY_CODE_LENGTH } from './account-rules';

/** Translation keys of the form messages; the English text of each is what the spec quotes. */
export const VALIDATION_KEYS = {
  /** "This field is required." */
  required: 'validation.required',
  /** "Invalid e-mail address." */
  invalidEmail: 'validation.invalidEmail',
  /** "The username must be at least {{min}} characters." */
  usernameMin: 'validation.usernameMin',
  /** letters, digits and . _ @ + - only */
  usernameCharacters: 'validation.usernameCharacters',
  /** "The password must be at least {{min}} characters." */
  passwordMin: 'validation.passwordMin',
  /** "At most {{max}} characters." */
  tooLong: 'validation.tooLong',
  /** digits, spaces and + ( ) . / - only */
  invalidPhone: 'validation.invalidPhone',
  /** "Please add at least {{count}} entry/entries." (spec point 5) */
  atLeastEntries: 'validation.atLeastEntries',
  /** "At most {{count}} entries." */
  atMostEntries: 'validation.atMostEntries',
  /** the same value twice in one list */
  duplicateEntry: 'validation.duplicateEntry',
  /** the server's 409: another account has this username */
  usernameTaken: 'validation.usernameTaken',
  /** the server's 400 `email_taken`: another account has this e-mail address */
  emailTaken: 'validation.emailTaken',
  /** "Please enter same password" (new password, change password) */
  samePassword: 'validation.samePassword',
  /** "Passwords do not match." (registration) */
  passwordsDoNotMatch: 'validation.passwordsDoNotMatch',
  /** registration's required messages (spec point 5), one per field */
  emailRequired: 'validation.emailRequired',
  phoneNumberRequired: 'validation.phoneNumberRequired',
  companyNameRequired: 'validation.companyNameRequired',
  /** "Your first and last name is required." */
  fullNameRequired: 'validation.fullNameRequired',
  taxNumberRequired: 'validation.taxNumberRequired',
  usernameRequired: 'validation.usernameRequired',
  passwordRequired: 'validation.passwordRequired',
  confirmPasswordRequired: 'validation.confirmPasswordRequired',
  /** "The security code is {{count}} digits." */
  securityCodeDigits: 'validation.securityCodeDigits',
  /** the server's 400 on a password change: the current password is not the account's */
  currentPasswordWrong: 'validation.currentPasswordWrong',
  /** deleting the account: the typed username is not the account's */
  usernameConfirmation: 'validation.usernameConfirmation',
} as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

/** One field's message: a key and the numbers its text interpolates ({{min}}, {{max}}, {{count}}). */
export interface FieldMessage {
  key: ValidationKey;
  values?: Record<string, number>;
}

/** Field errors by path: `name`, or `emailAddresses.1` for the second entry of a list. */
export type FieldErrors = Record<string, FieldMessage>;

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const knownKeys = new Set<string>(Object.values(VALIDATION_KEYS));

function valuesOf(issue: z.core.$ZodIssue, key: ValidationKey): Record<string, number> | undefined {
  const K = VALIDATION_KEYS;
  if (issue.code === 'too_small' && (key === K.usernameMin || key === K.passwordMin))
    return { min: Number(issue.minimum) };
  if (issue.code === 'too_small' && key === K.atLeastEntries) return { count: Number(issue.minimum) };
  if (issue.code === 'too_big' && key === K.tooLong) return { max: Number(issue.maximum) };
  if (issue.code === 'too_big' && key === K.atMostEntries) return { count: Number(issue.maximum) };
  if (key === K.securityCodeDigits) return { count: SECURITY_CODE_LENGTH };
  return undefined;
}

/** Runs a form schema and keeps the first message per field (the most basic problem: required before length). */
export function validateForm<T>(schema: z.ZodMiniType<T>, values: unknown): FormResult<T> {
  const result = z.safeParse(schema, values);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (errors[field]) continue;
    const key = knownKeys.has(issue.message) ? (issue.message as ValidationKey) : VALIDATION_KEYS.required;
    const messageValues = valuesOf(issue, key);
    errors[field] = messageValues ? { key, values: messageValues } : { key };
  }
  return { ok: false, errors };
}
