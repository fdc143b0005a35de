import { type Insertable, type Kysely, sql } from 'kysely';
import { CUSTOMER_ACCOUNT_FIELDS } from '../accounts/account-fields';
import type { Database, UsersTable } from '../db/schema';

/**
 * The SQL on `users` that more than one account flow runs: the own account and the main user's
 * user management save the same details, the signed-in change and the reset set a password the
 * same way, registration and user management check the same names.
 */

const companyUserColumns = [...CUSTOMER_ACCOUNT_FIELDS, 'is_active', 'is_admin'] as const;

/** The users of a company as `customerUserWire` answers; deleted users never appear. */
function selectCompanyUsers(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('users')
    .select(companyUserColumns)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
}

export type CompanyUserRow = Awaited<
  ReturnType<ReturnType<typeof selectCompanyUsers>['executeTakeFirstOrThrow']>
>;

/** The company's users, oldest first (passwords never leave). */
export function companyUserRows(db: Kysely<Database>, companyId: number) {
  return selectCompanyUsers(db, companyId).orderBy('id').execute();
}

/** One user of the company; undefined for another company's user, a deleted one, no such id. */
export function companyUserRow(db: Kysely<Database>, companyId: number, userId: number) {
  return selectCompanyUsers(db, companyId).where('id', '=', userId).executeTakeFirst();
}

/** The fields a user's details form saves; the main user also sets a colleague's language. */
export interface UserDetails {
  first_name: string;
  last_name: string;
  landline_phone: string;
  mobile_phone: string;
  language?: string;
}

/** Saves a user's details; a user of another company, or a deleted one, is left alone. */
export async function updateUserDetails(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  details: UserDetails,
) {
  await db
    .updateTable('users')
    .set({
      first_name: details.first_name,
      last_name: details.last_name,
      landline_phone: details.landline_phone,
      mobile_phone: details.mobile_phone,
      ...(details.language === undefined ? {} : { language: details.language }),
    })
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .execute();
}

/** Is there still a user with this id (deleted ones included)? */
export async function userExists(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** What a mail to a user needs: the address, the name and the language. */
export function mailingDetailsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** A user's address, as typed (a change waits for its code first: server/accounts/email-change.ts). */
export async function setUserEmail(db: Kysely<Database>, userId: number, email: string) {
  await db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}

/** The stored password hash of a user. */
export async function passwordHashOf(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

/** A new password hash for a user who has not been deleted. */
export async function setPasswordHash(db: Kysely<Database>, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Is a username taken, in any letter case (deleted users' `#deleted-` names included)? */
export async function usernameInUse(db: Kysely<Database>, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Does an account that is not deleted hold this address, in any letter case (besides `exceptUserId`)? */
export async function emailInUse(
  db: Kysely<Database>,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('deleted_at', 'is', null);
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new user row; answers its id. */
export async function insertUser(db: Kysely<Database>, user: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The company's other users that are not deleted, with their main-user and active flags. */
export function colleaguesOf(db: Kysely<Database>, companyId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'is_admin', 'is_active'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('id', '<>', userId)
    .execute();
}

/** Deactivates or reactivates a user of the company (not a deleted one). */
export async function setUserActive(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  active: boolean,
) {
  await db
    .updateTable('users')
    .set({ is_active: active ? 1 : 0 })
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** The language a user's texts and mails are in. */
export async function setUserLanguage(db: Kysely<Database>, userId: number, language: string) {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/** The portal's languages, in the picker's order (GET /api/baf/languages/). */
export function portalLanguages(db: Kysely<Database>) {
  return db.selectFrom('languages').select(['id', 'code', 'name', 'flag']).orderBy('position').execute();
}

/** The codes of the portal's languages: the ones a user may choose. */
export async function portalLanguageCodes(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('languages').select('code').execute();
  return new Set(rows.map((row) => row.code));
}
