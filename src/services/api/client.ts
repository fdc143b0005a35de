import ky, { type KyInstance } from 'ky';
import * as z from 'zod/mini';
import { ApiError, describeIssues, NotSignedInError, parseRetryAfter } from './errors';
import { errorBodyWire } from './wire/auth';

export interface HttpClientOptions {
  /** e.g. `/api` in the browser; absolute in tests (Node has no page URL to resolve against) */
  apiBase: string;
  /** resolves once any running token refresh has finished (single flight lives in the token holder) */
  getAccessToken?: () => Promise<string | null>;
  /**
   * the language to send as Accept-Language on every request, read per request: in the browser the
   * interface language the customer currently reads (`interfaceLanguageOf(i18n)`), so catalogue
   * texts come back in it; nothing is sent while it is null
   */
  getLanguage?: () => string | null | undefined;
  /** `document.cookie` in the browser */
  readCookies?: () => string;
  fetch?: typeof globalThis.fetch;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface CallSpec {
  method: HttpMethod;
  /** relative to apiBase, without a leading slash: `baf/languages/` */
  path: string;
  json?: unknown;
  /**
   * sends the bearer token (the default): without one the call is not made, it rejects with
   * NotSignedInError. `false` for the public calls (sign-in, refresh, configuration, languages);
   * `'ifSignedIn'` for a call that goes out either way (an error report from the login screen).
   */
  auth?: boolean | 'ifSignedIn';
  signal?: AbortSignal | undefined;
  /** extra request headers, e.g. Idempotency-Key on an order submit */
  headers?: Record<string, string>;
}

export interface HttpClient {
  /** Runs the call and parses the body with `schema`, then maps it to the domain type. */
  call<S extends z.core.$ZodType, T>(spec: CallSpec, schema: S, map: (wire: z.output<S>) => T): Promise<T>;
  /** Runs a call whose answer body carries nothing the client uses. */
  send(spec: CallSpec): Promise<void>;
  /** Runs a call whose answer is a file (an invoice page), returned as a Blob. */
  blob(spec: CallSpec): Promise<Blob>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * `getLanguage` for the browser: i18next's resolved language (one of the nine the interface is
 * shown in), read at each request so a language switch applies to the very next call.
 */
export function interfaceLanguageOf(i18n: {
  resolvedLanguage?: string | undefined;
  languages?: readonly string[] | undefined;
  language?: string | undefined;
}): () => string | null {
  // A regional code ('de-CH') leaves resolvedLanguage unset; `languages` then starts with 'de'.
  return () => i18n.resolvedLanguage || i18n.languages?.[0] || i18n.language || null;
}

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

const browserCookies = () => (typeof document === 'undefined' ? '' : document.cookie);

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { getAccessToken, getLanguage, readCookies = browserCookies } = options;
  const instance: KyInstance = ky.create({
    prefixUrl: options.apiBase,
    // Long catalogue calls must not be cut off by a library default; callers abort through signals.
    timeout: false,
    // Machines own retries (a retry is a state the user can see), so ky never retries silently.
    retry: 0,
    throwHttpErrors: false,
    headers: { Accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        async (request, requestOptions) => {
          if (!SAFE_METHODS.has(request.method)) {
            const csrf = readCookie(readCookies(), 'csrftoken');
            if (csrf) request.headers.set('X-CSRFToken', csrf);
          }
          const language = getLanguage?.();
          if (language) request.headers.set('Accept-Language', language);
          const { auth, call } = requestOptions.context as { auth: CallSpec['auth']; call: string };
          if (auth !== false && getAccessToken) {
            const token = await getAccessToken();
            if (token) request.headers.set('Authorization', `Bearer ${token}`);
            // spec point 8: never an unauthenticated request in a signed-in call's place
            else if (auth !== 'ifSignedIn') throw new NotSignedInError(call);
          }
        },
      ],
    },
  });

  async function fetchResponse(spec: CallSpec): Promise<Response> {
    const call = `${spec.method.toUpperCase()} ${spec.path}`;
    let response: Response;
    try {
      response = await instance(spec.path, {
        method: spec.method,
        ...(spec.json === undefined ? {} : { json: spec.json }),
        ...(spec.signal ? { signal: spec.signal } : {}),
        ...(spec.headers ? { headers: spec.headers } : {}),
        context: { auth: spec.auth ?? true, call },
      });
    } catch (error) {
      // An abort is the caller's own decision (a stopped actor), not a failure to report.
      if (spec.signal?.aborted || error instanceof NotSignedInError) throw error;
      throw new ApiError(
        { kind: 'network', call, cause: error },
        `${call} failed: no answer from the server`,
      );
    }
    if (!response.ok) throw await httpError(call, response);
    return response;
  }

  return {
    async call(spec, schema, map) {
      const call = `${spec.method.toUpperCase()} ${spec.path}`;
      const response = await fetchResponse(spec);
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        if (spec.signal?.aborted) throw error;
        throw new ApiError(
          { kind: 'parse', call, status: response.status, cause: error },
          `${call}: the answer is not JSON`,
        );
      }
      const parsed = z.safeParse(schema, body);
      if (!parsed.success) {
        throw new ApiError(
          { kind: 'parse', call, status: response.status, cause: parsed.error },
          `${call}: unexpected answer: ${describeIssues(parsed.error)}`,
        );
      }
      return map(parsed.data);
    },
    async send(spec) {
      await fetchResponse(spec);
    },
    async blob(spec) {
      return (await fetchResponse(spec)).blob();
    },
  };
}

async function httpError(call: string, response: Response): Promise<ApiError> {
  let body: z.infer<typeof errorBodyWire> = {};
  try {
    const parsed = z.safeParse(errorBodyWire, await response.json());
    if (parsed.success) body = parsed.data;
  } catch {
    // An error page in HTML says nothing the user can act on; the status alone is reported.
  }
  const detail = body.detail ?? body.error ?? null;
  return new ApiError(
    {
      kind: 'http',
      call,
      status: response.status,
      detail,
      code: body.code ?? null,
      retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
      fieldErrors: body.errors ?? null,
      maxQuantity: body.max_quantity ?? null,
    },
    `${call} failed with HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
  );
}
