import type { AnyTransitionDefinition } from 'xstate';

/**
 * How a transition reads on a diagram (the studio's statecharts and docs/machines/*.md): the event,
 * or what stands for it (`after 250ms`, `done loadUser`, `always`), and the guard's name.
 */
export function guardLabel(g: unknown): string | undefined {
  if (!g) return undefined;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') return g.name && g.name !== 'guard' ? g.name : 'inline guard';
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
