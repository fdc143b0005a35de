import type { ServerApp } from '../../../server/app';
import { tokenPairWire } from '../../../src/services/api/wire/auth';

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** Sends requests to the app without a port, the way a browser would (cookies, CSRF header, bearer). */
export class TestClient {
  private csrfToken: string | undefined;

  constructor(
    private readonly app: ServerApp,
    private readonly address = '192.0.2.10',
  ) {}

  /** the connection's peer address, as @hono/node-server hands it to the app */
  private env() {
    return { incoming: { socket: { remoteAddress: this.address } } };
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.csrfToken && !headers.has('Cookie')) headers.set('Cookie', `csrftoken=${this.csrfToken}`);
    const response = await this.app.request(path, { ...init, headers }, this.env());
    const cookie = /csrftoken=([^;]+)/.exec(response.headers.get('Set-Cookie') ?? '');
    if (cookie?.[1]) this.csrfToken = cookie[1];
    return response;
  }

  /** GET, optionally signed in */
  get(path: string, access?: string): Promise<Response> {
    return this.request(path, access ? { headers: { Authorization: `Bearer ${access}` } } : {});
  }

  /** an unsafe call with the CSRF header echoed from the cookie (fetched first when missing) */
  async send(method: string, path: string, body: unknown, access?: string): Promise<Response> {
    if (!this.csrfToken) await this.request('/config.json');
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-CSRFToken': this.csrfToken ?? '',
    };
    if (access) headers.Authorization = `Bearer ${access}`;
    return this.request(path, {
      method,
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  /** any call, signed in or not, with the answer's status and parsed JSON body (null when empty) */
  async json(method: string, path: string, body?: unknown, access?: string): Promise<JsonAnswer> {
    const response =
      method === 'GET' ? await this.get(path, access) : await this.send(method, path, body, access);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** the raw token call, as a login form sends it (no CSRF header needed) */
  postJson(path: string, body: unknown): Promise<Response> {
    return this.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async signIn(username: string, password: string) {
    const response = await this.postJson('/api/token/', { username, password });
    if (response.status !== 200) throw new Error(`sign-in as ${username} answered ${response.status}`);
    return tokenPairWire.parse(await response.json());
  }
}

/** The payload of a JWT, unverified: what the client reads from it. */
export function decodeJwtPayload(token: string): unknown {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}
