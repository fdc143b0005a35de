import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Suborder } from '../../../src/domain/types';
import {
  closedSuborderStates,
  type SuborderLifeState,
  type SuborderReportType,
  suborderLifeStates,
  suborderReportTypes,
  suborderStateAfter,
} from '../../../src/machines/orders/suborder-life';
import { suborderLifeMachine } from '../../../src/machines/orders/suborder-life.machine';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';
import { suborderProgress } from '../../../src/ui/screens/orders/suborder-progress';

// The chart is the rule the server applies to the ERP's reports (suborderStateAfter) and the order
// detail draws (suborderProgress). The walk drives a suborder the way the integration API does, one
// report at a time, and checks at every state what the server decides and what the buyer sees.
const model = modelFor(suborderLifeMachine);
// a second "shipped" moves the expected arrival and keeps the state: shortest paths never take it
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([
    { type: 'suborder.confirmed' },
    { type: 'suborder.shipped' },
    { type: 'suborder.shipped' },
  ]),
];
const walked = pathsToWalk('suborder-life', suborderLifeMachine, paths);

const reportTypes = Object.keys(suborderReportTypes) as SuborderReportType[];
const reportOf = Object.fromEntries(reportTypes.map((report) => [suborderReportTypes[report], report]));
const placedAt = '2026-11-20T10:00:00Z';
const aheadOf: Record<SuborderLifeState, string[]> = {
  processing: ['received', 'confirmed', 'picking', 'shipped', 'delivered', 'invoiced'],
  received: ['confirmed', 'picking', 'shipped', 'delivered', 'invoiced'],
  confirmed: ['picking', 'shipped', 'delivered', 'invoiced'],
  picking: ['shipped', 'delivered', 'invoiced'],
  shipped: ['delivered', 'invoiced'],
  delivered: ['invoiced'],
  invoiced: [],
  cancelled: [],
};

/** The suborder as the server stores it: its status and the reports it took, in order. */
let sut: { status: string; timeline: { state: string; at: string }[]; eta: string | null };
let clock = 0;
const nextMoment = () => new Date(Date.parse(placedAt) + ++clock * 60_000).toISOString();

const report = (step: { event: { type: string } }) => {
  const type = reportOf[step.event.type] as SuborderReportType;
  const next = suborderStateAfter(sut.status, type);
  expect(next, `${type} in ${sut.status}`).not.toBeNull();
  const at = nextMoment();
  sut.status = next as SuborderLifeState;
  sut.timeline.push({ state: sut.status, at });
  if (type === 'shipped') sut.eta = at;
};
const executors = Object.fromEntries(reportTypes.map((type) => [suborderReportTypes[type], report]));
assertExecutorsFor(walked, executors);

const shownSuborder = (): Pick<Suborder, 'status' | 'createdAt' | 'timeline'> => ({
  status: sut.status,
  createdAt: placedAt,
  timeline: sut.timeline,
});

/** In every state: the server's decisions match the chart, and the timeline marks it current. */
function sameAsModel(expected: AnyMachineSnapshot) {
  const state = expected.value as SuborderLifeState;
  expect(sut.status).toBe(state);
  for (const type of reportTypes) {
    const legal = expected.can({ type: suborderReportTypes[type] });
    expect(suborderStateAfter(state, type) !== null, `${type} in ${state}`).toBe(legal);
  }
  const steps = suborderProgress(shownSuborder()) ?? [];
  const current = steps.filter((step) => step.stage === 'current');
  expect(current.map((step) => step.state)).toEqual([state]);
  // every step reached shows when: placed, and the first report of each state; the ones ahead, never
  const firstReport = (state: string) =>
    state === 'processing' ? placedAt : (sut.timeline.find((entry) => entry.state === state)?.at ?? null);
  expect(steps.map((step) => step.at)).toEqual(steps.map((step) => firstReport(step.state)));
  // ahead: the chart's way on to invoiced; nothing after a final state
  const ahead = steps.filter((step) => step.stage === 'upcoming').map((step) => step.state);
  expect(ahead).toEqual(aheadOf[state]);
  return steps;
}

describe('suborder life (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = { status: 'processing', timeline: [], eta: null };
    await path.test({
      events: executors,
      states: {
        processing: (s) => {
          sameAsModel(s);
          expect(closedSuborderStates).not.toContain('processing');
        },
        received: (s) => {
          sameAsModel(s);
        },
        confirmed: (s) => {
          sameAsModel(s);
        },
        picking: (s) => {
          sameAsModel(s);
        },
        shipped: (s) => {
          sameAsModel(s);
          // the latest report's expected arrival is the one shown
          expect(sut.eta).toBe(sut.timeline.at(-1)?.at);
        },
        delivered: (s) => {
          sameAsModel(s);
          expect(closedSuborderStates).toContain('delivered');
        },
        invoiced: (s) => {
          const steps = sameAsModel(s);
          expect(steps.at(-1)?.state).toBe('invoiced');
          expect(closedSuborderStates).toContain('invoiced');
        },
        cancelled: (s) => {
          const steps = sameAsModel(s);
          expect(steps.at(-1)).toMatchObject({ state: 'cancelled', stage: 'current' });
          expect(closedSuborderStates).toContain('cancelled');
        },
      },
    });
  });

  it('names every state of the chart, in the order a delivery goes through them', () => {
    expect(Object.keys(suborderLifeMachine.root.states)).toEqual([...suborderLifeStates]);
  });

  it('a status the chart does not know moves nowhere and is drawn by its name, with nothing ahead', () => {
    expect(reportTypes.map((type) => suborderStateAfter('in_delivery', type))).toEqual(
      reportTypes.map(() => null),
    );
    const steps = suborderProgress({
      status: 'in_delivery',
      createdAt: placedAt,
      timeline: [{ state: 'confirmed', at: '2026-11-21T08:00:00Z' }],
    });
    expect(steps?.map((step) => [step.state, step.stage])).toEqual([
      ['processing', 'done'],
      ['confirmed', 'done'],
      ['in_delivery', 'current'],
    ]);
  });

  it('a backend without timelines draws none; a suborder no system reported on is placed, the rest ahead', () => {
    expect(suborderProgress({ status: 'shipped', createdAt: placedAt })).toBeNull();
    expect(
      suborderProgress({ status: 'processing', createdAt: placedAt, timeline: [] })?.map((s) => s.stage),
    ).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    // shipped before the reports existed: the states passed unreported are not claimed
    expect(
      suborderProgress({ status: 'shipped', createdAt: placedAt, timeline: [] })?.map((s) => [s.state, s.at]),
    ).toEqual([
      ['processing', placedAt],
      ['shipped', null],
      ['delivered', null],
      ['invoiced', null],
    ]);
  });
});
