import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createDraftStore, type DraftSlot } from '../../src/services/drafts/draft-store';
import { MemoryStorage } from '../../src/test/memoryStorage';

const slot: DraftSlot<{ name: string }> = {
  key: 'portal.draft.test',
  version: 2,
  schema: z.object({ name: z.string() }),
};

describe('draft store', () => {
  it('gives a draft back to the user who left it, and to nobody else, until it is cleared', () => {
    const storage = new MemoryStorage();
    const store = createDraftStore(() => storage);
    store.write(slot, 'ada', { name: 'Weekly' });
    expect(createDraftStore(() => storage).read(slot, 'ada')).toEqual({ name: 'Weekly' });
    expect(store.read(slot, 'bob')).toBeNull();
    store.clear(slot);
    expect(store.read(slot, 'ada')).toBeNull();
  });

  it('ignores unreadable, old or misshapen drafts and storage that throws', () => {
    const storage = new MemoryStorage();
    const store = createDraftStore(() => storage);
    storage.setItem(slot.key, '{not json');
    expect(store.read(slot, 'ada')).toBeNull();
    storage.setItem(slot.key, JSON.stringify({ version: 1, owner: 'ada', draft: { name: 'Old' } }));
    expect(store.read(slot, 'ada')).toBeNull();
    storage.setItem(slot.key, JSON.stringify({ version: 2, owner: 'ada', draft: { name: 7 } }));
    expect(store.read(slot, 'ada')).toBeNull();
    const blocked = createDraftStore(() => {
      throw new Error('blocked');
    });
    expect(() => blocked.write(slot, 'ada', { name: 'x' })).not.toThrow();
    expect(blocked.read(slot, 'ada')).toBeNull();
    expect(() => blocked.clear(slot)).not.toThrow();
  });

  it('keeps nothing where the tab has no storage', () => {
    const store = createDraftStore(() => undefined);
    store.write(slot, 'ada', { name: 'Weekly' });
    expect(store.read(slot, 'ada')).toBeNull();
  });
});
