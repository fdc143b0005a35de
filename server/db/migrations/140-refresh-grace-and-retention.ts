import { type Kysely, type Migration, sql } from 'kysely';
import type { ColumnTypes } from '../column-types';

/** As REFRESH_TOKEN_SECONDS (security/tokens.ts) when this migration was written; frozen here on purpose. */
const REFRESH_TOKEN_MS_AT_MIGRATION = 7 * 24 * 60 * 60_000;

/**
 * Refresh rotation grace window and what the retention job needs.
 * - refresh_token_families remembers the refresh token its current one replaced and when, so a
 *   second tab presenting that previous token within a few seconds gets the current pair instead of
 *   ending the session, and when its newest refresh token runs out (`expires_at`), so the retention
 *   job can find families no token can use any more.
 * - Indexes on the instants each purge selects by, so a purge reads only what it deletes.
 *
 * `expires_at` is filled for existing families with a bound no token issued before now can pass
 * (now + the refresh lifetime): their tokens' own issue times were never stored.
 */
export function refreshGraceAndRetention(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('refresh_token_families').addColumn('previous_jti', 'text').execute();
      await db.schema.alterTable('refresh_token_families').addColumn('rotated_at', 'text').execute();
      await db.schema.alterTable('refresh_token_families').addColumn('expires_at', 'text').execute();
      const bound = new Date(Date.now() + REFRESH_TOKEN_MS_AT_MIGRATION).toISOString();
      await sql`update refresh_token_families set expires_at = ${bound} where expires_at is null`.execute(db);

      for (const [name, table, column] of indexes)
        await db.schema.createIndex(name).on(table).column(column).execute();
    },

    async down(db: Kysely<unknown>) {
      for (const [name] of indexes) await db.schema.dropIndex(name).execute();
      await db.schema.alterTable('refresh_token_families').dropColumn('expires_at').execute();
      await db.schema.alterTable('refresh_token_families').dropColumn('rotated_at').execute();
      await db.schema.alterTable('refresh_token_families').dropColumn('previous_jti').execute();
    },
  };
}

const indexes = [
  ['idx_refresh_token_families_revoked', 'refresh_token_families', 'revoked_at'],
  ['idx_refresh_token_families_expires', 'refresh_token_families', 'expires_at'],
  ['idx_password_resets_expires', 'password_resets', 'expires_at'],
  ['idx_password_resets_used', 'password_resets', 'used_at'],
  ['idx_error_reports_created', 'error_reports', 'created_at'],
  ['idx_order_idempotency_keys_created', 'order_idempotency_keys', 'created_at'],
] as const;
