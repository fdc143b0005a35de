import type { Page } from '@playwright/test';
import type { JsonEvent } from '../../src/studio/event-json';
import { HeldCalls } from './held-calls';
import { officeAddress } from './portal';
import type { Texts, UiMap } from './ui-map';
import { applyVariant, currentVariant, textsIn } from './variant';

export { test } from '@playwright/test';
export { captureState } from './capture';

/**
 * What a generated spec (tests/flows/generated/<machine>.spec.ts) drives: a path plan walked through
 * the portal with its UiMap. `startFlow` brings a fresh page to the machine's start; `send` does what
 * sends a step's event; `see` asserts what the customer must see in the states reached.
 */
export class Flow<Subject> {
  private states: readonly string[] = [];

  constructor(
    readonly page: Page,
    private readonly map: UiMap<Subject>,
    readonly subject: Subject,
    readonly calls: HeldCalls,
    readonly t: Texts,
  ) {}

  /** Does what sends `event` in the portal; `to` is where the path plan expects the machine then. */
  async send(event: JsonEvent, to: readonly string[]): Promise<void> {
    const mapping = this.map.events[event.type];
    if (!mapping) throw new Error(`the ${this.map.machine} UiMap maps no event ${event.type}`);
    await mapping.run({
      page: this.page,
      event,
      from: this.states,
      to,
      subject: this.subject,
      calls: this.calls,
      t: this.t,
    });
  }

  /** Asserts what must be visible in each of the state ids (leaves and the states around them that have a check). */
  async see(stateIds: readonly string[]): Promise<void> {
    this.states = stateIds;
    for (const id of withAncestors(stateIds)) {
      const check = this.map.states[id];
      if (check) await check({ page: this.page, subject: this.subject, t: this.t });
    }
  }
}

/** The ids and every state id around them (`a.b.c` → `a.b.c`, `a.b`), root left out, without repeats. */
export function withAncestors(stateIds: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const id of stateIds) {
    const parts = id.split('.');
    for (let length = parts.length; length > 1; length--) ids.add(parts.slice(0, length).join('.'));
  }
  return [...ids];
}

/**
 * A fresh page at the machine's start: the variant's size, theme and language, an office address of
 * the test's own (the portal throttles per address; it is read only when the portal trusts a proxy),
 * the clock when the map moves it, the map's calls held, then the map's setup.
 */
export async function startFlow<Subject>(
  page: Page,
  map: UiMap<Subject>,
  pathId: string,
): Promise<Flow<Subject>> {
  const variant = currentVariant();
  await applyVariant(page, variant);
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': officeAddress() });
  if (map.clock) await page.clock.install();
  const calls = new HeldCalls(page, map.calls);
  await calls.start();
  const t = textsIn(variant.language);
  const subject = await map.setup(page, { pathId, calls, t, language: variant.language });
  return new Flow(page, map, subject, calls, t);
}
