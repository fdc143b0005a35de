import { describe, expect, it } from 'vitest';
import { and, not, or } from 'xstate';
import { guardLabel } from '../../src/studio/chart-labels';

// A product owner reads the guard on the arrow: a combined guard must say what it combines.
describe('guardLabel', () => {
  it('names a plain guard, and nothing for no guard', () => {
    expect(guardLabel('hasItems')).toBe('hasItems');
    expect(guardLabel(undefined)).toBeUndefined();
  });

  it('spells out and, or and not with the guards they combine', () => {
    expect(guardLabel(and([not('linesInvalid'), 'hasItems']))).toBe('!linesInvalid && hasItems');
    expect(guardLabel(or(['a', 'b']))).toBe('a || b');
    expect(guardLabel(not(and(['a', 'b'])))).toBe('!(a && b)');
    expect(guardLabel(and([or(['a', 'b']), 'c']))).toBe('(a || b) && c');
  });
});
