import { type AnyTransitionDefinition, and, not, or } from 'xstate';

/**
 * How a transition reads on a diagram (the studio's statecharts and docs/machines/*.md): the event,
 * or what stands for it (`after 250ms`, `done loadUser`, `always`), and the guard.
 *
 * A guard has two forms. The canonical one (`hasItems && !savesPending`) is what versions are
 * hashed from and what the Mermaid docs and path reports print: the same in every language and
 * build. The words form ("has items and not saves pending") is what a product owner reads on the
 * diagram, its joining words in the studio's language; it is read back from the canonical form, so
 * a stored version of a chart reads in words too.
 */
type CombinedGuard = { check?: unknown; guards?: unknown[] };

type Combinator = 'and' | 'or' | 'not';

// XState's and/or/not are functions carrying `check` and the guards they combine. They are told
// apart by their `check`, which survives minification where a function's name may not; the name is
// the fallback for a second copy of XState (its `check` functions are other objects).
const combinators = new Map<unknown, Combinator>([
  [(and([]) as CombinedGuard).check, 'and'],
  [(or([]) as CombinedGuard).check, 'or'],
  [(not('x') as CombinedGuard).check, 'not'],
]);

function combinatorOf(g: unknown): Combinator | undefined {
  if (typeof g !== 'function' || !Array.isArray((g as CombinedGuard).guards)) return undefined;
  const byCheck = combinators.get((g as CombinedGuard).check);
  if (byCheck) return byCheck;
  return g.name === 'and' || g.name === 'or' || g.name === 'not' ? g.name : undefined;
}

/** Whether a guard is XState's and/or/not of other guards (its parts are in `guards`). */
export const isCombinedGuard = (g: unknown): boolean => combinatorOf(g) !== undefined;

/** What an unnamed guard function reads as (tests/machines/named-implementations.test.ts forbids them). */
const INLINE = 'inline guard';

const grouped = (label: string) => (label.includes(' ') ? `(${label})` : label);

/** The canonical form: names, `&&`, `||`, `!` and parentheses. */
export function guardLabel(g: unknown): string | undefined {
  if (!g) return undefined;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') {
    const combinator = combinatorOf(g);
    if (combinator) {
      const parts = ((g as CombinedGuard).guards ?? []).map((part) => guardLabel(part) ?? INLINE);
      if (combinator === 'not') return `!${grouped(parts[0] ?? '')}`;
      return parts.map(grouped).join(combinator === 'and' ? ' && ' : ' || ');
    }
    // a function's own name is no name: the build renames it
    return INLINE;
  }
  return (g as { type: string }).type;
}

/** A guard as a tree: a name, or and/or/not of guards. */
export type GuardExpression =
  | { name: string }
  | { op: 'and' | 'or'; parts: GuardExpression[] }
  | { op: 'not'; part: GuardExpression };

/**
 * Reads a canonical guard back as a tree. `&&` binds tighter than `||` (the canonical form puts
 * parentheses around every combined part, so this matters only for hand-written input).
 */
export function parseGuard(canonical: string): GuardExpression {
  const tokens = canonical.match(/&&|\|\||[!()]|[^\s!()&|]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const primary = (): GuardExpression => {
    const token = peek();
    if (token === '!') {
      at++;
      return { op: 'not', part: primary() };
    }
    if (token === '(') {
      at++;
      const inner = either();
      if (peek() === ')') at++;
      return inner;
    }
    // a name; words in a row (`inline guard`) are one name
    const words: string[] = [];
    while (at < tokens.length && !['!', '(', ')', '&&', '||'].includes(peek() as string))
      words.push(tokens[at++] as string);
    return { name: words.join(' ') };
  };
  const chain = (op: 'and' | 'or', symbol: string, next: () => GuardExpression) => (): GuardExpression => {
    const parts = [next()];
    while (peek() === symbol) {
      at++;
      parts.push(next());
    }
    return parts.length === 1 ? (parts[0] as GuardExpression) : { op, parts };
  };
  const both = chain('and', '&&', primary);
  const either = chain('or', '||', both);
  return either();
}

/** The joining words in the reader's language; `not` places its guard (before or after the word). */
export interface GuardWords {
  and: string;
  or: string;
  not: (guard: string) => string;
}

export const englishGuardWords: GuardWords = { and: 'and', or: 'or', not: (guard) => `not ${guard}` };

/** `hasItems` → `has items`, `isVATValid` → `is VAT valid`, `lines_invalid` → `lines invalid`. */
export function nameInWords(name: string): string {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => (/^[A-Z\d]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

function expressionInWords(expression: GuardExpression, words: GuardWords): string {
  if ('name' in expression) return nameInWords(expression.name);
  // a combined part of a combination is bracketed, so "a or b" inside "… and …" keeps together
  const part = (inner: GuardExpression) => {
    const text = expressionInWords(inner, words);
    return 'parts' in inner ? `(${text})` : text;
  };
  if (expression.op === 'not') return words.not(part(expression.part));
  const flat = expression.parts.flatMap((inner) =>
    'parts' in inner && inner.op === expression.op ? inner.parts : [inner],
  );
  return flat.map(part).join(` ${words[expression.op]} `);
}

/** The words form of a canonical guard: `hasItems && !savesPending` → `has items and not saves pending`. */
export const guardInWords = (canonical: string, words: GuardWords = englishGuardWords): string =>
  expressionInWords(parseGuard(canonical), words);

export function eventLabel(t: AnyTransitionDefinition): string {
  const e = t.eventType;
  if (!e) return 'always';
  if (e.startsWith('xstate.after.')) {
    const d = e.split('.')[2] ?? '';
    return /^\d+$/.test(d) ? `after ${d}ms` : `after ${d}`;
  }
  if (e.startsWith('xstate.done.actor.')) return `done ${e.slice(18)}`;
  if (e.startsWith('xstate.error.actor.')) return `error ${e.slice(19)}`;
  if (e.startsWith('xstate.done.state.')) return 'onDone';
  return e;
}
