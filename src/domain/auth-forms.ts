// The rules of the forms around an account's access (spec point 5): registration, the password reset's
// three steps, the signed-in password change and the account deletion's confirmation. The server's
// request schemas read the same limits, so what a form accepts the server accepts.
import * as z from 'zod/mini';
import { emailField, newPasswordField, usernameField } from './account-forms';
import {
  COMPANY_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
  SECURITY_CODE_LENGTH,
  VAT_NUMBER_MAX_LENGTH,
} from './account-rules';
import { toAsciiDigits } from './digits';
import { VALIDATION_KEYS as K, type ValidationKey, validateForm } from './form-validation';
import type { RegistrationPayload } from './types';

const text = (requiredKey: ValidationKey, max: number) =>
  z.string().check(z.trim(), z.minLength(1, requiredKey), z.maxLength(max, K.tooLong));

const email = emailField(K.emailRequired);
const username = usernameField(K.usernameRequired);
const newPassword = newPasswordField(K.passwordRequired);

/**
 * The repeat must equal `password`. `when` lets the check run while another field is wrong, so every
 * problem shows at once (one message per field).
 */
const repeatMatches = <T extends { password: string }>(field: keyof T & string, key: ValidationKey) =>
  z.refine<T>((values) => values.password === values[field], { error: key, path: [field], when: () => true });

export const customerTypes = ['corporate', 'individual'] as const;
export type CustomerType = (typeof customerTypes)[number];

/**
 * Registration (spec point 5): company name and tax number are required of a corporate customer only;
 * an individual has neither (the full name stands in for the company's).
 */
export const registrationFormSchema = z
  .object({
    type: z.enum(customerTypes),
    companyName: z.string().check(z.trim(), z.maxLength(COMPANY_NAME_MAX_LENGTH, K.tooLong)),
    taxNumber: z.string().check(z.trim(), z.maxLength(VAT_NUMBER_MAX_LENGTH, K.tooLong)),
    fullName: text(K.fullNameRequired, 2 * NAME_MAX_LENGTH),
    email,
    phoneNumber: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, K.phoneNumberRequired),
        z.maxLength(PHONE_MAX_LENGTH, K.tooLong),
        z.regex(PHONE_PATTERN, K.invalidPhone),
      ),
    username,
    password: newPassword,
    confirmPassword: z.string().check(z.minLength(1, K.confirmPasswordRequired)),
  })
  .check(
    repeatMatches('confirmPassword', K.passwordsDoNotMatch),
    z.refine((values) => values.type !== 'corporate' || values.companyName !== '', {
      error: K.companyNameRequired,
      path: ['companyName'],
      when: () => true,
    }),
    z.refine((values) => values.type !== 'corporate' || values.taxNumber !== '', {
      error: K.taxNumberRequired,
      path: ['taxNumber'],
      when: () => true,
    }),
  );
export type RegistrationForm = z.infer<typeof registrationFormSchema>;
export type RegistrationField = keyof RegistrationForm;

export const emptyRegistrationForm: RegistrationForm = {
  type: 'corporate',
  companyName: '',
  taxNumber: '',
  fullName: '',
  email: '',
  phoneNumber: '',
  username: '',
  password: '',
  confirmPassword: '',
};

export const validateRegistrationForm = (values: RegistrationForm) =>
  validateForm(registrationFormSchema, values);

/** The spec's payload plus the form's type and full name; an individual sends no company or tax number. */
export function toRegistrationPayload(form: RegistrationForm): RegistrationPayload {
  const corporate = form.type === 'corporate';
  return {
    customerType: form.type,
    fullName: form.fullName,
    companyName: corporate ? form.companyName : '',
    taxNumber: corporate ? form.taxNumber : '',
    email: form.email,
    phoneNumber: form.phoneNumber,
    username: form.username,
    password: form.password,
    confirmPassword: form.confirmPassword,
  };
}

/** Forgot password: the account's e-mail address. */
export const forgotPasswordFormSchema = z.object({ email });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;
export const validateForgotPasswordForm = (values: ForgotPasswordForm) =>
  validateForm(forgotPasswordFormSchema, values);

/**
 * The security code: spaces are ignored (people paste "123 456" from the mail) and Arabic-Indic
 * digits read as 0-9; then exactly six digits.
 */
export const securityCodeFormSchema = z.object({
  code: z.string().check(
    z.overwrite((typed) => toAsciiDigits(typed.replace(/\s+/g, ''))),
    z.regex(new RegExp(`^\\d{${SECURITY_CODE_LENGTH}}$`), K.securityCodeDigits),
  ),
});
export type SecurityCodeForm = z.infer<typeof securityCodeFormSchema>;
export const validateSecurityCodeForm = (values: SecurityCodeForm) =>
  validateForm(securityCodeFormSchema, values);

/** New password after a reset: at least 6 characters, and the repeat matches ("Please enter same password"). */
export const newPasswordFormSchema = z
  .object({ password: newPassword, repeatPassword: z.string().check(z.minLength(1, K.required)) })
  .check(repeatMatches('repeatPassword', K.samePassword));
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
export const validateNewPasswordForm = (values: NewPasswordForm) =>
  validateForm(newPasswordFormSchema, values);

/** Signed-in password change: the current password, then the new one twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z
      .string()
      .check(z.minLength(1, K.required), z.maxLength(PASSWORD_MAX_LENGTH, K.tooLong)),
    password: newPassword,
    repeatPassword: z.string().check(z.minLength(1, K.required)),
  })
  .check(repeatMatches('repeatPassword', K.samePassword));
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
export type ChangePasswordField = keyof ChangePasswordForm;
export const emptyChangePasswordForm: ChangePasswordForm = {
  currentPassword: '',
  password: '',
  repeatPassword: '',
};
export const validateChangePasswordForm = (values: ChangePasswordForm) =>
  validateForm(changePasswordFormSchema, values);

/**
 * Deleting the account: the customer types their username to confirm. Case and surrounding spaces do
 * not matter (usernames are unique without case), anything else does.
 */
export const confirmsUsername = (typed: string, username: string) =>
  typed.trim().toLowerCase() === username.trim().toLowerCase() && username.trim() !== '';
