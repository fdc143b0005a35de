/** One row of `npm run bench:load`: autocannon against one endpoint at one connection count. */
import { createRequire } from 'node:module';
import type { BenchRequest } from './bench-load-scenario';
import type { BenchServer } from './bench-load-server';

export interface RowResult {
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** non-2xx answers, socket errors and timeouts */
  errors: number;
  /** what the errors were, e.g. "503×12, timeouts 3", empty without errors */
  errorDetail: string;
  kilobytesPerRequest: number;
  rssPeakMiB: number;
}

const RSS_SAMPLE_MS = 200;

/** The part of autocannon 9's programmatic API used here (the package ships no types). */
interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export async function runRow(
  server: BenchServer,
  requests: { headers: Record<string, string>; next: () => BenchRequest },
  connections: number,
  seconds: number,
): Promise<RowResult> {
  const { headers, next } = requests;
  let rssPeak = server.rssMiB();
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, server.rssMiB());
  }, RSS_SAMPLE_MS);
  try {
    const result = await autocannon({
      url: server.origin,
      connections,
      duration: seconds,
      headers,
      requests: [
        {
          setupRequest: (request) => {
            const { method, path, body, headers: own } = next();
            return {
              ...request,
              method,
              path,
              ...(body === undefined ? {} : { body }),
              headers: {
                ...request.headers,
                ...own,
                ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
              },
            };
          },
        },
      ],
    });
    rssPeak = Math.max(rssPeak, server.rssMiB());
    const answered = Math.max(1, result.requests.total);
    return {
      connections,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors,
      errorDetail: [
        ...Object.entries(result.statusCodeStats ?? {})
          .filter(([status]) => !status.startsWith('2'))
          .map(([status, { count }]) => `${status}×${count}`),
        ...(result.timeouts ? [`timeouts ${result.timeouts}`] : []),
        // autocannon counts timeouts among the errors as well
        ...(result.errors - result.timeouts > 0 ? [`socket errors ${result.errors - result.timeouts}`] : []),
      ].join(', '),
      kilobytesPerRequest: result.throughput.total / answered / 1024,
      rssPeakMiB: rssPeak,
    };
  } finally {
    clearInterval(sampler);
  }
}
