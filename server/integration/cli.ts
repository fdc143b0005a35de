import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { USERNAME_PATTERN } from '../../src/domain/account-rules';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import { hashPassword } from '../security/passwords';
import {
  createIntegrationKey,
  listIntegrationKeys,
  revokeIntegrationKey,
  toIntegrationKeyWire,
} from './keys';
import { integrationOpenApi } from './openapi';
import { integrationScopes } from './scopes';

/** What a command may touch; the script passes the real ones, tests their own. */
export interface CliContext {
  db: Kysely<Database>;
  now: () => Date;
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** asks for a password without echoing it (only when STAFF_PASSWORD is not set) */
  askPassword: (question: string) => Promise<string>;
}

/** 0 done, 1 the command was right but could not be done, 2 the command itself was wrong */
export type ExitCode = 0 | 1 | 2;

const integrationUsage = `Usage: npm run integration -- <command>

  key create --name <name> --scopes <scope,scope,...>
                          make an integration key; its secret is printed once
  key list                list the keys (never their secrets)
  key revoke <id>         revoke a key: its next call answers 401
  staff create --username <username> --name "<full name>"
                          add a staff console user; the password comes from
                          STAFF_PASSWORD or is asked for (not echoed)
  openapi                 print the integration API's OpenAPI document

Scopes: ${integrationScopes.join(', ')}`;

/** Staff may make keys and load the whole business: a longer password than a customer's minimum. */
const STAFF_PASSWORD_MIN_LENGTH = 10;

class UsageError extends Error {}

const usage = (message: string): never => {
  throw new UsageError(message);
};

function options(args: string[], names: readonly string[]) {
  try {
    return parseArgs({
      args,
      options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
}

const required = (values: Record<string, unknown>, name: string): string => {
  const value = values[name];
  return typeof value === 'string' && value.trim() !== '' ? value : usage(`--${name} is required.`);
};

const noPositionals = (positionals: string[]) => {
  if (positionals.length > 0) usage(`Unexpected argument "${positionals[0]}".`);
};

function keyLine(key: ReturnType<typeof toIntegrationKeyWire>): string {
  const state = key.revoked_at ? `revoked ${key.revoked_at}` : `last used ${key.last_used_at ?? 'never'}`;
  return `${key.id}\t${key.key_prefix}…\t${key.name}\t${key.scopes.join(',')}\tcreated ${key.created_at} by ${key.created_by}\t${state}`;
}

async function keyCreate(args: string[], context: CliContext): Promise<ExitCode> {
  const { values, positionals } = options(args, ['name', 'scopes']);
  noPositionals(positionals);
  const name = required(values, 'name');
  const scopes = required(values, 'scopes')
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
  const unknown = scopes.filter((scope) => !(integrationScopes as readonly string[]).includes(scope));
  if (unknown.length > 0)
    usage(
      `Unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Scopes: ${integrationScopes.join(', ')}.`,
    );
  const { key, secret } = await createIntegrationKey(context.db, {
    name,
    scopes,
    createdBy: 'cli',
    now: context.now(),
  });
  context.out(`Created key ${key.id} "${key.name}" (${key.scopes.split(' ').join(', ')}).`);
  context.out('');
  context.out(`  ${secret}`);
  context.out('');
  context.out('Copy it now: it is not shown again (only its digest is stored). Give it to the system');
  context.out('that calls the integration API as "Authorization: Bearer <key>".');
  return 0;
}

async function keyList(args: string[], context: CliContext): Promise<ExitCode> {
  const { positionals } = options(args, []);
  noPositionals(positionals);
  const keys = await listIntegrationKeys(context.db);
  if (keys.length === 0) context.out('No integration keys yet.');
  for (const key of keys) context.out(keyLine(toIntegrationKeyWire(key)));
  return 0;
}

async function keyRevoke(args: string[], context: CliContext): Promise<ExitCode> {
  const { positionals } = options(args, []);
  const [id, ...rest] = positionals;
  if (id === undefined) usage('key revoke needs the id of the key (see key list).');
  noPositionals(rest);
  if (!/^[1-9][0-9]{0,8}$/.test(id ?? '')) usage(`"${id}" is not a key id (see key list).`);
  const key = await revokeIntegrationKey(context.db, Number(id), context.now());
  if (!key) {
    context.err(`No key with id ${id}.`);
    return 1;
  }
  context.out(`Revoked key ${key.id} "${key.name}" (${key.key_prefix}…) at ${key.revoked_at}.`);
  return 0;
}

async function staffCreate(args: string[], context: CliContext): Promise<ExitCode> {
  const { values, positionals } = options(args, ['username', 'name']);
  noPositionals(positionals);
  // sign-in lowercases what is typed, so the stored name is lowercase too
  const username = required(values, 'username').trim().toLowerCase();
  const name = required(values, 'name').trim();
  if (!USERNAME_PATTERN.test(username) || username.length > 150)
    usage('--username may hold letters, digits and @ . + - _ (at most 150).');
  if (name.length > 150) usage('--name may be at most 150 characters.');
  const taken = await context.db
    .selectFrom('staff_users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  if (taken) {
    context.err(`A staff user "${username}" exists already.`);
    return 1;
  }
  const password = context.env.STAFF_PASSWORD ?? (await context.askPassword(`Password for ${username}: `));
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
    context.err(`The password must have at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`);
    return 2;
  }
  const inserted = await context.db
    .insertInto('staff_users')
    .values({
      username,
      name,
      password_hash: await hashPassword(password),
      created_at: context.now().toISOString(),
    })
    .onConflict((conflict) => conflict.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    context.err(`A staff user "${username}" exists already.`);
    return 1;
  }
  context.out(`Created staff user "${username}" (${name}); they sign in at /staff.`);
  return 0;
}

/** Runs one command of `npm run integration -- …` and answers its exit code. */
export async function runIntegrationCommand(args: readonly string[], context: CliContext): Promise<ExitCode> {
  const [group, action, ...rest] = args;
  try {
    if (group === 'key' && action === 'create') return await keyCreate(rest, context);
    if (group === 'key' && action === 'list') return await keyList(rest, context);
    if (group === 'key' && action === 'revoke') return await keyRevoke(rest, context);
    if (group === 'staff' && action === 'create') return await staffCreate(rest, context);
    if (group === 'openapi' && action === undefined) {
      context.out(JSON.stringify(integrationOpenApi(), null, 2));
      return 0;
    }
    if (group === 'help' || group === '--help' || group === '-h') {
      context.out(integrationUsage);
      return 0;
    }
    return usage(group === undefined ? 'No command given.' : `Unknown command "${args.join(' ')}".`);
  } catch (error) {
    if (error instanceof UsageError) {
      context.err(error.message);
      context.err('');
      context.err(integrationUsage);
      return 2;
    }
    if (error instanceof ApiError) {
      const fields = Object.entries(error.body.errors ?? {}).map(
        ([field, messages]) => `${field}: ${messages.join(' ')}`,
      );
      context.err([error.body.detail, ...fields].join('\n  '));
      return 2;
    }
    throw error;
  }
}
