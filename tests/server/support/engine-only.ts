import { describe } from 'vitest';

/**
 * Tests of one engine's faults (a PostgreSQL connection cut, a SQLite file lock) only exist on that
 * engine: on the other they are left out rather than reported as skipped, since CI runs the server
 * tests once on each engine and both runs together cover them all.
 */
export const describeOnlyWhen =
  (condition: boolean) =>
  (name: string, body: () => void): void => {
    // biome-ignore lint/correctness/usePlaywrightValidDescribeCallback: body is the suite's function, passed through
    if (condition) describe(name, body);
  };
