import { describe, expect, it } from 'vitest';
import type { PathsReport, ReportPath } from '../../src/studio/paths-report';
import { generateSpec, type MapFacts } from './generate-spec';

// A small door: closed, open, or stuck. The generator turns its plan into a spec a QA engineer runs.

const step = (type: string, stateIds: string[], extra: Record<string, unknown> = {}) => ({
  event: { type, ...extra },
  words: `Send \`${type}\``,
  state: stateIds[0]?.split('.').at(-1) ?? '',
  stateIds,
  screen: '',
});

const path = (
  id: string,
  kind: ReportPath['kind'],
  target: string,
  steps: ReportPath['steps'],
): ReportPath => ({
  id,
  kind,
  target,
  serves: [{ kind, target }],
  executed: true,
  steps,
});

const report: PathsReport = {
  machine: 'door',
  input: null,
  states: 3,
  transitions: 3,
  failureStates: ['door.stuck'],
  initial: { state: 'closed', stateIds: ['door.closed'], screen: '' },
  spawned: {},
  paths: [
    path('door-1', 'state', 'door.closed', []),
    path('door-2', 'state', 'door.open', [step('door.pushed', ['door.open'])]),
    path('door-3', 'failure', 'door.stuck', [
      step('door.pushed', ['door.open']),
      step('door.kicked', ['door.stuck'], { force: 3 }),
    ]),
    path('door-4', 'transition', 'door.open --door.slammed--> door.closed', [
      step('door.pushed', ['door.open']),
      step('door.slammed', ['door.closed']),
    ]),
  ],
};

const map: MapFacts = {
  machine: 'door',
  needs: 'a door',
  events: {
    'door.pushed': {},
    // the portal has no slam: the plan's step cannot be taken there
    'door.slammed': { unreachable: () => 'doors here close softly' },
  },
  states: { 'door.closed': true, 'door.open': true },
  screenless: {},
};

const options = {
  mapImport: '../ui-maps/door',
  harnessImport: '../harness',
  reportFile: 'docs/paths/door.json',
  mapFile: 'tests/flows/ui-maps/door.ts',
};

describe('generateSpec', () => {
  const spec = generateSpec(report, map, options);

  it('walks every path whose events and states the map knows', () => {
    expect(spec.runnable).toEqual(['door-1', 'door-2']);
  });

  it('skips a path with an unmapped event, an unreachable step or a state without a check, saying why', () => {
    expect(spec.skipped).toEqual([
      { id: 'door-3', reason: 'no action sends door.kicked (step 2): map it in tests/flows/ui-maps/door.ts' },
      { id: 'door-4', reason: 'step 2 (door.slammed): doors here close softly' },
    ]);
    const checked = generateSpec(report, { ...map, events: { ...map.events, 'door.kicked': {} } }, options);
    expect(checked.skipped[0]).toEqual({
      id: 'door-3',
      reason: 'nothing says what state door.stuck shows: add its check to tests/flows/ui-maps/door.ts',
    });
  });

  it('names each test by its path id and target in words', () => {
    expect(spec.source).toContain('test("door-2 · reaches door.open", async ({ page }) => {');
    expect(spec.source).toContain('test("door-3 · fails into door.stuck", async () => {');
    expect(spec.source).toContain(
      'test("door-4 · takes door.open --door.slammed--> door.closed", async () => {',
    );
  });

  it('declares a skipped path with test.skip and its reason', () => {
    expect(spec.source).toContain('test.skip(true, "step 2 (door.slammed): doors here close softly");');
  });

  it('sends each event as the report has it, then checks and captures the states it reaches', () => {
    const door2 = spec.source.slice(spec.source.indexOf('door-2'), spec.source.indexOf('door-3'));
    expect(door2.split('\n').map((line) => line.trim())).toEqual(
      expect.arrayContaining([
        'const flow = await startFlow(page, map, "door-2");',
        'await flow.see(["door.closed"]);',
        'await captureState(page, "door", withAncestors(["door.closed"]));',
        '// 1. Send `door.pushed` → door.open',
        'await flow.send({"type":"door.pushed"}, ["door.open"]);',
        'await flow.see(["door.open"]);',
        'await captureState(page, "door", withAncestors(["door.open"]));',
      ]),
    );
  });

  it('imports the harness and the map, and says in its header what it walks and what the portal needs', () => {
    expect(spec.source).toContain(
      'import { captureState, startFlow, test, withAncestors } from "../harness";',
    );
    expect(spec.source).toContain('import map from "../ui-maps/door";');
    expect(spec.source).toContain('// The portal needs: a door');
    expect(spec.source).toContain('// 2 paths walked, 2 skipped.');
  });
});
