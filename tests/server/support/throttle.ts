import type { TestServer } from './test-server';

/**
 * Forgets every throttle count of the test server's database. The counts live in the database,
 * shared by every app on it, so a test that needs a clean slate (not just other usernames or
 * addresses) starts with this.
 */
export async function forgetThrottleCounts(server: TestServer) {
  await server.database.db.deleteFrom('throttle_events').execute();
}
