/**
 * Limits of the company, address, user and account forms. The client's form schemas
 * (account-forms.ts) and the server's request schemas (services/api/wire/account.ts) both read them,
 * so a value the form accepts is a value the server accepts.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 150;
/** Django's username alphabet: letters, digits and @ . + - _ */
export const USERNAME_PATTERN = /^[\p{L}\p{N}@.+_-]+$/u;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 32;
/** digits, spaces and + ( ) . / - ; empty is allowed where a phone is optional */
export const PHONE_PATTERN = /^[0-9+() ./-]*$/;
export const VAT_NUMBER_MAX_LENGTH = 32;
export const POSTAL_CODE_MAX_LENGTH = 16;
export const INSTRUCTIONS_MAX_LENGTH = 500;
export const COMPANY_EMAILS_MIN = 1;
export const COMPANY_EMAILS_MAX = 10;
export const ADDRESSES_PER_KIND_MAX = 50;
/** spec points 5 and 9: the password reset's security code */
export const SECURITY_CODE_LENGTH = 6;
/** Minutes the code that confirms a new e-mail address is valid (the server's rule, shown with the code field). */
export const EMAIL_CHANGE_CODE_MINUTES = 30;
/** a company's name (registration; the company form keeps NAME_MAX_LENGTH) */
export const COMPANY_NAME_MAX_LENGTH = 200;
