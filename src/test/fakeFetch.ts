/** A fetch stand-in that records requests and answers from a handler, for service tests. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

export function createFakeFetch(handler: FakeHandler) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(recorded);
    return handler(recorded);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
