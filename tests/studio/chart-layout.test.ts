import ELK from 'elkjs/lib/elk.bundled.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { checkoutMachine } from '../../src/machines/checkout/checkout.machine';
import { sessionMachine } from '../../src/machines/session/session.machine';
import {
  type Box,
  fitViewport,
  focusBox,
  type LaidOutChart,
  LEGIBLE_ZOOM,
  layoutChart,
  type Point,
  toElkGraph,
} from '../../src/studio/chart-layout';
import { chartModel } from '../../src/studio/chart-model';
import { machineCatalog } from '../../src/studio/machine-catalog';
import { playerMachine } from './chart-fixtures';

const elk = new ELK();
const layOut = (machine: AnyStateMachine, spawned = {}) =>
  layoutChart(chartModel(machine, spawned), (graph) => elk.layout(graph));

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const onBorder = (point: Point, box: Box) => {
  const within = (v: number, from: number, to: number) => v >= from - 1 && v <= to + 1;
  const nearX = Math.abs(point.x - box.x) <= 1 || Math.abs(point.x - box.x - box.width) <= 1;
  const nearY = Math.abs(point.y - box.y) <= 1 || Math.abs(point.y - box.y - box.height) <= 1;
  return (
    (nearX && within(point.y, box.y, box.y + box.height)) ||
    (nearY && within(point.x, box.x, box.x + box.width))
  );
};

/**
 * The shape checks every laid-out chart must pass, each as the list of what breaks it (empty when
 * the chart is well formed), so every check runs on every chart.
 */
function expectWellFormed(chart: LaidOutChart, machine: AnyStateMachine) {
  expect(chart.nodes.length).toBeGreaterThan(0);
  const byId = new Map(chart.nodes.map((node) => [node.id, node]));
  const chartBox = { x: 0, y: 0, width: chart.width, height: chart.height };
  expect(chart.nodes.filter((node) => !(node.width > 0)).map((node) => node.id)).toEqual([]);
  expect(chart.nodes.filter((node) => !inside(node, chartBox)).map((node) => node.id)).toEqual([]);
  const nested = chart.nodes.flatMap((node) => {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    return parent ? [{ node, parent }] : [];
  });
  // a child lies inside its parent, below the parent's header
  expect(
    nested.filter(({ node, parent }) => !inside(node, parent)).map(({ node }) => node.id),
    'inside the parent',
  ).toEqual([]);
  expect(
    nested.filter(({ node, parent }) => node.y < parent.y + parent.header).map(({ node }) => node.id),
    "below the parent's header",
  ).toEqual([]);
  // siblings never overlap
  const overlapping = chart.nodes.flatMap((a) =>
    chart.nodes
      .filter((b) => a.id < b.id && a.parentId === b.parentId && overlap(a, b))
      .map((b) => `${a.id} overlaps ${b.id}`),
  );
  expect(overlapping).toEqual([]);
  // every drawn edge starts on its source's border (or at its initial dot) and ends on its target's
  const graph = chartModel(machine);
  expect(chart.edges.filter((edge) => edge.points.length < 2).map((edge) => edge.id)).toEqual([]);
  const initialDots = new Set(chart.initials.map((dot) => `${dot.parentId}/initial`));
  const misplaced = chart.edges.flatMap((edge) => {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    // an initial arrow leaves its dot, a marker rather than a state
    const leaves = source ? onBorder(edge.points[0] as Point, source) : initialDots.has(edge.source);
    const reaches = target !== undefined && onBorder(edge.points.at(-1) as Point, target);
    return [
      ...(leaves ? [] : [`${edge.id} leaves ${edge.source}`]),
      ...(reaches ? [] : [`${edge.id} reaches ${edge.target}`]),
    ];
  });
  expect(misplaced).toEqual([]);
  // every transition target drawn once (those between the same two states share an edge),
  // one initial arrow per compound state (and the machine)
  const drawn = chart.edges.flatMap((edge) => edge.chartEdgeIds.map((id) => `${id} ${edge.target}`));
  expect(drawn.sort()).toEqual(
    graph.edges.flatMap((edge) => edge.targets.map((target) => `${edge.id} ${target}`)).sort(),
  );
  expect(chart.edges.map((edge) => edge.label?.lineKinds.length ?? 0)).toEqual(
    chart.edges.map((edge) => edge.label?.lines.length ?? 0),
  );
  expect(chart.initials.length).toBe(
    graph.nodes.filter((node) => node.initialId).length + (graph.initialId ? 1 : 0),
  );
  // labels do not cover states
  const states = chart.nodes.filter((node) => node.kind !== 'compound' && node.kind !== 'parallel');
  const covering = chart.edges.flatMap(({ id, label }) =>
    states.filter((node) => label && overlap(label, node)).map((node) => `label of ${id} over ${node.id}`),
  );
  expect(covering).toEqual([]);
}

describe('layoutChart', () => {
  let checkout: LaidOutChart;
  let session: LaidOutChart;
  let player: LaidOutChart;
  beforeAll(async () => {
    [checkout, session, player] = await Promise.all([
      layOut(checkoutMachine),
      layOut(sessionMachine),
      layOut(playerMachine, { 'player.on.playback.playing': ['visualiser'] }),
    ]);
  });

  it('lays out checkout: every state, the edges on the right states, labels with guard names', () => {
    expect(
      checkout.nodes
        .filter((node) => node.kind !== 'any')
        .map((node) => node.id)
        .sort(),
    ).toEqual(
      [
        'form',
        'form.editing',
        'form.lineSaveFailed',
        'form.cartChanged',
        'form.dateMoved',
        'form.minimumNotReached',
        'waitingForSaves',
        'previewing',
        'previewFailed',
        'confirming',
        'confirmingWithoutPreview',
        'submitting',
        'submitting.waiting',
        'submitting.slow',
        'submitFailed',
        'submitCancelled',
        'resumable',
        'queueing',
        'queued',
        'succeeded',
      ]
        .map((key) => `checkout.${key}`)
        .sort(),
    );
    expectWellFormed(checkout, checkoutMachine);
    const submit = checkout.edges.find(
      (edge) => edge.label?.lines.join(' ') === 'checkout.submitted [not lines invalid and has items]',
    );
    expect(submit).toMatchObject({
      source: 'checkout.form',
      target: 'checkout.previewing',
      kind: 'event',
    });
    // a failed order, and an order the device could not keep offline
    expect(
      checkout.edges
        .filter((edge) => edge.kind === 'error' && edge.target === 'checkout.submitFailed')
        .map((edge) => edge.source)
        .sort(),
    ).toEqual(['checkout.queueing', 'checkout.submitting']);
    // the "from any state" box carries the machine's own transitions
    const any = checkout.nodes.find((node) => node.kind === 'any');
    expect(any?.lines.map((line) => line.text)).toEqual([
      'checkout.calendarLoaded',
      'checkout.calendarFailed',
      'checkout.addressesNeeded',
      'checkout.addressesLoaded',
      'checkout.addressesFailed',
      'checkout.itemsChanged',
      'checkout.savesChanged',
      'checkout.linesInvalidChanged',
    ]);
    expect(checkout.edges.find((edge) => edge.source === any?.id)?.target).toBe('checkout.form');
    // the initial arrows point at the form and inside it at editing, and inside submitting at waiting
    expect(checkout.initials).toEqual([
      expect.objectContaining({ parentId: 'checkout', targetId: 'checkout.form' }),
      expect.objectContaining({ parentId: 'checkout.form', targetId: 'checkout.form.editing' }),
      expect.objectContaining({ parentId: 'checkout.submitting', targetId: 'checkout.submitting.waiting' }),
    ]);
  });

  it('lays out session: nested states inside their parents, below the header with the invokes', () => {
    expectWellFormed(session, sessionMachine);
    const restoring = session.nodes.find((node) => node.id === 'session.restoring');
    expect(restoring?.kind).toBe('compound');
    const refreshing = session.nodes.find((node) => node.id === 'session.restoring.refreshing');
    expect(refreshing?.lines).toEqual([{ kind: 'invoke', text: 'invoke restoreRefresh (refreshTokens)' }]);
    const delays = session.edges
      .flatMap((edge) => edge.label?.lines ?? [])
      .filter((line) => line.startsWith('after'));
    expect(delays.sort()).toEqual([
      'after accessTokenExpiry',
      'after revokeTimeout (5000ms)',
      'after serverRetry (10000ms)',
      'after slowAnswer (10000ms)',
      'after slowAnswer (10000ms)',
    ]);
  });

  it('lays out parallel regions with a separator, history, final states and spawned actors', () => {
    expectWellFormed(player, playerMachine);
    expect(player.separators).toHaveLength(1);
    const on = player.nodes.find((node) => node.id === 'player.on') as Box;
    const [separator] = player.separators;
    expect(inside({ ...(separator?.from as Point), width: 0, height: 0 }, on)).toBe(true);
    expect(player.nodes.find((node) => node.id === 'player.on.volume.deepHist')).toMatchObject({
      kind: 'history',
      history: 'deep',
    });
    expect(player.nodes.find((node) => node.id === 'player.on.playback.playing')?.lines).toEqual([
      { kind: 'spawn', text: 'spawns visualiser' },
      { kind: 'internal', text: 'mute' },
    ]);
    // a transition with two targets is two drawn edges of one chart edge
    const ejectId = chartModel(playerMachine).edges.find(
      (edge) => edge.source === 'player.on' && edge.label.text === 'eject',
    )?.id;
    const eject = player.edges.filter((edge) => ejectId && edge.chartEdgeIds.includes(ejectId));
    expect(eject.map((edge) => edge.target).sort()).toEqual([
      'player.on.playback.paused',
      'player.on.volume.loud',
    ]);
  });

  it('gives ELK label sizes from the text and a header band to containers', () => {
    const { elk: graph } = toElkGraph(chartModel(sessionMachine));
    const restoring = graph.children?.find((child) => child.id === 'session.restoring');
    expect(restoring?.layoutOptions?.['elk.padding']).toMatch(/^\[top=\d+/);
    expect(graph.layoutOptions).toMatchObject({
      'elk.algorithm': 'layered',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
    });
    const labels = JSON.stringify(graph).match(/"labels":\[\{[^\]]*\]/g) ?? [];
    expect(labels.length).toBeGreaterThan(10);
    const longer = graph.edges?.flatMap((edge) => edge.labels ?? []) ?? [];
    expect(longer.length).toBeGreaterThan(0);
    const narrow = longer.filter(
      (label) => !((label.width ?? 0) > (label.text?.split('\n')[0]?.length ?? 0) * 5),
    );
    expect(narrow).toEqual([]);
  });

  it('lays out every machine of the catalog with every state in place', async () => {
    expect(machineCatalog.length).toBeGreaterThan(0);
    for (const { name, machine } of machineCatalog) {
      const chart = await layOut(machine);
      expect(chart.nodes.filter((node) => node.kind !== 'any').length, name).toBe(
        chartModel(machine).nodes.length,
      );
      expectWellFormed(chart, machine);
    }
  });
});

describe('guards on the diagram', () => {
  it("reads them in the reader's words, each label as wide as its longest line is estimated", async () => {
    const german = { and: 'und', or: 'oder', not: (guard: string) => `nicht ${guard}` };
    const chart = await layoutChart(chartModel(checkoutMachine), (graph) => elk.layout(graph), {
      words: german,
    });
    const lines = chart.edges.flatMap((edge) => edge.label?.lines ?? []);
    expect(lines).toContain('[nicht lines invalid und has items]');
    // a long guard wraps at a space, so its lines are read together
    const texts = chart.edges.map((edge) => edge.label?.lines.join(' ') ?? '');
    expect(texts).toContain('checkout.submitted [nicht lines invalid und has items und saves pending]');
    expect(lines.filter((line) => /&&|\|\||!/.test(line))).toEqual([]);
    // the box ELK made room for holds the text drawn in it (11 px text, about 6.3 px a character)
    const cramped = chart.edges.filter(
      (edge) => edge.label && edge.label.width < Math.max(...edge.label.lines.map((line) => line.length)) * 6,
    );
    expect(cramped.map((edge) => edge.id)).toEqual([]);
  });
});

describe('fitViewport', () => {
  const view = { width: 800, height: 600 };

  it('shows a chart that fits whole, centred, never blown up beyond 125 %', () => {
    expect(fitViewport({ width: 400, height: 300 }, view)).toEqual({ k: 1.25, x: 150, y: 112.5 });
    expect(fitViewport({ width: 800, height: 400 }, view)).toEqual({ k: 1, x: 0, y: 100 });
  });

  it('keeps labels legible: a large chart opens at the legible zoom, centred on the focus', () => {
    expect(LEGIBLE_ZOOM * 11).toBeCloseTo(10);
    const k = LEGIBLE_ZOOM;
    const focus = { x: 1800, y: 1000, width: 200, height: 100 };
    const at = fitViewport({ width: 3600, height: 2400 }, view, { focus });
    expect(at.k).toBeCloseTo(k);
    // the focus's centre is the view's centre
    expect(at.x + (focus.x + focus.width / 2) * k).toBeCloseTo(view.width / 2);
    expect(at.y + (focus.y + focus.height / 2) * k).toBeCloseTo(view.height / 2);
  });

  it('shows no empty space beyond the chart when the focus is near its border', () => {
    const content = { width: 3600, height: 2400 };
    const corner = fitViewport(content, view, { focus: { x: 10, y: 10, width: 100, height: 40 } });
    expect(corner).toMatchObject({ x: 0, y: 0 });
    const far = fitViewport(content, view, { focus: { x: 3500, y: 2350, width: 100, height: 40 } });
    expect(far.x).toBeCloseTo(view.width - content.width * far.k);
    expect(far.y).toBeCloseTo(view.height - content.height * far.k);
  });

  it('starts a focus larger than the view at its top start corner', () => {
    const focus = { x: 1000, y: 500, width: 2000, height: 1200 };
    const at = fitViewport({ width: 3600, height: 2400 }, view, { focus });
    expect(at.x + focus.x * at.k).toBeCloseTo(16);
    expect(at.y + focus.y * at.k).toBeCloseTo(16);
  });

  it('without a focus, centres the chart; Fit (a lower minimum) still shows the whole chart', () => {
    const content = { width: 3600, height: 2400 };
    const middle = fitViewport(content, view);
    expect(middle.x).toBeCloseTo((view.width - content.width * LEGIBLE_ZOOM) / 2);
    const whole = fitViewport(content, view, { minZoom: 0.2 });
    expect(whole.k).toBeCloseTo(800 / 3600);
    expect(whole.x).toBeCloseTo(0);
    expect(whole.y).toBeCloseTo((600 - 2400 * whole.k) / 2);
  });

  it('does not move before the view has a size', () => {
    expect(fitViewport({ width: 3600, height: 2400 }, { width: 0, height: 0 })).toEqual({ x: 0, y: 0, k: 1 });
  });
});

describe('focusBox', () => {
  it('opens on the current states (the deepest ones), else on the initial state with its dot', async () => {
    const chart = await layOut(checkoutMachine);
    const byId = new Map(chart.nodes.map((node) => [node.id, node]));
    const submitting = byId.get('checkout.submitting.slow') as Box;
    expect(focusBox(chart, ['checkout.submitting', 'checkout.submitting.slow'])).toEqual({
      x: submitting.x,
      y: submitting.y,
      width: submitting.width,
      height: submitting.height,
    });
    const form = byId.get('checkout.form') as Box;
    const start = focusBox(chart, []) as Box;
    expect(inside(form, start)).toBe(true);
    const dot = chart.initials.find((initial) => initial.parentId === 'checkout');
    expect(inside({ x: dot?.x ?? -1, y: dot?.y ?? -1, width: 0, height: 0 }, start)).toBe(true);
  });
});
