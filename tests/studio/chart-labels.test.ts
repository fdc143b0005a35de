import { describe, expect, it } from 'vitest';
import { and, not, or } from 'xstate';
import {
  type GuardWords,
  guardInWords,
  guardLabel,
  nameInWords,
  parseGuard,
} from '../../src/studio/chart-labels';
import { chartModel } from '../../src/studio/chart-model';
import { machineCatalog } from '../../src/studio/machine-catalog';

// A product owner reads the guard on the arrow: a combined guard must say what it combines.
describe('guardLabel', () => {
  it('names a plain guard, and nothing for no guard', () => {
    expect(guardLabel('hasItems')).toBe('hasItems');
    expect(guardLabel({ type: 'hasItems', params: { at: 1 } })).toBe('hasItems');
    expect(guardLabel(undefined)).toBeUndefined();
  });

  it('spells out and, or and not with the guards they combine', () => {
    expect(guardLabel(and([not('linesInvalid'), 'hasItems']))).toBe('!linesInvalid && hasItems');
    expect(guardLabel(or(['a', 'b']))).toBe('a || b');
    expect(guardLabel(not(and(['a', 'b'])))).toBe('!(a && b)');
    expect(guardLabel(and([or(['a', 'b']), 'c']))).toBe('(a || b) && c');
  });

  it('never shows a function name, which a production build shortens to a letter', () => {
    function t() {
      return true;
    }
    expect(guardLabel(t)).toBe('inline guard');
    expect(guardLabel(and(['hasItems', t]))).toBe('hasItems && (inline guard)');
  });
});

describe('guardInWords', () => {
  it('reads names as words and the combinators as joining words', () => {
    expect(nameInWords('hasItems')).toBe('has items');
    expect(nameInWords('isVATNumberValid')).toBe('is VAT number valid');
    expect(nameInWords('lines_invalid')).toBe('lines invalid');
    expect(guardInWords(guardLabel(and(['hasItems', not('savesPending')])) as string)).toBe(
      'has items and not saves pending',
    );
    expect(guardInWords('a || b')).toBe('a or b');
    expect(guardInWords('!(canPay && hasItems)')).toBe('not (can pay and has items)');
    expect(guardInWords('(isOpen || isLate) && hasItems')).toBe('(is open or is late) and has items');
    expect(guardInWords('(a && b) && c')).toBe('a and b and c');
  });

  it("uses the reader's joining words, with not before or after its guard", () => {
    const turkish: GuardWords = { and: 've', or: 'veya', not: (guard) => `${guard} değil` };
    expect(guardInWords('hasItems && !savesPending', turkish)).toBe('has items ve saves pending değil');
    expect(guardInWords('!(a || b)', turkish)).toBe('(a veya b) değil');
  });

  it('reads back every guard of every machine as the canonical label it came from', () => {
    const print = (expression: ReturnType<typeof parseGuard>): string => {
      const grouped = (text: string) => (text.includes(' ') ? `(${text})` : text);
      if ('name' in expression) return expression.name;
      if (expression.op === 'not') return `!${grouped(print(expression.part))}`;
      return expression.parts
        .map((part) => grouped(print(part)))
        .join(expression.op === 'and' ? ' && ' : ' || ');
    };
    const guards = machineCatalog.flatMap(({ machine }) => {
      const graph = chartModel(machine);
      return [
        ...graph.edges.map((edge) => edge.label),
        ...graph.nodes.flatMap((node) => node.internal),
      ].flatMap((label) => label.guard ?? []);
    });
    expect(guards.length).toBeGreaterThan(20);
    expect(guards.filter((guard) => print(parseGuard(guard)) !== guard)).toEqual([]);
    // no machine leaves a guard without a name (tests/machines/named-implementations.test.ts says which)
    expect(guards.filter((guard) => guard.includes('inline'))).toEqual([]);
  });
});
