import type { Kysely } from 'kysely';
import type { CustomerUserWire } from '../../src/services/api/wire/account';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../http/api-error';
import type { CurrentUser } from '../http/app-env';
import { pendingEmailOf } from './email-change';

const userColumns = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'language',
  'landline_phone',
  'mobile_phone',
  'is_active',
  'is_admin',
] as const;

/** The users of a company as `customerUserWire` answers; deleted users never appear. */
export function selectCompanyUsers(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof selectCompanyUsers>['executeTakeFirstOrThrow']>>;

/** `is_main_user` is the is_admin flag (the session's is_admin claim); passwords never leave. */
export const toCustomerUserWire = (row: UserRow): CustomerUserWire => ({
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
  const row = await selectCompanyUsers(db, companyId).where('id', '=', userId).executeTakeFirst();
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

/** Settings writes of a demo account are refused, as its cart and orders are (spec point 6). */
export function refuseDemoSettings(user: CurrentUser) {
  if (user.isDemo)
    throw new ApiError(403, {
      detail: 'Demo accounts cannot change settings.',
      code: 'demo_account',
    });
}

/** Company info changes and user management are the main user's. */
export function requireMainUser(user: CurrentUser) {
  if (!user.isAdmin)
    throw new ApiError(403, {
      detail: 'Only the main user of the company can do this.',
      code: 'main_user_only',
    });
}

/** Language codes a user may choose (GET /api/baf/languages/). */
export async function languageCodes(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('languages').select('code').execute();
  return new Set(rows.map((r) => r.code));
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
