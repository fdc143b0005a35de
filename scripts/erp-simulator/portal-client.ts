/**
 * The portal's integration API as the simulated ERP calls it: its own webhook endpoint, suborder
 * reports and finance documents. A report the portal could not take for the moment (5xx, the
 * network) is sent again a few times with the same report id, which the portal stores once.
 */

export interface PortalAnswer {
  status: number;
  body: unknown;
}

export interface PortalClient {
  registerEndpoint(url: string, description: string): Promise<{ id: number; secret: string }>;
  retireEndpoint(id: number): Promise<void>;
  reportSuborder(reference: string, report: Record<string, unknown>): Promise<PortalAnswer>;
  putDocument(externalId: string, document: Record<string, unknown>): Promise<PortalAnswer>;
}

export class PortalError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

const API = '/api/integration/v1';
const RETRIES = 5;
const FIRST_RETRY_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What the portal said, for the log. */
export const detailOf = (answer: PortalAnswer) =>
  typeof answer.body === 'object' && answer.body !== null && 'detail' in answer.body
    ? String((answer.body as { detail: unknown }).detail)
    : JSON.stringify(answer.body);

export function portalClient(options: {
  portal: string;
  key: string;
  /** waits between tries; tests make it instant */
  pause?: (ms: number) => Promise<unknown>;
}): PortalClient {
  const pause = options.pause ?? sleep;
  const headers = { Authorization: `Bearer ${options.key}`, Accept: 'application/json' };

  async function call(method: string, path: string, body?: unknown): Promise<PortalAnswer> {
    const response = await fetch(`${options.portal}${API}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await readBody(response) };
  }

  /** Tries again on a network error or a 5xx answer; any other answer is the caller's to read. */
  async function persistent(method: string, path: string, body?: unknown): Promise<PortalAnswer> {
    for (let attempt = 0; ; attempt += 1) {
      let failure: string;
      try {
        const answer = await call(method, path, body);
        if (answer.status < 500) return answer;
        failure = `${answer.status} ${detailOf(answer)}`;
      } catch (error) {
        failure =
          error instanceof Error
            ? ((error.cause as Error | undefined)?.message ?? error.message)
            : String(error);
      }
      if (attempt >= RETRIES) throw new PortalError(`${method} ${path}: ${failure}`, null);
      await pause(FIRST_RETRY_MS * 2 ** attempt);
    }
  }

  return {
    async registerEndpoint(url, description) {
      const answer = await persistent('POST', '/webhook-endpoints', { url, description });
      if (answer.status !== 201)
        throw new PortalError(
          `registering the webhook endpoint was refused: ${answer.status} ${detailOf(answer)}`,
          answer.status,
        );
      const { endpoint, secret } = answer.body as { endpoint: { id: number }; secret: string };
      return { id: endpoint.id, secret };
    },
    async retireEndpoint(id) {
      const answer = await persistent('DELETE', `/webhook-endpoints/${id}`);
      if (answer.status !== 204 && answer.status !== 404)
        throw new PortalError(
          `retiring webhook endpoint ${id}: ${answer.status} ${detailOf(answer)}`,
          answer.status,
        );
    },
    reportSuborder: (reference, report) =>
      persistent('POST', `/suborders/${encodeURIComponent(reference)}/events`, report),
    putDocument: (externalId, document) =>
      persistent('PUT', `/documents/${encodeURIComponent(externalId)}`, document),
  };
}
