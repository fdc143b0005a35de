import type { JsonEvent } from './event-json';

/**
 * docs/paths/<machine>.json, written by `npm run paths` (scripts/paths.ts) for test management
 * tools, and read by the studio to replay a path step by step. Events are JSON (`event-json.ts`).
 */
export interface PathsReport {
  machine: string;
  /** the machine's input in the model-based test (`createActor(machine, { input })`), or null */
  input: unknown;
  states: number;
  transitions: number;
  /**
   * state ids (`checkout.submitFailed`) into which simple paths are listed: the states whose key
   * matches /failed|failure|error|rejected|refused/i
   */
  failureStates: string[];
  /** where every path starts: the snapshot after `xstate.init` (a path with no steps reaches it) */
  initial: ReportStart;
  /**
   * children that appear in `snapshot.children` when the state (id) is entered, or while in it, and
   * are not its invokes: named by their logic's name in `setup({ actors })` when spawned by name
   * (`cartLine`), else by their id (`cart`, `orders`). Sorted.
   */
  spawned: Record<string, string[]>;
  paths: ReportPath[];
}

/** The snapshot a path starts from (no event yet). */
export interface ReportStart {
  state: unknown;
  stateIds: string[];
  screen: string;
}

export interface ReportPath {
  /** `<machine>-<n>`, stable while the machine does not change */
  id: string;
  /**
   * `state`: the shortest path to `target` (a state id); `transition`: the shortest path whose last
   * step takes `target` (a transition label, `checkout.editing --checkout.submitted--> checkout.previewing`);
   * `failure`: a simple (loop-free) path into the failure state `target`
   */
  kind: 'state' | 'transition' | 'failure';
  target: string;
  /** every state, transition or failure state this path serves (the first is `kind`/`target`) */
  serves: Array<{ kind: 'state' | 'transition' | 'failure'; target: string }>;
  /** the machine's input for this path when it is not the report's `input` (user-editor: create and edit) */
  input?: unknown;
  /** the model-based test runs these steps (the path is a prefix of one of its paths) */
  executed: boolean;
  steps: ReportStep[];
}

export interface ReportStep {
  event: JsonEvent;
  /** the event in words for a tester: "Send checkout.dateChanged with date “2026-11-21”" */
  words: string;
  /** the snapshot's value after the step (`{ "restoring": "refreshing" }`) */
  state: unknown;
  /** the active leaf state ids after the step */
  stateIds: string[];
  /** what the screen shows there: the states' `description`s */
  screen: string;
}
