import type { Page, Request } from '@playwright/test';
import type { JsonEvent } from '../../src/studio/event-json';
import type { ReportStep } from '../../src/studio/paths-report';
import type { HeldCalls } from './held-calls';

/**
 * How one machine's path plans (docs/paths/<machine>.json) are walked through the real portal: each
 * event of the chart mapped once to what sends it there (a click, typing, the clock, or an answer of
 * the server let through or made to fail), each state id to what the customer must see in it. The
 * generated specs (`npm run paths -- --playwright <machine>`) and the screenshot runs share a map.
 * docs/testing-flows.md says how to write one.
 */
export interface UiMap<Subject = unknown> {
  /** the catalog's machine name (`checkout`), as the report names it */
  machine: string;
  /** what the portal needs beyond the defaults, for the spec's header (e.g. "DEV_MAILBOX=1") */
  needs?: string;
  /** the page clock is installed before the first navigation (delays and cut-offs are moved on by it) */
  clock?: boolean;
  /**
   * The requests whose answers are events of the machine (`xstate.done.actor.placeOrder`) or which a
   * step lets through or fails: every such request is held from the start of the test until a step
   * answers it, so the state that waits for it can be seen, and answered as the path says.
   */
  calls: Record<string, CallMatcher>;
  /** brings a fresh portal to the machine's start: a user of its own, signed in, the cart filled... */
  setup: (page: Page, context: SetupContext) => Promise<Subject>;
  /** per event type (exactly as the report names it): what sends it */
  events: Record<string, EventMapping<Subject>>;
  /** per state id (`checkout.form.editing`): what must be visible there */
  states: Record<string, StateCheck<Subject>>;
  /** state ids with no screen of their own, with why (no screenshot is taken of them) */
  screenless: Record<string, string>;
}

/** A request the test holds: its method and a pattern its URL's path matches (and what else tells it apart). */
export interface CallMatcher {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: RegExp;
  /** false for a request to the same address that is another call (a preview for the cart's fees) */
  accept?: (request: Request) => boolean;
}

export interface SetupContext {
  /** the path being walked (its id, for names of what the setup creates) */
  pathId: string;
  calls: HeldCalls;
  t: Texts;
  /** the language the test runs in: a user the setup makes speaks it */
  language: string;
}

export interface EventMapping<Subject = unknown> {
  /** what the customer does (or lets the server or the clock do) so the portal sends the event */
  run: (step: FlowStep<Subject>) => Promise<void>;
  /**
   * Why a path cannot be walked in the real portal with this event at `index` of its steps (the
   * model may send events in an order the portal never does); undefined when it can.
   */
  unreachable?: (steps: readonly PlanStep[], index: number) => string | undefined;
}

/** A step of a path plan as the generator and the unreachable rules see it. */
export type PlanStep = Pick<ReportStep, 'event' | 'stateIds'>;

export interface FlowStep<Subject = unknown> {
  page: Page;
  /** the event as the report has it */
  event: JsonEvent;
  /** the active state ids (leaves) before the step */
  from: readonly string[];
  /** the active state ids (leaves) the step is expected to reach */
  to: readonly string[];
  subject: Subject;
  calls: HeldCalls;
  t: Texts;
}

/** Asserts what the customer must see in a state (Playwright's `expect`, auto-waiting). */
export type StateCheck<Subject = unknown> = (check: {
  page: Page;
  subject: Subject;
  t: Texts;
}) => Promise<void>;

/** The portal's texts in the language the test runs in (src/locales/<language>.json), `{{name}}` filled in. */
export type Texts = (key: string, values?: Record<string, string | number>) => string;
