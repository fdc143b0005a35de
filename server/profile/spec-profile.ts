import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import { type SpecCall, specCallFor } from './spec-calls';

/** API_PROFILE: `full` is the reference server; `spec` answers as a backend holding only SPEC.md point 7. */
export type ApiProfile = 'full' | 'spec';

/** What a backend without the call answers (Django REST framework's own words, no code of ours). */
const noSuchCall = (c: Context) => c.json({ detail: 'Not found.' }, 404);

const isSuccess = (status: number) => status >= 200 && status < 300;

/** The status c.json was given: a number, a ResponseInit, or nothing (200). */
function statusOf(arg: unknown): number {
  if (typeof arg === 'number') return arg;
  if (typeof arg === 'object' && arg !== null && 'status' in arg && typeof arg.status === 'number')
    return arg.status;
  return 200;
}

/**
 * The query a backend of the table would see: the parameters the table names and those the server
 * reads for the call; any other (the portal's `?limit=5` on the orders) is dropped, so the portal
 * gets what such a backend answers, the whole list.
 */
function keepOnlyTableQuery(c: Context<AppEnv>, call: SpecCall) {
  const url = new URL(c.req.url);
  const kept = new Set([...Object.keys(call.requires ?? {}), ...(call.reads ?? [])]);
  const dropped = [...url.searchParams.keys()].filter((name) => !kept.has(name));
  if (dropped.length === 0) return;
  for (const name of dropped) url.searchParams.delete(name);
  // GET only: no body to carry over
  c.req.raw = new Request(url, { method: c.req.method, headers: c.req.raw.headers });
}

/**
 * The conformance profile (API_PROFILE=spec), mounted first on the /api sub-app: calls outside
 * point 7's table answer 404 before any route sees them, and the successful answers of the table's
 * calls carry point 3's fields only. The server's own work is unchanged: the projection wraps
 * `c.json` (as compressJson does) and trims the object on its way out; error answers pass as they are.
 */
export function specProfile(apiBase = '/api'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path.startsWith(`${apiBase}/`) ? c.req.path.slice(apiBase.length) : c.req.path;
    const query = new URL(c.req.url).searchParams;
    const call = specCallFor(c.req.method, path, query);
    if (!call) return noSuchCall(c);
    if (call.method === 'GET') keepOnlyTableQuery(c, call);
    const json = c.json;
    const { answer } = call;
    const answerWith = json as (...args: unknown[]) => Response;
    const projected = (object: unknown, arg?: unknown, headers?: unknown) => {
      if (!isSuccess(statusOf(arg))) return answerWith(object, arg, headers);
      if ('bare' in answer) return answer.bare === 204 ? c.body(null, 204) : answerWith({}, 200);
      return answerWith(answer.project(object), arg, headers);
    };
    c.json = projected as unknown as Context['json'];
    await next();
  };
}
