import { vi } from 'vitest';
import type { AccountForm, UserCreateForm, UserEditForm } from '../../../../src/domain/account-forms';
import type { CustomerUser, Language } from '../../../../src/domain/types';
import { ApiError } from '../../../../src/services/api';
import { aCustomerUser } from '../../../../src/test/builders';
import { type FakeApi, fakeApi } from '../../cart/support/fakeApi';

export const languages: Language[] = [
  { id: 1, code: 'en', name: 'English', flag: '🇬🇧' },
  { id: 2, code: 'de', name: 'Deutsch', flag: '🇩🇪' },
  { id: 3, code: 'tr', name: 'Türkçe', flag: '🇹🇷' },
];

export const berta = aCustomerUser({
  id: 1,
  username: 'buyer',
  firstName: 'Berta',
  lastName: 'Buyer',
  email: 'berta@example.com',
  language: 'en',
  landlinePhone: '+1 555 0100',
  mobilePhone: '',
  isActive: true,
  isMainUser: true,
});
export const colin = aCustomerUser({
  id: 2,
  username: 'colleague',
  firstName: 'Colin',
  lastName: 'Colleague',
  email: 'colin@example.com',
  language: 'de',
  landlinePhone: '+1 555 0101',
  mobilePhone: '+1 555 0199',
  isActive: true,
  isMainUser: false,
});
export const ida = aCustomerUser({
  id: 3,
  username: 'ida',
  firstName: 'Ida',
  lastName: 'Inactive',
  email: 'ida@example.com',
  language: 'tr',
  landlinePhone: '',
  mobilePhone: '',
  isActive: false,
  isMainUser: false,
});

export const httpError = (status: number, code: string | null = null, detail: string | null = null) =>
  new ApiError({ kind: 'http', call: 'test call', status, code, detail }, `HTTP ${status}`);

/**
 * The cart helpers' fake API plus the settings' user calls, answering from an in-memory company as
 * the server does (usernames unique, case-insensitively; no deactivating or deleting oneself). With
 * `emailCode`, a new address (the own one or a colleague's) waits for that code as the reference
 * server's does: a save with the current address leaves it waiting, only the withdrawal calls drop
 * it. Without, it changes at once, as a server that only speaks the specification does.
 */
export function usersFakeApi(
  options: { users?: CustomerUser[]; me?: CustomerUser; emailCode?: string } = {},
) {
  let users = [...(options.users ?? [berta, colin, ida])];
  let me = options.me ?? berta;
  const find = (id: number) => {
    const user = users.find((candidate) => candidate.id === id);
    if (!user) throw httpError(404, 'not_found');
    return user;
  };
  const replace = (next: CustomerUser) => {
    users = users.map((user) => (user.id === next.id ? next : user));
    return next;
  };
  const calls = {
    languages: vi.fn(async () => languages),
    users: vi.fn(async () => users),
    user: vi.fn(async (id: number) => find(id)),
    createUser: vi.fn(async (form: UserCreateForm) => {
      const taken = users.some((user) => user.username.toLowerCase() === form.username.trim().toLowerCase());
      if (taken) throw httpError(409, 'username_taken', 'This username is already taken.');
      const created = aCustomerUser({
        id: 100 + users.length,
        username: form.username,
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        language: form.language,
        landlinePhone: form.landlinePhone,
        mobilePhone: form.mobilePhone,
        isActive: true,
        isMainUser: false,
      });
      users = [...users, created];
      return created;
    }),
    updateUser: vi.fn(async (id: number, form: UserEditForm) => {
      const { pendingEmail: _replaced, ...current } = find(id);
      const email = form.email.trim();
      if (email.toLowerCase() === current.email.toLowerCase()) return replace({ ...find(id), ...form });
      if (options.emailCode === undefined) return replace({ ...current, ...form });
      return replace({ ...current, ...form, email: current.email, pendingEmail: email });
    }),
    confirmUserEmail: vi.fn(async (id: number, code: string) => {
      const { pendingEmail, ...current } = find(id);
      if (!pendingEmail) throw httpError(400, 'no_pending_email');
      if (code !== options.emailCode) throw httpError(400, 'invalid_code', 'The code is not correct.');
      return replace({ ...current, email: pendingEmail });
    }),
    cancelUserEmailChange: vi.fn(async (id: number) => {
      const { pendingEmail: _dropped, ...current } = find(id);
      return replace(current);
    }),
    setUserActive: vi.fn(async (id: number, active: boolean) => {
      if (id === me.id) throw httpError(403, 'own_account');
      return replace({ ...find(id), isActive: active });
    }),
    deleteUser: vi.fn(async (id: number) => {
      if (id === me.id) throw httpError(403, 'own_account');
      find(id);
      users = users.filter((user) => user.id !== id);
    }),
    account: vi.fn(async () => me),
    saveAccount: vi.fn(async (form: AccountForm) => {
      const { pendingEmail: _replaced, ...current } = me;
      const email = form.email.trim();
      if (email.toLowerCase() === me.email.toLowerCase()) me = { ...me, ...form };
      else if (options.emailCode === undefined) me = { ...current, ...form };
      else me = { ...current, ...form, email: me.email, pendingEmail: email };
      return me;
    }),
    confirmEmail: vi.fn(async (code: string) => {
      if (!me.pendingEmail) throw httpError(400, 'no_pending_email');
      if (code !== options.emailCode) throw httpError(400, 'invalid_code', 'The code is not correct.');
      const { pendingEmail, ...current } = me;
      me = { ...current, email: pendingEmail };
      return me;
    }),
    cancelEmailChange: vi.fn(async () => {
      const { pendingEmail: _dropped, ...current } = me;
      me = current;
      return me;
    }),
    reportError: vi.fn(async () => undefined),
  };
  const base = fakeApi();
  const api = new Proxy(base, {
    get: (target, name) =>
      name in calls ? calls[name as keyof typeof calls] : target[name as keyof typeof target],
  }) as FakeApi & typeof calls;
  return api;
}
