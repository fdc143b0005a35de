import type { Kysely } from 'kysely';
import type { CustomerUserCreateWire, CustomerUserWire } from '../../src/services/api/wire/account';
import type { Database } from '../db/schema';
import { ApiError, badRequest, notFound } from '../http/api-error';
import type { CurrentUser } from '../http/app-env';
import { isUniqueViolation } from '../orders/unique-violation';
import {
  type CompanyUserRow,
  companyUserRow,
  companyUserRows,
  insertUser,
  portalLanguageCodes,
  setUserActive,
  usernameInUse,
} from '../queries/users';
import { hashPassword, unusablePasswordHash } from '../security/passwords';
import { revokeAllFamilies } from '../security/token-families';
import { emailTaken, isEmailIndexViolation, pendingEmailOf, refuseTakenEmail } from './email-change';

/** The company's users, oldest first, as the user management lists them. */
export async function companyUsers(db: Kysely<Database>, companyId: number): Promise<CustomerUserWire[]> {
  const rows = await companyUserRows(db, companyId);
  return rows.map(toCustomerUserWire);
}

/** `is_main_user` is the is_admin flag (the session's is_admin claim); passwords never leave. */
export const toCustomerUserWire = (row: CompanyUserRow): CustomerUserWire => ({
  id: row.id,
  username: row.username,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  language: row.language,
  landline_phone: row.landline_phone,
  mobile_phone: row.mobile_phone,
  is_active: row.is_active === 1,
  is_main_user: row.is_admin === 1,
});

/** One user of the company, or 404 (another company's user, a deleted one, no such id). */
export async function findCompanyUser(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
): Promise<CustomerUserWire> {
  const row = await companyUserRow(db, companyId, userId);
  if (!row) throw notFound('No user has this id.');
  return toCustomerUserWire(row);
}

/** The largest id an integer column holds in both engines; larger path ids are simply unknown. */
const MAX_ID = 2_147_483_647;

/** A path id, or 404 for anything that is not a positive integer id. */
export function pathId(raw: string | undefined): number {
  const value = /^[1-9][0-9]{0,9}$/.test(raw ?? '') ? Number(raw) : Number.NaN;
  if (!(value <= MAX_ID)) throw notFound('No user has this id.');
  return value;
}

/** Company info changes and user management are the main user's. */
export function requireMainUser(user: CurrentUser) {
  if (!user.isAdmin)
    throw new ApiError(403, {
      detail: 'Only the main user of the company can do this.',
      code: 'main_user_only',
    });
}

/** One user as `findCompanyUser` answers, plus the address waiting for its code when there is one. */
export async function findCompanyUserWithPending(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  at: Date,
): Promise<CustomerUserWire> {
  const user = await findCompanyUser(db, companyId, userId);
  const pending = await pendingEmailOf(db, userId, at);
  return pending === undefined ? user : { ...user, pending_email: pending };
}

const usernameTaken = () =>
  new ApiError(409, { detail: 'This username is already taken.', code: 'username_taken' });

const ownAccount = () =>
  new ApiError(403, {
    detail: 'You cannot deactivate or delete your own account.',
    code: 'own_account',
  });

/** The 403 for a main user's deactivation or deletion of their own account. */
export function refuseOwnAccount(user: CurrentUser, id: number) {
  if (id === user.id) throw ownAccount();
}

/** A 400 on `language` when it is not one of the portal's languages (none when it is). */
export async function languageErrors(
  db: Kysely<Database>,
  language: string,
): Promise<Record<string, string[]>> {
  return (await portalLanguageCodes(db)).has(language)
    ? {}
    : { language: [`"${language}" is not one of the portal's languages.`] };
}

/**
 * A new user of the main user's company, with an initial password or an invitation (not both). The
 * username and the address must be free; the unique constraints decide between two creations at once.
 */
export async function createCompanyUser(
  db: Kysely<Database>,
  companyId: number,
  body: CustomerUserCreateWire,
  at: Date,
): Promise<CustomerUserWire> {
  const errors = await languageErrors(db, body.language);
  const invited = body.send_invitation === true;
  if (invited && body.password !== undefined)
    errors.non_field_errors = ['Give an initial password or send an invitation, not both.'];
  else if (!invited && body.password === undefined)
    errors.password = ['Give an initial password, or send an invitation instead.'];
  if (Object.keys(errors).length > 0) throw badRequest('The request body has invalid fields.', errors);

  const username = body.username.trim().toLowerCase();
  if (await usernameInUse(db, username)) throw usernameTaken();
  await refuseTakenEmail(db, body.email);
  // Hashing is slow on purpose; an invited user gets a hash no password matches until they set one.
  const passwordHash =
    body.password === undefined ? unusablePasswordHash() : await hashPassword(body.password);
  let id: number;
  try {
    id = await insertUser(db, {
      company_id: companyId,
      username,
      password_hash: passwordHash,
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email,
      language: body.language,
      landline_phone: body.landline_phone,
      mobile_phone: body.mobile_phone,
      is_active: 1,
      is_admin: 0,
      is_demo: 0,
      created_at: at.toISOString(),
    });
  } catch (error) {
    if (isEmailIndexViolation(error)) throw emailTaken();
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  return findCompanyUser(db, companyId, id);
}

/**
 * Deactivates or reactivates a colleague. requireUser reads is_active on every request, so a
 * deactivated user's open sessions stop at once, and their refresh tokens end with it.
 */
export async function setColleagueActive(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  active: boolean,
  at: Date,
) {
  await setUserActive(db, companyId, userId, active);
  if (!active) await revokeAllFamilies(db, userId, at);
}
