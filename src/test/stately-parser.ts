/**
 * Stately's static parser, `@xstate/machine-extractor` (what the Stately editor and the VS Code
 * extension use to draw a chart from its source), and what it reads from a chart file.
 *
 * The extractor (0.16, the last release) is written for XState 4: its CommonJS build requires
 * `xstate/lib/actions` and `xstate/lib/types`, paths XState 5's package exports do not have. It only
 * re-exports the types and calls the action creators to describe actions it finds (`raise(...)`,
 * `choose(...)`), neither of which this comparison looks at; the parse of states, targets, guards
 * and invocations is pure Babel. So the two files of its build are evaluated here with a `require`
 * that hands it a stand-in for those two paths and Node's own resolution for everything else.
 * XState 5's `setup({...}).createMachine({...})` it reads as it is: it looks for any call whose
 * callee (an identifier or a member, here `.createMachine`) is named `createMachine`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

/** A transition as the extractor's `toConfig()` gives it (a bare string target becomes `{ target }`). */
export interface ParsedTransition {
  target?: string | string[];
  cond?: { kind: 'named' | 'inline'; type: string };
}

type MaybeArray<T> = T | T[];

export interface ParsedInvoke {
  src?: string;
  id?: string;
  onDone?: MaybeArray<ParsedTransition>;
  onError?: MaybeArray<ParsedTransition>;
}

export interface ParsedStateNode {
  id?: string;
  type?: string;
  initial?: string;
  on?: Record<string, MaybeArray<ParsedTransition>>;
  after?: Record<string, MaybeArray<ParsedTransition>>;
  always?: MaybeArray<ParsedTransition>;
  onDone?: MaybeArray<ParsedTransition>;
  invoke?: MaybeArray<ParsedInvoke>;
  states?: Record<string, ParsedStateNode>;
}

interface ExtractedMachine {
  toConfig(): ParsedStateNode | undefined;
}

interface Extractor {
  extractMachinesFromFile(source: string): { machines: Array<ExtractedMachine | undefined> } | null;
}

/** What the extractor's action descriptions are built from; the comparison never reads them. */
const xstate4Actions = new Proxy(
  {},
  {
    get:
      (_, name) =>
      (...args: unknown[]) => ({ type: `xstate.${String(name)}`, args }),
  },
);

function loadCommonJs(file: string): unknown {
  const module = { exports: {} as unknown };
  const nodeRequire = createRequire(file);
  const localRequire = (id: string): unknown => {
    if (id === 'xstate/lib/actions') return xstate4Actions;
    if (id === 'xstate/lib/types') return {};
    if (id.startsWith('.')) return loadCommonJs(resolve(dirname(file), id));
    return nodeRequire(id);
  };
  const body = readFileSync(file, 'utf8');
  new Function('exports', 'require', 'module', '__filename', '__dirname', body)(
    module.exports,
    localRequire,
    module,
    file,
    dirname(file),
  );
  return module.exports;
}

const extractor = loadCommonJs(
  createRequire(import.meta.url).resolve('@xstate/machine-extractor'),
) as Extractor;

/**
 * The configs of every `createMachine` call in `source`, as the parser reads them. The parser warns
 * on the console for every action `params` written as a function (it can only show literal params);
 * actions are not compared, so those warnings are silenced here.
 */
export function parseCharts(source: string): ParsedStateNode[] {
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    const result = extractor.extractMachinesFromFile(source);
    return (result?.machines ?? []).flatMap((machine) => {
      const config = machine?.toConfig();
      return config ? [config] : [];
    });
  } finally {
    console.warn = warn;
  }
}
