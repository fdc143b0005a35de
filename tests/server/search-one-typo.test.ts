import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startsWithOneTypo } from '../../server/search/one-typo';
import { oneTypoAway } from './support/one-typo-reference';

// A small alphabet makes near misses (and so the edge cases) frequent.
const word = (minLength: number, maxLength: number) =>
  fc
    .array(fc.constantFrom('a', 'b', 'c', 'e', 's'), { minLength, maxLength })
    .map((letters) => letters.join(''));

describe('a word starting another but for one typo', () => {
  it('is exactly a start of the other within one changed, missing, added or swapped letter', () => {
    fc.assert(
      fc.property(word(1, 7), word(0, 10), (typed, candidate) => {
        const variants = [...oneTypoAway(typed)];
        expect(startsWithOneTypo(typed, candidate)).toBe(
          variants.some((variant) => candidate.startsWith(variant)),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['mineralwaser', 'mineralwasser', true],
    ['minerlawasser', 'mineralwasser', true],
    ['pomes', 'pommes', true],
    ['pommmes', 'pommes', true],
    ['pmmse', 'pommes', false],
    ['kaese', 'kase', true],
    ['wasser', 'mineralwasser', false],
  ])('"%s" in "%s": %s', (typed, candidate, expected) => {
    expect(startsWithOneTypo(typed, candidate)).toBe(expected);
  });
});
