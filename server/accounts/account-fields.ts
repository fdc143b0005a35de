/**
 * The fields an account answer names exactly as their table columns do, so that the queries, the
 * answers and the conformance profile (server/profile) list them once.
 */

/** A postal address of a company (company_addresses), without its id, kind and instructions. */
export const POSTAL_ADDRESS_FIELDS = [
  'name',
  'line1',
  'line2',
  'suburb',
  'city',
  'state',
  'country',
  'postal_code',
] as const;

/** A user's own account details (users), as SPEC.md point 3's customer account names them. */
export const CUSTOMER_ACCOUNT_FIELDS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'language',
  'landline_phone',
  'mobile_phone',
] as const;
