/**
 * The access token, in memory only. While a refresh runs, every request that needs
 * the token waits for that one refresh instead of going out with an expired token
 * or starting a refresh of its own.
 */
export interface AccessTokenHolder {
  /** the current token, after any running refresh has settled */
  current(): Promise<string | null>;
  set(token: string | null): void;
  /**
   * Runs `refresh` unless one is already running, in which case the caller gets the
   * running one's result. The holder takes the new token from `accessOf(result)`
   * and forgets the old one when the refresh fails.
   */
  refreshOnce<T>(refresh: () => Promise<T>, accessOf: (result: T) => string): Promise<T>;
  readonly isRefreshing: boolean;
}

export function createAccessTokenHolder(): AccessTokenHolder {
  let token: string | null = null;
  let running: Promise<unknown> | null = null;
  // Bumped by set(): a refresh that started before a sign-out must not bring the token back.
  let generation = 0;
  return {
    async current() {
      // A refresh may start while we wait for the previous one (rotation after rotation).
      while (running) await running.catch(() => undefined);
      return token;
    },
    set(next) {
      generation += 1;
      token = next;
    },
    refreshOnce<T>(refresh: () => Promise<T>, accessOf: (result: T) => string): Promise<T> {
      if (running) return running as Promise<T>;
      const startedIn = generation;
      const attempt = (async () => {
        try {
          const result = await refresh();
          if (generation === startedIn) token = accessOf(result);
          return result;
        } catch (error) {
          if (generation === startedIn) token = null;
          throw error;
        } finally {
          running = null;
        }
      })();
      running = attempt;
      return attempt;
    },
    get isRefreshing() {
      return running !== null;
    },
  };
}
