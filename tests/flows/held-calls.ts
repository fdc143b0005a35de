import type { Page, Request, Route } from '@playwright/test';
import type { JsonEvent } from '../../src/studio/event-json';
import type { CallMatcher } from './ui-map';

/** How long a step waits for the request it answers to be sent. */
const ARRIVAL_TIMEOUT_MS = 10_000;

interface ApiErrorJson {
  kind: string;
  status: number | null;
  code: string | null;
  message: string;
}

/** The error an `xstate.error.actor.*` event (or a `...Failed` event) of the report carries. */
export function reportedError(event: JsonEvent): ApiErrorJson {
  const error = (event as { error?: { $apiError?: ApiErrorJson } }).error?.$apiError;
  if (!error) throw new Error(`${event.type} carries no $apiError to answer with`);
  return error;
}

interface Held {
  route: Route;
  request: Request;
}

/**
 * The requests a test holds (the UiMap's `calls`): each is kept, unanswered, from the moment the
 * page sends it until a step answers it, oldest first: let through to the server, failed as the
 * report's error says, or answered with a body of the test's own. A request never answered stays
 * pending, as the machine's state then is.
 */
export class HeldCalls {
  private readonly held = new Map<string, Held[]>();
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly bypassed = new Map<string, 'network' | 'never'>();

  constructor(
    private readonly page: Page,
    private readonly calls: Record<string, CallMatcher>,
  ) {}

  /** Starts holding (before the first navigation). */
  async start(): Promise<void> {
    for (const [name, matcher] of Object.entries(this.calls)) {
      this.held.set(name, []);
      await this.page.route(
        (url) => matcher.path.test(url.pathname),
        (route, request) => this.arrived(name, matcher, route, request),
      );
    }
    // a request the page gave up (a reload, an abort) can no longer be answered
    this.page.on('requestfailed', (request) => this.drop(request));
  }

  private async arrived(name: string, matcher: CallMatcher, route: Route, request: Request) {
    if (request.method() !== matcher.method || matcher.accept?.(request) === false) return route.fallback();
    const bypass = this.bypassed.get(name);
    if (bypass === 'network') return route.continue();
    if (bypass === 'never') return; // never answered: the page goes away first
    this.held.get(name)?.push({ route, request });
    for (const wake of this.waiting.get(name)?.splice(0) ?? []) wake();
  }

  private drop(request: Request) {
    for (const queue of this.held.values()) {
      const index = queue.findIndex((held) => held.request === request);
      if (index >= 0) queue.splice(index, 1);
    }
  }

  /** How many requests of the call wait for an answer now. */
  count(name: string): number {
    return this.queue(name).length;
  }

  private queue(name: string): Held[] {
    const queue = this.held.get(name);
    if (!queue) throw new Error(`the UiMap has no call named ${name}`);
    return queue;
  }

  /** The oldest held request of the call, once it has been sent. */
  private async take(name: string): Promise<Held> {
    const queue = this.queue(name);
    const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
    while (queue.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `the page sent no ${name} request (${this.describe(name)}) within ${ARRIVAL_TIMEOUT_MS} ms`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        const list = this.waiting.get(name) ?? [];
        list.push(() => {
          clearTimeout(timer);
          resolve();
        });
        this.waiting.set(name, list);
      });
    }
    return queue.shift() as Held;
  }

  private describe(name: string) {
    const matcher = this.calls[name];
    return matcher ? `${matcher.method} ${matcher.path}` : name;
  }

  /** Lets the oldest held request of the call reach the server; its real answer goes to the page. */
  async letThrough(name: string): Promise<void> {
    const { route } = await this.take(name);
    await route.continue();
  }

  /** Lets every request of the call held now reach the server (none held: nothing to do). */
  async letAllThrough(name: string): Promise<void> {
    for (const { route } of this.queue(name).splice(0)) await route.continue();
  }

  /** Answers the oldest held request of the call with the report's error: no answer, or its HTTP status and code. */
  async fail(name: string, error: ApiErrorJson): Promise<void> {
    const { route } = await this.take(name);
    if (error.kind === 'network' || error.status === null) {
      await route.abort('failed');
      return;
    }
    await route.fulfill({
      status: error.status,
      contentType: 'application/json',
      headers: error.status === 429 ? { 'Retry-After': '60' } : {},
      body: JSON.stringify({ detail: error.message, ...(error.code ? { code: error.code } : {}) }),
    });
  }

  /** Answers the oldest held request of the call with a JSON body of the test's own. */
  async answer(name: string, body: unknown, status = 200): Promise<void> {
    const { route } = await this.take(name);
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  }

  /**
   * Runs `action` with the named calls not held: let through, or never answered (the page is left
   * before). For an action that walks the portal through calls the path does not answer itself.
   */
  async bypassing<T>(calls: Record<string, 'network' | 'never'>, action: () => Promise<T>): Promise<T> {
    for (const [name, how] of Object.entries(calls)) this.bypassed.set(name, how);
    try {
      return await action();
    } finally {
      for (const name of Object.keys(calls)) this.bypassed.delete(name);
    }
  }

  /** Reloads the page: what was held belongs to the page that is left, and is forgotten. */
  async reload(): Promise<void> {
    for (const queue of this.held.values()) queue.splice(0);
    await this.page.reload();
  }
}
