import * as z from 'zod/mini';
import {
  ADDRESSES_PER_KIND_MAX,
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
} from '../../../domain/account-rules';
import type { BillingAddress, CompanyInfo, CustomerUser, DeliveryAddress } from '../../../domain/types';
import { id, idRef, lineText, multiLine, singleLine } from './primitives';

// Answers are parsed loosely (what a server sends is its business); request bodies carry the rules of
// domain/account-rules.ts, so the reference server refuses what the forms refuse, with English messages.

const addressAnswerFields = {
  pk: id,
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  suburb: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postal_code: z.string(),
};
export const billingAddressWire = z.object(addressAnswerFields);
export const deliveryAddressWire = z.object({ ...addressAnswerFields, instructions: z.string() });
type BillingWire = z.infer<typeof billingAddressWire>;

const required = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'This field is required.'), z.maxLength(max), singleLine());
const optional = (max: number) => z.string().check(z.trim(), z.maxLength(max), singleLine());
/** Delivery instructions may run over several lines. */
const optionalLines = (max: number) => z.string().check(z.trim(), z.maxLength(max), multiLine());
const emailText = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'This field is required.'),
    z.maxLength(EMAIL_MAX_LENGTH),
    singleLine(),
    z.email('Invalid e-mail address.'),
  );
const phoneText = z
  .string()
  .check(
    z.trim(),
    z.maxLength(PHONE_MAX_LENGTH),
    z.regex(PHONE_PATTERN, 'Only digits, spaces and + ( ) . / - are allowed.'),
  );

const addressRequestFields = {
  /** absent or null for a new address; the server gives it a pk */
  pk: z.optional(z.nullable(idRef)),
  name: required(NAME_MAX_LENGTH),
  line1: required(NAME_MAX_LENGTH),
  line2: optional(NAME_MAX_LENGTH),
  suburb: optional(NAME_MAX_LENGTH),
  city: required(NAME_MAX_LENGTH),
  state: optional(NAME_MAX_LENGTH),
  country: required(NAME_MAX_LENGTH),
  postal_code: required(POSTAL_CODE_MAX_LENGTH),
};
const billingAddressRequestWire = z.object(addressRequestFields);
const deliveryAddressRequestWire = z.object({
  ...addressRequestFields,
  instructions: optionalLines(INSTRUCTIONS_MAX_LENGTH),
});

const toBilling = (w: BillingWire): BillingAddress => ({
  pk: w.pk,
  name: w.name,
  line1: w.line1,
  line2: w.line2,
  suburb: w.suburb,
  city: w.city,
  state: w.state,
  country: w.country,
  postalCode: w.postal_code,
});
const fromBilling = (a: BillingAddress) => ({
  pk: a.pk,
  name: a.name,
  line1: a.line1,
  line2: a.line2,
  suburb: a.suburb,
  city: a.city,
  state: a.state,
  country: a.country,
  postal_code: a.postalCode,
});

/**
 * GET and PUT /petekcore/company-info/ answer: the whole company info and, from the reference server,
 * its version. Point 3 has no version: without one a save is sent without it and the last write wins.
 */
export const companyInfoWire = z.object({
  version: z.optional(id),
  /** not in the specification's contract: a server that leaves it out serves companies only */
  customer_type: z.optional(z.enum(['corporate', 'individual'])),
  name: z.string(),
  vat_number: z.string(),
  landline_number: z.string(),
  mobile_number: z.string(),
  email_addresses: z.array(z.string()),
  delivery_addresses: z.array(deliveryAddressWire),
  billing_addresses: z.array(billingAddressWire),
});
export type CompanyInfoWire = z.infer<typeof companyInfoWire>;

/**
 * PUT /petekcore/company-info/ body (spec point 7: the whole company info with all addresses on each
 * change). `version` is the version of the copy the change was made on: an older one answers 409.
 * Point 3 has no version, so a body without one is saved as it is (the last write wins).
 * Addresses keep their pk; one without a pk is new; one left out is deleted.
 */
export const companyInfoUpdateWire = z.object({
  version: z.optional(idRef),
  name: required(NAME_MAX_LENGTH),
  vat_number: optional(VAT_NUMBER_MAX_LENGTH),
  landline_number: phoneText,
  mobile_number: phoneText,
  email_addresses: z.array(emailText).check(z.minLength(COMPANY_EMAILS_MIN), z.maxLength(COMPANY_EMAILS_MAX)),
  delivery_addresses: z.array(deliveryAddressRequestWire).check(z.maxLength(ADDRESSES_PER_KIND_MAX)),
  billing_addresses: z.array(billingAddressRequestWire).check(z.maxLength(ADDRESSES_PER_KIND_MAX)),
});
export type CompanyInfoUpdateWire = z.infer<typeof companyInfoUpdateWire>;
/** The PUT body as the client sends it: without a version when the backend never gave one. */
export type CompanyInfoSaveWire = Omit<CompanyInfoUpdateWire, 'version'> & { version?: number };

export const toCompanyInfo = (w: CompanyInfoWire): CompanyInfo => ({
  ...(w.version === undefined ? {} : { version: w.version }),
  customerType: w.customer_type ?? 'corporate',
  name: w.name,
  vatNumber: w.vat_number,
  landlineNumber: w.landline_number,
  mobileNumber: w.mobile_number,
  emailAddresses: w.email_addresses,
  deliveryAddresses: w.delivery_addresses.map(
    (a): DeliveryAddress => ({ ...toBilling(a), instructions: a.instructions }),
  ),
  billingAddresses: w.billing_addresses.map(toBilling),
});
export const fromCompanyInfo = (c: CompanyInfo): CompanyInfoSaveWire => ({
  ...(c.version === undefined ? {} : { version: c.version }),
  name: c.name,
  vat_number: c.vatNumber,
  landline_number: c.landlineNumber,
  mobile_number: c.mobileNumber,
  email_addresses: c.emailAddresses,
  delivery_addresses: c.deliveryAddresses.map((a) => ({ ...fromBilling(a), instructions: a.instructions })),
  billing_addresses: c.billingAddresses.map(fromBilling),
});

/** A user of the caller's company (GET /petekcore/customer-accounts/, /{id}/, /account-info/). */
export const customerUserWire = z.object({
  id,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  language: z.string(),
  landline_phone: z.string(),
  mobile_phone: z.string(),
  /** not in point 3: absent is active (a backend without the flag lists no deactivated users) */
  is_active: z._default(z.boolean(), true),
  /** not in point 3: absent is false (no user is badged as the main one) */
  is_main_user: z._default(z.boolean(), false),
  /**
   * A new address waiting for the code mailed to it; `email` stays the old one until then. A server
   * that changes addresses at once (the specification's) never sends it.
   */
  pending_email: z.optional(z.string()),
});
export type CustomerUserWire = z.infer<typeof customerUserWire>;
export const toCustomerUser = (w: CustomerUserWire): CustomerUser => ({
  id: w.id,
  username: w.username,
  firstName: w.first_name,
  lastName: w.last_name,
  email: w.email,
  language: w.language,
  landlinePhone: w.landline_phone,
  mobilePhone: w.mobile_phone,
  isActive: w.is_active,
  isMainUser: w.is_main_user,
  ...(w.pending_email ? { pendingEmail: w.pending_email } : {}),
});

/** POST /account-info/confirm-email/ and /petekcore/customer-accounts/{id}/confirm-email/: the mailed code. */
export const confirmEmailWire = z.object({ code: lineText(32) });
export type ConfirmEmailWire = z.infer<typeof confirmEmailWire>;

const personRequestFields = {
  first_name: required(NAME_MAX_LENGTH),
  last_name: required(NAME_MAX_LENGTH),
  email: emailText,
  landline_phone: phoneText,
  mobile_phone: phoneText,
};

/** PUT /account-info/: the caller's own name, e-mail and phones (the language has its own call). */
export const accountUpdateWire = z.object(personRequestFields);
export type AccountUpdateWire = z.infer<typeof accountUpdateWire>;

/** PUT /petekcore/customer-accounts/{id}/: a user's details as the main user changes them. */
export const customerUserUpdateWire = z.object({ ...personRequestFields, language: required(8) });
export type CustomerUserUpdateWire = z.infer<typeof customerUserUpdateWire>;

/**
 * POST /petekcore/customer-accounts/: a new user of the caller's company, with an initial password
 * or `send_invitation: true` (no password; the user sets one through the invitation mail).
 */
export const customerUserCreateWire = z.object({
  ...personRequestFields,
  language: required(8),
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(USERNAME_MIN_LENGTH, `The username must be at least ${USERNAME_MIN_LENGTH} characters.`),
      z.maxLength(USERNAME_MAX_LENGTH),
      z.regex(USERNAME_PATTERN, 'Only letters, digits and @ . + - _ are allowed.'),
    ),
  password: z.optional(
    z
      .string()
      .check(
        z.minLength(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
        z.maxLength(PASSWORD_MAX_LENGTH),
        singleLine(),
      ),
  ),
  send_invitation: z.optional(z.boolean()),
});
export type CustomerUserCreateWire = z.infer<typeof customerUserCreateWire>;
