import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  bindSuborderLookup,
  type SuborderQuery,
  suborderLookupMachine,
  suborderQueryProblem,
} from '../../src/machines/staff/suborder-lookup.machine';
import {
  selectLookupFailed,
  selectLookupKind,
  selectLookupNotFound,
  selectLookupProblem,
  selectLookupQuery,
  selectLookupSearching,
  selectLookupText,
  selectSuborderHistories,
} from '../../src/machines/staff/suborder-lookup.selectors';
import type { StaffSuborder, SuborderHistory } from '../../src/services/api/staff-suborders';
import { httpError, networkError } from '../../src/test/api-errors';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../src/test/modelFor';
import { testStaffPorts } from '../../src/test/staff-ports';
import { pathsToWalk } from '../../src/test/walk';

const suborder = (id: number, state: string): StaffSuborder => ({
  reference: `SO-${id}`,
  id,
  orderId: 42,
  state,
  companyName: 'Bakery Berg',
  warehouseName: 'North',
  eta: null,
  deliveryNoteNumber: null,
});
const noDetails = {
  previousState: null,
  reportId: null,
  eta: null,
  deliveryNoteNumber: null,
  externalId: null,
  reason: null,
  document: null,
  lines: [],
  other: [],
};
const shipped: SuborderHistory = {
  suborder: { ...suborder(7, 'shipped'), eta: '2026-12-01T14:00:00.000Z', deliveryNoteNumber: 'LS-4711' },
  events: [
    {
      id: 1,
      type: 'shipped',
      state: 'shipped',
      occurredAt: '2026-11-30T08:00:00.000Z',
      recordedAt: '2026-11-30T08:00:02.000Z',
      details: { ...noDetails, eta: '2026-12-01T14:00:00.000Z', deliveryNoteNumber: 'LS-4711' },
    },
  ],
};
const processing: SuborderHistory = { suborder: suborder(8, 'processing'), events: [] };

const model = modelFor(suborderLookupMachine, {
  events: [
    { type: 'lookup.kindChosen', kind: 'reference' },
    { type: 'lookup.kindChosen', kind: 'order' },
    { type: 'lookup.textChanged', text: '42' },
    { type: 'lookup.textChanged', text: 'SO-7' },
    { type: 'lookup.textChanged', text: ' ' },
    { type: 'xstate.done.actor.lookUp', output: [shipped, processing] },
    { type: 'xstate.done.actor.lookUp', output: [] },
    { type: 'xstate.error.actor.lookUp', error: httpError(404, 'not_found') },
    { type: 'xstate.error.actor.lookUp', error: networkError },
  ],
  // the guard reads the kind and the text; the query and the answer are compared by the tests
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.kind,
      s.context.text,
      s.context.submitted,
      s.context.query,
      s.context.histories.length,
    ]),
});
const walked = pathsToWalk('suborder-lookup', suborderLookupMachine, model.getShortestPaths());

function createSut() {
  const lookUp = controllableActor<SuborderHistory[], SuborderQuery>();
  const actor = createActor(suborderLookupMachine.provide({ actors: { lookUp: lookUp.logic } })).start();
  return { actor, lookUp };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const answer = async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.lookUp.next();
  if (event.type.startsWith('xstate.done')) call.resolve(event.output as SuborderHistory[]);
  else call.reject(event.error);
  await settle();
};
const executors = {
  'lookup.kindChosen': send,
  'lookup.textChanged': send,
  'lookup.submitted': send,
  'lookup.retried': send,
  'xstate.done.actor.lookUp': answer,
  'xstate.error.actor.lookUp': answer,
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectLookupKind(now())).toBe(expected.context.kind);
  expect(selectLookupText(now())).toBe(expected.context.text);
  expect(selectLookupQuery(now())).toEqual(expected.context.query);
  // the form's message once Look up was pressed, until the form changes
  expect(selectLookupProblem(now())).toBe(
    expected.context.submitted ? suborderQueryProblem(expected.context) : null,
  );
};

describe('suborder lookup machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          expect(selectLookupSearching(now())).toBe(false);
          expect(selectSuborderHistories(now())).toEqual([]);
        },
        searching: (s) => {
          sameAsModel(s);
          expect(selectLookupSearching(now())).toBe(true);
          // an order number is sent as the number alone; nothing of an earlier answer shows
          expect(sut.lookUp.calls.at(-1)?.input).toEqual(s.context.query);
          expect(selectSuborderHistories(now())).toEqual([]);
        },
        found: (s) => {
          sameAsModel(s);
          expect(selectSuborderHistories(now())).toEqual([shipped, processing]);
        },
        notFound: (s) => {
          sameAsModel(s);
          expect(selectLookupNotFound(now())).toBe(true);
          expect(selectSuborderHistories(now())).toEqual([]);
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectLookupFailed(now())).toBe(true);
          expect(selectSuborderHistories(now())).toEqual([]);
        },
      },
    });
  });
});

describe('the lookup bound to its ports', () => {
  it('looks up an order: its suborders, then each one’s reports', async () => {
    const asked: string[] = [];
    const ports = testStaffPorts({
      api: {
        subordersOfOrder: async (orderId) => {
          asked.push(`order ${orderId}`);
          return [shipped.suborder, processing.suborder];
        },
        suborderHistory: async (reference) => {
          asked.push(`suborder ${reference}`);
          return reference === 'SO-7' ? shipped : processing;
        },
      },
    });
    const actor = createActor(bindSuborderLookup(ports)).start();
    actor.send({ type: 'lookup.textChanged', text: '#42' });
    actor.send({ type: 'lookup.submitted' });
    await settle();
    expect(asked).toEqual(['order 42', 'suborder SO-7', 'suborder SO-8']);
    expect(selectSuborderHistories(actor.getSnapshot())).toEqual([shipped, processing]);
    actor.stop();
  });

  it('looks up one suborder by its reference', async () => {
    const ports = testStaffPorts({ api: { suborderHistory: async () => shipped } });
    const actor = createActor(bindSuborderLookup(ports)).start();
    actor.send({ type: 'lookup.kindChosen', kind: 'reference' });
    actor.send({ type: 'lookup.textChanged', text: ' SO-7 ' });
    actor.send({ type: 'lookup.submitted' });
    await settle();
    expect(selectLookupQuery(actor.getSnapshot())).toEqual({ kind: 'reference', text: 'SO-7' });
    expect(selectSuborderHistories(actor.getSnapshot())).toEqual([shipped]);
    actor.stop();
  });
});
