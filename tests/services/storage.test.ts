import { beforeEach, describe, expect, it } from 'vitest';
import { CREDENTIALS_KEY, createCredentialStore } from '../../src/services/storage';
import { fakeJwt, fakeRefreshToken, nowSeconds } from '../../src/test/jwt';
import { MemoryStorage } from '../../src/test/memoryStorage';

describe('credential storage', () => {
  let local: MemoryStorage;
  let session: MemoryStorage;
  let store: ReturnType<typeof createCredentialStore>;
  beforeEach(() => {
    local = new MemoryStorage();
    session = new MemoryStorage();
    store = createCredentialStore({ persistent: () => local, tab: () => session });
  });

  it('stores exactly {version: 2, refresh} in localStorage with Remember Me', () => {
    const refresh = fakeRefreshToken();
    store.write({ refresh, remember: true });
    expect(JSON.parse(local.getItem(CREDENTIALS_KEY)!)).toEqual({ version: 2, refresh });
    expect(session.getItem(CREDENTIALS_KEY)).toBeNull();
    expect(store.read()).toEqual({ refresh, remember: true });
  });

  it('stores them in sessionStorage (this tab only) without Remember Me', () => {
    const refresh = fakeRefreshToken();
    store.write({ refresh, remember: false });
    expect(JSON.parse(session.getItem(CREDENTIALS_KEY)!)).toEqual({ version: 2, refresh });
    expect(local.getItem(CREDENTIALS_KEY)).toBeNull();
    expect(store.read()).toEqual({ refresh, remember: false });
  });

  it('keeps one copy when Remember Me changes between sign-ins', () => {
    store.write({ refresh: fakeRefreshToken(), remember: true });
    store.write({ refresh: fakeRefreshToken(), remember: false });
    expect(local.getItem(CREDENTIALS_KEY)).toBeNull();
    expect(session.getItem(CREDENTIALS_KEY)).not.toBeNull();
  });

  it('never stores an access token', () => {
    store.write({ refresh: fakeRefreshToken(), remember: true });
    expect(Object.keys(JSON.parse(local.getItem(CREDENTIALS_KEY)!))).toEqual(['version', 'refresh']);
  });

  it('reads nothing when nothing is stored', () => {
    expect(store.read()).toBeNull();
  });

  it('rejects credentials of another version and removes them', () => {
    local.setItem(CREDENTIALS_KEY, JSON.stringify({ version: 1, refresh: fakeRefreshToken(), access: 'x' }));
    expect(store.read()).toBeNull();
    expect(local.getItem(CREDENTIALS_KEY)).toBeNull();
  });

  it('rejects an expired refresh token', () => {
    store.write({ refresh: fakeRefreshToken({ expiresIn: -1 }), remember: true });
    expect(store.read()).toBeNull();
  });

  it('accepts a refresh token that expires in the future only', () => {
    const at = (ms: number) =>
      createCredentialStore({ persistent: () => local, tab: () => session, now: () => ms });
    const exp = nowSeconds() + 60;
    store.write({ refresh: fakeRefreshToken({ expiresIn: 60 }), remember: true });
    expect(at(exp * 1000 - 1).read()).not.toBeNull();
    expect(at(exp * 1000).read()).toBeNull();
  });

  it('rejects a refresh token whose claims are not the expected ones', () => {
    store.write({ refresh: fakeJwt({ exp: nowSeconds() + 60 }), remember: true });
    expect(store.read()).toBeNull();
  });

  it('rejects unreadable storage contents', () => {
    session.setItem(CREDENTIALS_KEY, '{not json');
    expect(store.read()).toBeNull();
  });

  it('clear() removes both copies', () => {
    local.setItem(CREDENTIALS_KEY, 'x');
    session.setItem(CREDENTIALS_KEY, 'y');
    store.clear();
    expect(local.length + session.length).toBe(0);
  });

  it('survives storage that throws (private mode)', () => {
    const broken = createCredentialStore({
      persistent: () => {
        throw new Error('SecurityError');
      },
      tab: () => undefined,
    });
    expect(() => broken.write({ refresh: fakeRefreshToken(), remember: true })).not.toThrow();
    expect(broken.read()).toBeNull();
  });
});
