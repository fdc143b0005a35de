import type { ServerApp } from '../../../server/app';
import { TestClient } from './http-client';
import type { TestServer } from './test-server';

let counter = 0;

/** A registration payload (corporate unless told otherwise) with a username and e-mail no one has yet. */
export function newRegistration(overrides: Record<string, string> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    customerType: 'corporate',
    fullName: 'Clara Hoffmann',
    companyName: `Hoffmann Bistro ${tag} GmbH`,
    taxNumber: 'DE123456789',
    email: `clara.${tag}@hoffmann-bistro.example`,
    phoneNumber: '+49 30 1234567',
    username: `clara${tag}`,
    password: 'clara-secret',
    confirmPassword: 'clara-secret',
    ...overrides,
  };
}

/** An unsafe call with extra headers (Accept-Language, X-Forwarded-For), CSRF cookie and header included. */
export async function sendWithHeaders(
  client: TestClient,
  method: string,
  path: string,
  body: unknown,
  extra: Record<string, string>,
) {
  const first = await client.request('/config.json', { headers: { Cookie: '' } });
  const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('Set-Cookie') ?? '')?.[1] ?? '';
  const response = await client.request(path, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Cookie: `csrftoken=${csrf}`,
      'X-CSRFToken': csrf,
      ...extra,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as unknown) : null,
    headers: response.headers,
  };
}

let registrationAddress = 0;

/**
 * POST /api/netb2b/register/ as a browser sends it, with an optional Accept-Language. Each from a
 * client address of its own: registrations are throttled per address, and tests register many.
 */
export function register(app: ServerApp, payload: unknown, language?: string) {
  registrationAddress += 1;
  return sendWithHeaders(
    new TestClient(app, `198.19.${Math.floor(registrationAddress / 250)}.${registrationAddress % 250}`),
    'POST',
    '/api/netb2b/register/',
    payload,
    language ? { 'Accept-Language': language } : {},
  );
}

/** A new registered account (a main user alone in a new company): its username, password and e-mail. */
export async function registeredAccount(app: ServerApp, overrides: Record<string, string> = {}) {
  const payload = newRegistration(overrides);
  const answer = await register(app, payload);
  if (answer.status !== 201) throw new Error(`registration answered ${answer.status}`);
  return { username: payload.username, password: payload.password, email: payload.email };
}

/** The answer status of a refresh with this token. */
export async function refreshStatus(app: ServerApp, refresh: string) {
  return (await new TestClient(app).postJson('/api/token/refresh/', { refresh })).status;
}

/** The answer status of GET /api/account-info/ with this access token. */
export async function accessStatus(app: ServerApp, access: string) {
  return (await new TestClient(app).get('/api/account-info/', access)).status;
}

/** The newest outbox mail to this address. */
export function latestMail(server: TestServer, to: string) {
  return server.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The six-digit code of a reset mail. */
export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}
