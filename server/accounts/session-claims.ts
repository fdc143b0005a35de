import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionClaimsPayload } from '../security/tokens';

export interface AccountForSignIn {
  id: number;
  passwordHash: string;
  isActive: boolean;
  claims: SessionClaimsPayload;
}

/**
 * A user with what the refresh token says about them; undefined when there is no such user, or when
 * they were deleted (an anonymised row kept for their orders, migration 060).
 */
export async function findAccount(
  db: Kysely<Database>,
  by: { username: string } | { id: number },
): Promise<AccountForSignIn | undefined> {
  const query = db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.password_hash',
      'users.is_active',
      'users.first_name',
      'users.last_name',
      'users.language',
      'users.is_admin',
      'users.is_demo',
      'users.can_review_flows',
      'companies.name as company_name',
      'companies.tax_applies',
    ])
    .where('users.deleted_at', 'is', null);
  const row = await ('id' in by
    ? query.where('users.id', '=', by.id)
    : query.where('users.username', '=', by.username)
  ).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    passwordHash: row.password_hash,
    isActive: row.is_active === 1,
    claims: {
      name: `${row.first_name} ${row.last_name}`.trim(),
      account_name: row.company_name,
      is_admin: row.is_admin === 1,
      tax_applies: row.tax_applies === 1,
      language: row.language,
      is_demo: row.is_demo === 1,
      can_review_flows: row.can_review_flows === 1,
    },
  };
}
