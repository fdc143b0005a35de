// The settings forms' rules: company information, an address, a new or changed user, the own account.
import * as z from 'zod/mini';
import {
  COMPANY_EMAILS_MAX,
  COMPANY_EMAILS_MIN,
  EMAIL_MAX_LENGTH,
  INSTRUCTIONS_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
  POSTAL_CODE_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  VAT_NUMBER_MAX_LENGTH,
} from './account-rules';
import { VALIDATION_KEYS as K, type ValidationKey, validateForm } from './form-validation';
import type { BillingAddress, DeliveryAddress } from './types';

/** Texts are trimmed (a stray space from autofill is not part of a name); passwords never are. */
const requiredText = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, K.required), z.maxLength(max, K.tooLong));
const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max, K.tooLong));
/**
 * The e-mail, username and new-password rules, shared with the account-access forms (auth-forms.ts),
 * which name the missing field in their required message (spec point 5's registration texts).
 */
export const emailField = (requiredKey: ValidationKey = K.required) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, requiredKey),
      z.maxLength(EMAIL_MAX_LENGTH, K.tooLong),
      z.email(K.invalidEmail),
    );
const email = emailField();
const phone = z
  .string()
  .check(z.trim(), z.maxLength(PHONE_MAX_LENGTH, K.tooLong), z.regex(PHONE_PATTERN, K.invalidPhone));
export const usernameField = (requiredKey: ValidationKey = K.required) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, requiredKey),
      z.minLength(USERNAME_MIN_LENGTH, K.usernameMin),
      z.maxLength(USERNAME_MAX_LENGTH, K.tooLong),
      z.regex(USERNAME_PATTERN, K.usernameCharacters),
    );
const username = usernameField();
/** Passwords are never trimmed: a space is a character the customer chose. */
export const newPasswordField = (requiredKey: ValidationKey = K.required) =>
  z
    .string()
    .check(
      z.minLength(1, requiredKey),
      z.minLength(PASSWORD_MIN_LENGTH, K.passwordMin),
      z.maxLength(PASSWORD_MAX_LENGTH, K.tooLong),
    );
const password = newPasswordField();

/** The same e-mail address twice is one address; the second entry gets the message. */
const noDuplicateEmails = z.superRefine<string[]>((list, context) => {
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const folded = entry.trim().toLowerCase();
    if (seen.has(folded)) context.addIssue({ code: 'custom', message: K.duplicateEntry, path: [index] });
    seen.add(folded);
  });
});

export const companyFormSchema = z.object({
  name: requiredText(NAME_MAX_LENGTH),
  vatNumber: optionalText(VAT_NUMBER_MAX_LENGTH),
  landlineNumber: phone,
  mobileNumber: phone,
  emailAddresses: z
    .array(email)
    .check(
      z.minLength(COMPANY_EMAILS_MIN, K.atLeastEntries),
      z.maxLength(COMPANY_EMAILS_MAX, K.atMostEntries),
      noDuplicateEmails,
    ),
});
export type CompanyForm = z.infer<typeof companyFormSchema>;

const billingAddressFields = {
  name: requiredText(NAME_MAX_LENGTH),
  line1: requiredText(NAME_MAX_LENGTH),
  line2: optionalText(NAME_MAX_LENGTH),
  suburb: optionalText(NAME_MAX_LENGTH),
  city: requiredText(NAME_MAX_LENGTH),
  state: optionalText(NAME_MAX_LENGTH),
  country: requiredText(NAME_MAX_LENGTH),
  postalCode: requiredText(POSTAL_CODE_MAX_LENGTH),
};
export const billingAddressFormSchema = z.object(billingAddressFields);
export const deliveryAddressFormSchema = z.object({
  ...billingAddressFields,
  instructions: optionalText(INSTRUCTIONS_MAX_LENGTH),
});
export type AddressForm = z.infer<typeof deliveryAddressFormSchema>;
export type AddressKind = 'delivery' | 'billing';

const personFields = {
  firstName: requiredText(NAME_MAX_LENGTH),
  lastName: requiredText(NAME_MAX_LENGTH),
  email,
  landlinePhone: phone,
  mobilePhone: phone,
};

/** The own account (every user): name, e-mail and phones; the language has its own flow. */
export const accountFormSchema = z.object(personFields);
export type AccountForm = z.infer<typeof accountFormSchema>;

/** A colleague's details as the main user changes them (the username stays). */
export const userEditFormSchema = z.object({ ...personFields, language: requiredText(8) });
export type UserEditForm = z.infer<typeof userEditFormSchema>;

/** A new user: an initial password, or an invitation mail that lets them choose one. */
export const userCreateFormSchema = z.discriminatedUnion('access', [
  z.object({ ...personFields, language: requiredText(8), username, access: z.literal('password'), password }),
  z.object({
    ...personFields,
    language: requiredText(8),
    username,
    access: z.literal('invitation'),
    password: z.optional(z.string()),
  }),
]);
export type UserCreateForm = z.infer<typeof userCreateFormSchema>;

export const validateCompanyForm = (values: CompanyForm) => validateForm(companyFormSchema, values);
export const validateAddressForm = (kind: AddressKind, values: AddressForm) =>
  kind === 'delivery'
    ? validateForm(deliveryAddressFormSchema, values)
    : validateForm(billingAddressFormSchema, values);
export const validateAccountForm = (values: AccountForm) => validateForm(accountFormSchema, values);
export const validateUserEditForm = (values: UserEditForm) => validateForm(userEditFormSchema, values);
export const validateUserCreateForm = (values: UserCreateForm) => validateForm(userCreateFormSchema, values);

/** A blank address form; a delivery address also has instructions. */
export const emptyAddressForm = (): AddressForm => ({
  name: '',
  line1: '',
  line2: '',
  suburb: '',
  city: '',
  state: '',
  country: '',
  postalCode: '',
  instructions: '',
});

/** The form of an address being edited (a billing address has no instructions: empty). */
export const addressFormOf = (address: DeliveryAddress | BillingAddress): AddressForm => ({
  name: address.name,
  line1: address.line1,
  line2: address.line2,
  suburb: address.suburb,
  city: address.city,
  state: address.state,
  country: address.country,
  postalCode: address.postalCode,
  instructions: 'instructions' in address ? address.instructions : '',
});
