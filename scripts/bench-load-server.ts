/**
 * The portal server of `npm run bench:load` as a child process, started the way `npm run serve`
 * starts it (server/main.ts under tsx), but as one node process so that its RSS is the server's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, untilReady } from './bench-portal';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const READY_TIMEOUT_MS = 15 * 60_000;

export interface BenchServer {
  origin: string;
  pid: number;
  /** the run's own PostgreSQL database (postgres only) */
  databaseUrl: string | undefined;
  /** the server's resident set now (VmRSS), 0 once it has exited */
  rssMiB(): number;
  /** what the server printed, for a failed run */
  log(): string;
  stop(): Promise<void>;
}

const rssOf = (pid: number) => {
  try {
    const kilobytes = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kilobytes ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** A fresh database on the PostgreSQL server for this run, dropped by `drop`. */
async function createRunDatabase(serverUrl: string) {
  const name = `bench_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

export async function startBenchServer(options: {
  engine: string;
  databaseUrl: string | undefined;
  dataDir: string;
  distDir: string;
  products: number;
}): Promise<BenchServer> {
  const port = await freePort();
  const database =
    options.engine === 'postgres' && options.databaseUrl
      ? await createRunDatabase(options.databaseUrl)
      : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: options.dataDir,
    DIST_DIR: options.distDir,
    SEED_PRODUCTS: String(options.products),
    JWT_SECRET: 'bench-load-secret-bench-load-secret-0123456789',
    NODE_ENV: 'production',
    // the bench signs in as the demo accounts, which production leaves out unless asked for
    SEED_DEMO: '1',
  };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const pid = child.pid ?? 0;
  const origin = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited(child);
      clearTimeout(timer);
    }
    await database?.drop();
  };

  try {
    await untilReady(origin, child, READY_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}:\n${output}`);
  }

  return { origin, pid, databaseUrl: database?.url, rssMiB: () => rssOf(pid), log: () => output, stop };
}
