import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_DRAFT_KEY,
  type CheckoutDraft,
  createCheckoutDraftStore,
} from '../../../src/services/checkout-draft';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
    removeItem: (key: string) => values.delete(key),
  } as unknown as Storage;
};
const draft: CheckoutDraft = {
  deliveryDate: '2026-12-01',
  isPreorder: true,
  customerNote: 'Gate 2',
  pending: {
    submission: {
      items: [{ product: 7, quantity: '3', unit: 1, cartItem: 107 }],
      expectedDeliveryDate: '2026-12-01',
      isPreorder: true,
      customerNote: 'Gate 2',
      // every cart line the order was sent against: sent again after a reload, the body must be the same
      cartLines: [107, 108],
    },
    idempotencyKey: 'key-1',
  },
};

describe('checkout draft store', () => {
  it('gives the draft back to the user who left it, and to nobody else', () => {
    const storage = memoryStorage();
    const store = createCheckoutDraftStore(() => storage);
    store.write('ada', draft);
    expect(store.read('ada')).toEqual(draft);
    expect(store.read('bob')).toBeNull();
    store.clear();
    expect(store.read('ada')).toBeNull();
  });

  it('keeps the delivery address chosen, with the order sent to it', () => {
    const storage = memoryStorage();
    const withAddress = createCheckoutDraftStore(() => storage);
    const chosen: CheckoutDraft = {
      ...draft,
      deliveryAddressId: 3,
      pending: draft.pending && {
        ...draft.pending,
        submission: { ...draft.pending.submission, deliveryAddress: 3 },
      },
    };
    withAddress.write('ada', chosen);
    expect(withAddress.read('ada')).toEqual(chosen);
  });

  it('ignores unreadable or foreign values, and storage that throws', () => {
    const storage = memoryStorage();
    storage.setItem(CHECKOUT_DRAFT_KEY, '{not json');
    expect(createCheckoutDraftStore(() => storage).read('ada')).toBeNull();
    storage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify({ version: 0, owner: 'ada', draft }));
    expect(createCheckoutDraftStore(() => storage).read('ada')).toBeNull();
    const blocked = createCheckoutDraftStore(() => {
      throw new Error('blocked');
    });
    expect(() => blocked.write('ada', draft)).not.toThrow();
    expect(blocked.read('ada')).toBeNull();
  });
});
