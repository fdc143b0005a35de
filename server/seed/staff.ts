import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { demoPasswordHash } from './demo-password-hashes';

/** The demo's staff console user; its password is published with the demo's others. */
export const demoStaff = { username: 'staff', password: 'staff123', name: 'Supplier staff' } as const;

/** The demo staff row, hashed before the seed's transaction takes the write lock. */
export async function buildStaffRows(now: Date) {
  return [
    {
      username: demoStaff.username,
      password_hash: await demoPasswordHash(demoStaff.password),
      name: demoStaff.name,
      created_at: now.toISOString(),
    },
  ];
}

/**
 * A demo database seeded before the staff console gets its staff user once. Nothing is written
 * when the user is there, and a second process doing the same at once changes nothing (no ids are
 * given, the username is unique).
 */
export async function seedDemoStaffOnce(db: Kysely<Database>, now: Date) {
  const present = await db
    .selectFrom('staff_users')
    .select('id')
    .where('username', '=', demoStaff.username)
    .executeTakeFirst();
  if (present) return;
  await db
    .insertInto('staff_users')
    .values(await buildStaffRows(now))
    .onConflict((conflict) => conflict.column('username').doNothing())
    .execute();
}
