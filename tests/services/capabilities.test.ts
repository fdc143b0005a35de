import { describe, expect, it, vi } from 'vitest';
import { signedInCallCapabilities } from '../../src/services/api/call-capabilities';
import { isMissingCall } from '../../src/services/api/capabilities';
import { ApiError } from '../../src/services/api/errors';
import { createPortalApi } from '../../src/services/api/portalApi';
import { createSignedInAreas } from '../../src/services/api/signed-in-areas';
import { capabilityNames } from '../../src/services/api/wire/capabilities';
import {
  createFakeFetch,
  type FakeHandler,
  jsonResponse,
  type RecordedRequest,
} from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

const apiBase = 'http://portal.test/api';
const path = (r: RecordedRequest) => new URL(r.url).pathname;
const httpError = (status: number, code: string | null) =>
  new ApiError({ kind: 'http', call: 'GET x/', status, code }, `HTTP ${status}`);

describe('a missing call', () => {
  it('is a 405, a 501, or a 404 that is not about a record', () => {
    expect(isMissingCall(httpError(405, null))).toBe(true);
    expect(isMissingCall(httpError(501, null))).toBe(true);
    expect(isMissingCall(httpError(404, null))).toBe(true);
    expect(isMissingCall(httpError(404, 'no_such_call'))).toBe(true);
    expect(isMissingCall(httpError(404, 'not_found'))).toBe(false);
    expect(isMissingCall(httpError(500, null))).toBe(false);
    expect(isMissingCall(new ApiError({ kind: 'network', call: 'GET x/' }, 'offline'))).toBe(false);
  });
});

describe('discovery', () => {
  it('keeps the announced capabilities this portal knows and leaves out newer names', async () => {
    const fake = createFakeFetch(() =>
      jsonResponse({ capabilities: ['brands', 'teleportation', 'favourites'] }),
    );
    const api = createPortalApi({ apiBase, fetch: fake.fetch });
    await expect(api.capabilities()).resolves.toEqual(['brands', 'favourites']);
    expect(path(fake.requests[0]!)).toBe('/api/capabilities/');
    expect(fake.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('a backend without the call (404, 405 or 501) offers no capability', async () => {
    for (const status of [404, 405, 501]) {
      const fake = createFakeFetch(() => jsonResponse({ detail: 'Not found.' }, { status }));
      const api = createPortalApi({ apiBase, fetch: fake.fetch });
      await expect(api.capabilities()).resolves.toEqual([]);
    }
  });

  it('an outage is not taken for a smaller backend: the discovery fails', async () => {
    const fake = createFakeFetch(() => jsonResponse({ detail: 'Down.' }, { status: 503 }));
    const api = createPortalApi({ apiBase, fetch: fake.fetch });
    await expect(api.capabilities()).rejects.toMatchObject({ kind: 'http', status: 503 });
  });
});

/** A signed-in API whose every call but the sign-in is answered by `answer`. */
async function signedInApi(answer: FakeHandler, onMissingCall = vi.fn()) {
  const fake = createFakeFetch((request) =>
    path(request) === '/api/token/' ? jsonResponse(fakeTokenPair()) : answer(request),
  );
  const api = createPortalApi({ apiBase, fetch: fake.fetch, onMissingCall });
  await api.login({ username: 'buyer', password: 'buyer123' });
  return { api, onMissingCall };
}

describe('calls beyond the specification', () => {
  it('every capability the portal knows has a call that belongs to it, error reports aside', () => {
    const owned = new Set<string>([...Object.values(signedInCallCapabilities), 'passwordReset', 'revoke']);
    const withoutCalls = capabilityNames.filter((name) => !owned.has(name));
    expect(withoutCalls).toEqual(['errorReports']);
    const signedInCalls = Object.keys(createSignedInAreas({} as never));
    for (const method of Object.keys(signedInCallCapabilities)) expect(signedInCalls).toContain(method);
  });

  it('a capability call answered as missing tells the app which capability, and still fails', async () => {
    const { api, onMissingCall } = await signedInApi(() =>
      jsonResponse({ detail: 'Method not allowed' }, { status: 405 }),
    );
    await expect(api.favouriteLists()).rejects.toMatchObject({ status: 405 });
    expect(onMissingCall).toHaveBeenCalledWith('favourites');
  });

  it('a record that is not there is not a missing call', async () => {
    const { api, onMissingCall } = await signedInApi(() =>
      jsonResponse({ detail: 'No product has this id.', code: 'not_found' }, { status: 404 }),
    );
    await expect(api.product(7)).rejects.toMatchObject({ status: 404 });
    expect(onMissingCall).not.toHaveBeenCalled();
  });

  it('a specification call answered 404 is a failure, never a lost capability', async () => {
    const { api, onMissingCall } = await signedInApi(() => jsonResponse({ detail: 'gone' }, { status: 404 }));
    await expect(api.orders()).rejects.toMatchObject({ status: 404 });
    expect(onMissingCall).not.toHaveBeenCalled();
  });

  it('the sign-out revoke answered 501 is reported as the revoke capability', async () => {
    const onMissingCall = vi.fn();
    const fake = createFakeFetch(() => new Response(null, { status: 501 }));
    const api = createPortalApi({ apiBase, fetch: fake.fetch, onMissingCall });
    await expect(api.revokeSession('r')).rejects.toMatchObject({ status: 501 });
    expect(onMissingCall).toHaveBeenCalledWith('revoke');
  });

  it('a call of a capability known to be absent fails at once as a missing call, without a request', async () => {
    const fake = createFakeFetch(() => jsonResponse([]));
    const api = createPortalApi({ apiBase, fetch: fake.fetch, lacks: (name) => name === 'notifications' });
    const error = await api.notifications().catch((failure: unknown) => failure);
    expect(isMissingCall(error)).toBe(true);
    expect(fake.requests).toHaveLength(0);
  });

  it('no error report is sent to a backend known to lack the call', async () => {
    const fake = createFakeFetch(() => jsonResponse({}));
    const api = createPortalApi({ apiBase, fetch: fake.fetch, lacks: (name) => name === 'errorReports' });
    await api.reportError({ message: 'boom', kind: 'unknown' } as never);
    expect(fake.requests).toHaveLength(0);
  });
});
