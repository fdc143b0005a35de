import { describe, expect, it } from 'vitest';
import { createPortalApi } from '../../src/services/api';
import { accountAccessApi } from '../../src/services/api/account-access';
import { accountAccessMethods } from '../../src/services/api/account-access-methods';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

/** A signed-in api (a signed-in call without a token is never sent); requests start after the sign-in. */
const portalApi = async (answer: () => Response) => {
  const fake = createFakeFetch((request) =>
    new URL(request.url).pathname === '/api/token/' ? jsonResponse(fakeTokenPair()) : answer(),
  );
  const api = createPortalApi({
    apiBase: 'http://portal.test/api',
    fetch: fake.fetch,
    getLanguage: () => 'en',
  });
  await api.login({ username: 'buyer', password: 'buyer123' });
  fake.requests.length = 0;
  return { api, fake };
};

const sent = (request: RecordedRequest) => ({
  method: request.method,
  path: new URL(request.url).pathname,
  body: request.body,
});

describe('account-access calls', () => {
  it('lists every call, so none is missing from the portal API', () => {
    expect([...accountAccessMethods].sort()).toEqual(Object.keys(accountAccessApi({} as never)).sort());
  });

  it('sends each call to its path with its body (registration in camelCase, the rest in snake_case)', async () => {
    const { api, fake } = await portalApi(() => jsonResponse({ detail: 'Done.' }));
    await api.register({
      customerType: 'individual',
      fullName: 'Ada Lovelace',
      companyName: '',
      taxNumber: '',
      email: 'ada@example.test',
      phoneNumber: '+44 20',
      username: 'ada',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    await api.requestPasswordReset('ada@example.test');
    await api.verifyResetCode('ada@example.test', '123456');
    await api.resetPassword('ada@example.test', '123456', 'new-secret');
    await api.changePassword('old-secret', 'new-secret');
    await api.revokeSession('r.e.f');
    const requests = fake.requests.map(sent);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/netb2b/register/',
      'POST /api/password-reset/',
      'POST /api/password-reset/verify/',
      'POST /api/password-reset/confirm/',
      'POST /api/change-password/',
      'POST /api/token/revoke/',
    ]);
    expect(requests[0]?.body).toMatchObject({
      customerType: 'individual',
      fullName: 'Ada Lovelace',
      username: 'ada',
    });
    expect(requests[3]?.body).toEqual({ email: 'ada@example.test', code: '123456', password: 'new-secret' });
    expect(requests[4]?.body).toEqual({ current_password: 'old-secret', password: 'new-secret' });
    expect(requests[5]?.body).toEqual({ refresh: 'r.e.f' });
  });

  it.each([
    ['an empty 200', () => new Response('', { status: 200 })],
    ['a 204', () => new Response(null, { status: 204 })],
    ['200 {}', () => jsonResponse({})],
  ])(
    'register, change-password and account deletion answered with %s (answers "not shown") succeed',
    async (_name, answer) => {
      const { api, fake } = await portalApi(answer);
      const registration = {
        customerType: 'corporate' as const,
        fullName: '',
        companyName: 'Corner Shop',
        taxNumber: '123',
        email: 'ada@example.test',
        phoneNumber: '+44 20',
        username: 'ada',
        password: 'secret1',
        confirmPassword: 'secret1',
      };
      await expect(api.register(registration)).resolves.toBeUndefined();
      await expect(api.changePassword('old-secret', 'new-secret')).resolves.toBeUndefined();
      await expect(api.deleteAccount()).resolves.toBeUndefined();
      expect(fake.requests).toHaveLength(3);
    },
  );

  it('a 400 keeps its code, text and field errors for the form', async () => {
    const { api } = await portalApi(() =>
      jsonResponse(
        {
          detail: 'The current password is not correct.',
          code: 'wrong_current_password',
          errors: { current_password: ['The current password is not correct.'] },
        },
        { status: 400 },
      ),
    );
    await expect(api.changePassword('wrong', 'new-secret')).rejects.toMatchObject({
      status: 400,
      code: 'wrong_current_password',
      fieldErrors: { current_password: ['The current password is not correct.'] },
    });
  });

  it("registration's `error` text is the failure's detail", async () => {
    const { api } = await portalApi(() =>
      jsonResponse({ error: 'This username is already taken.', code: 'username_taken' }, { status: 400 }),
    );
    await expect(
      api.register({
        customerType: 'corporate',
        fullName: 'A B',
        companyName: 'Acme',
        taxNumber: 'DE1',
        email: 'a@acme.test',
        phoneNumber: '030',
        username: 'buyer',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    ).rejects.toMatchObject({ detail: 'This username is already taken.', code: 'username_taken' });
  });
});
