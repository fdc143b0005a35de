import { describe, expect, it, vi } from 'vitest';
import type { SignedIn } from '../../src/services/api';
import { refreshSharedSession } from '../../src/services/shared-refresh';
import { createCredentialStore } from '../../src/services/storage';
import { fakeAccessToken, fakeJwt, nowSeconds } from '../../src/test/jwt';
import { MemoryStorage } from '../../src/test/memoryStorage';

const refreshToken = (family: string, marker: string) =>
  fakeJwt({
    name: 'Bea Buyer',
    account_name: 'Acme Foods',
    is_admin: true,
    tax_applies: true,
    language: 'en',
    is_demo: false,
    exp: nowSeconds() + 3600,
    fam: family,
    marker,
  });

const signedInWith = (refresh: string): SignedIn => ({
  tokens: { access: fakeAccessToken(), refresh },
  claims: {
    name: 'Bea Buyer',
    accountName: 'Acme Foods',
    isAdmin: true,
    taxApplies: true,
    language: 'en',
    isDemo: false,
    canReviewFlows: false,
    exp: 0,
  },
});

function sharedStore() {
  const local = new MemoryStorage();
  return { local, store: createCredentialStore({ persistent: () => local, tab: () => new MemoryStorage() }) };
}

describe('refreshing a session that several tabs share', () => {
  it('starts from the token another tab already rotated, and stores the successor', async () => {
    const { store } = sharedStore();
    const heldByThisTab = refreshToken('fam-1', 'first');
    const rotatedByOtherTab = refreshToken('fam-1', 'second');
    store.write({ refresh: rotatedByOtherTab, remember: true });
    const successor = refreshToken('fam-1', 'third');
    const refresh = vi.fn(async () => signedInWith(successor));

    const signedIn = await refreshSharedSession(store, refresh, heldByThisTab);

    // presenting the old token would count as reuse and end the session for every tab
    expect(refresh).toHaveBeenCalledWith(rotatedByOtherTab);
    expect(signedIn.tokens.refresh).toBe(successor);
    expect(store.read()).toEqual({ refresh: successor, remember: true });
  });

  it("never takes another session's stored token (another user signed in in another tab)", async () => {
    const { store } = sharedStore();
    const otherUser = refreshToken('fam-2', 'theirs');
    store.write({ refresh: otherUser, remember: true });
    const mine = refreshToken('fam-1', 'mine');
    const refresh = vi.fn(async () => signedInWith(refreshToken('fam-1', 'next')));

    await refreshSharedSession(store, refresh, mine);

    expect(refresh).toHaveBeenCalledWith(mine);
    expect(store.read()?.refresh).toBe(otherUser);
  });

  it('uses the held token when the server sends no session claim', async () => {
    const { store } = sharedStore();
    const stored = fakeJwt({ exp: nowSeconds() + 3600, name: 'x' });
    store.write({ refresh: stored, remember: true });
    const held = fakeJwt({ exp: nowSeconds() + 3600, name: 'y' });
    const refresh = vi.fn(async () => signedInWith(held));
    await refreshSharedSession(store, refresh, held);
    expect(refresh).toHaveBeenCalledWith(held);
  });
});
