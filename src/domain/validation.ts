// Edges: takes raw form values (strings), returns the cleaned values or one translation KEY per field.
import * as z from 'zod/mini';
import { toAsciiDigits } from './digits';

/** Limits of spec points 5 and 9. */
export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;
export const SECURITY_CODE_LENGTH = 6;

/** Translation keys; the English text of each is what the spec quotes. */
export const VALIDATION_KEYS = {
  /** "This field is required." */
  required: 'validation.required',
  /** "The username must be at least {{min}} characters." */
  usernameMin: 'validation.usernameMin',
  /** "The password must be at least {{min}} characters." */
  passwordMin: 'validation.passwordMin',
  /** "Please enter same password" (new password screen) */
  samePassword: 'validation.samePassword',
  /** "Passwords do not match." (registration) */
  passwordsDoNotMatch: 'validation.passwordsDoNotMatch',
  /** "Invalid e-mail address." */
  invalidEmail: 'validation.invalidEmail',
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
} as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

/** Interpolation values a key's text needs, so views call `t(key, validationMessageValues(key))`. */
export function validationMessageValues(key: ValidationKey): Record<string, number> {
  if (key === VALIDATION_KEYS.usernameMin) return { min: USERNAME_MIN_LENGTH };
  if (key === VALIDATION_KEYS.passwordMin) return { min: PASSWORD_MIN_LENGTH };
  if (key === VALIDATION_KEYS.securityCodeDigits) return { count: SECURITY_CODE_LENGTH };
  return {};
}

export type FormResult<T> =
  | { ok: true; value: T }
  | { ok: false; errors: Partial<Record<keyof T & string, ValidationKey>> };

const K = VALIDATION_KEYS;

/** Names and codes are trimmed (a stray space from autofill is not part of a username); passwords never are. */
const requiredText = (requiredKey: ValidationKey) => z.string().check(z.trim(), z.minLength(1, requiredKey));

const username = z
  .string()
  .check(z.trim(), z.minLength(1, K.usernameRequired), z.minLength(USERNAME_MIN_LENGTH, K.usernameMin));
const password = z
  .string()
  .check(z.minLength(1, K.passwordRequired), z.minLength(PASSWORD_MIN_LENGTH, K.passwordMin));
const email = z.string().check(z.trim(), z.minLength(1, K.emailRequired), z.email(K.invalidEmail));

/** `when` makes the match check run even while another field is wrong, so every problem shows at once. */
const passwordsMatch = <T extends { password: string }>(repeatField: keyof T & string, key: ValidationKey) =>
  z.refine<T>((values) => values.password === values[repeatField], {
    error: key,
    path: [repeatField],
    when: () => true,
  });

export const loginFormSchema = z.object({ username, password });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const newPasswordFormSchema = z
  .object({ password, repeatPassword: z.string().check(z.minLength(1, K.required)) })
  .check(passwordsMatch('repeatPassword', K.samePassword));
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

export const customerTypes = ['corporate', 'individual'] as const;
export type CustomerType = (typeof customerTypes)[number];

/**
 * Registration: everything is required except the company name of an individual customer, who has
 * none (the full name stands in for it).
 */
export const registrationFormSchema = z
  .object({
    type: z.enum(customerTypes),
    fullName: requiredText(K.fullNameRequired),
    companyName: z.string().check(z.trim()),
    taxNumber: requiredText(K.taxNumberRequired),
    email,
    phoneNumber: requiredText(K.phoneNumberRequired),
    username,
    password,
    confirmPassword: z.string().check(z.minLength(1, K.confirmPasswordRequired)),
  })
  .check(
    passwordsMatch('confirmPassword', K.passwordsDoNotMatch),
    z.refine((values) => values.type !== 'corporate' || values.companyName !== '', {
      error: K.companyNameRequired,
      path: ['companyName'],
      when: () => true,
    }),
  );
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** Spaces are ignored (people paste "123 456" from the email) and Arabic-Indic digits read as 0-9; then exactly six digits. */
export const securityCodeFormSchema = z.object({
  code: z.string().check(
    z.overwrite((text) => toAsciiDigits(text.replace(/\s+/g, ''))),
    z.regex(new RegExp(`^\\d{${SECURITY_CODE_LENGTH}}$`), K.securityCodeDigits),
  ),
});
export type SecurityCodeForm = z.infer<typeof securityCodeFormSchema>;

const knownKeys = new Set<string>(Object.values(VALIDATION_KEYS));

/** Runs a form schema and keeps the first message key per field (the most basic problem: required before length). */
export function validateForm<T extends Record<string, unknown>>(
  schema: z.ZodMiniType<T>,
  values: unknown,
): FormResult<T> {
  const result = z.safeParse(schema, values);
  if (result.success) return { ok: true, value: result.data };
  const errors: Partial<Record<string, ValidationKey>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const key = knownKeys.has(issue.message) ? (issue.message as ValidationKey) : K.required;
    errors[field] ??= key;
  }
  return { ok: false, errors: errors as Partial<Record<keyof T & string, ValidationKey>> };
}

export const validateLoginForm = (values: LoginForm) => validateForm(loginFormSchema, values);
export const validateNewPasswordForm = (values: NewPasswordForm) =>
  validateForm(newPasswordFormSchema, values);
export const validateRegistrationForm = (values: RegistrationForm) =>
  validateForm(registrationFormSchema, values);
export const validateSecurityCode = (values: SecurityCodeForm) =>
  validateForm(securityCodeFormSchema, values);
