import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { CurrentUser } from '../http/app-env';
import { colleaguesOf } from '../queries/users';
import { unusablePasswordHash } from '../security/passwords';
import { revokeAllFamilies } from '../security/token-families';

/**
 * Removes a user (the main user's DELETE of a colleague, and a user's own account deletion). Orders
 * reference the user who placed them (spec: existing orders remain), so a user with orders keeps an
 * anonymised, inactive row marked deleted (their name reads "Deleted user" on those orders'
 * invoices); a user without orders is removed, with their cart, notifications, reads and favourite
 * lists (an anonymised row loses them too). Either way the username is free again, no password
 * opens the account, every session ends, and the id answers 404.
 */
export async function deleteUser(db: Kysely<Database>, id: number, at: Date) {
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select('id').where('user_id', '=', id).executeTakeFirst();
    if (!order) {
      // the user's token families and reset codes go with the row (on delete cascade)
      await trx.deleteFrom('users').where('id', '=', id).execute();
      return;
    }
    for (const table of [
      'cart_items',
      'notifications',
      'announcement_reads',
      'password_resets',
      'favourite_lists',
    ] as const)
      await trx.deleteFrom(table).where('user_id', '=', id).execute();
    await revokeAllFamilies(trx, id, at);
    await trx
      .updateTable('users')
      .set({
        // '#' is outside the username alphabet, so no one can sign up as or sign in with it
        username: `#deleted-${id}`,
        password_hash: unusablePasswordHash(),
        first_name: 'Deleted',
        last_name: 'user',
        email: '',
        landline_phone: '',
        mobile_phone: '',
        is_active: 0,
        is_admin: 0,
        deleted_at: at.toISOString(),
      })
      .where('id', '=', id)
      .execute();
  });
}

const handOverFirst = () =>
  new ApiError(400, {
    detail:
      'You are the last main user of your company. Make another user the main user, or remove the other users, before you delete your account.',
    code: 'hand_over_first',
  });

/**
 * Deleting one's own account: like the main user's DELETE of a colleague, and every session ends.
 * A company must keep an active main user as long as it has other users, so its last one hands
 * over (or removes the others) first.
 */
export async function deleteOwnAccount(db: Kysely<Database>, user: CurrentUser, at: Date) {
  if (user.isAdmin) {
    const others = await colleaguesOf(db, user.companyId, user.id);
    const anotherMainUser = others.some((other) => other.is_admin === 1 && other.is_active === 1);
    if (others.length > 0 && !anotherMainUser) throw handOverFirst();
  }
  await deleteUser(db, user.id, at);
}
