/**
 * An invoked call whose actor was stopped never settles: React StrictMode starts view-owned
 * actors twice, and the first run's AbortError would otherwise reach the restarted actor as a
 * failure (guides/model-based-testing.md §4).
 */
export function untilAborted<T>(signal: AbortSignal, call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) =>
    signal.aborted ? new Promise<T>(() => undefined) : Promise.reject(error),
  );
}
