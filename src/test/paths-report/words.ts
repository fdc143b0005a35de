/**
 * An event of a path report in words a tester can follow by hand (`npm run paths`, docs/paths/*.md):
 * user events are "Send `type` with …", invoked calls succeed or fail, delays are waits. Payloads are
 * summarised: strings quoted, lists counted, big objects by their fields, errors by their message.
 */
import type { AnyStateMachine } from 'xstate';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The error's message: an ApiError (live, or as JSON `{ $apiError }`) or any Error. */
function errorText(value: unknown): string | undefined {
  if (value instanceof Error) return value.message;
  if (isRecord(value) && isRecord(value.$apiError)) return String(value.$apiError.message ?? 'an error');
  return undefined;
}

/** `date “2026-11-21”` for a quoted text, `items: 1 item` otherwise. */
const field = (key: string, words: string) =>
  words.startsWith('“') ? `${key} ${words}` : `${key}: ${words}`;

/** A value in a few words: `“2026-11-21”`, `2`, `3 items`, `an object with totals, total`. */
export function summarise(value: unknown, depth = 0): string {
  const error = errorText(value);
  if (error !== undefined) return `error “${error}”`;
  if (typeof value === 'string')
    return value === '' ? 'an empty text' : `“${value.length > 60 ? `${value.slice(0, 57)}…` : value}”`;
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'no items' : plural(value.length, 'item');
  if (isRecord(value)) {
    if (typeof value.$actorLogic === 'string') return `the actor \`${value.$actorLogic}\``;
    const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
    if (entries.length === 0) return 'an empty object';
    const inline = entries.map(([key, inner]) => field(key, summarise(inner, depth + 1))).join(', ');
    if (depth === 0 && entries.length <= 3 && inline.length <= 80) return `{ ${inline} }`;
    const keys = entries.map(([key]) => key);
    return `an object with ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''}`;
  }
  return typeof value;
}

/** The payload's fields, `date “2026-11-21”, items: 1 item`. */
function payload(event: Record<string, unknown>): string {
  return Object.entries(event)
    .filter(([key, value]) => key !== 'type' && value !== undefined)
    .map(([key, value]) => field(key, summarise(value)))
    .join(', ');
}

/** `3000` ms in words: `250 ms`, `3 s (3000 ms)`; a named delay adds its name in the brackets. */
export function duration(ms: number, name?: string): string {
  const named = name ? `the delay \`${name}\`` : '';
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s (${ms} ms${named ? `, ${named}` : ''})`;
  return named ? `${ms} ms (${named})` : `${ms} ms`;
}

/** The delay of `xstate.after.<delay>.<state id>`: a number, or the named delay's number when it is one. */
function delayWords(delay: string, machine: AnyStateMachine): string {
  if (/^\d+$/.test(delay)) return `Wait ${duration(Number(delay))}`;
  const named = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof named === 'number') return `Wait ${duration(named, delay)}`;
  return `Wait until the delay \`${delay}\` has passed`;
}

/** The invoked actor's id and, when the machine knows it, what it runs (`src`). */
function callName(id: string): string {
  return `\`${id}\``;
}

/** The sentence for one event of a path (`event` as JSON or live: the summaries read both). */
export function eventWords(
  event: { type: string } & Record<string, unknown>,
  machine: AnyStateMachine,
): string {
  const { type } = event;
  if (type.startsWith('xstate.after.')) {
    const delay = type.slice('xstate.after.'.length).split('.')[0] ?? '';
    return delayWords(delay, machine);
  }
  if (type.startsWith('xstate.done.actor.')) {
    const id = type.slice('xstate.done.actor.'.length);
    return 'output' in event && event.output !== undefined
      ? `The ${callName(id)} call succeeds (output: ${summarise(event.output)})`
      : `The ${callName(id)} call succeeds`;
  }
  if (type.startsWith('xstate.error.actor.')) {
    const id = type.slice('xstate.error.actor.'.length);
    const error = event.error;
    const text = errorText(error) ?? (error === undefined ? undefined : summarise(error));
    return text === undefined ? `The ${callName(id)} call fails` : `The ${callName(id)} call fails: ${text}`;
  }
  if (type.startsWith('xstate.done.state.'))
    return `The state \`${type.slice('xstate.done.state.'.length)}\` is done`;
  const fields = payload(event);
  return fields ? `Send \`${type}\` with ${fields}` : `Send \`${type}\``;
}
