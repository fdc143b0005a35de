import { fromPromise } from 'xstate';

export interface PendingCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  resolve: (value: TOutput) => void;
  reject: (error: unknown) => void;
}

/**
 * A promise actor the test settles by hand, so a test decides when an invoked call
 * answers and with what. `calls` lists every start in order.
 */
export function controllableActor<TOutput, TInput = unknown>() {
  const calls: Array<PendingCall<TOutput, TInput>> = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  const next = () => {
    const call = calls.shift();
    if (!call) throw new Error('the actor was not invoked');
    return call;
  };
  return { logic, calls, next };
}

/** Lets settled promises reach the actor (xstate delivers done/error events asynchronously). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
