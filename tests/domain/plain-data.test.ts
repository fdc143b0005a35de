import { describe, expect, it } from 'vitest';
import { findNonPlainData } from '../../src/test/plain-data';

describe('findNonPlainData (the check every model test runs on its contexts)', () => {
  it('accepts nested plain data', () => {
    expect(findNonPlainData({ a: [1, 'x', { b: null, c: true }], d: undefined })).toBeNull();
  });
  it('names the path to a function, an instance, a non-finite number and a cycle', () => {
    expect(findNonPlainData({ api: { load: () => 1 } })).toBe('context.api.load is a function');
    expect(findNonPlainData({ file: new Map() })).toBe('context.file is a Map');
    expect(findNonPlainData({ lines: [1, Number.NaN] })).toBe('context.lines[1] is NaN');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(findNonPlainData(cyclic)).toBe('context.self is a cycle');
  });
});
