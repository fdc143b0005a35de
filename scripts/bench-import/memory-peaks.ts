import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The most memory this process held while a phase ran: resident set size and V8 heap used, sampled
 * every 100 ms (and once at the end, so a phase shorter than a sample still has a figure). The
 * database server's own memory (PostgreSQL) is not in it: only what the portal's process needs.
 */
export interface MemoryPeaks {
  /** what the process held when the phase began (after a collection) */
  startRssBytes: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** heap still in use after a collection at the end: what the phase kept, not its garbage */
  heapRetainedBytes: number;
}

// A full collection between phases, so one phase's garbage is not the next one's peak, without
// asking for `node --expose-gc` (the npm script runs plain tsx).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

export async function withMemoryPeaks<T>(run: () => Promise<T>): Promise<{ result: T; peaks: MemoryPeaks }> {
  collect();
  const peaks: MemoryPeaks = {
    startRssBytes: process.memoryUsage().rss,
    rssBytes: 0,
    heapUsedBytes: 0,
    heapRetainedBytes: 0,
  };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peaks.rssBytes = Math.max(peaks.rssBytes, rss);
    peaks.heapUsedBytes = Math.max(peaks.heapUsedBytes, heapUsed);
  };
  sample();
  const timer = setInterval(sample, 100);
  try {
    const result = await run();
    sample();
    collect();
    peaks.heapRetainedBytes = process.memoryUsage().heapUsed;
    return { result, peaks };
  } finally {
    clearInterval(timer);
  }
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
