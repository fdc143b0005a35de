import { describe, expect, it } from 'vitest';
import { importKinds } from '../../server/imports/import-kinds';
import { normaliseHeaderText } from '../../src/domain/spreadsheet/header-vocabulary';

// A file's header is matched against each kind's column words: a word naming two fields would let
// the order of the vocabulary decide which column a file's cell lands in.

describe.each(Object.values(importKinds))('the $kind import columns', (handler) => {
  it('name every field by its own name, each header text naming one field only', () => {
    const owners = new Map<string, string[]>();
    for (const [field, texts] of Object.entries(handler.columns))
      for (const text of new Set([field, ...texts].map(normaliseHeaderText)))
        owners.set(text, [...(owners.get(text) ?? []), field]);
    const shared = [...owners].filter(([, fields]) => fields.length > 1);
    expect(shared).toEqual([]);
    expect(handler.requiredColumns.filter((field) => !(field in handler.columns))).toEqual([]);
  });

  it('documents every field of its JSON row', () => {
    const shape = (handler.rowSchema as unknown as { shape: Record<string, { description?: string }> }).shape;
    expect(
      Object.keys(handler.columns)
        .filter((field) => !/^unit_\d/.test(field))
        .sort(),
    ).toEqual(
      Object.keys(shape)
        .filter((field) => field !== 'units')
        .sort(),
    );
  });
});
