import { type AnyTransitionDefinition, and, not, or } from 'xstate';

/**
 * How a transition reads on a diagram (the studio's statecharts and docs/machines/*.md): the event,
 * or what stands for it (`after 250ms`, `done loadUser`, `always`), and the guard's name.
 */
type CombinedGuard = { check?: unknown; guards?: unknown[] };

// XState's and/or/not are functions carrying `check` and the guards they combine. They are told
// apart by their `check`, which survives minification where a function's name may not.
const combinators = new Map<unknown, 'and' | 'or' | 'not'>([
  [(and([]) as CombinedGuard).check, 'and'],
  [(or([]) as CombinedGuard).check, 'or'],
  [(not('x') as CombinedGuard).check, 'not'],
]);

const grouped = (label: string) => (label.includes(' ') ? `(${label})` : label);

export function guardLabel(g: unknown): string | undefined {
  if (!g) return undefined;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') {
    const combinator = combinators.get((g as CombinedGuard).check);
    if (combinator) {
      const parts = ((g as CombinedGuard).guards ?? []).map((part) => guardLabel(part) ?? 'inline guard');
      if (combinator === 'not') return `!${grouped(parts[0] ?? '')}`;
      return parts.map(grouped).join(combinator === 'and' ? ' && ' : ' || ');
    }
    return g.name && g.name !== 'guard' ? g.name : 'inline guard';
  }
  return (g as { type: string }).type;
}

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
