import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createScratchDatabase } from '../../../server/db/scratch-database';

const root = resolve(__dirname, '../../..');

export interface MainProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** kills the process and removes its folders (and its PostgreSQL scratch database) */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

type Cleanup = () => Promise<void> | void;

/**
 * `server/main.ts` spawned on a fresh data folder and a free port with `base` and then `env`; the
 * process is killed and the folder removed by the first of the cleanups it adds.
 */
async function spawnMain(base: NodeJS.ProcessEnv, env: NodeJS.ProcessEnv, cleanups: Cleanup[]) {
  const folder = mkdtempSync(join(tmpdir(), 'portal-main-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const port = await freePort();
  // node with tsx's loader in one process (no tsx wrapper), so a kill reaches the server itself
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: join(folder, 'data'),
      DIST_DIR: join(folder, 'dist'),
      SEED_PRODUCTS: '20',
      ...base,
      PORT: String(port),
      ...env,
    },
  });
  cleanups.unshift(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const listens = () => output.includes(`http://localhost:${port}/`);
  return { child, port, output: () => output, listens };
}

/**
 * `server/main.ts` started the way the README starts it, on a fresh data folder (on the PostgreSQL
 * run a fresh scratch database and the JWT_SECRET it needs) with `env` on top. Resolves once it
 * listens; rejects with its output when it ends first.
 */
export async function startMainProcess(env: NodeJS.ProcessEnv): Promise<MainProcess> {
  const cleanups: Cleanup[] = [];
  const stop = async () => {
    for (const cleanup of cleanups) await cleanup();
  };
  const base: NodeJS.ProcessEnv = {};
  try {
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchDatabase();
      await scratch.db.destroy();
      cleanups.push(() => scratch.drop());
      if ('databaseUrl' in scratch.connection) base.DATABASE_URL = scratch.connection.databaseUrl;
      base.JWT_SECRET = 'main-process-test-secret-0123456789abcdef';
    }
    const { child, port, output, listens } = await spawnMain(base, env, cleanups);
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', () => {
        if (listens()) done();
      });
      child.once('exit', (code) => fail(new Error(`the server ended (${code}):\n${output()}`)));
    });
    return { child, port, output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * `server/main.ts` started with only `env` on top of a fresh data folder (no scratch database, no
 * JWT_SECRET: on either run it sees just what the test gives it), for a start that should be refused.
 * Resolves with its exit code and output once it ends; one that listens instead is killed (code null).
 */
export async function refusedMainProcess(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const cleanups: Cleanup[] = [];
  try {
    const { child, output, listens } = await spawnMain({}, env, cleanups);
    const code = await new Promise<number | null>((done) => {
      child.once('exit', done);
      child.stdout.on('data', () => {
        if (listens()) child.kill('SIGKILL');
      });
    });
    return { code, output: output() };
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}
