/**
 * Every chart in the machine catalog reads the same in Stately's static parser (what the Stately
 * editor and the VS Code extension draw) as the machine that runs: the same states (type, initial
 * child, invoked actors) and the same transitions (source, event, guard, targets), the invocations'
 * done and error, delayed and eventless ones included. A handler the parser cannot see (spread in
 * from a variable, a computed event name) is an arrow missing from the diagram a product owner reads.
 *
 * Each side is written out as lines and the lines of one missing from the other are listed, so a
 * failure names the chart and what the parser misses (`missing`) or reads that does not run (`extra`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, type AnyStateNode, createMachine, not } from 'xstate';
import { machineCatalog } from '../../src/studio/machine-catalog';
import { type ParsedStateNode, type ParsedTransition, parseCharts } from '../../src/test/stately-parser';

const machinesDir = join(import.meta.dirname, '../../src/machines');

/**
 * Machines a factory builds: their chart is the literal inside the factory, in another file than the
 * machine's own (which only calls the factory with its names).
 */
const factoryCharts: Record<string, string> = {
  resource: 'kernel/resource.machine.ts',
  orders: 'kernel/resource.machine.ts',
  notifications: 'kernel/resource.machine.ts',
  'notification-reads': 'kernel/mark-read.machine.ts',
  'announcement-reads': 'kernel/mark-read.machine.ts',
};

/**
 * Charts the parser does not yet read as they run, each with why. The test checks that they still
 * differ, so a chart made readable has to leave this list.
 */
const readLater = new Map<string, string>();

function chartFile(name: string): string {
  const factory = factoryCharts[name];
  if (factory) return join(machinesDir, factory);
  const features = readdirSync(machinesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const found = features
    .map((feature) => join(machinesDir, feature.name, `${name}.machine.ts`))
    .filter((file) => existsSync(file));
  expect(found, `${name}: one chart file src/machines/<feature>/${name}.machine.ts`).toHaveLength(1);
  return found[0] as string;
}

const at = (path: readonly string[]) => (path.length === 0 ? '(root)' : path.join('.'));

const stateLine = (path: readonly string[], type: string, initial: string, invokes: string[]) =>
  `state ${at(path)}: ${type}${initial ? `, initial ${initial}` : ''}${invokes.length ? `, invokes ${invokes.join(' ')}` : ''}`;

const transitionLine = (
  path: readonly string[],
  trigger: string,
  index: number,
  guard: string,
  targets: string[],
) =>
  `${at(path)} ${trigger} #${index}${guard ? ` [${guard}]` : ''} -> ${targets.length ? targets.join(', ') : '(no target)'}`;

/** Higher-order guards as they are written (`and([not('a'), 'b'])`), without spaces or trailing commas. */
const normalGuard = (text: string) =>
  text
    .replace(/\s+/g, '')
    .replace(/"/g, "'")
    .replace(/,(?=[\])])/g, '');

function runningGuard(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = ((guard as { guards?: unknown[] }).guards ?? []).map((g) =>
      typeof g === 'string' ? `'${g}'` : runningGuard(g),
    );
    return guard.name === 'not' ? `not(${inner.join(',')})` : `${guard.name}([${inner.join(',')}])`;
  }
  return String((guard as { type: unknown }).type);
}

function runningLines(machine: AnyStateMachine): string[] {
  const lines: string[] = [];
  const visit = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[];
    const initial =
      children.length && node.type === 'compound' ? at(node.initial.target.map((t) => t.key)) : '';
    lines.push(
      stateLine(
        node.path,
        node.type,
        initial,
        node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : '(inline)')),
      ),
    );
    const triggers = new Map<string, string>([[`xstate.done.state.${node.id}`, 'done']]);
    for (const delayed of node.after) triggers.set(delayed.eventType, `after ${String(delayed.delay)}`);
    node.invoke.forEach((invoke, i) => {
      triggers.set(`xstate.done.actor.${invoke.id}`, `invoke[${i}] done`);
      triggers.set(`xstate.error.actor.${invoke.id}`, `invoke[${i}] error`);
    });
    const transitions = [...node.transitions].map(
      ([event, list]) => [triggers.get(event) ?? `on ${event}`, list] as const,
    );
    for (const [trigger, list] of [...transitions, ['always', node.always ?? []] as const]) {
      list.forEach((transition, i) => {
        const targets = (transition.target ?? []).map((target: AnyStateNode) => at(target.path));
        lines.push(transitionLine(node.path, trigger, i, runningGuard(transition.guard), targets));
      });
    }
    children.forEach(visit);
  };
  visit(machine.root);
  return lines;
}

type ParsedTransitions = ParsedTransition | string | undefined | Array<ParsedTransition | string>;

function parsedLines(config: ParsedStateNode): string[] {
  const byPath = new Map<string, ParsedStateNode>();
  const byId = new Map<string, string[]>();
  const index = (node: ParsedStateNode, path: string[]) => {
    byPath.set(path.join('.'), node);
    const defaultId =
      path.length === 0 ? (config.id ?? '(machine)') : `${config.id ?? '(machine)'}.${path.join('.')}`;
    byId.set(node.id ?? defaultId, path);
    for (const [key, child] of Object.entries(node.states ?? {})) index(child, [...path, key]);
  };
  index(config, []);

  // XState 5's resolution: `#id.child`, `.child` of the source, otherwise a sibling's path.
  const resolveTarget = (source: string[], target: string): string => {
    const [head = '', ...rest] = target.split('.');
    const path = target.startsWith('#')
      ? [...(byId.get(head.slice(1)) ?? [`?#${head.slice(1)}`]), ...rest]
      : target.startsWith('.')
        ? [...source, ...rest]
        : source.length > 0
          ? [...source.slice(0, -1), head, ...rest]
          : [`?${target}`];
    return byPath.has(path.join('.')) ? at(path) : `? ${target} (no such state)`;
  };

  const lines: string[] = [];
  const push = (path: string[], trigger: string, transitions: ParsedTransitions) => {
    const list = transitions === undefined ? [] : Array.isArray(transitions) ? transitions : [transitions];
    list.forEach((transition, i) => {
      const { target, cond } =
        typeof transition === 'string' ? { target: transition, cond: undefined } : transition;
      const targets = (target === undefined ? [] : Array.isArray(target) ? target : [target]).map((t) =>
        resolveTarget(path, t),
      );
      const guard = cond === undefined ? '' : cond.kind === 'inline' ? normalGuard(cond.type) : cond.type;
      lines.push(transitionLine(path, trigger, i, guard, targets));
    });
  };
  const visit = (node: ParsedStateNode, path: string[]) => {
    const children = Object.keys(node.states ?? {});
    const type = node.type ?? (children.length ? 'compound' : 'atomic');
    const invokes = node.invoke === undefined ? [] : Array.isArray(node.invoke) ? node.invoke : [node.invoke];
    lines.push(
      stateLine(
        path,
        type,
        type === 'compound' ? (node.initial ?? '') : '',
        invokes.map((i) => i.src ?? '(inline)'),
      ),
    );
    for (const [event, transitions] of Object.entries(node.on ?? {})) push(path, `on ${event}`, transitions);
    for (const [delay, transitions] of Object.entries(node.after ?? {}))
      push(path, `after ${delay}`, transitions);
    invokes.forEach((invoke, i) => {
      push(path, `invoke[${i}] done`, invoke.onDone);
      push(path, `invoke[${i}] error`, invoke.onError);
    });
    push(path, 'done', node.onDone);
    push(path, 'always', node.always);
    for (const key of children) visit(node.states?.[key] as ParsedStateNode, [...path, key]);
  };
  visit(config, []);
  return lines;
}

/** The lines of `machine` the parser does not read from `source`, and the ones it reads that do not run. */
function compare(source: string, machine: AnyStateMachine) {
  const charts = parseCharts(source);
  const running = runningLines(machine).sort();
  const parsed = charts.length === 1 ? parsedLines(charts[0] as ParsedStateNode).sort() : [];
  return {
    charts: charts.length,
    missing: running.filter((line) => !parsed.includes(line)),
    extra: parsed.filter((line) => !running.includes(line)),
  };
}

function difference(name: string, machine: AnyStateMachine) {
  const file = chartFile(name);
  const { charts, missing, extra } = compare(readFileSync(file, 'utf8'), machine);
  return {
    chart: `${name} (${file.slice(machinesDir.length + 1)}, ${charts} createMachine call(s) read)`,
    missing,
    extra,
  };
}

describe('the comparison', () => {
  // The parser follows a spread of a plain object literal declared in the same file, but not one
  // wrapped in `as const`, and never a transition list held in a variable.
  it('names the handlers that fragments hide from the parser, and nothing else', () => {
    const source = `
      const edits = { 'form.changed': { actions: 'take' } } as const;
      const submit = [{ guard: not('isEmpty'), target: '#form.sent' }];
      export const formMachine = setup({}).createMachine({
        id: 'form',
        initial: 'editing',
        states: {
          editing: { on: { ...edits, 'form.submitted': submit, 'form.closed': 'sent' } },
          sent: {},
        },
      });`;
    const machine = createMachine({
      id: 'form',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.changed': { actions: 'take' },
            'form.submitted': [{ guard: not('isEmpty'), target: '#form.sent' }],
            'form.closed': 'sent',
          },
        },
        sent: {},
      },
    });
    expect(compare(source, machine)).toEqual({
      charts: 1,
      missing: [
        'editing on form.changed #0 -> (no target)',
        "editing on form.submitted #0 [not('isEmpty')] -> sent",
      ],
      extra: [],
    });
  });

  it('tells a target or a guard the parser reads otherwise', () => {
    const source = `createMachine({ initial: 'a', states: { a: { on: { go: { guard: 'ready', target: 'b' } } }, b: {} } })`;
    const machine = createMachine({
      initial: 'a',
      states: { a: { on: { go: { guard: 'set', target: 'a' } } }, b: {} },
    });
    expect(compare(source, machine)).toEqual({
      charts: 1,
      missing: ['a on go #0 [set] -> a'],
      extra: ['a on go #0 [ready] -> b'],
    });
  });
});

describe("Stately's parser reads every chart as it runs", () => {
  for (const { name, machine } of machineCatalog) {
    const why = readLater.get(name);
    if (why === undefined) {
      it(`${name}: the parser reads the chart that runs`, () => {
        const found = difference(name, machine);
        expect(found).toEqual({ chart: found.chart, missing: [], extra: [] });
      });
    } else {
      it(`${name}: not read yet (${why})`, () => {
        const found = difference(name, machine);
        expect(
          [...found.missing, ...found.extra],
          `${found.chart} now reads as it runs: drop it from readLater`,
        ).not.toEqual([]);
      });
    }
  }

  it('lists only catalog machines as read later', () => {
    const names = new Set(machineCatalog.map((entry) => entry.name as string));
    expect([...readLater.keys()].filter((name) => !names.has(name))).toEqual([]);
  });
});
