import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database';
import { type CliContext, runIntegrationCommand } from '../../server/integration/cli';
import { verifyPassword } from '../../server/security/passwords';

let database: ScratchDatabase;

beforeAll(async () => {
  database = await createScratchDatabase();
});
afterAll(() => database.drop());

/** Runs one command as `npm run integration -- …` would, keeping what it printed. */
async function run(args: string[], { env = {}, typed }: { env?: NodeJS.ProcessEnv; typed?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const asked: string[] = [];
  const context: CliContext = {
    db: database.db,
    now: () => new Date('2026-11-27T10:00:00.000Z'),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env,
    askPassword: async (question) => {
      asked.push(question);
      return typed ?? '';
    },
  };
  const code = await runIntegrationCommand(args, context);
  return { code, out: out.join('\n'), err: err.join('\n'), asked };
}

const SECRET = /opk_[0-9A-Za-z]{8}_[0-9A-Za-z]{32,}/;

describe('npm run integration -- key …', () => {
  it('creates a key, prints its secret once with a warning, lists it without the secret and revokes it', async () => {
    const created = await run(['key', 'create', '--name', 'erp', '--scopes', 'prices:write,catalogue:write']);
    expect(created.code).toBe(0);
    const secret = SECRET.exec(created.out)?.[0] ?? '';
    expect(created.out).toContain('not shown again');
    const row = await database.db
      .selectFrom('integration_keys')
      .selectAll()
      .where('key_digest', '=', createHash('sha256').update(secret).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'erp', scopes: 'catalogue:write prices:write', created_by: 'cli' });

    const listed = await run(['key', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(row.key_prefix);
    expect(listed.out).toContain('erp');
    expect(listed.out).not.toMatch(SECRET);

    const revoked = await run(['key', 'revoke', String(row.id)]);
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain(`Revoked key ${row.id}`);
    const after = await database.db
      .selectFrom('integration_keys')
      .select('revoked_at')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.revoked_at).toBe('2026-11-27T10:00:00.000Z');
  });

  it('says which key does not exist (exit 1)', async () => {
    const answer = await run(['key', 'revoke', '99999']);
    expect(answer.code).toBe(1);
    expect(answer.err).toContain('No key with id 99999');
  });

  it('answers wrong arguments with a message and the usage (exit 2), making nothing', async () => {
    const before = await database.db.selectFrom('integration_keys').select('id').execute();
    const attempts: [string[], string][] = [
      [[], 'No command given.'],
      [['key'], 'Unknown command "key"'],
      [['key', 'create', '--name', 'erp'], '--scopes is required.'],
      [['key', 'create', '--scopes', 'jobs:read'], '--name is required.'],
      [['key', 'create', '--name', 'erp', '--scopes', 'admin,jobs:read'], 'Unknown scope: admin.'],
      [['key', 'create', '--name', 'x'.repeat(81), '--scopes', 'jobs:read'], 'name:'],
      [
        ['key', 'create', '--name', 'erp', '--scopes', 'jobs:read', '--colour', 'red'],
        "Unknown option '--colour'",
      ],
      [['key', 'revoke'], 'needs the id'],
      [['key', 'revoke', 'abc'], '"abc" is not a key id'],
      [['key', 'list', 'extra'], 'Unexpected argument "extra"'],
      [['staff', 'create', '--name', 'Ann'], '--username is required.'],
    ];
    const answers = await Promise.all(
      attempts.map(async ([args]) => {
        const { code, err } = await run(args);
        return { args, code, said: err };
      }),
    );
    expect(answers).toEqual(
      attempts.map(([args, message]) => ({ args, code: 2, said: expect.stringContaining(message) })),
    );
    expect(await database.db.selectFrom('integration_keys').select('id').execute()).toEqual(before);
  });

  it('prints the OpenAPI document', async () => {
    const answer = await run(['openapi']);
    expect(answer.code).toBe(0);
    expect(JSON.parse(answer.out)).toMatchObject({ openapi: '3.1.0', paths: { '/imports/{kind}': {} } });
  });
});

describe('npm run integration -- staff create', () => {
  it('takes the password from STAFF_PASSWORD and stores it hashed', async () => {
    const answer = await run(['staff', 'create', '--username', 'Anna', '--name', 'Anna Staff'], {
      env: { STAFF_PASSWORD: 'a long staff password' },
    });
    expect(answer.code).toBe(0);
    expect(answer.asked).toEqual([]);
    const row = await database.db
      .selectFrom('staff_users')
      .selectAll()
      .where('username', '=', 'anna')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Anna Staff', is_active: 1 });
    expect(row.password_hash).not.toContain('a long staff password');
    expect(await verifyPassword('a long staff password', row.password_hash)).toBe(true);
  });

  it('asks for the password when STAFF_PASSWORD is not set', async () => {
    const answer = await run(['staff', 'create', '--username', 'bo', '--name', 'Bo'], {
      typed: 'typed secret 123',
    });
    expect(answer.code).toBe(0);
    expect(answer.asked).toEqual(['Password for bo: ']);
    const row = await database.db
      .selectFrom('staff_users')
      .select('password_hash')
      .where('username', '=', 'bo')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword('typed secret 123', row.password_hash)).toBe(true);
  });

  it('refuses a short password (exit 2) and a username in use (exit 1)', async () => {
    const short = await run(['staff', 'create', '--username', 'cy', '--name', 'Cy'], {
      env: { STAFF_PASSWORD: 'short' },
    });
    expect(short.code).toBe(2);
    expect(short.err).toContain('at least 10 characters');
    const taken = await run(['staff', 'create', '--username', 'ANNA', '--name', 'Another Anna'], {
      env: { STAFF_PASSWORD: 'another long password' },
    });
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('exists already');
    const rows = await database.db
      .selectFrom('staff_users')
      .select('username')
      .where('username', 'in', ['cy', 'anna'])
      .execute();
    expect(rows).toEqual([{ username: 'anna' }]);
  });
});
