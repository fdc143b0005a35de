import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { queueMail } from '../../server/mail/outbox';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const root = resolve(__dirname, '../..');
const MAILBOX = '/dev/mailbox/messages.json';

let server: TestServer;
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await queueMail(
    server.database.db,
    { to: 'anna@example.org', subject: 'Your code', text: 'Code: 123456', language: 'en' },
    server.clock.now,
    undefined,
  );
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await server.close();
});

describe('the developer mailbox in the app', () => {
  it('is not there unless switched on, not even for this machine', async () => {
    const client = new TestClient(server.freshApp(), '127.0.0.1');
    for (const path of ['/dev/mailbox/', MAILBOX]) {
      const answer = await client.get(path);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('@');
    }
  });

  it('when switched on, answers connections from a loopback address', async () => {
    const app = server.freshApp({ devMailbox: true });
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const answer = await new TestClient(app, address).get(MAILBOX);
      expect({ address, status: answer.status }).toEqual({ address, status: 200 });
      expect(await answer.text()).toContain('anna@example.org');
    }
  });

  it('when switched on, answers 404 to any other peer, whatever X-Forwarded-For claims', async () => {
    const app = server.freshApp({ devMailbox: true, trustProxy: 1 });
    for (const address of ['192.0.2.10', '10.0.0.2', '::ffff:192.0.2.10', '2001:db8::1']) {
      const client = new TestClient(app, address);
      const plain = await client.get(MAILBOX);
      const forwarded = await client.request(MAILBOX, { headers: { 'X-Forwarded-For': '127.0.0.1' } });
      expect({ address, plain: plain.status, forwarded: forwarded.status }).toEqual({
        address,
        plain: 404,
        forwarded: 404,
      });
      expect(await plain.text()).not.toContain('@');
    }
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

function scratchFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'portal-mailbox-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
}

/** node with tsx's loader in one process (no tsx wrapper), so a kill reaches the server itself */
const startProcess = (env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env });

/**
 * `tsx server/main.ts` the way the README starts it: a data folder and a port, nothing else (on the
 * PostgreSQL run a scratch database and the JWT_SECRET it then needs). Resolves once it listens.
 */
async function startMain(extraEnv: NodeJS.ProcessEnv): Promise<Started> {
  const dataDir = scratchFolder();
  const distDir = scratchFolder();
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase();
    await scratch.db.destroy();
    cleanups.push(() => scratch.drop());
    if ('databaseUrl' in scratch.connection) env.DATABASE_URL = scratch.connection.databaseUrl;
    env.JWT_SECRET = 'dev-mailbox-test-secret-0123456789abcdef';
  }
  const port = await freePort();
  Object.assign(
    env,
    { PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir, SEED_PRODUCTS: '20' },
    extraEnv,
  );
  const child = startProcess(env);
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await new Promise<void>((done, fail) => {
    const listening = () => {
      if (!output.includes(`http://localhost:${port}/`)) return;
      child.stdout.off('data', listening);
      done();
    };
    child.stdout.on('data', listening);
    child.once('exit', (code) => fail(new Error(`the server ended (${code}):\n${output}`)));
  });
  return { child, port, output: () => output };
}

/** the exit code and output of a start that is expected to be refused */
async function refusedStart(extraEnv: NodeJS.ProcessEnv) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: join(scratchFolder(), 'data'),
    PORT: String(await freePort()),
    ...extraEnv,
  };
  const child = startProcess(env);
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  return { code, output };
}

describe('the developer mailbox of a started server (server/main.ts)', () => {
  it('started the README way, there is no mailbox and the output says where mails go', async () => {
    const { port, output } = await startMain({});
    const answer = await fetch(`http://127.0.0.1:${port}${MAILBOX}`);
    expect(answer.status).toBe(404);
    expect(output()).toContain('outbox');
    expect(output()).toContain('DEV_MAILBOX=1');
  }, 60_000);

  it('started with DEV_MAILBOX=1, this machine reads the mailbox', async () => {
    const { port, output } = await startMain({ DEV_MAILBOX: '1' });
    const answer = await fetch(`http://127.0.0.1:${port}${MAILBOX}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([]);
    expect(output()).toContain(`http://localhost:${port}/dev/mailbox/`);
  }, 60_000);

  it('refuses to start with DEV_MAILBOX=1 and SMTP_URL, naming both', async () => {
    const { code, output } = await refusedStart({ DEV_MAILBOX: '1', SMTP_URL: 'smtp://mail.example:587' });
    expect(code).toBe(1);
    expect(output).toMatch(/DEV_MAILBOX.*SMTP_URL/);
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses to start in production without JWT_SECRET, naming the variable', async () => {
    const { code, output } = await refusedStart({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(output).toMatch(/JWT_SECRET/);
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);
});
