import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database';
import { newRegistration } from './support/account-access';

// Two real server processes on one database, as behind a load balancer: every throttle must hold
// across both. SQLite by default (one DATA_DIR), PostgreSQL when DATABASE_URL is set.

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'two-processes-share-this-secret-0123456789abcdef';
const CSRF = 'two-processes-csrf-token-0123456789abcdefgh';
const START_TIMEOUT_MS = 90_000;

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startProcess(database: ScratchDatabase): Promise<Running> {
  const port = await freePort();
  // the README's way of starting: no NODE_ENV (vitest sets "test"), nothing else of the test's
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    JWT_SECRET: SECRET,
    SEED_PRODUCTS: '20',
    // the test speaks for many clients through X-Forwarded-For, as a proxy would
    TRUST_PROXY: '1',
    ...('databaseUrl' in database.connection
      ? { DATABASE_URL: database.connection.databaseUrl }
      : { DATA_DIR: database.connection.dataDir }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const running = { child, base: `http://127.0.0.1:${port}`, output: () => output };
  await waitUntilReady(running);
  return running;
}

async function waitUntilReady({ child, base, output }: Running) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become ready:\n${output()}`);
}

async function stopProcess({ child }: Running) {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

let database: ScratchDatabase;
let servers: Running[] = [];

beforeAll(async () => {
  database = await createScratchDatabase();
  // one after the other: the first seeds the database, the second finds it seeded
  servers.push(await startProcess(database));
  servers.push(await startProcess(database));
}, 2 * START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(servers.map(stopProcess));
  servers = [];
  await database?.drop();
}, 30_000);

/** a POST to the i-th request's process (alternating), for the client at `address` */
async function post(i: number, path: string, body: unknown, address: string) {
  const server = servers[i % 2] as Running;
  const response = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': address,
      Cookie: `csrftoken=${CSRF}`,
      'X-CSRFToken': CSRF,
    },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response;
}

describe('two server processes on one database', { timeout: 120_000 }, () => {
  it('checks 5 wrong passwords for a username, not 10: the 6th is 429 whichever process gets it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push(
        (
          await post(
            i,
            '/api/token/',
            { username: 'colleague', password: 'wrong-guess' },
            `198.51.100.${i + 1}`,
          )
        ).status,
      );
    // a 429 is answered before any password check, so five 401s are five checks
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    const right = await post(
      0,
      '/api/token/',
      { username: 'colleague', password: 'colleague123' },
      '198.51.100.99',
    );
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('sends 3 reset mails for one e-mail, not 6', async () => {
    const email = 'maria.keller@lindenhof-gastro.example';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await post(i, '/api/password-reset/', { email }, `198.51.101.${i + 1}`)).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
    const mails = await database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', email)
      .execute();
    expect(mails).toHaveLength(3);
  });

  it('takes 20 registrations from one address an hour, not 40', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1)
      statuses.push((await post(i, '/api/netb2b/register/', newRegistration(), '198.51.102.1')).status);
    expect(statuses).toEqual([...Array.from({ length: 20 }, () => 201), 429, 429]);
  });

  it('takes 20 error reports a minute from one address and 300 in all, not twice as many', async () => {
    const report = { source: 'two-processes', message: 'Failed to fetch' };
    const fromOne: number[] = [];
    for (let i = 0; i < 22; i += 1)
      fromOne.push((await post(i, '/api/errors/', report, '198.51.103.1')).status);
    expect(fromOne).toEqual([...Array.from({ length: 20 }, () => 202), 429, 429]);

    const fromMany: number[] = [];
    for (let i = 0; i < 290; i += 1)
      fromMany.push((await post(i, '/api/errors/', report, `10.${Math.floor(i / 250)}.${i % 250}.7`)).status);
    expect(fromMany.filter((status) => status === 202)).toHaveLength(280);
    expect(fromMany.slice(280)).toEqual(Array.from({ length: 10 }, () => 429));
    const stored = await database.db
      .selectFrom('error_reports')
      .select('id')
      .where('source', '=', 'two-processes')
      .execute();
    expect(stored).toHaveLength(300);
  });
});
