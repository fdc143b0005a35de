import { fromPromise } from 'xstate';

/**
 * The default of an actor that does I/O: the chart names it, the composition root binds it
 * (`machine.provide({ actors })` with the API client closed over). Running it unbound is a wiring
 * mistake, so it fails loudly instead of pretending to load.
 */
export function notBound<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(`"${name}" is not bound: provide it at the composition root (app.actor.ts)`)),
  );
}
