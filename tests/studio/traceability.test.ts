import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { type ChartGraph, chartModel } from '../../src/studio/chart-model';
import { catalogEntry, machineCatalog } from '../../src/studio/machine-catalog';
import type { PathsReport, ReportPath } from '../../src/studio/paths-report';
import { beyondFeatures, isBeyond, specRules, specSectionKey } from '../../src/studio/spec-rules';
import {
  buildTraceTable,
  chartTransitions,
  findRuleTags,
  modelRunOf,
  type RuleTrace,
  ruleTraces,
} from '../../src/studio/traceability';

const root = join(import.meta.dirname, '..', '..');
const languages = ['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv'] as const;
const studioTexts = Object.fromEntries(
  languages.map((language) => [
    language,
    JSON.parse(readFileSync(join(root, 'src', 'locales', 'studio', `${language}.json`), 'utf8')) as unknown,
  ]),
);
const textAt = (language: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      studioTexts[language],
    );

/** A door: a guard named for the rule, a targetless transition, and a machine-level one. */
const doorMachine = setup({
  types: { events: {} as { type: 'open' } | { type: 'close' } | { type: 'knock' } | { type: 'reset' } },
  guards: { isUnlocked: () => true },
}).createMachine({
  id: 'door',
  initial: 'closed',
  on: { reset: '.closed' },
  states: {
    closed: { on: { open: { target: 'opened', guard: 'isUnlocked' }, knock: {} } },
    opened: { on: { close: 'closed' } },
    broken: {},
  },
});
const door = chartModel(doorMachine);

const path = (overrides: Partial<ReportPath>): ReportPath => ({
  id: 'door-1',
  kind: 'state',
  target: 'door.closed',
  serves: [],
  executed: true,
  steps: [],
  ...overrides,
});

const report = (paths: ReportPath[]): PathsReport => ({
  machine: 'door',
  input: null,
  states: 3,
  transitions: 4,
  failureStates: [],
  initial: { state: 'closed', stateIds: ['door.closed'], screen: '' },
  spawned: {},
  paths,
});

describe('model runs from a path report', () => {
  it('turns the labels of executed paths into the chart’s transition keys, machine-level and targetless ones too', () => {
    const run = modelRunOf(
      report([
        path({
          serves: [
            { kind: 'state', target: 'door.opened' },
            { kind: 'transition', target: 'door.closed --open [isUnlocked]--> door.opened' },
          ],
          steps: [
            { event: { type: 'open' }, words: '', state: 'opened', stateIds: ['door.opened'], screen: '' },
          ],
        }),
        path({ serves: [{ kind: 'transition', target: 'door --reset--> door.closed' }] }),
        path({ serves: [{ kind: 'transition', target: 'door.closed --knock--> (targetless)' }] }),
        path({
          executed: false,
          serves: [{ kind: 'transition', target: 'door.opened --close--> door.closed' }],
        }),
      ]),
      door,
      'tests/machines/door.model.test.ts',
    );
    expect(run.testFile).toBe('tests/machines/door.model.test.ts');
    expect(run.states).toEqual(['door.opened']);
    expect(run.transitions).toEqual([
      'door.(any) --reset--> door.closed',
      'door.closed --knock-->',
      'door.closed --open [isUnlocked]--> door.opened',
    ]);
  });

  it('matches a guard the report writes differently from the chart on source, event and targets', () => {
    const run = modelRunOf(
      report([path({ serves: [{ kind: 'transition', target: 'door.closed --open [and]--> door.opened' }] })]),
      door,
    );
    expect(run.transitions).toEqual(['door.closed --open [isUnlocked]--> door.opened']);
  });
});

describe('rule tags in test files', () => {
  it('reads `// covers:` lines directly above a test, and only there', () => {
    const source = [
      '// covers: 4.a.one, 4.a.two',
      '// a note between the tag and the test',
      "test('first', async () => {});",
      '// covers: 5.b',
      'const notATest = 1;',
      "test('second', () => {});",
      '  // covers: 8.c',
      '  it.skip("third", () => {});',
    ].join('\n');
    expect(findRuleTags(source, 'tests/e2e/x.spec.ts')).toEqual([
      { file: 'tests/e2e/x.spec.ts', title: 'first', rules: ['4.a.one', '4.a.two'] },
      { file: 'tests/e2e/x.spec.ts', title: 'third', rules: ['8.c'] },
    ]);
  });
});

describe('the traceability table', () => {
  const rules = [
    { id: '4.door.opens', point: '4', section: 'Other states' },
    { id: '4.door.server', point: '4', section: 'Other states' },
    { id: '4.door.untested', point: '4', section: 'Other states' },
    { id: '4.door.renamed', point: '4', section: 'Other states' },
    { id: '4.door.tagged', point: '4', section: 'Other states' },
  ];
  const traces: Record<string, RuleTrace> = {
    '4.door.opens': {
      elements: [
        { machine: 'app', guard: 'isUnlocked' },
        { machine: 'app', state: 'door.opened' },
      ],
    },
    '4.door.server': { elements: [], elsewhere: { by: 'server', where: 'server/doors.ts' } },
    '4.door.untested': { elements: [{ machine: 'app', state: 'door.broken' }] },
    '4.door.renamed': { elements: [{ machine: 'app', state: 'door.ajar' }] },
    '4.door.tagged': { elements: [{ machine: 'app', transition: 'door.opened --close--> door.closed' }] },
  };
  const table = buildTraceTable({
    rules,
    traces,
    chartOf: (machine): ChartGraph | undefined => (machine === 'app' ? door : undefined),
    modelRuns: {
      app: {
        testFile: 'tests/machines/door.model.test.ts',
        states: ['door.closed', 'door.opened'],
        transitions: ['door.closed --open [isUnlocked]--> door.opened'],
      },
    },
    journeys: {
      app: { 'door.closed --open [isUnlocked]--> door.opened': 2, 'door.opened --close--> door.closed': 3 },
    },
    tagged: [
      { file: 'tests/e2e/door.spec.ts', title: 'the door opens', rules: ['4.door.tagged', '4.door.opens'] },
    ],
  });

  it('lists the rules without an element or without a test first, each group in spec order', () => {
    expect(table.map((row) => [row.id, row.noElement, row.noTest])).toEqual([
      ['4.door.server', true, true],
      ['4.door.untested', false, true],
      ['4.door.renamed', true, true],
      ['4.door.opens', false, false],
      ['4.door.tagged', false, false],
    ]);
  });

  it('names the tests that cover a rule: the model-based test, the journeys and the tagged tests', () => {
    const opens = table.find((row) => row.id === '4.door.opens');
    expect(opens?.tests).toEqual([
      { kind: 'model', machine: 'app', file: 'tests/machines/door.model.test.ts', covered: 2, of: 2 },
      { kind: 'journeys', machine: 'app', covered: 2, of: 2 },
      { kind: 'tagged', file: 'tests/e2e/door.spec.ts', title: 'the door opens' },
    ]);
    expect(table.find((row) => row.id === '4.door.tagged')?.tests.map((test) => test.kind)).toEqual([
      'journeys',
      'tagged',
    ]);
  });

  it('marks an element the chart no longer has, and says where a rule no machine holds lives', () => {
    expect(table.find((row) => row.id === '4.door.renamed')?.elements).toEqual([
      { machine: 'app', kind: 'state', ref: 'door.ajar', found: false, modelCovered: false, journeys: 0 },
    ]);
    expect(table.find((row) => row.id === '4.door.server')?.elsewhere).toEqual({
      by: 'server',
      where: 'server/doors.ts',
    });
  });
});

describe('the portal’s rules and their mapping', () => {
  it('maps every rule of points 4, 5 and 8 to machine elements or says where it lives, and names no other rule', () => {
    const ids = specRules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(ruleTraces).sort()).toEqual([...ids].sort());
    const unplaced = specRules.filter((rule) => {
      const trace: RuleTrace = ruleTraces[rule.id];
      return trace.elements.length === 0 && !trace.elsewhere;
    });
    expect(unplaced.map((rule) => rule.id)).toEqual([]);
  });

  it('names only states, transitions and guards the current charts have', () => {
    const missing: string[] = [];
    for (const [id, trace] of Object.entries(ruleTraces) as [string, RuleTrace][])
      for (const element of trace.elements) {
        const entry = catalogEntry(element.machine);
        const graph = entry && chartModel(entry.machine);
        const transitions = graph ? chartTransitions(graph) : [];
        const found =
          'state' in element
            ? graph?.nodes.some((node) => node.id === element.state)
            : 'transition' in element
              ? transitions.some((t) => t.key === element.transition)
              : transitions.some((t) => t.guard?.split(/[^\w$]+/).includes(element.guard));
        if (!found) missing.push(`${id}: ${element.machine} ${JSON.stringify(element)}`);
      }
    expect(missing).toEqual([]);
  });

  it('has a title for every rule in every language', () => {
    const untitled = languages.flatMap((language) =>
      specRules
        .filter((rule) => typeof textAt(language, `rules.${rule.id}`) !== 'string')
        .map((rule) => `${language}: ${rule.id}`),
    );
    expect(untitled).toEqual([]);
  });

  it('has every test tag name a rule that exists', () => {
    const known = new Set<string>(specRules.map((rule) => rule.id));
    const files = readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(test|spec)\.tsx?$/.test(file),
    );
    const tags = files.flatMap((file) =>
      findRuleTags(
        readFileSync(join(root, 'tests', file), 'utf8'),
        relative(root, join(root, 'tests', file))
          .split(sep)
          .join('/'),
      ),
    );
    expect(tags.length).toBeGreaterThanOrEqual(10);
    expect(
      tags.flatMap((tag) => tag.rules.filter((id) => !known.has(id)).map((id) => `${tag.file}: ${id}`)),
    ).toEqual([]);
  });

  it('says for every machine where the spec asks for it, in words every language has', () => {
    const missing = languages.flatMap((language) =>
      machineCatalog.flatMap((entry) => {
        if (entry.spec.length === 0) return [`${entry.name}: no spec point`];
        return entry.spec
          .map((ref) =>
            isBeyond(ref) ? `spec.beyond.${ref.beyond}` : `spec.sections.${specSectionKey(ref)}`,
          )
          .filter((key) => typeof textAt(language, key) !== 'string')
          .map((key) => `${language}: ${entry.name} ${key}`);
      }),
    );
    expect(missing).toEqual([]);
    expect(
      languages.flatMap((language) =>
        beyondFeatures.filter((feature) => typeof textAt(language, `spec.beyond.${feature}`) !== 'string'),
      ),
    ).toEqual([]);
  });
});
