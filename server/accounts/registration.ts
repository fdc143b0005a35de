import type { Kysely } from 'kysely';
import type { RegistrationForm } from '../../src/domain/auth-forms';
import { type FieldErrors, VALIDATION_KEYS as K } from '../../src/domain/form-validation';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import { isUniqueViolation } from '../orders/unique-violation';
import { emailInUse, insertUser, usernameInUse } from '../queries/users';
import { isEmailIndexViolation } from './email-change';

/** A registration refusal: the spec's `error` field carries the same text as `detail`. */
const refused = (detail: string, code: string, errors?: Record<string, string[]>) =>
  new ApiError(400, { detail, code, ...(errors ? { errors } : {}) });

export const usernameTaken = () => refused('This username is already taken.', 'username_taken');
export const emailTaken = () => refused('An account with this e-mail address already exists.', 'email_taken');

/** The registration form's messages in English (the client shows the same texts from its locale). */
const englishMessages: Partial<Record<string, string>> = {
  [K.required]: 'This field is required.',
  [K.invalidEmail]: 'Invalid e-mail address.',
  [K.usernameMin]: 'The username must be at least {{min}} characters.',
  [K.usernameCharacters]: 'Use only letters, digits and @ . + - _',
  [K.passwordMin]: 'The password must be at least {{min}} characters.',
  [K.tooLong]: 'At most {{max}} characters.',
  [K.invalidPhone]: 'Use only digits, spaces and + ( ) . / -',
  [K.passwordsDoNotMatch]: 'Passwords do not match.',
  [K.emailRequired]: 'E-mail address is required.',
  [K.phoneNumberRequired]: 'Phone number is required.',
  [K.companyNameRequired]: 'Company name is required.',
  [K.fullNameRequired]: 'Your first and last name is required.',
  [K.taxNumberRequired]: 'Tax number is required.',
  [K.usernameRequired]: 'Username is required.',
  [K.passwordRequired]: 'Password is required.',
  [K.confirmPasswordRequired]: 'Please confirm the password.',
};

/** The form's message keys (`validation.passwordMin`) as English texts, under the wire's field names. */
export function englishFieldErrors(errors: FieldErrors, fieldNames: Record<string, string> = {}) {
  const texts: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(errors)) {
    let text = englishMessages[message.key] ?? 'This field is not valid.';
    for (const [placeholder, value] of Object.entries(message.values ?? {}))
      text = text.replaceAll(`{{${placeholder}}}`, String(value));
    texts[fieldNames[field] ?? field] = [text];
  }
  return texts;
}

/** Splits a full name at its last space: "Maria del Carmen Ruiz" → "Maria del Carmen" + "Ruiz". */
export function splitFullName(fullName: string): { first: string; last: string } {
  const name = fullName.trim().replace(/\s+/g, ' ');
  const cut = name.lastIndexOf(' ');
  return cut < 0 ? { first: name, last: '' } : { first: name.slice(0, cut), last: name.slice(cut + 1) };
}

/** Refuses a username (any letter case) or an e-mail address an account already has. */
async function refuseTaken(db: Kysely<Database>, username: string, email: string) {
  if (await usernameInUse(db, username)) throw usernameTaken();
  if (await emailInUse(db, email)) throw emailTaken();
}

/**
 * A self-registered customer: a new company (corporate: its name and VAT number; individual: named
 * after the person, no VAT number) and its main user, in one transaction. The form has been validated.
 */
export async function registerCustomer(
  db: Kysely<Database>,
  form: RegistrationForm,
  language: string,
  at: Date,
  hashPassword: (password: string) => Promise<string>,
): Promise<number> {
  const username = form.username.trim().toLowerCase();
  const email = form.email.trim();
  const phone = form.phoneNumber.trim();
  const corporate = form.type === 'corporate';
  const { first, last } = splitFullName(form.fullName);
  // The cheap refusals before the expensive hash: a flood of taken names must not cost CPU.
  await refuseTaken(db, username, email);
  const passwordHash = await hashPassword(form.password);
  try {
    return await db.transaction().execute(async (trx) => {
      // again inside the transaction: someone may have taken either meanwhile
      await refuseTaken(trx, username, email);

      const company = await trx
        .insertInto('companies')
        .values({
          name: corporate ? form.companyName.trim() : `${first} ${last}`.trim(),
          customer_type: corporate ? 'corporate' : 'individual',
          vat_number: corporate ? form.taxNumber.trim() : '',
          landline_number: '',
          mobile_number: phone,
          email,
          tax_applies: 1,
          currency_symbol: '€',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('company_email_addresses')
        .values({ company_id: company.id, position: 0, email })
        .execute();
      return await insertUser(trx, {
        company_id: company.id,
        username,
        password_hash: passwordHash,
        first_name: first,
        last_name: last,
        email,
        language,
        landline_phone: '',
        mobile_phone: phone,
        is_active: 1,
        is_admin: 1,
        is_demo: 0,
        created_at: at.toISOString(),
        deleted_at: null,
      });
    });
  } catch (error) {
    // two registrations of one address or username at once: the unique index decides
    if (isEmailIndexViolation(error)) throw emailTaken();
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}
