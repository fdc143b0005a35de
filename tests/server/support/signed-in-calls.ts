import type { TestServer } from './test-server';

const CSRF = 'signed-in-calls-csrf-token-0123456789abcdef';

export interface CallAnswer {
  status: number;
  body: unknown;
}

export type Caller = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<CallAnswer>;

/**
 * Calls as the portal makes them (bearer, CSRF cookie and header, JSON), signed in as `access`
 * (undefined for the calls without a session). A body that is a string goes out as it is, so a
 * test can send JSON no object serialises to.
 */
export function callerFor(server: TestServer, access: string | undefined): Caller {
  return async (method, path, body, headers = {}) => {
    const response = await server.app.request(path, {
      method,
      headers: {
        ...(access ? { Authorization: `Bearer ${access}` } : {}),
        'Content-Type': 'application/json',
        Cookie: `csrftoken=${CSRF}`,
        'X-CSRFToken': CSRF,
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (an image's 404 text): the status is what the caller checks
    }
    return { status: response.status, body: parsed };
  };
}

/** The field errors of a 400 answer (empty when there are none). */
export const fieldErrorsOf = (answer: CallAnswer): Record<string, string[]> =>
  ((answer.body as { errors?: Record<string, string[]> } | null)?.errors ?? {}) as Record<string, string[]>;
