import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { Database, IntegrationKeysTable } from '../db/schema';
import { badRequest } from '../http/api-error';
import type { IntegrationScope } from '../imports/import-kind';
import { integrationScopes } from './scopes';

export type IntegrationKeyRow = Selectable<IntegrationKeysTable>;

/** The key as the staff console and the CLI show it: never the secret, never its digest. */
export interface IntegrationKeyWire {
  id: number;
  name: string;
  key_prefix: string;
  scopes: IntegrationScope[];
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** POST /api/staff/keys/ and `npm run integration -- key create`: a name and at least one scope. */
export const integrationKeyRequestWire = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'A key needs a name.'), z.maxLength(80)),
  scopes: z
    .array(z.enum(integrationScopes))
    .check(z.minLength(1, 'A key needs at least one scope.'), z.maxLength(integrationScopes.length)),
});

const KEY_PREFIX = 'opk_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PREFIX_LENGTH = 8;
/** 40 base-62 characters: about 238 random bits, so the key itself can never be guessed */
const SECRET_LENGTH = 40;

/** Uniformly random base-62 text: bytes from 248 up are thrown away so no character is likelier. */
function randomBase62(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      text += BASE62[byte % 62];
      if (text.length === length) break;
    }
  }
  return text;
}

/**
 * The digest a key is stored and looked up by. A plain SHA-256 is enough: the key is random and
 * long, so a slow hash would add nothing but time to every call.
 */
export const integrationKeyDigest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A key's shown prefix (`opk_AbCd1234`), or undefined when the text is not shaped like a key. */
export function keyPrefixOf(secret: string): string | undefined {
  const match = /^(opk_[0-9A-Za-z]{8})_[0-9A-Za-z]{32,}$/.exec(secret);
  return match?.[1];
}

export const scopesOf = (row: Pick<IntegrationKeyRow, 'scopes'>): IntegrationScope[] =>
  row.scopes
    .split(' ')
    .filter((scope): scope is IntegrationScope => (integrationScopes as readonly string[]).includes(scope));

export const toIntegrationKeyWire = (row: IntegrationKeyRow): IntegrationKeyWire => ({
  id: row.id,
  name: row.name,
  key_prefix: row.key_prefix,
  scopes: scopesOf(row),
  created_at: row.created_at,
  created_by: row.created_by,
  last_used_at: row.last_used_at,
  revoked_at: row.revoked_at,
});

function validKeyRequest(input: { name: string; scopes: readonly string[] }) {
  const result = integrationKeyRequestWire.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw badRequest('The key has invalid fields.', errors);
}

/**
 * Makes a key and answers its secret, which exists only in this answer: the database keeps its
 * digest. Invalid names or scopes throw a 400 ApiError naming the fields.
 */
export async function createIntegrationKey(
  db: Kysely<Database>,
  input: { name: string; scopes: readonly string[]; createdBy: string; now: Date },
): Promise<{ key: IntegrationKeyRow; secret: string }> {
  const { name, scopes } = validKeyRequest(input);
  const prefix = `${KEY_PREFIX}${randomBase62(PREFIX_LENGTH)}`;
  const secret = `${prefix}_${randomBase62(SECRET_LENGTH)}`;
  // stored in the documented order, each once, whatever order they were given in
  const ordered = integrationScopes.filter((scope) => scopes.includes(scope));
  const key = await db
    .insertInto('integration_keys')
    .values({
      name,
      key_prefix: prefix,
      key_digest: integrationKeyDigest(secret),
      scopes: ordered.join(' '),
      created_at: input.now.toISOString(),
      created_by: input.createdBy,
      last_used_at: null,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { key, secret };
}

/** Every key, revoked ones too (their history tells which system called when), newest first. */
export function listIntegrationKeys(db: Kysely<Database>): Promise<IntegrationKeyRow[]> {
  return db.selectFrom('integration_keys').selectAll().orderBy('id', 'desc').execute();
}

/**
 * Revokes a key from `now` on: its next call answers 401. Revoking again keeps the first time;
 * an unknown id answers null.
 */
export async function revokeIntegrationKey(
  db: Kysely<Database>,
  id: number,
  now: Date,
): Promise<IntegrationKeyRow | null> {
  await db
    .updateTable('integration_keys')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await db.selectFrom('integration_keys').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}
