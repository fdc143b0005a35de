import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServerApp, type ServerApp, type ServerAppOptions } from '../../../server/app';
import { createScratchDatabase, type ScratchDatabase } from '../../../server/db/scratch-database';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A clock the tests move forward to pass token lifetimes and throttle windows. */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestServer {
  app: ServerApp;
  database: ScratchDatabase;
  clock: TestClock;
  distDir: string;
  /** another app over the same database (same data and throttle counts: they live in the database), with any other options */
  freshApp(options?: Partial<Omit<ServerAppOptions, 'db' | 'jwtSecret' | 'now'>>): ServerApp;
  close(): Promise<void>;
}

/** A built-portal stand-in: index.html and one hashed asset. */
function writeFakeDist(): string {
  const distDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log("portal");');
  return distDir;
}

export async function startTestServer({ seed = true } = {}): Promise<TestServer> {
  const database = await createScratchDatabase({}, { seeded: seed });
  const clock = new TestClock();
  const distDir = writeFakeDist();
  const freshApp: TestServer['freshApp'] = (options = {}) =>
    createServerApp({ distDir, ...options, db: database.db, jwtSecret: TEST_SECRET, now: clock.now });
  return {
    app: freshApp(),
    database,
    clock,
    distDir,
    freshApp,
    async close() {
      await database.drop();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
